import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCard } from '../../../contracts/catalog.contract';
import {
  vendorProductMessages as m,
  type VendorProduct,
  type VendorProductInput,
} from '../../../contracts/vendor-products.contract';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createCategory, createShop } from '../../test/catalog-factories';
import { customerInput, merchantInput, registerAndLogin, vendorInput } from '../../test/factories';
import { createOrderWithPart } from '../../test/order-factories';
import { countVendorProducts, isOwnProduct } from './index';

let t: TestApp;
let ip = 0;
const newClient = () => new TestClient(t.app, `10.9.0.${++ip}`);
type Vendor = { client: TestClient; id: string; shopIds: string[] };
let a: Vendor;
let b: Vendor;
let guest: TestClient;
let customer: TestClient;
let customerId: string;
const cat: Record<string, string> = {};

async function newVendor(shops: number): Promise<Vendor> {
  const client = newClient();
  const { id } = await registerAndLogin(client, vendorInput());
  const shopIds: string[] = [];
  for (let i = 0; i < shops; i++) shopIds.push((await createShop(t.db, id)).id);
  return { client, id, shopIds };
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await newVendor(2);
  b = await newVendor(1);
  guest = newClient();
  customer = newClient();
  customerId = (await registerAndLogin(customer, customerInput())).id;
  cat.fashion = (await createCategory(t.db, 'Fashion')).id;
  cat.home = (await createCategory(t.db, 'Home & Living')).id;
  cat.retired = (await createCategory(t.db, 'Retired', { isActive: false })).id;
});
afterAll(() => t.close());

let n = 0;
const input = (over: Partial<VendorProductInput> = {}): VendorProductInput => ({
  name: `Handloom Cotton Kurta ${++n}`,
  description: 'Block-printed in Sanganer.',
  price: '1299.50',
  originalPrice: '1999',
  stockQuantity: 12,
  categoryId: cat.fashion,
  storeId: a.shopIds[0],
  images: [],
  ...over,
});

async function create(v: Vendor, over: Partial<VendorProductInput> = {}): Promise<VendorProduct> {
  const res = await v.client.post('/api/vendor/products', input({ storeId: v.shopIds[0], ...over }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product;
}

const search = async (q: string) => {
  const res = await guest.get(`/api/products?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as ProductCard[]).map((p) => p.id);
};

/** A product picture the vendor uploaded (its row in images, as POST /api/media writes it); answers its URL. */
async function uploaded(v: Vendor, opts: { isActive?: boolean; imageType?: string } = {}): Promise<string> {
  const id = crypto.randomUUID();
  await t.db
    .execute(sql`insert into images (id, filename, image_type, entity_id, owner_user_id, width, height, size_bytes, is_active)
    values (${id}, ${`${id}.webp`}, ${opts.imageType ?? 'product'}, ${crypto.randomUUID()}, ${v.id}, 400, 400, 1000, ${opts.isActive ?? true})`);
  return `/uploads/${id}.webp`;
}

describe('who may call', () => {
  it('answers 401 to a guest and 403 to customers and merchants on every vendor product endpoint, even with bad input', async () => {
    const product = await create(a);
    const merchant = newClient();
    await registerAndLogin(merchant, merchantInput());
    for (const [c, status] of [
      [guest, 401],
      [customer, 403],
      [merchant, 403],
    ] as const) {
      expect((await c.get('/api/vendor/products')).statusCode).toBe(status);
      expect((await c.get(`/api/vendor/products/${product.id}`)).statusCode).toBe(status);
      expect((await c.post('/api/vendor/products', input())).statusCode).toBe(status);
      expect((await c.post('/api/vendor/products', { price: -1 })).statusCode).toBe(status);
      expect((await c.put(`/api/vendor/products/${product.id}`, input())).statusCode).toBe(status);
      expect((await c.patch(`/api/vendor/products/${product.id}/status`, { isActive: false })).statusCode).toBe(status);
      expect((await c.delete(`/api/vendor/products/${product.id}`)).statusCode).toBe(status);
    }
    expect((await a.client.get(`/api/vendor/products/${product.id}`)).json()).toMatchObject({
      name: product.name,
      isActive: true,
    });
  });
});

describe('POST /api/vendor/products', () => {
  it('creates an active product from rupees, with the defaults, and it shows up in the storefront search at once', async () => {
    const [first, second] = [await uploaded(a), await uploaded(a)];
    const res = await a.client.post('/api/vendor/products', {
      name: 'Jaipuri Razai Double Bed',
      price: 2199.5,
      categoryId: cat.home,
      storeId: a.shopIds[1],
      images: [first, second],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { product, message } = res.json() as { product: VendorProduct; message: string };
    expect(message).toBe(m.created);
    expect(product).toMatchObject({
      name: 'Jaipuri Razai Double Bed',
      description: '',
      pricePaise: 219950,
      originalPricePaise: null,
      stockQuantity: 0,
      rewardPercentage: 5,
      isActive: true,
      categoryId: cat.home,
      categoryName: 'Home & Living',
      storeId: a.shopIds[1],
      imageUrl: first,
      images: [first, second],
    });
    expect(await search('razai')).toContain(product.id);
    const page = await guest.get(`/api/products/${product.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ pricePaise: 219950, images: [first, second], imageUrl: first });
  });

  it('keeps every form field: description, original price, stock and reward percentage', async () => {
    const product = await create(a, {
      price: '799',
      originalPrice: 999.99,
      stockQuantity: '7',
      rewardPercentage: '7.5',
      description: '  Pure cotton.  ',
    });
    expect(product).toMatchObject({
      pricePaise: 79900,
      originalPricePaise: 99999,
      stockQuantity: 7,
      rewardPercentage: 7.5,
      description: 'Pure cotton.',
    });
  });

  it.each([
    ['a negative price', { price: -10 }, 'price', 'Price must be more than ₹0'],
    ['a price of 0', { price: 0 }, 'price', 'Price must be more than ₹0'],
    ['a price with three decimals', { price: '10.555' }, 'price', 'Price can have at most two decimals (paise)'],
    ['a price that is not a number', { price: 'abc' }, 'price', 'Price must be a number'],
    ['stock below 0', { stockQuantity: -1 }, 'stockQuantity', m.negativeStock],
    ['stock that is not whole', { stockQuantity: 1.5 }, 'stockQuantity', 'Stock must be a whole number'],
    [
      'a reward over 100%',
      { rewardPercentage: 101 },
      'rewardPercentage',
      'Reward percentage must be between 0 and 100',
    ],
    [
      'an original price below the price',
      { price: 500, originalPrice: 400 },
      'originalPrice',
      'Original price cannot be less than the price',
    ],
    ['six images', { images: Array.from({ length: 6 }, (_, i) => `/uploads/p${i}.webp`) }, 'images', m.tooManyImages],
    [
      'an image from elsewhere',
      { images: ['https://tracker.example/pixel.png'] },
      'images.0',
      'Please add images with the image uploader',
    ],
    ['no name', { name: '   ' }, 'name', m.requiredFields],
    ['no price', { price: '' }, 'price', m.requiredFields],
    ['no category', { categoryId: '' }, 'categoryId', m.requiredFields],
    ['no shop', { storeId: '' }, 'storeId', m.selectShop],
    ['a category id that is not an id', { categoryId: 'fashion' }, 'categoryId', m.unknownCategory],
  ])('answers 400 with a per-field message, never 500, for %s', async (_label, over, field, message) => {
    const res = await a.client.post('/api/vendor/products', input(over as Partial<VendorProductInput>));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('answers 400 with every missing required field at once', async () => {
    const res = await a.client.post('/api/vendor/products', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      name: m.requiredFields,
      price: m.requiredFields,
      categoryId: m.requiredFields,
      storeId: m.selectShop,
    });
  });

  it("refuses someone else's shop, an unknown or retired category, and stores nothing", async () => {
    // Two vendors of the test's own: the shared vendor B's shop gets products from other tests.
    const [mine, theirs] = [await newVendor(1), await newVendor(1)];
    const before = await countVendorProducts(t.db, mine.id);
    const other = await mine.client.post('/api/vendor/products', input({ storeId: theirs.shopIds[0] }));
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toMatchObject({ message: m.selectShop, fields: { storeId: m.selectShop } });
    const unknownShop = await mine.client.post('/api/vendor/products', input({ storeId: crypto.randomUUID() }));
    expect(unknownShop.json().error.fields).toEqual({ storeId: m.selectShop });
    for (const categoryId of [crypto.randomUUID(), cat.retired]) {
      const res = await mine.client.post('/api/vendor/products', input({ categoryId, storeId: mine.shopIds[0] }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ categoryId: m.unknownCategory });
    }
    expect(await countVendorProducts(t.db, mine.id)).toEqual(before);
    const [{ n: inTheirs }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from products where store_id = ${theirs.shopIds[0]}`,
    );
    expect(inTheirs).toBe(0);
  });
});

describe('GET /api/vendor/products', () => {
  it("lists only the caller's products over all their shops, with name search, category and status filters and pages", async () => {
    const v = await newVendor(2);
    const saree = await create(v, { name: 'Banarasi Silk Saree', categoryId: cat.fashion });
    const lamp = await create(v, { name: 'Brass Table Lamp', categoryId: cat.home, storeId: v.shopIds[1] });
    const diya = await create(v, { name: 'Brass Diya 100% Handmade', categoryId: cat.home });
    await v.client.patch(`/api/vendor/products/${lamp.id}/status`, { isActive: false });
    await create(b, { name: 'Brass Bell of Vendor B', storeId: b.shopIds[0], categoryId: cat.home });

    const list = async (query: string) => {
      const res = await v.client.get(`/api/vendor/products${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: VendorProduct[]; total: number; page: number; pageSize: number };
    };
    const all = await list('');
    expect(all.items.map((p) => p.id)).toEqual([diya.id, lamp.id, saree.id]);
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(all.items[1]).toMatchObject({
      isActive: false,
      storeId: v.shopIds[1],
      storeIsActive: true,
      categoryName: 'Home & Living',
    });
    expect((await list('?q=BRASS')).items.map((p) => p.id)).toEqual([diya.id, lamp.id]);
    expect((await list('?q=100%25')).items.map((p) => p.id)).toEqual([diya.id]);
    expect((await list('?q=%25')).items.map((p) => p.id)).toEqual([diya.id]);
    expect((await list(`?categoryId=${cat.fashion}`)).items.map((p) => p.id)).toEqual([saree.id]);
    expect((await list('?status=active')).items.map((p) => p.id)).toEqual([diya.id, saree.id]);
    expect((await list(`?status=inactive&categoryId=${cat.home}&q=lamp`)).items.map((p) => p.id)).toEqual([lamp.id]);
    const page2 = await list('?page=2&pageSize=2');
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items.map((p) => p.id)).toEqual([saree.id]);
    // Vendor B sees none of these.
    const ofB = (await b.client.get('/api/vendor/products?pageSize=100')).json().items as VendorProduct[];
    expect(ofB.map((p) => p.id)).not.toContain(saree.id);
    expect(ofB.every((p) => p.storeId === b.shopIds[0])).toBe(true);
  });

  it('answers 400 for a bad status or category filter', async () => {
    expect((await a.client.get('/api/vendor/products?status=deleted')).json().error.fields.status).toBe(
      'Status must be all, active or inactive',
    );
    expect((await a.client.get('/api/vendor/products?categoryId=abc')).statusCode).toBe(400);
    expect((await a.client.get('/api/vendor/products?pageSize=1000')).statusCode).toBe(400);
  });
});

describe("another vendor's product", () => {
  it('is 404 to vendor B on read, update, status and delete, and stays as it was', async () => {
    const product = await create(a, { name: 'Kanjeevaram Silk Saree' });
    const url = `/api/vendor/products/${product.id}`;
    for (const res of [
      await b.client.get(url),
      await b.client.put(url, input({ name: 'Stolen', storeId: b.shopIds[0] })),
      await b.client.put(url, input({ name: 'Stolen', storeId: a.shopIds[0] })),
      await b.client.patch(`${url}/status`, { isActive: false }),
      await b.client.delete(url),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.message).toBe(m.notFound);
    }
    expect((await a.client.get(url)).json()).toMatchObject({
      name: 'Kanjeevaram Silk Saree',
      isActive: true,
      storeId: a.shopIds[0],
    });
    expect(await search('kanjeevaram')).toContain(product.id);
    expect(await isOwnProduct(t.db, a.id, product.id)).toBe(true);
    expect(await isOwnProduct(t.db, b.id, product.id)).toBe(false);
  });

  it('answers 404 for an id that is not an id or does not exist', async () => {
    for (const id of ['nope', crypto.randomUUID()]) {
      expect((await a.client.get(`/api/vendor/products/${id}`)).statusCode).toBe(404);
      expect((await a.client.delete(`/api/vendor/products/${id}`)).statusCode).toBe(404);
      expect((await a.client.patch(`/api/vendor/products/${id}/status`, { isActive: true })).statusCode).toBe(404);
    }
  });
});

describe('PUT /api/vendor/products/:id', () => {
  it('saves every field; the storefront search finds the new name at once and not the old one', async () => {
    const [one, two] = [await uploaded(a), await uploaded(a)];
    const product = await create(a, { name: 'Phulkari Dupatta', images: [one] });
    expect(await search('phulkari')).toContain(product.id);
    const res = await a.client.put(`/api/vendor/products/${product.id}`, {
      name: 'Chikankari Kurti',
      description: 'Lucknowi hand embroidery.',
      price: '1499',
      originalPrice: '',
      stockQuantity: 3,
      rewardPercentage: 10,
      categoryId: cat.home,
      storeId: a.shopIds[1],
      images: [two, one],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(m.updated);
    expect(res.json().product).toMatchObject({
      name: 'Chikankari Kurti',
      pricePaise: 149900,
      originalPricePaise: null,
      stockQuantity: 3,
      rewardPercentage: 10,
      categoryId: cat.home,
      storeId: a.shopIds[1],
      imageUrl: two,
      images: [two, one],
    });
    expect(await search('chikankari')).toContain(product.id);
    expect(await search('phulkari')).not.toContain(product.id);
    expect((await guest.get(`/api/products/${product.id}`)).json()).toMatchObject({
      name: 'Chikankari Kurti',
      pointsEarned: 149,
    });
  });

  it("refuses to move a product into someone else's shop and checks the input like create", async () => {
    const product = await create(a);
    const url = `/api/vendor/products/${product.id}`;
    const moved = await a.client.put(url, input({ storeId: b.shopIds[0] }));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.fields).toEqual({ storeId: m.selectShop });
    const bad = await a.client.put(
      url,
      input({ price: -1, stockQuantity: -3, images: Array(6).fill('/uploads/x.webp') }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      price: 'Price must be more than ₹0',
      stockQuantity: m.negativeStock,
      images: m.tooManyImages,
    });
    expect((await a.client.get(url)).json()).toMatchObject({ storeId: a.shopIds[0], pricePaise: product.pricePaise });
  });

  it("refuses pictures that are not the vendor's own uploads (another vendor's, a retired one, a shop logo, made up), and keeps the product's current ones", async () => {
    const mine = await uploaded(a);
    const product = await create(a, { images: [mine] });
    const url = `/api/vendor/products/${product.id}`;
    for (const foreign of [
      await uploaded(b),
      await uploaded(a, { isActive: false }),
      await uploaded(a, { imageType: 'shop_logo' }),
      '/uploads/made-up.webp',
    ]) {
      const edit = await a.client.put(url, input({ images: [mine, foreign] }));
      expect(edit.statusCode, edit.body).toBe(400);
      expect(edit.json().error.fields).toEqual({ 'images.1': m.useUploader });
      const add = await a.client.post('/api/vendor/products', input({ images: [foreign] }));
      expect(add.statusCode, add.body).toBe(400);
      expect(add.json().error.fields).toEqual({ 'images.0': m.useUploader });
    }
    expect((await a.client.get(url)).json().images).toEqual([mine]);
    // A picture already on the product stays allowed, even once it is no longer an active upload.
    await t.db.execute(sql`update images set is_active = false where filename = ${mine.replace('/uploads/', '')}`);
    const kept = await a.client.put(url, input({ name: 'Renamed, same picture', images: [mine] }));
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('keeps a product in its category after that category is retired', async () => {
    const category = await createCategory(t.db, 'Seasonal');
    const product = await create(a, { categoryId: category.id });
    await t.db.execute(sql`update categories set is_active = false where id = ${category.id}`);
    const res = await a.client.put(
      `/api/vendor/products/${product.id}`,
      input({ name: 'Renamed seasonal', categoryId: category.id }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('PATCH /api/vendor/products/:id/status', () => {
  it('deactivates a product (it leaves the storefront at once) and activates it again', async () => {
    const product = await create(a, { name: 'Madhubani Wall Painting' });
    const url = `/api/vendor/products/${product.id}/status`;
    const off = await a.client.patch(url, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: m.deactivated, product: { isActive: false } });
    expect(await search('madhubani')).not.toContain(product.id);
    expect((await guest.get(`/api/products/${product.id}`)).statusCode).toBe(404);
    const on = await a.client.patch(url, { isActive: true });
    expect(on.json()).toMatchObject({ message: m.activated, product: { isActive: true } });
    expect(await search('madhubani')).toContain(product.id);
  });

  it('answers 400 without isActive', async () => {
    const product = await create(a);
    const res = await a.client.patch(`/api/vendor/products/${product.id}/status`, { isActive: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ isActive: m.activeChoice });
  });
});

describe('DELETE /api/vendor/products/:id', () => {
  it('deletes a product that was never ordered', async () => {
    const product = await create(a, { name: 'Terracotta Planter' });
    const res = await a.client.delete(`/api/vendor/products/${product.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true, deactivated: false, message: m.deleted });
    expect((await a.client.get(`/api/vendor/products/${product.id}`)).statusCode).toBe(404);
    expect(await search('terracotta')).not.toContain(product.id);
  });

  it('deactivates instead a product that appears in an order, and the order keeps its item', async () => {
    const product = await create(a, { name: 'Pashmina Shawl' });
    const { orderId, orderPartId } = await createOrderWithPart(t.db, {
      customerUserId: customerId,
      storeId: a.shopIds[0],
    });
    await t.db
      .execute(sql`insert into order_items (order_id, order_part_id, product_id, store_id, product_name, quantity, price_paise)
      values (${orderId}, ${orderPartId}, ${product.id}, ${a.shopIds[0]}, ${product.name}, 1, ${product.pricePaise})`);
    const res = await a.client.delete(`/api/vendor/products/${product.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: false, deactivated: true, message: m.deactivatedInstead });
    expect((await a.client.get(`/api/vendor/products/${product.id}`)).json()).toMatchObject({ isActive: false });
    expect(await search('pashmina')).not.toContain(product.id);
    const items = await queryRows<{ product_id: string }>(
      t.db,
      sql`select product_id from order_items where order_id = ${orderId}`,
    );
    expect(items).toEqual([{ product_id: product.id }]);
  });
});
