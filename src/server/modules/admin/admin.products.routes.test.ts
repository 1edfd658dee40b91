import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_COUNT_CAP } from '../../../contracts/admin-lists.contract';
import type { AdminProduct, AdminProductPage } from '../../../contracts/admin-products.contract';
import { freshCode, signInSuperAdmin, spentCode } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createCategory, createProduct, createShop, createVendorUser } from '../../test/catalog-factories';
import { customerInput, registerAndLogin, vendorInput } from '../../test/factories';

// The Products tab, listing every product and disabling or enabling one with a fresh code.

let t: TestApp;
let admin: TestClient;
let secret: string;
const shopper = () => new TestClient(t.app, '10.5.0.9');
const ids: Record<string, string> = {};
let categoryId: string;
let otherCategoryId: string;

const list = async (query = '') => {
  const res = await admin.get(`/api/admin/products${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminProductPage;
};
const idsOf = (page: AdminProductPage) => page.items.map((p) => p.id);
const storefront = async (q: string) =>
  (await shopper().get(`/api/products?q=${encodeURIComponent(q)}`))
    .json()
    .items.map((p: { id: string }) => p.id) as string[];

beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t));
  const { userId } = await createVendorUser(t.db, { businessName: 'Marwar Crafts Pvt Ltd' });
  const shop = await createShop(t.db, userId, { shopName: 'Jodhpur Blue House' });
  categoryId = (await createCategory(t.db, 'Handicrafts')).id;
  otherCategoryId = (await createCategory(t.db, 'Kitchen')).id;
  const DAY = 24 * 3600_000;
  ids.lamp = (
    await createProduct(t.db, {
      name: 'Quokkaberry Camel Leather Lamp',
      storeId: shop.id,
      categoryId,
      pricePaise: 189900,
      originalPricePaise: 249900,
      stockQuantity: 7,
      rewardPercentage: 7.5,
      imageUrl: '/uploads/lamp.webp',
      images: ['/uploads/lamp.webp'],
      createdAt: new Date(Date.now() - 3 * DAY),
    })
  ).id;
  ids.pot = (
    await createProduct(t.db, {
      name: 'Quokkaberry Clay Pot',
      storeId: shop.id,
      categoryId: otherCategoryId,
      pricePaise: 39900,
      originalPricePaise: null,
      stockQuantity: 40,
      createdAt: new Date(Date.now() - 2 * DAY),
    })
  ).id;
  ids.rug = (
    await createProduct(t.db, {
      name: 'Dhurrie Rug 4x6',
      storeId: shop.id,
      categoryId,
      pricePaise: 99900,
      stockQuantity: 0,
      isActive: false,
      images: ['/uploads/rug-1.webp', '/uploads/rug-2.webp'],
      createdAt: new Date(Date.now() - DAY),
    })
  ).id;
});
afterAll(() => t.close());

describe('GET /api/admin/products', () => {
  it('refuses guests and every shopper role (401)', async () => {
    expect((await new TestClient(t.app).get('/api/admin/products')).statusCode).toBe(401);
    const customer = new TestClient(t.app, '10.5.0.2');
    await registerAndLogin(customer, customerInput());
    expect((await customer.get('/api/admin/products')).statusCode).toBe(401);
    expect((await customer.post(`/api/admin/products/${ids.lamp}/disable`, { code: '123456' })).statusCode).toBe(401);
    const vendor = new TestClient(t.app, '10.5.0.3');
    await registerAndLogin(vendor, vendorInput());
    expect((await vendor.get('/api/admin/products/export')).statusCode).toBe(401);
    expect((await vendor.post(`/api/admin/products/${ids.lamp}/disable`, { code: '123456' })).statusCode).toBe(401);
  });

  it('answers every field of the product row', async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    // Newest first by default.
    expect(idsOf(page)).toEqual([ids.rug, ids.pot, ids.lamp]);
    const lamp = page.items.find((p) => p.id === ids.lamp)!;
    expect(lamp).toEqual({
      id: ids.lamp,
      name: 'Quokkaberry Camel Leather Lamp',
      imageUrl: '/uploads/lamp.webp',
      vendorName: 'Marwar Crafts Pvt Ltd',
      shopName: 'Jodhpur Blue House',
      category: 'Handicrafts',
      pricePaise: 189900,
      originalPricePaise: 249900,
      stock: 7,
      status: 'active',
      review: 'approved',
      rewardPercentage: 7.5,
      createdAt: expect.any(String),
    } satisfies AdminProduct);
    const rug = page.items.find((p) => p.id === ids.rug)!;
    // A product with only a gallery shows its first picture; a disabled one says so.
    expect(rug).toMatchObject({
      status: 'disabled',
      imageUrl: '/uploads/rug-1.webp',
      stock: 0,
      originalPricePaise: 79900,
    });
    expect(page.items.find((p) => p.id === ids.pot)).toMatchObject({ originalPricePaise: null, category: 'Kitchen' });
  });

  it('says which products wait for review or were rejected (not on sale whatever their status)', async () => {
    await t.db.execute(sql`update products set review_status = 'pending' where id = ${ids.pot}`);
    try {
      const items = (await list('?q=quokkaberry')).items;
      expect(items.find((p) => p.id === ids.pot)).toMatchObject({ status: 'active', review: 'pending' });
      expect(items.find((p) => p.id === ids.lamp)).toMatchObject({ review: 'approved' });
      const csv = await admin.get('/api/admin/products/export?status=all&q=quokkaberry');
      expect(csv.body.split(/\r?\n/).find((line) => line.startsWith(ids.pot))).toMatch(/,pending$/);
    } finally {
      await t.db.execute(sql`update products set review_status = 'approved' where id = ${ids.pot}`);
    }
  });

  it('searches by name (any case, wildcards taken literally) and by id prefix', async () => {
    expect(idsOf(await list('?q=quokkaBERRY')).sort()).toEqual([ids.lamp, ids.pot].sort());
    expect(idsOf(await list('?q=leather%20lamp'))).toEqual([ids.lamp]);
    expect((await list('?q=%25')).total).toBe(0);
    expect((await list('?q=nothing-like-this')).total).toBe(0);
    expect(idsOf(await list(`?q=${ids.rug.slice(0, 8)}`))).toContain(ids.rug);
    expect(idsOf(await list(`?q=${ids.rug.slice(0, 13).toUpperCase()}`))).toEqual([ids.rug]);
    expect(idsOf(await list(`?q=${ids.rug}`))).toEqual([ids.rug]);
  });

  it('filters by status and category', async () => {
    expect(idsOf(await list('?status=disabled'))).toEqual([ids.rug]);
    expect(idsOf(await list('?status=active')).sort()).toEqual([ids.lamp, ids.pot].sort());
    expect((await list('?status=all')).total).toBe(3);
    expect(idsOf(await list(`?category=${categoryId}`)).sort()).toEqual([ids.lamp, ids.rug].sort());
    expect(idsOf(await list(`?category=${otherCategoryId}&status=disabled`))).toEqual([]);
    expect((await admin.get('/api/admin/products?status=gone')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/products?category=kitchen')).statusCode).toBe(400);
  });

  it('sorts by name, price, stock and date on the server; refuses an unknown sort (400)', async () => {
    expect(idsOf(await list('?sort=name&dir=asc'))).toEqual([ids.rug, ids.lamp, ids.pot]);
    expect(idsOf(await list('?sort=price&dir=desc'))).toEqual([ids.lamp, ids.rug, ids.pot]);
    expect(idsOf(await list('?sort=stock&dir=asc'))).toEqual([ids.rug, ids.lamp, ids.pot]);
    expect(idsOf(await list('?sort=createdAt&dir=asc'))).toEqual([ids.lamp, ids.pot, ids.rug]);
    expect(idsOf(await list('?sort=price&dir=asc&pageSize=1&page=2'))).toEqual([ids.rug]);
    const bad = await admin.get('/api/admin/products?sort=description');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.sort).toMatch(/name, price, stock, createdAt/);
  });

  it('exports the same filter as CSV', async () => {
    const csv = await admin.get('/api/admin/products/export?status=active&q=quokkaberry');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="haat-products-active-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(csv.body).toContain(
      'id,name,vendor,shop,category,price_rupees,original_price_rupees,stock,status,' +
        'reward_percentage,created_at,review',
    );
    expect(csv.body).toContain(
      `${ids.lamp},Quokkaberry Camel Leather Lamp,Marwar Crafts Pvt Ltd,Jodhpur Blue House,Handicrafts,1899.00,2499.00,7,active,7.5,`,
    );
    expect(csv.body).toContain(`${ids.pot},`);
    expect(csv.body).not.toContain(ids.rug);
  });
});

describe('disabling and enabling a product', () => {
  const disable = (id: string, code?: string) =>
    admin.post(`/api/admin/products/${id}/disable`, code === undefined ? {} : { code });
  const enable = (id: string, code?: string) =>
    admin.post(`/api/admin/products/${id}/enable`, code === undefined ? {} : { code });
  const statusOf = async (id: string) => (await list(`?q=${id}`)).items[0]?.status;

  it('refuses without a code (401), with a wrong code (403) and with a used code (403), and changes nothing', async () => {
    const none = await disable(ids.lamp);
    expect(none.statusCode).toBe(401);
    expect(none.json().error.message).toMatch(/6-digit code/);
    const wrong = await disable(ids.lamp, '000000');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe('Invalid or expired 2FA code. Please try again with the current code.');
    // A code that has just signed the admin in (on another browser) is spent: it cannot confirm an action.
    expect((await disable(ids.lamp, await spentCode(t, secret))).statusCode).toBe(403);
    expect(await statusOf(ids.lamp)).toBe('active');
    expect(await storefront('Quokkaberry Camel Leather Lamp')).toContain(ids.lamp);
    expect((await shopper().get(`/api/products/${ids.lamp}`)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown product, and gives the code back', async () => {
    const code = await freshCode(t, secret);
    const res = await disable(crypto.randomUUID(), code);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Product not found');
    // The failed action rolled back, so the same code still confirms one action.
    expect((await enable(ids.pot, code)).statusCode).toBe(200);
  });

  it('disables with a fresh code: the product leaves the storefront; enabling brings it back', async () => {
    const code = await freshCode(t, secret);
    const off = await disable(ids.lamp, code);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id: ids.lamp, status: 'disabled', name: 'Quokkaberry Camel Leather Lamp' });
    expect(await statusOf(ids.lamp)).toBe('disabled');
    expect(await storefront('Quokkaberry Camel Leather Lamp')).not.toContain(ids.lamp);
    expect((await shopper().get(`/api/products/${ids.lamp}`)).statusCode).toBe(404);
    // The same code again: refused.
    expect((await enable(ids.lamp, code)).statusCode).toBe(403);
    expect(await statusOf(ids.lamp)).toBe('disabled');

    const on = await enable(ids.lamp, await freshCode(t, secret));
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ id: ids.lamp, status: 'active' });
    expect(await storefront('Quokkaberry Camel Leather Lamp')).toContain(ids.lamp);
    expect((await shopper().get(`/api/products/${ids.lamp}`)).statusCode).toBe(200);
  });

  it('records each change in the audit log, with the product name', async () => {
    type Log = { total: number; items: { action: string; actor: string; resourceId: string; newData: string }[] };
    const log = async () => (await admin.get('/api/admin/audit?resource=product&pageSize=100')).json() as Log;
    const before = (await log()).total;
    // A refused action gives its code back; a spent code is refused: neither leaves an entry.
    const first = await freshCode(t, secret);
    expect((await disable(crypto.randomUUID(), first)).statusCode).toBe(404);
    expect((await enable(ids.pot, first)).statusCode).toBe(200);
    const second = await freshCode(t, secret);
    expect((await disable(ids.lamp, second)).statusCode).toBe(200);
    expect((await enable(ids.lamp, second)).statusCode).toBe(403);
    expect((await enable(ids.lamp, await freshCode(t, secret))).statusCode).toBe(200);

    const after = await log();
    const added = after.items.slice(0, after.total - before);
    // Newest first: the enable, then the disable; the refused attempts left nothing.
    expect(added.filter((e) => e.resourceId === ids.lamp).map((e) => e.action)).toEqual([
      'product_enabled',
      'product_disabled',
    ]);
    expect(added[0].actor).toBe('root@haat.test');
    expect(JSON.parse(added[0].newData)).toMatchObject({ name: 'Quokkaberry Camel Leather Lamp', isActive: true });
    expect(added.filter((e) => e.resourceId === ids.pot).map((e) => e.action)).toEqual(['product_enabled']);
    expect(added).toHaveLength(3);
  });
});

// In an app of its own, so that the thousand products it adds change no other test's totals.
describe('counting a search with more matches than the cap', () => {
  let c: TestApp;
  let cAdmin: TestClient;
  let cShopId: string;
  let cCategoryId: string;
  beforeAll(async () => {
    c = await buildTestApp();
    cAdmin = (await signInSuperAdmin(c, '10.200.3.1')).client;
    const { userId } = await createVendorUser(c.db, { businessName: 'Marwar Crafts Pvt Ltd' });
    cShopId = (await createShop(c.db, userId, { shopName: 'Jodhpur Blue House' })).id;
    cCategoryId = (await createCategory(c.db, 'Handicrafts')).id;
  });
  afterAll(() => c.close());
  const list = async (query = '') => {
    const res = await cAdmin.get(`/api/admin/products${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminProductPage;
  };

  it('stops at 1,000 and says there are more; a page past the cap is counted to its end; a narrower search is exact', async () => {
    const extra = ADMIN_COUNT_CAP + 3;
    await c.db.execute(sql`
      insert into products (name, description, price_paise, stock_quantity, store_id, category_id)
      select 'Zebrawood Coaster ' || n, 'A coaster.', 19900, 5, ${cShopId}, ${cCategoryId} from generate_series(1, ${extra}) as n`);

    const first = await list('?q=zebrawood');
    expect(first).toMatchObject({ total: ADMIN_COUNT_CAP, totalCapped: true, page: 1 });
    expect(first.items).toHaveLength(20);
    expect(first.items.every((p) => p.name.startsWith('Zebrawood Coaster '))).toBe(true);

    // Page 51 of 20 ends at 1,020: counted that far, every one of the 1,003 matches is known.
    const last = await list('?q=zebrawood&page=51');
    expect(last).toMatchObject({ total: extra, totalCapped: false });
    expect(last.items).toHaveLength(3);

    // Coaster 100 and Coaster 1000 to 1003, wherever they sit among the rest.
    const narrow = await list(`?q=${encodeURIComponent('coaster 100')}`);
    expect(narrow).toMatchObject({ total: 5, totalCapped: false });
    expect(narrow.items.map((p) => p.name).sort()).toEqual([
      'Zebrawood Coaster 100',
      'Zebrawood Coaster 1000',
      'Zebrawood Coaster 1001',
      'Zebrawood Coaster 1002',
      'Zebrawood Coaster 1003',
    ]);

    // The whole catalog is counted the same way: 1,003 products, more than the cap.
    expect(await list()).toMatchObject({ total: ADMIN_COUNT_CAP, totalCapped: true });
  });
});
