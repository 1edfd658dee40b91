import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopMessages, type Shop, type ShopInput } from '../../../contracts/shops.contract';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createCategory, createProduct } from '../../test/catalog-factories';
import { customerInput, merchantInput, registerAndLogin, signedInVendor } from '../../test/factories';
import { getOwnShop, isShopActive, listVendorShops } from './index';

let t: TestApp;
let ip = 0;
const newClient = () => new TestClient(t.app, `10.8.0.${++ip}`);
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const newVendor = () => signedInVendor(newClient());

const online = (over: Partial<ShopInput> = {}): ShopInput => ({
  shopName: 'Ravi Electronics',
  shopType: 'online',
  ...over,
});
const physical = (over: Partial<ShopInput> = {}): ShopInput => ({
  shopName: 'Jaipur Handloom House',
  shopDescription: 'Block-printed cotton from Sanganer.',
  shopType: 'physical',
  address: '14 Johari Bazaar',
  city: 'Jaipur',
  state: 'Rajasthan',
  postalCode: '302003',
  ...over,
});

async function create(client: TestClient, input: ShopInput): Promise<Shop> {
  const res = await client.post('/api/vendor/shops', input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('who may call', () => {
  it('answers 401 to a guest and 403 to customers and merchants on every shop endpoint', async () => {
    const { client } = await newVendor();
    const shop = await create(client, online());
    const customer = newClient();
    await registerAndLogin(customer, customerInput());
    const merchant = newClient();
    await registerAndLogin(merchant, merchantInput());
    for (const [c, status] of [
      [newClient(), 401],
      [customer, 403],
      [merchant, 403],
    ] as const) {
      expect((await c.get('/api/vendor/shops')).statusCode).toBe(status);
      expect((await c.post('/api/vendor/shops', online())).statusCode).toBe(status);
      expect((await c.put(`/api/vendor/shops/${shop.id}`, online({ shopName: 'Taken' }))).statusCode).toBe(status);
      const res = await c.patch(`/api/vendor/shops/${shop.id}/status`, { isActive: false });
      expect(res.statusCode).toBe(status);
      if (status === 403) expect(res.json().error.message).toBe(shopMessages.vendorsOnly);
    }
    expect((await client.get('/api/vendor/shops')).json().items[0]).toMatchObject({
      shopName: 'Ravi Electronics',
      isActive: true,
    });
  });
});

describe('creating a shop', () => {
  it('opens an active online shop with SPEC.md defaults and lists it', async () => {
    const { client, id } = await newVendor();
    const shop = await create(client, online({ shopName: '  Ravi Electronics  ' }));
    expect(shop).toMatchObject({
      shopName: 'Ravi Electronics',
      shopDescription: null,
      shopType: 'online',
      address: null,
      city: null,
      state: null,
      postalCode: null,
      isActive: true,
      // A shop delivers unless its vendor says otherwise (or its products could not be ordered).
      deliveryAvailable: true,
      deliveryDistanceKm: 10,
      deliveryFeePaise: 0,
      freeDeliveryThresholdPaise: 99900,
      // Cash on delivery is the vendor's choice, off until it says so.
      codEnabled: false,
      enableReviews: true,
      googleReviewsEnabled: false,
      logoUrl: null,
      bannerUrl: null,
    });
    const list = (await client.get('/api/vendor/shops')).json();
    expect(list).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(list.items).toEqual([shop]);
    const [row] = await queryRows<{ vendor_id: string }>(
      t.db,
      sql`select vendor_id from vendor_shops where id = ${shop.id}`,
    );
    expect(row.vendor_id).toBe(id);
    expect(await listVendorShops(t.db, id)).toEqual([shop]);
    expect(await isShopActive(t.db, shop.id)).toBe(true);
  });

  it('stores a physical shop with its address and delivery settings in paise', async () => {
    const { client } = await newVendor();
    const shop = await create(
      client,
      physical({
        shopType: 'both',
        postalCode: '302 003',
        deliveryAvailable: true,
        deliveryDistanceKm: 25,
        deliveryFeePaise: 4950,
        freeDeliveryThresholdPaise: 150000,
        enableReviews: false,
        googleReviewsEnabled: true,
      }),
    );
    expect(shop).toMatchObject({
      shopType: 'both',
      address: '14 Johari Bazaar',
      city: 'Jaipur',
      state: 'Rajasthan',
      postalCode: '302003',
      deliveryAvailable: true,
      deliveryDistanceKm: 25,
      deliveryFeePaise: 4950,
      freeDeliveryThresholdPaise: 150000,
      enableReviews: false,
      googleReviewsEnabled: true,
    });
  });

  it.each(['physical', 'both'] as const)(
    'requires address, city, state and postal code for a %s shop, with a message per field',
    async (shopType) => {
      const { client } = await newVendor();
      const res = await client.post('/api/vendor/shops', {
        shopName: 'Corner Store',
        shopType,
        address: ' ',
        city: '',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({
        address: shopMessages.addressRequired,
        city: shopMessages.cityRequired,
        state: shopMessages.stateRequired,
        postalCode: shopMessages.postalCodeRequired,
      });
    },
  );

  it.each([
    ['an empty name', { shopName: '   ' }, 'shopName', shopMessages.nameRequired],
    ['no name', { shopName: undefined }, 'shopName', shopMessages.nameRequired],
    ['an unknown type', { shopType: 'kiosk' }, 'shopType', 'Please choose online, physical or both'],
    [
      'a bad PIN code',
      { shopType: 'physical', address: '1 MG Road', city: 'Pune', state: 'Maharashtra', postalCode: '012345' },
      'postalCode',
      shopMessages.invalidPin,
    ],
    [
      'a state outside India',
      { shopType: 'physical', address: '1 MG Road', city: 'Pune', state: 'Texas', postalCode: '411001' },
      'state',
      shopMessages.invalidState,
    ],
    ['a distance of 0 km', { deliveryDistanceKm: 0 }, 'deliveryDistanceKm', shopMessages.distance],
    ['a distance of 2.5 km', { deliveryDistanceKm: 2.5 }, 'deliveryDistanceKm', shopMessages.distance],
    ['a negative delivery fee', { deliveryFeePaise: -100 }, 'deliveryFeePaise', shopMessages.fee],
    ['a fraction of a paisa', { deliveryFeePaise: 10.5 }, 'deliveryFeePaise', shopMessages.fee],
    [
      'a negative free-delivery threshold',
      { freeDeliveryThresholdPaise: -1 },
      'freeDeliveryThresholdPaise',
      shopMessages.threshold,
    ],
    ['a fee sent as text', { deliveryFeePaise: '50' }, 'deliveryFeePaise', shopMessages.fee],
    ['delivery as text', { deliveryAvailable: 'yes' }, 'deliveryAvailable', 'Delivery must be true or false'],
    ['cash on delivery as text', { codEnabled: 'yes' }, 'codEnabled', shopMessages.codChoice],
  ])('answers 400, never 500, for %s', async (_label, over, field, message) => {
    const { client } = await newVendor();
    const res = await client.post('/api/vendor/shops', { ...online({ deliveryAvailable: true }), ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect((await client.get('/api/vendor/shops')).json().total).toBe(0);
  });

  it('answers 400 for a body that is not JSON or not an object', async () => {
    const { client } = await newVendor();
    expect(
      (await client.post('/api/vendor/shops', '{"shopName":', { 'content-type': 'application/json' })).statusCode,
    ).toBe(400);
    expect((await client.post('/api/vendor/shops', [online()])).statusCode).toBe(400);
  });
});

describe('editing a shop', () => {
  it('saves the edit form; delivery numbers left out keep their stored values', async () => {
    const { client } = await newVendor();
    const shop = await create(
      client,
      online({ deliveryAvailable: true, deliveryDistanceKm: 5, deliveryFeePaise: 2500 }),
    );
    const res = await client.put(
      `/api/vendor/shops/${shop.id}`,
      physical({ shopName: 'Ravi Electronics & Repairs', deliveryAvailable: false }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: shop.id,
      shopName: 'Ravi Electronics & Repairs',
      shopType: 'physical',
      city: 'Jaipur',
      deliveryAvailable: false,
      deliveryDistanceKm: 5,
      deliveryFeePaise: 2500,
      freeDeliveryThresholdPaise: 99900,
    });
    // Back to online: the address goes with the edit form that no longer shows it.
    const back = (
      await client.put(`/api/vendor/shops/${shop.id}`, online({ shopDescription: 'Phones and laptops' }))
    ).json();
    expect(back).toMatchObject({
      shopType: 'online',
      address: null,
      city: null,
      state: null,
      postalCode: null,
      shopDescription: 'Phones and laptops',
    });
  });

  it('saves cash on delivery on create and edit, reads it back, and keeps it when an edit leaves it out', async () => {
    const { client, id } = await newVendor();
    const shop = await create(client, online({ codEnabled: true }));
    expect(shop.codEnabled).toBe(true);
    const [row] = await queryRows<{ cod_enabled: boolean }>(
      t.db,
      sql`select cod_enabled from vendor_shops where id = ${shop.id}`,
    );
    expect(row.cod_enabled).toBe(true);
    expect((await client.get('/api/vendor/shops')).json().items[0]).toMatchObject({ id: shop.id, codEnabled: true });
    // An edit without it (the form of a shop that does not deliver) keeps it; an edit with it saves it.
    expect(
      (await client.put(`/api/vendor/shops/${shop.id}`, online({ deliveryAvailable: false }))).json(),
    ).toMatchObject({ deliveryAvailable: false, codEnabled: true });
    expect((await client.put(`/api/vendor/shops/${shop.id}`, online({ codEnabled: false }))).json()).toMatchObject({
      deliveryAvailable: true,
      codEnabled: false,
    });
    expect(await getOwnShop(t.db, id, shop.id)).toMatchObject({ codEnabled: false });
    expect((await client.put(`/api/vendor/shops/${shop.id}`, online({ codEnabled: true }))).json().codEnabled).toBe(
      true,
    );
  });

  it('checks the edit as strictly as the create', async () => {
    const { client } = await newVendor();
    const shop = await create(client, online());
    const res = await client.put(`/api/vendor/shops/${shop.id}`, online({ shopType: 'physical' }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(['address', 'city', 'state', 'postalCode']);
    expect((await client.put('/api/vendor/shops/not-a-uuid', online())).statusCode).toBe(400);
    expect((await client.put(`/api/vendor/shops/${crypto.randomUUID()}`, online())).statusCode).toBe(404);
  });
});

describe("another vendor's shop", () => {
  it('is invisible to vendor B: list, edit, status and the ownership helper', async () => {
    const a = await newVendor();
    const b = await newVendor();
    const shop = await create(a.client, physical());
    await create(b.client, online({ shopName: "B's own shop" }));

    const bList = (await b.client.get('/api/vendor/shops')).json();
    expect(bList.items.map((s: Shop) => s.shopName)).toEqual(["B's own shop"]);

    const edit = await b.client.put(`/api/vendor/shops/${shop.id}`, online({ shopName: 'Hijacked' }));
    expect(edit.statusCode).toBe(404);
    expect(edit.json().error.message).toBe(shopMessages.notFound);
    const status = await b.client.patch(`/api/vendor/shops/${shop.id}/status`, { isActive: false });
    expect(status.statusCode).toBe(404);

    expect(await getOwnShop(t.db, b.id, shop.id)).toBeNull();
    expect(await getOwnShop(t.db, a.id, shop.id)).toMatchObject({
      id: shop.id,
      shopName: 'Jaipur Handloom House',
      isActive: true,
    });
    const [row] = await queryRows<{ shop_name: string; is_active: boolean }>(
      t.db,
      sql`select shop_name, is_active from vendor_shops where id = ${shop.id}`,
    );
    expect(row).toEqual({ shop_name: 'Jaipur Handloom House', is_active: true });
  });
});

describe('activating and deactivating', () => {
  it("answers SPEC.md's messages, and the products of an inactive shop leave the storefront until it reopens", async () => {
    const { client } = await newVendor();
    const shop = await create(client, online({ shopName: 'Tirupur Knits' }));
    const category = await createCategory(t.db);
    const product = await createProduct(t.db, {
      storeId: shop.id,
      categoryId: category.id,
      name: 'Tirupur Organic Cotton Tee',
    });
    const shopper = newClient();
    const inSearch = async () =>
      ((await shopper.get('/api/products?q=Tirupur')).json().items as { id: string }[]).some(
        (p) => p.id === product.id,
      );
    expect(await inSearch()).toBe(true);
    expect((await shopper.get(`/api/products/${product.id}`)).statusCode).toBe(200);

    const off = await client.patch(`/api/vendor/shops/${shop.id}/status`, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: shopMessages.deactivated, shop: { id: shop.id, isActive: false } });
    expect(await isShopActive(t.db, shop.id)).toBe(false);
    expect(await inSearch()).toBe(false);
    expect((await shopper.get(`/api/products/${product.id}`)).statusCode).toBe(404);
    // The vendor still sees the closed shop.
    expect((await client.get('/api/vendor/shops')).json().items[0]).toMatchObject({ id: shop.id, isActive: false });

    const on = await client.patch(`/api/vendor/shops/${shop.id}/status`, { isActive: true });
    expect(on.json()).toMatchObject({ message: shopMessages.activated, shop: { isActive: true } });
    expect(await inSearch()).toBe(true);
    expect((await shopper.get(`/api/products/${product.id}`)).statusCode).toBe(200);
  });

  it('answers 400 for a status that is not true or false', async () => {
    const { client } = await newVendor();
    const shop = await create(client, online());
    for (const body of [{}, { isActive: 'false' }, { isActive: null }]) {
      const res = await client.patch(`/api/vendor/shops/${shop.id}/status`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields, JSON.stringify(body)).toEqual({ isActive: shopMessages.activeChoice });
    }
  });
});

describe('pages', () => {
  it('pages the list with page and pageSize', async () => {
    const { client } = await newVendor();
    for (const name of ['One', 'Two', 'Three']) await create(client, online({ shopName: name }));
    const page2 = (await client.get('/api/vendor/shops?page=2&pageSize=2')).json();
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items.map((s: Shop) => s.shopName)).toEqual(['Three']);
    expect((await client.get('/api/vendor/shops?pageSize=500')).statusCode).toBe(400);
  });
});
