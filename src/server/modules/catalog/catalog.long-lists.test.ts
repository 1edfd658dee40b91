import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSABLE_RESULTS, catalogMessages, type ProductPage } from '../../../contracts/catalog.contract';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createCategory, createShop, createVendorUser } from '../../test/catalog-factories';

// A list longer than BROWSABLE_RESULTS is counted up to it and estimated past it,
// paged up to it, and still in the asked order; a short list stays exact.

let t: TestApp;
let client: TestClient;
const LONG = 30_000;

beforeAll(async () => {
  t = await buildTestApp();
  client = new TestClient(t.app);
  const fashion = await createCategory(t.db, 'Fashion');
  const books = await createCategory(t.db, 'Books');
  const v = await createVendorUser(t.db);
  const shop = await createShop(t.db, v.userId, { shopName: 'Jaipur Looms' });
  // Three of last year's best-rated cotton kurtas, first in the table.
  await t.db.execute(sql`
    insert into products (name, description, price_paise, stock_quantity, reward_percentage, category_id, store_id, rating_average, rating_count, created_at)
    select 'Cotton Kurta from last year #' || i, 'Hand block printed.', 90000, 5, 5, ${fashion.id}, ${shop.id}, 4.9, 900, now() - interval '400 days' - i * interval '1 minute'
    from generate_series(1, 3) as i`);
  // 30,000 cotton kurtas (every seventh inactive), three of them pashmina; and 30 books. Past 20,000
  // estimated matches 'cotton' is a common word, found by reading the products newest first until enough match.
  await t.db.execute(sql`
    insert into products (name, description, price_paise, stock_quantity, reward_percentage, is_active, category_id, store_id, created_at)
    select case when i % 10000 = 1 then 'Pashmina ' else '' end || 'Cotton Kurta #' || i, 'Hand block printed.', 10000 + (i * 7919) % 500000, 5, 5, i % 7 <> 0,
           ${fashion.id}, ${shop.id}, now() - i * interval '1 minute'
    from generate_series(1, ${LONG}) as i`);
  await t.db.execute(sql`
    insert into products (name, description, price_paise, stock_quantity, reward_percentage, category_id, store_id)
    select 'Illustrated Novel #' || i, 'A story.', 20000 + i, 5, 5, ${books.id}, ${shop.id} from generate_series(1, 30) as i`);
  await t.db.execute(sql`analyze`);
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await client.get(`/api/products${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductPage;
};
const activeKurtas = LONG - Math.floor(LONG / 7);

describe('a list longer than can be browsed', () => {
  it('counts exactly up to 200 matches and estimates past them', async () => {
    const all = await list('');
    expect(all.totalEstimated).toBe(true);
    expect(all.total).toBeGreaterThanOrEqual(BROWSABLE_RESULTS);
    // The planner's estimate, rounded: near the real 25,745, far from a wild guess.
    expect(all.total).toBeGreaterThan(20_000);
    expect(all.total).toBeLessThan(32_000);
    expect(all.items).toHaveLength(20);

    const cotton = await list('?q=cotton');
    expect(cotton).toMatchObject({ totalEstimated: true });
    expect(cotton.total).toBeGreaterThan(20_000);
    expect(cotton.items).toHaveLength(20);
    expect(cotton.items.every((p) => p.name.includes('Cotton Kurta'))).toBe(true);
  });

  it("ranks a common word's newest 200 matches: last year's best-rated kurtas do not stand in for this year's", async () => {
    const cotton = await list('?q=cotton&pageSize=50');
    expect(cotton.items).toHaveLength(50);
    expect(cotton.items.filter((p) => p.name.includes('last year'))).toEqual([]);
    // The 201 newest active kurtas are numbers 1 to 234 (every seventh inactive); equal ranks, then newest first.
    const numbers = cotton.items.map((p) => Number(p.name.split('#')[1]));
    expect(Math.max(...numbers)).toBeLessThanOrEqual(234);
    expect(numbers.slice(0, 3)).toEqual([1, 2, 3]);
    // A narrower search finds them: 'cotton last year' has three matches, all ranked.
    const oldOnes = await list('?q=cotton+last+year');
    expect(oldOnes.items.map((p) => p.name)).toContain('Cotton Kurta from last year #1');
  });

  it('answers a selective search and a short category exactly', async () => {
    const pashmina = await list('?q=pashmina');
    expect(pashmina).toMatchObject({ total: 3, totalEstimated: false });
    expect(pashmina.items.map((p) => p.name).sort()).toEqual([
      'Pashmina Cotton Kurta #1',
      'Pashmina Cotton Kurta #10001',
      'Pashmina Cotton Kurta #20001',
    ]);
    expect(await list('?category=books&pageSize=5')).toMatchObject({ total: 30, totalEstimated: false });
  });

  it.each(['relevance', 'newest', 'price-low', 'price-high', 'rating'])(
    'counts the matches past the last page, sorted by %s: a selective search and a short category',
    async (sort) => {
      expect(await list(`?q=pashmina&sort=${sort}&page=2`)).toMatchObject({
        items: [],
        total: 3,
        totalEstimated: false,
      });
      expect(await list(`?category=books&sort=${sort}&page=3`)).toMatchObject({
        items: [],
        total: 30,
        totalEstimated: false,
      });
    },
  );

  it('pages up to the 200th result and refuses further with a way to narrow the list', async () => {
    const last = await list('?sort=newest&page=10');
    expect(last.items).toHaveLength(20);
    const res = await client.get('/api/products?sort=newest&page=11');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { page: catalogMessages.pastBrowsable } },
    });
  });

  it('keeps each sort in order across pages of a long category', async () => {
    const pages = [
      await list('?category=fashion&sort=price-low&page=1'),
      await list('?category=fashion&sort=price-low&page=2'),
    ];
    const prices = pages.flatMap((p) => p.items.map((i) => i.pricePaise));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // The cheapest active kurta of all comes first.
    const cheapest = await t.db.execute(
      sql`select min(price_paise)::int as p from products where is_active and name like '%Kurta%'`,
    );
    expect(prices[0]).toBe((cheapest as unknown as { rows: { p: number }[] }).rows[0].p);
    const high = await list('?category=fashion&sort=price-high&pageSize=50');
    const highs = high.items.map((i) => i.pricePaise);
    expect(highs).toEqual([...highs].sort((a, b) => b - a));
    expect(high.totalEstimated).toBe(true);
    expect(activeKurtas).toBeGreaterThan(BROWSABLE_RESULTS);
  });

  it.each(['price-high', 'price-low'] as const)(
    'pages a common word sorted by %s: the first 200 matches in that order, page after page',
    async (sort) => {
      const pages = [
        await list(`?q=cotton&sort=${sort}&pageSize=100`),
        await list(`?q=cotton&sort=${sort}&pageSize=100&page=2`),
      ];
      expect(pages.map((p) => p.totalEstimated)).toEqual([true, true]);
      const order = sort === 'price-high' ? sql`price_paise desc, id desc` : sql`price_paise, id`;
      const first200 = await t.db.execute(
        sql`select id from products where is_active and name like '%Cotton%' order by ${order} limit 200`,
      );
      expect(pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(
        (first200 as unknown as { rows: { id: string }[] }).rows.map((r) => r.id),
      );
    },
  );
});
