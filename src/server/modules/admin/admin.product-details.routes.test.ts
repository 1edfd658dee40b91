import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProductDetails } from '../../../contracts/admin-products.contract';
import type { VendorProduct, VendorProductInput } from '../../../contracts/vendor-products.contract';
import { queryRows } from '../../platform/db';
import { freshCode, signInSuperAdmin, spentCode } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import {
  createCategory,
  createProduct,
  createProductWithVariants,
  createShop,
  createVendorUser,
} from '../../test/catalog-factories';
import { newShopper, placeOrder, signInAs } from '../../test/checkout-fixtures';

// The super admin edits a product's details in its vendor's form, checked by the
// vendor's own contract and rules, with a fresh code, audited with each field's old and new values.

let t: TestApp;
let admin: TestClient;
let secret: string;
let vendor: TestClient;
let vendorUserId: string;
let shopId: string;
let otherShopId: string;
let categoryId: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t));
  const owner = await createVendorUser(t.db, { businessName: 'Sanganer Prints' });
  vendorUserId = owner.userId;
  vendor = await signInAs(t, owner.email);
  shopId = (await createShop(t.db, vendorUserId, { shopName: 'Sanganer Block Prints' })).id;
  const stranger = await createVendorUser(t.db);
  otherShopId = (await createShop(t.db, stranger.userId)).id;
  categoryId = (await createCategory(t.db, 'Home textiles')).id;
});
afterAll(() => t.close());

const newProduct = (name: string) =>
  createProduct(t.db, {
    name,
    storeId: shopId,
    categoryId,
    pricePaise: 129900,
    originalPricePaise: null,
    stockQuantity: 12,
    rewardPercentage: 5,
  });

const details = async (id: string): Promise<AdminProductDetails> => {
  const res = await admin.get(`/api/admin/products/${id}/details`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** The vendor's form as it loads the product (prices in rupees), with these fields changed. */
const form = (p: VendorProduct, over: Partial<VendorProductInput> = {}): VendorProductInput => ({
  name: p.name,
  description: p.description,
  price: p.pricePaise / 100,
  originalPrice: p.originalPricePaise === null ? '' : p.originalPricePaise / 100,
  stockQuantity: p.stockQuantity,
  rewardPercentage: p.rewardPercentage,
  categoryId: p.categoryId,
  storeId: p.storeId,
  hsnCode: p.hsnCode ?? '',
  images: p.images,
  options: p.options,
  variants: p.variants.map(
    ({ option1Value, option2Value, sku, stockQuantity, pricePaise, originalPricePaise, images }) => ({
      option1Value,
      option2Value,
      sku,
      stockQuantity,
      price: pricePaise === null ? '' : pricePaise / 100,
      originalPrice: originalPricePaise === null ? '' : originalPricePaise / 100,
      images,
    }),
  ),
  ...over,
});

const save = async (id: string, body: Record<string, unknown>) => admin.put(`/api/admin/products/${id}/details`, body);
const vendorView = async (id: string): Promise<VendorProduct> =>
  (await vendor.get(`/api/vendor/products/${id}`)).json();
const updates = async (id: string) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from system_logs where action = 'product_updated' and resource_id = ${id}`,
    )
  )[0].n;

describe('GET /api/admin/products/:id/details', () => {
  it("answers the product as the vendor's own form loads it, with the vendor's shops to choose from", async () => {
    const p = await newProduct('Indigo Dabu Bedsheet');
    const { ownerShops, ...product } = await details(p.id);
    expect(product).toEqual(await vendorView(p.id));
    expect(ownerShops).toEqual([{ id: shopId, shopName: 'Sanganer Block Prints', isActive: true }]);
  });

  it('answers 404 for an unknown product, and refuses anyone but the super admin', async () => {
    const res = await admin.get(`/api/admin/products/${crypto.randomUUID()}/details`);
    expect([res.statusCode, res.json().error.message]).toEqual([404, 'Product not found']);
    const p = await newProduct('Kalamkari Cushion Cover');
    expect((await vendor.get(`/api/admin/products/${p.id}/details`)).statusCode).toBe(401);
    expect((await new TestClient(t.app, '10.61.0.1').get(`/api/admin/products/${p.id}/details`)).statusCode).toBe(401);
  });
});

describe('PUT /api/admin/products/:id/details', () => {
  it('answers 401 without a code and 403 with a spent one, and changes nothing', async () => {
    const p = await newProduct('Bagru Table Runner');
    const before = await vendorView(p.id);
    const body = form(before, { name: 'Renamed runner', price: 999 });
    expect((await save(p.id, body)).statusCode).toBe(401);
    const refused = await save(p.id, { ...body, code: await spentCode(t, secret) });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(await vendorView(p.id)).toEqual(before);
    expect(await updates(p.id)).toBe(0);
  });

  it("answers 400 with the vendor's own field messages, and changes nothing", async () => {
    const p = await newProduct('Ajrakh Stole');
    const before = await vendorView(p.id);
    for (const price of ['', -5, 12.345]) {
      const body = form(before, { price });
      const asAdmin = await save(p.id, { ...body, code: await freshCode(t, secret) });
      const asVendor = await vendor.put(`/api/vendor/products/${p.id}`, body);
      expect(asAdmin.statusCode, asAdmin.body).toBe(400);
      expect(asAdmin.json().error.fields).toEqual(asVendor.json().error.fields);
    }
    const missing = await save(p.id, { ...form(before, { price: '' }), code: await freshCode(t, secret) });
    expect(missing.json().error.fields.price).toBe('Please fill in all required fields');
    const negative = await save(p.id, { ...form(before, { price: -5 }), code: await freshCode(t, secret) });
    expect(negative.json().error.fields.price).toBe('Price must be more than ₹0');
    expect(await vendorView(p.id)).toEqual(before);
  });

  it("keeps the vendor's rules: the product stays in one of its vendor's shops", async () => {
    const p = await newProduct('Sanganeri Quilt');
    const before = await vendorView(p.id);
    const res = await save(p.id, { ...form(before, { storeId: otherShopId }), code: await freshCode(t, secret) });
    expect([res.statusCode, res.json().error.fields]).toEqual([
      400,
      { storeId: 'Please select a shop for this product' },
    ]);
    expect(await vendorView(p.id)).toEqual(before);
    expect(await updates(p.id)).toBe(0);
  });

  it('answers 404 for an unknown product', async () => {
    const p = await newProduct('Chintz Apron');
    const res = await save(crypto.randomUUID(), { ...form(await vendorView(p.id)), code: await freshCode(t, secret) });
    expect([res.statusCode, res.json().error.message]).toEqual([404, 'Product not found']);
  });

  it("saves name, price and stock: the storefront, the vendor's list and the audit log show the change", async () => {
    const p = await newProduct('Dabu Print Curtain');
    const res = await save(p.id, {
      ...form(await details(p.id), { name: 'Dabu Print Curtain, 7 ft', price: '1549.50', stockQuantity: 30 }),
      code: await freshCode(t, secret),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Product details updated',
      product: { id: p.id, name: 'Dabu Print Curtain, 7 ft', pricePaise: 154950, stock: 30, status: 'active' },
    });

    const page = await new TestClient(t.app, '10.61.0.2').get(`/api/products/${p.id}`);
    expect(page.json()).toMatchObject({ name: 'Dabu Print Curtain, 7 ft', pricePaise: 154950 });
    const mine = (await vendor.get('/api/vendor/products?q=Dabu Print Curtain')).json() as { items: VendorProduct[] };
    expect(mine.items.find((i) => i.id === p.id)).toMatchObject({
      name: 'Dabu Print Curtain, 7 ft',
      pricePaise: 154950,
      stockQuantity: 30,
    });

    const audit = (await admin.get('/api/admin/audit?action=product_updated')).json() as {
      items: { resourceId: string; resourceType: string; newData: string }[];
    };
    const entry = audit.items.find((e) => e.resourceId === p.id);
    expect(entry?.resourceType).toBe('product');
    expect(JSON.parse(entry?.newData ?? '{}')).toEqual({
      name: 'Dabu Print Curtain, 7 ft',
      changes: {
        name: { from: 'Dabu Print Curtain', to: 'Dabu Print Curtain, 7 ft' },
        pricePaise: { from: 129900, to: 154950 },
        stockQuantity: { from: 12, to: 30 },
      },
    });
  });

  it('keeps the combinations of a product with options, and withdraws an ordered one it leaves out', async () => {
    const { product, variants } = await createProductWithVariants(t.db, {
      name: 'Mulmul Kurta',
      storeId: shopId,
      categoryId,
      variants: [{ option1Value: 'S' }, { option1Value: 'M' }, { option1Value: 'L' }],
    });
    const before = await details(product.id);
    const renamed = await save(product.id, {
      ...form(before, { name: 'Mulmul Cotton Kurta' }),
      code: await freshCode(t, secret),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await vendorView(product.id);
    expect(after.name).toBe('Mulmul Cotton Kurta');
    expect(after.variants).toEqual(before.variants);
    expect(after.stockQuantity).toBe(30);

    // M was ordered: left out of the form, it is withdrawn (its order keeps it), not deleted.
    const medium = variants.find((v) => v.option1Value === 'M')!.id;
    await placeOrder(await newShopper(t), [{ productId: product.id, variantId: medium }]);
    const current = await vendorView(product.id);
    const dropped = await save(product.id, {
      ...form(current, { options: [{ name: 'Size', values: ['S', 'L'] }] }),
      variants: form(current).variants?.filter((v) => v.option1Value !== 'M'),
      code: await freshCode(t, secret),
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect((await vendorView(product.id)).variants.map((v) => v.option1Value)).toEqual(['S', 'L']);
    const rows = await queryRows<{ withdrawn: boolean }>(
      t.db,
      sql`select withdrawn_at is not null as withdrawn from product_variants where id = ${medium}`,
    );
    expect(rows).toEqual([{ withdrawn: true }]);
  });
});
