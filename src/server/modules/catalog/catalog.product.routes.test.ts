import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createCatalogFixture } from '../../test/catalog-factories';
import { createAccount } from '../auth';
import { addReview } from './catalog.service';

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

describe('GET /api/products/:id', () => {
  it('answers the product page with description, images, shop and category', async () => {
    const res = await client.get(`/api/products/${ids.kurta}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ids.kurta,
      name: "Men's Cotton Kurta Pyjama Set",
      description: 'Soft handloom kurta with a matching pyjama.',
      images: ['/uploads/kurta-1.webp', '/uploads/kurta-2.webp'],
      discountPercent: 35,
      pointsEarned: 64,
      store: { name: 'Jaipur Handloom House', city: 'Jaipur', logoUrl: null },
      category: { id: cat.fashion, name: 'Fashion' },
      stockQuantity: 10,
      createdAt: expect.any(String),
    });
  });

  it('answers an empty gallery for a product without images', async () => {
    const res = await client.get(`/api/products/${ids.headphones}`);
    expect(res.json()).toMatchObject({ images: [], imageUrl: null });
  });

  it.each([
    ['an inactive product', () => ids.inactive],
    ['a product of an inactive shop', () => ids.closedShop],
    ['a missing product', () => randomUUID()],
    ['a malformed id', () => 'not-a-uuid'],
    ['an id with SQL in it', () => encodeURIComponent("1' or '1'='1")],
  ])('answers 404 Product not found for %s', async (_label, id) => {
    const res = await client.get(`/api/products/${id()}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Product not found', requestId: res.headers['x-request-id'] },
    });
  });

  it('answers a client error, never 500, for an absurdly long id', async () => {
    for (const id of ['x'.repeat(100), 'x'.repeat(500)]) {
      const res = await client.get(`/api/products/${id}`);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe('GET /api/products/:id/reviews', () => {
  let reviewedId: string;
  beforeAll(async () => {
    reviewedId = ids.razai;
    const people = [
      ['Asha', 'Verma', 5, 'Warm and light.'],
      ['Farhan', 'ali', 3, 'Colour is lighter than the photo.'],
      ['Meera', null, 4, ''],
    ] as const;
    for (const [i, [firstName, lastName, rating, comment]] of people.entries()) {
      const { userId } = await t.db.transaction((tx) =>
        createAccount(tx, {
          email: `reviewer${i}.${Date.now()}@example.in`,
          password: 'secret123',
          role: 'customer',
          firstName,
          lastName,
          phoneNumber: '9876501234',
        }),
      );
      await t.db.transaction((tx) =>
        addReview(tx, { productId: reviewedId, customerUserId: userId, orderId: randomUUID(), rating, comment }),
      );
    }
  });

  it('lists reviews newest first with the first name and last initial', async () => {
    const res = await client.get(`/api/products/${reviewedId}/reviews`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(body.items.map((r: { reviewerName: string }) => r.reviewerName)).toEqual(['Meera', 'Farhan A.', 'Asha V.']);
    expect(body.items[2]).toMatchObject({ rating: 5, comment: 'Warm and light.', createdAt: expect.any(String) });
  });

  it('pages the reviews', async () => {
    const res = await client.get(`/api/products/${reviewedId}/reviews?pageSize=2&page=2`);
    expect(res.json()).toMatchObject({ total: 3, page: 2, pageSize: 2, items: [{ reviewerName: 'Asha V.' }] });
    expect((await client.get(`/api/products/${reviewedId}/reviews?pageSize=101`)).statusCode).toBe(400);
  });

  it('answers an empty list for a visible product without reviews', async () => {
    expect((await client.get(`/api/products/${ids.tv}/reviews`)).json()).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 20,
    });
  });

  it.each([
    ['an inactive product', () => ids.inactive],
    ['a product of an inactive shop', () => ids.closedShop],
    ['a missing product', () => randomUUID()],
    ['a malformed id', () => '12345'],
  ])('answers 404 Product not found for %s', async (_label, id) => {
    const res = await client.get(`/api/products/${id()}/reviews`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Product not found');
  });
});

describe('SQL statements per request (no N+1)', () => {
  // Counts the statements the app's database driver receives (PGlite instance or pg Pool; on PostgreSQL the app has its own pool).
  const counted = async (url: string) => {
    // Counted as the database sees a fresh request, not as the cache answers a repeated one.
    t.app.ctx.catalogCache.invalidate();
    const client$ = (t.app.ctx.db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
    const original = client$.query;
    let n = 0;
    client$.query = function (this: unknown, ...a: unknown[]) {
      n++;
      return original.apply(this, a);
    };
    try {
      const res = await client.get(url);
      expect(res.statusCode).toBe(200);
    } finally {
      client$.query = original;
    }
    return n;
  };

  it('issues a fixed number of statements for a list page whatever its size, and one for a product', async () => {
    // The automatic promotions whose offers cards show are read once per OFFERS_TTL_MS per process, not per
    // request: read here first, so what follows counts the catalog's own statements.
    await client.get('/api/products?pageSize=1');
    // The page, the count (up to 201 matches) and the price ranges of its cards with options, in one statement.
    expect(await counted('/api/products?pageSize=5')).toBe(1);
    expect(await counted('/api/products?pageSize=50')).toBe(1);
    // A category by name is first looked up (its id then uses the (category, sort) indexes).
    expect(await counted('/api/products?category=Fashion&minRating=1&sort=rating&pageSize=50')).toBe(2);
    // A text search looks up which of its words are known and the shops and categories named so,
    // then asks for the estimate of its matches; its page ranks and counts them in one statement...
    expect(await counted('/api/products?q=cotton&pageSize=1')).toBe(3);
    // ...and the estimate is remembered a minute: the same search again, in any order, does not ask for it.
    expect(await counted('/api/products?q=cotton&pageSize=50')).toBe(2);
    expect(await counted('/api/products?q=cotton&pageSize=5&sort=newest')).toBe(2);
    // ...and an unknown word adds one lookup for its corrections ('kurtha' -> 'kurta').
    expect(await counted('/api/products?q=kurtha&category=Fashion&pageSize=50&sort=rating')).toBe(5);
    expect(await counted(`/api/products/${ids.kurta}`)).toBe(1);
    expect(await counted(`/api/products/${ids.razai}/reviews?pageSize=50`)).toBe(2);
    expect(await counted('/api/categories')).toBe(1);
  });
});
