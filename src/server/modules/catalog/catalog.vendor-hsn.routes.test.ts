import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateMessages, type HsnCodeList } from '../../../contracts/settlement-rates.contract';
import type { VendorProduct, VendorProductInput } from '../../../contracts/vendor-products.contract';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createCategory, createShop } from '../../test/catalog-factories';
import { customerInput, registerAndLogin, vendorInput } from '../../test/factories';
import { products } from './catalog.tables';

// A vendor chooses a product's HSN code (and so its GST rate) from the super admin's list.

let t: TestApp;
let ip = 0;
const newClient = () => new TestClient(t.app, `10.62.0.${++ip}`);

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A signed-in vendor with one shop, and a category to sell in. */
async function newVendor() {
  const client = newClient();
  const { id } = await registerAndLogin(client, vendorInput());
  const shop = await createShop(t.db, id);
  const category = await createCategory(t.db);
  const input = (over: Partial<VendorProductInput> = {}): VendorProductInput => ({
    name: 'Block-printed kurta',
    price: '899',
    stockQuantity: 5,
    categoryId: category.id,
    storeId: shop.id,
    images: [],
    ...over,
  });
  return { client, input };
}

describe('the HSN list for the product form', () => {
  it('answers 401 to a guest and 403 to a customer', async () => {
    expect((await newClient().get('/api/vendor/hsn-codes')).statusCode).toBe(401);
    const customer = newClient();
    await registerAndLogin(customer, customerInput());
    expect((await customer.get('/api/vendor/hsn-codes')).statusCode).toBe(403);
  });

  it("gives a vendor every code with today's GST rate, and the rate while none is chosen", async () => {
    const { client } = await newVendor();
    const res = await client.get('/api/vendor/hsn-codes');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as HsnCodeList;
    expect(list.items.find((c) => c.hsnCode === '6204')).toEqual({
      hsnCode: '6204',
      description: "Women's suits, kurtas, dresses and skirts (up to ₹2,500 a piece)",
      current: { ratePercent: 5, effectiveFrom: '2025-09-22' },
      next: null,
    });
    expect(list.items.map((c) => c.hsnCode)).toEqual([...list.items.map((c) => c.hsnCode)].sort());
    expect(list.unclassified).toEqual({ ratePercent: 18, effectiveFrom: '2025-09-22' });
  });
});

describe("a product's HSN code", () => {
  it('is saved on create and shown with the product; none chosen is null', async () => {
    const { client, input } = await newVendor();
    const res = await client.post('/api/vendor/products', input({ hsnCode: '6204' }));
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json().product as VendorProduct;
    expect(product.hsnCode).toBe('6204');
    const [row] = await t.db.select({ hsnCode: products.hsnCode }).from(products).where(eq(products.id, product.id));
    expect(row.hsnCode).toBe('6204');
    const listed = (await client.get('/api/vendor/products')).json().items as VendorProduct[];
    expect(listed.find((p) => p.id === product.id)?.hsnCode).toBe('6204');

    const none = await client.post('/api/vendor/products', input({ hsnCode: '' }));
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json().product.hsnCode).toBeNull();
  });

  it("answers 400 'Choose an HSN code from the list' for a code not on the list or not a code, and saves nothing", async () => {
    const { client, input } = await newVendor();
    for (const hsnCode of ['1234', '62O4']) {
      const res = await client.post('/api/vendor/products', input({ name: `Unlisted ${hsnCode}`, hsnCode }));
      expect(res.statusCode, hsnCode).toBe(400);
      expect(res.json().error.fields, hsnCode).toEqual({ hsnCode: rateMessages.chooseHsn });
    }
    expect((await client.get('/api/vendor/products')).json().total).toBe(0);
  });

  it('changes on update, is kept when an update leaves it out, and is cleared with null', async () => {
    const { client, input } = await newVendor();
    const id = ((await client.post('/api/vendor/products', input({ hsnCode: '6204' }))).json().product as VendorProduct)
      .id;
    const put = (over: Partial<VendorProductInput>) => client.put(`/api/vendor/products/${id}`, input(over));

    const changed = await put({ hsnCode: '5208' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().product.hsnCode).toBe('5208');
    expect((await put({})).json().product.hsnCode).toBe('5208');
    const unknown = await put({ hsnCode: '999999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(rateMessages.chooseHsn);
    expect((await client.get(`/api/vendor/products/${id}`)).json().hsnCode).toBe('5208');
    expect((await put({ hsnCode: null })).json().product.hsnCode).toBeNull();
  });
});
