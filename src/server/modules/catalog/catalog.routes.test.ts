import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogMessages } from '../../../contracts/catalog.constants';
import type { ProductCard } from '../../../contracts/catalog.contract';
import { pageMessages } from '../../../contracts/common.contract';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createCatalogFixture } from '../../test/catalog-factories';

let t: TestApp;
let client: TestClient;
let ids: Record<string, string>;
let cat: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  client = new TestClient(t.app);
  ({ ids, cat } = await createCatalogFixture(t.db));
});
afterAll(() => t.close());

const list = async (query = '') => {
  const res = await client.get(`/api/products${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: ProductCard[]; total: number; page: number; pageSize: number };
};
const idsOf = (items: ProductCard[]) => items.map((i) => i.id);
const VISIBLE = 7;

describe('GET /api/categories', () => {
  it('lists the active categories by sort order, then name', async () => {
    const res = await client.get('/api/categories');
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((c: { name: string }) => c.name)).toEqual([
      'Electronics',
      'Fashion',
      'Books',
      'Home & Living',
    ]);
    expect(res.json().items[2]).toEqual({ id: cat.books, name: 'Books', slug: 'books' });
  });
});

describe('GET /api/products', () => {
  it('lists only active products of active shops, with every card field', async () => {
    const body = await list();
    expect(body).toMatchObject({ total: VISIBLE, page: 1, pageSize: 20 });
    expect(idsOf(body.items)).not.toContain(ids.inactive);
    expect(idsOf(body.items)).not.toContain(ids.closedShop);
    expect(body.items.find((i) => i.id === ids.kurta)).toEqual({
      id: ids.kurta,
      name: "Men's Cotton Kurta Pyjama Set",
      pricePaise: 129900,
      originalPricePaise: 199900,
      discountPercent: 35,
      rewardPercentage: 5,
      pointsEarned: 64,
      imageUrl: '/uploads/kurta-1.webp',
      storeId: expect.any(String),
      storeName: 'Jaipur Handloom House',
      categoryId: cat.fashion,
      categoryName: 'Fashion',
      ratingAverage: 4.5,
      ratingCount: 10,
      stockQuantity: 10,
      delivers: true,
      hasOptions: false,
      priceFromPaise: null,
      offer: null,
    });
    const headphones = body.items.find((i) => i.id === ids.headphones)!;
    expect(headphones).toMatchObject({
      originalPricePaise: null,
      discountPercent: 0,
      pointsEarned: 199,
      imageUrl: null,
    });
    expect(body.items.find((i) => i.id === ids.razai)).toMatchObject({
      rewardPercentage: 3.5,
      pointsEarned: 76,
      discountPercent: 27,
    });
  });

  it('searches names and descriptions with full text, hiding inactive products and shops', async () => {
    const body = await list('?q=cotton');
    expect(new Set(idsOf(body.items))).toEqual(new Set([ids.kurta, ids.razai, ids.diya, ids.retired]));
    expect(body.total).toBe(4);
    // A match in the name ranks above a match in the description only.
    expect(body.items.at(-1)?.id).toBe(ids.diya);
  });

  it('understands a web search: stemming and several words', async () => {
    expect(idsOf((await list('?q=headphone')).items)).toEqual([ids.headphones]);
    expect(idsOf((await list(`?q=${encodeURIComponent('cotton kurta')}`)).items)[0]).toBe(ids.kurta);
  });

  it.each([
    ['kurtha', 'kurta'],
    ['headphnes', 'headphones'],
    ['razzai', 'razai'],
    ['Wireles', 'headphones'],
  ])('tolerates the typo %j: the intended product (%s) comes first', async (q, key) => {
    const body = await list(`?q=${encodeURIComponent(q)}`);
    expect(body.items[0]?.id, body.items.map((i) => i.name).join(', ')).toBe(ids[key]);
  });

  it("finds for the typo 'cottn' what 'cotton' finds, in the same order (name matches before the description match)", async () => {
    const typo = idsOf((await list('?q=cottn')).items);
    expect(typo).toEqual(idsOf((await list('?q=cotton')).items));
    expect(typo.at(-1)).toBe(ids.diya);
  });

  it('finds the right product for a typo and nothing for gibberish', async () => {
    expect(idsOf((await list('?q=kurtha')).items)).toEqual([ids.kurta]);
    expect(idsOf((await list('?q=headphnes')).items)).toEqual([ids.headphones]);
    expect(await list('?q=xylophone')).toMatchObject({ items: [], total: 0 });
    expect(await list(`?q=${encodeURIComponent('%_\\(*')}`)).toMatchObject({ items: [], total: 0 });
    expect(await list('?q=the')).toMatchObject({ total: 0 });
  });

  it('does not show inactive products or closed shops even when searched by their exact name', async () => {
    expect((await list(`?q=${encodeURIComponent('Cotton Saree Withdrawn')}`)).items.map((i) => i.id)).not.toContain(
      ids.inactive,
    );
    expect((await list(`?q=${encodeURIComponent('Dupatta of a Closed Shop')}`)).total).toBe(0);
  });

  it('filters by category id, name (any case) or slug; an unknown category finds nothing', async () => {
    const home = [ids.razai, ids.diya];
    expect(new Set(idsOf((await list(`?category=${cat.home}`)).items))).toEqual(new Set(home));
    expect(new Set(idsOf((await list(`?category=${encodeURIComponent('Home & Living')}`)).items))).toEqual(
      new Set(home),
    );
    expect(new Set(idsOf((await list('?category=home-living')).items))).toEqual(new Set(home));
    expect(idsOf((await list('?category=FASHION')).items)).toEqual([ids.kurta]);
    expect(await list('?category=Toys')).toMatchObject({ items: [], total: 0 });
    expect(await list(`?category=${randomUUID()}`)).toMatchObject({ items: [], total: 0 });
  });

  it('filters by price range in rupees; the top of the range means ₹50,000 and above', async () => {
    expect(new Set(idsOf((await list('?minPrice=1000&maxPrice=2500')).items))).toEqual(
      new Set([ids.kurta, ids.razai, ids.headphones]),
    );
    expect(new Set(idsOf((await list('?minPrice=1299&maxPrice=2199')).items))).toEqual(new Set([ids.kurta, ids.razai]));
    expect(idsOf((await list('?minPrice=0&maxPrice=50000')).items)).toContain(ids.tv);
    expect(idsOf((await list('?maxPrice=49999')).items)).not.toContain(ids.tv);
    expect(idsOf((await list('?minPrice=10000')).items)).toEqual([ids.tv]);
    expect((await list('?maxPrice=300')).items.map((i) => i.pricePaise).every((p) => p <= 30000)).toBe(true);
  });

  it('filters by minimum rating', async () => {
    expect(new Set(idsOf((await list('?minRating=4')).items))).toEqual(
      new Set([ids.kurta, ids.headphones, ids.tv, ids.book]),
    );
    expect(new Set(idsOf((await list('?minRating=4.6')).items))).toEqual(new Set([ids.tv, ids.book]));
    expect((await list('?minRating=0')).total).toBe(VISIBLE);
  });

  it('combines text, category, price and rating filters', async () => {
    expect(idsOf((await list('?q=cotton&category=Fashion&minPrice=1000&maxPrice=2000&minRating=4')).items)).toEqual([
      ids.kurta,
    ]);
    expect((await list('?q=cotton&category=Electronics')).total).toBe(0);
  });

  it('sorts by price, rating, newest and relevance', async () => {
    const prices = (await list('?sort=price-low')).items.map((i) => i.pricePaise);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const high = (await list('?sort=price-high')).items.map((i) => i.pricePaise);
    expect(high).toEqual([...prices].reverse());
    // Rating: average first, then the number of ratings.
    expect(idsOf((await list('?sort=rating')).items).slice(0, 4)).toEqual([
      ids.book,
      ids.tv,
      ids.kurta,
      ids.headphones,
    ]);
    expect(idsOf((await list('?sort=newest')).items)).toEqual([
      ids.headphones,
      ids.diya,
      ids.book,
      ids.kurta,
      ids.razai,
      ids.tv,
      ids.retired,
    ]);
    // Without a query, relevance is newest first; with one, the best match comes first.
    expect(idsOf((await list()).items)).toEqual(idsOf((await list('?sort=newest')).items));
    expect(idsOf((await list('?q=cotton+kurta&sort=relevance')).items)[0]).toBe(ids.kurta);
    expect(idsOf((await list('?q=cotton&sort=price-low')).items)).toEqual([
      ids.retired,
      ids.diya,
      ids.kurta,
      ids.razai,
    ]);
  });

  it('pages through the results with a stable order', async () => {
    const all = idsOf((await list('?sort=newest&pageSize=100')).items);
    const p1 = await list('?sort=newest&pageSize=3&page=1');
    const p3 = await list('?sort=newest&pageSize=3&page=3');
    expect(p1).toMatchObject({ total: VISIBLE, page: 1, pageSize: 3 });
    expect(idsOf(p1.items)).toEqual(all.slice(0, 3));
    expect(idsOf(p3.items)).toEqual(all.slice(6, 9));
    expect(await list('?pageSize=3&page=60')).toMatchObject({ items: [], total: VISIBLE, page: 60 });
    // Pages stop at the first 200 results, with a message saying how to narrow them.
    const deep = await client.get('/api/products?pageSize=100&page=3');
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({
      error: {
        fields: {
          page: 'Only the first 200 results can be shown. Add words, a category or a price range to narrow them.',
        },
      },
    });
    expect(await list('?pageSize=100&page=2')).toMatchObject({ items: [], total: VISIBLE, totalEstimated: false });
    // A text search counts its matches on every page, also past the last one.
    expect(await list('?q=cotton&pageSize=3&page=2')).toMatchObject({ total: 4, items: [expect.anything()] });
    expect(await list('?q=cotton&pageSize=3&page=5')).toMatchObject({ total: 4, items: [] });
    expect(await list('?q=xylophone&page=2')).toMatchObject({ total: 0, items: [] });
  });

  it('treats empty parameters as not given and ignores the web-only view', async () => {
    expect((await list('?q=&category=&minPrice=&maxPrice=&minRating=&sort=&view=list')).total).toBe(VISIBLE);
  });

  it.each([
    ['pageSize=101', 'pageSize', pageMessages.pageSize],
    ['pageSize=0', 'pageSize', pageMessages.pageSize],
    ['page=0', 'page', pageMessages.page],
    ['page=abc', 'page', pageMessages.page],
    ['minPrice=-1', 'minPrice', 'Minimum price must be between ₹0 and ₹50,000'],
    ['maxPrice=50001', 'maxPrice', 'Maximum price must be between ₹0 and ₹50,000'],
    ['minPrice=abc', 'minPrice', 'Minimum price must be a number'],
    ['minRating=6', 'minRating', 'Rating must be between 0 and 5'],
    ['sort=cheapest', 'sort', catalogMessages.sortChoice],
    ['view=table', 'view', catalogMessages.viewChoice],
    [`q=${'a'.repeat(101)}`, 'q', 'Search text must be at most 100 characters'],
  ])('refuses %s with 400 and the message for %s: %j', async (query, field, message) => {
    const res = await client.get(`/api/products?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields).toEqual({ [field]: message });
  });

  it.each(['q', 'category'])('answers 400, never 500, for a %s holding a NUL character', async (param) => {
    const res = await client.get(`/api/products?${param}=cot%00ton`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Some text contains a character that is not allowed. Please remove it and try again.',
      requestId: res.headers['x-request-id'],
    });
  });

  it('refuses a minimum price above the maximum with a message under maxPrice', async () => {
    const res = await client.get('/api/products?minPrice=3000&maxPrice=1000');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.maxPrice).toBe('The minimum price cannot be more than the maximum price');
  });
});
