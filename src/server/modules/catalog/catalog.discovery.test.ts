import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCard } from '../../../contracts/catalog.contract';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createCategory, createProduct, createShop, createVendorUser } from '../../test/catalog-factories';

// Search also matches shop and category names, common Indian English synonyms and
// two-edit typos of longer words; 'Sold by' leads to a shop page listing the shop's active products.

let t: TestApp;
let client: TestClient;
const ids: Record<string, string> = {};
let shops: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  client = new TestClient(t.app);
  const electronics = await createCategory(t.db, 'Electronics');
  const sports = await createCategory(t.db, 'Sports & Gaming');
  const fashion = await createCategory(t.db, 'Fashion');
  const home = await createCategory(t.db, 'Home & Living');
  const v = await createVendorUser(t.db);
  const gadgets = await createShop(t.db, v.userId, { shopName: 'Nehru Place Gadgets' });
  const books = await createShop(t.db, v.userId, { shopName: 'Sharma Books & Games' });
  const crafts = await createShop(t.db, v.userId, { shopName: 'Chandni Chowk Crafts', city: 'Delhi' });
  const closed = await createShop(t.db, v.userId, { shopName: 'Closed Curios', isActive: false });
  shops = { gadgets: gadgets.id, books: books.id, crafts: crafts.id, closed: closed.id };
  const add = async (
    key: string,
    name: string,
    storeId: string,
    categoryId: string,
    over: Record<string, unknown> = {},
  ) => {
    ids[key] = (await createProduct(t.db, { storeId, categoryId, name, description: '', ...over })).id;
  };
  await add('phone', '6.7-inch 5G Smartphone, 8GB RAM', gadgets.id, electronics.id);
  await add('tv', '43-inch 4K Ultra HD Smart LED TV', gadgets.id, electronics.id);
  await add('charger', 'USB-C 65W GaN Charger with Two Ports', gadgets.id, electronics.id);
  await add('bat', 'Kashmir Willow Cricket Bat, Full Size', books.id, sports.id);
  await add('shoes', 'Leather Running Shoes for Men', books.id, fashion.id);
  await add('juttis', 'Embroidered Mojari Juttis', books.id, fashion.id);
  await add('diya', 'Brass Diya, Set of 4', crafts.id, home.id);
  await add('lamp', 'Terracotta Hanging Lamp', crafts.id, home.id);
  await add('retired', 'Brass Bell Retired', crafts.id, home.id, { isActive: false });
  await add('hidden', 'Brass Bowl of a Closed Shop', closed.id, home.id);
  const brassWorks = await createShop(t.db, v.userId, { shopName: 'Moradabad Brass Works' });
  await add('lota', 'Copper Lota', brassWorks.id, home.id);
  await add('plate', 'Steel Thali Plate', gadgets.id, home.id, { description: 'Polished to shine like brass.' });
});
afterAll(() => t.close());

const search = async (q: string) => {
  const res = await client.get(`/api/products?q=${encodeURIComponent(q)}&pageSize=50`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: ProductCard[] }).items.map((i) => i.id);
};

describe('search', () => {
  it.each([
    ['mobile', 'phone'],
    ['cellphone', 'phone'],
    ['television', 'tv'],
    ['footwear', 'shoes'],
    ['sneakers', 'shoes'],
    ['shoes', 'juttis'],
    ['footwear', 'juttis'],
  ])('understands the synonym %j', async (q, key) => {
    expect(await search(q)).toContain(ids[key]);
  });

  it('finds the right products for a synonym inside a longer query', async () => {
    expect((await search('leather footwear'))[0]).toBe(ids.shoes);
  });

  it.each([
    ['criket', 'bat'],
    ['kasmir', 'bat'],
    ['kashmeer', 'bat'],
    ['crickte', 'bat'],
    ['televison', 'tv'],
  ])('finds %j, a typo of up to two edits in a word of 6 or more letters', async (q, key) => {
    expect(await search(q)).toContain(ids[key]);
  });

  it('does not stretch typo tolerance to short words or unrelated ones', async () => {
    expect(await search('tea')).toEqual([]);
    expect(await search('xylophone')).toEqual([]);
  });

  it("finds a shop's active products by the shop's name, below products named so", async () => {
    const found = await search('chandni chowk');
    expect(new Set(found)).toEqual(new Set([ids.diya, ids.lamp]));
    expect(await search('Closed Curios')).toEqual([]);
  });

  it('ranks a product named so first, then a product of a shop named so, then a mention in a description', async () => {
    expect(await search('brass')).toEqual([ids.diya, ids.lota, ids.plate]);
  });

  it("finds a category's products by the category's name", async () => {
    // 'ports' in a charger's name is a near spelling of 'sports', but the category's own products come first.
    const found = await search('sports');
    expect(found[0]).toBe(ids.bat);
    expect(found.filter((id) => id !== ids.charger)).toEqual([ids.bat]);
  });
});

describe('the shop page', () => {
  it('GET /api/shops/:id answers the public face of an active shop', async () => {
    const res = await client.get(`/api/shops/${shops.crafts}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: shops.crafts, name: 'Chandni Chowk Crafts', city: 'Delhi', delivers: true });
  });

  it("lists the shop's active products only", async () => {
    const res = await client.get(`/api/products?shop=${shops.crafts}`);
    expect(res.statusCode).toBe(200);
    expect(new Set(res.json().items.map((i: ProductCard) => i.id))).toEqual(new Set([ids.diya, ids.lamp]));
  });

  it('answers 404 for a closed or unknown shop', async () => {
    expect((await client.get(`/api/shops/${shops.closed}`)).statusCode).toBe(404);
    expect((await client.get(`/api/shops/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await client.get('/api/shops/not-an-id')).statusCode).toBe(404);
  });
});
