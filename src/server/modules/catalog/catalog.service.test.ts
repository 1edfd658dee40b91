import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error';
import { createAccount } from '../auth';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createCategory, createProduct, createShop, createVendorUser } from '../../test/catalog-factories';
import { products } from './catalog.tables';
import { addReview, reviewerName } from './catalog.service';
import { getPurchasable, returnStock, takeStock } from './catalog.stock';

let t: TestApp;
let vendorId: string;
let storeId: string;
let closedStoreId: string;
let categoryId: string;

beforeAll(async () => {
  t = await buildTestApp();
  vendorId = (await createVendorUser(t.db)).userId;
  storeId = (await createShop(t.db, vendorId, { shopName: 'Kerala Wellness Co.' })).id;
  closedStoreId = (await createShop(t.db, vendorId, { isActive: false })).id;
  categoryId = (await createCategory(t.db, 'Health & Beauty')).id;
});
afterAll(() => t.close());

const stockOf = async (id: string) =>
  (await t.db.select({ s: products.stockQuantity }).from(products).where(eq(products.id, id)))[0].s;
const newCustomer = async (firstName = 'Asha') =>
  (
    await t.db.transaction((tx) =>
      createAccount(tx, {
        email: `c.${randomUUID()}@example.in`,
        password: 'secret123',
        role: 'customer',
        firstName,
        lastName: 'Verma',
      }),
    )
  ).userId;

describe('getPurchasable', () => {
  it('answers only active products of active shops, with numbers as numbers', async () => {
    const ok = await createProduct(t.db, {
      storeId,
      categoryId,
      name: 'Kumkumadi Face Oil',
      pricePaise: 89900,
      rewardPercentage: 7.5,
      stockQuantity: 4,
      imageUrl: '/uploads/oil.webp',
    });
    const off = await createProduct(t.db, { storeId, categoryId, isActive: false });
    const closed = await createProduct(t.db, { storeId: closedStoreId, categoryId });
    const rows = await getPurchasable(t.db, [ok.id, off.id, closed.id, randomUUID(), 'not-a-uuid', ok.id]);
    expect(rows).toEqual([
      {
        id: ok.id,
        name: 'Kumkumadi Face Oil',
        pricePaise: 89900,
        rewardPercentage: 7.5,
        stockQuantity: 4,
        storeId,
        storeName: 'Kerala Wellness Co.',
        vendorId,
        imageUrl: '/uploads/oil.webp',
        categoryId,
        delivers: true,
        codEnabled: false,
        hasOptions: false,
        option1Name: null,
        option2Name: null,
      },
    ]);
    expect(await getPurchasable(t.db, [])).toEqual([]);
  });
});

describe('takeStock and returnStock', () => {
  it('takes stock only when there is enough, and gives it back', async () => {
    const p = await createProduct(t.db, { storeId, categoryId, stockQuantity: 3 });
    expect(await t.db.transaction((tx) => takeStock(tx, p.id, 2))).toBe(true);
    expect(await stockOf(p.id)).toBe(1);
    expect(await t.db.transaction((tx) => takeStock(tx, p.id, 2))).toBe(false);
    expect(await stockOf(p.id)).toBe(1);
    expect(await t.db.transaction((tx) => takeStock(tx, p.id, 1))).toBe(true);
    expect(await stockOf(p.id)).toBe(0);
    expect(await t.db.transaction((tx) => takeStock(tx, p.id, 1))).toBe(false);
    await t.db.transaction((tx) => returnStock(tx, p.id, 5));
    expect(await stockOf(p.id)).toBe(5);
    expect(await t.db.transaction((tx) => takeStock(tx, randomUUID(), 1))).toBe(false);
    expect(await t.db.transaction((tx) => takeStock(tx, 'nope', 1))).toBe(false);
  });

  it('refuses a quantity that is not a positive whole number', async () => {
    const p = await createProduct(t.db, { storeId, categoryId, stockQuantity: 3 });
    for (const q of [0, -1, 1.5]) {
      await expect(t.db.transaction((tx) => takeStock(tx, p.id, q))).rejects.toThrow(RangeError);
      await expect(t.db.transaction((tx) => returnStock(tx, p.id, q))).rejects.toThrow(RangeError);
    }
    expect(await stockOf(p.id)).toBe(3);
  });

  it('never sells more than the stock when many buyers take it at once', async () => {
    const p = await createProduct(t.db, { storeId, categoryId, stockQuantity: 7 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.db.transaction((tx) => takeStock(tx, p.id, 1 + (i % 2)))),
    );
    const taken = results.reduce((s, ok, i) => s + (ok ? 1 + (i % 2) : 0), 0);
    const left = await stockOf(p.id);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(taken + left).toBe(7);
    expect(left).toBeLessThan(2);
  });

  it('keeps the stock when the transaction that took it rolls back', async () => {
    const p = await createProduct(t.db, { storeId, categoryId, stockQuantity: 2 });
    await expect(
      t.db.transaction(async (tx) => {
        await takeStock(tx, p.id, 2);
        throw new Error('payment failed');
      }),
    ).rejects.toThrow('payment failed');
    expect(await stockOf(p.id)).toBe(2);
  });
});

describe('addReview', () => {
  it('writes the review and refreshes the cached rating average and count', async () => {
    const p = await createProduct(t.db, { storeId, categoryId });
    const [a, b, c] = [await newCustomer(), await newCustomer('Ravi'), await newCustomer('Meera')];
    const first = await t.db.transaction((tx) =>
      addReview(tx, {
        productId: p.id,
        customerUserId: a,
        orderId: randomUUID(),
        rating: 5,
        comment: '  Lovely fragrance.  ',
      }),
    );
    expect(first.id).toEqual(expect.any(String));
    await t.db.transaction((tx) =>
      addReview(tx, { productId: p.id, customerUserId: b, orderId: randomUUID(), rating: 4, comment: '' }),
    );
    await t.db.transaction((tx) =>
      addReview(tx, { productId: p.id, customerUserId: c, orderId: randomUUID(), rating: 4, comment: 'Good' }),
    );
    const [row] = await t.db
      .select({ avg: products.ratingAverage, n: products.ratingCount })
      .from(products)
      .where(eq(products.id, p.id));
    expect({ avg: Number(row.avg), n: row.n }).toEqual({ avg: 4.33, n: 3 });

    const client = new TestClient(t.app);
    const page = (await client.get(`/api/products/${p.id}/reviews`)).json();
    expect(page.items.at(-1)).toMatchObject({ rating: 5, comment: 'Lovely fragrance.', reviewerName: 'Asha V.' });
    expect((await client.get(`/api/products/${p.id}`)).json()).toMatchObject({ ratingAverage: 4.33, ratingCount: 3 });
  });

  it('answers 409 for a second review of the same product by the same customer, keeping the first', async () => {
    const p = await createProduct(t.db, { storeId, categoryId });
    const who = await newCustomer();
    await t.db.transaction((tx) =>
      addReview(tx, { productId: p.id, customerUserId: who, orderId: randomUUID(), rating: 2, comment: 'Meh' }),
    );
    const again = t.db.transaction((tx) =>
      addReview(tx, {
        productId: p.id,
        customerUserId: who,
        orderId: randomUUID(),
        rating: 5,
        comment: 'Changed my mind',
      }),
    );
    await expect(again).rejects.toMatchObject({
      code: 'CONFLICT',
      status: 409,
      message: 'You have already reviewed this product',
    });
    const [row] = await t.db
      .select({ avg: products.ratingAverage, n: products.ratingCount })
      .from(products)
      .where(eq(products.id, p.id));
    expect({ avg: Number(row.avg), n: row.n }).toEqual({ avg: 2, n: 1 });
  });

  it('keeps the count right when reviews of one product arrive at once', async () => {
    const p = await createProduct(t.db, { storeId, categoryId });
    const people = await Promise.all(Array.from({ length: 6 }, () => newCustomer()));
    await Promise.all(
      people.map((who, i) =>
        t.db.transaction((tx) =>
          addReview(tx, {
            productId: p.id,
            customerUserId: who,
            orderId: randomUUID(),
            rating: (i % 5) + 1,
            comment: '',
          }),
        ),
      ),
    );
    const [row] = await t.db
      .select({ avg: products.ratingAverage, n: products.ratingCount })
      .from(products)
      .where(eq(products.id, p.id));
    expect({ avg: Number(row.avg), n: row.n }).toEqual({ avg: 2.67, n: 6 });
  });

  it('refuses a missing product and a rating outside 1 to 5', async () => {
    const who = await newCustomer();
    await expect(
      t.db.transaction((tx) =>
        addReview(tx, { productId: randomUUID(), customerUserId: who, orderId: randomUUID(), rating: 4, comment: '' }),
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Product not found' });
    const p = await createProduct(t.db, { storeId, categoryId });
    for (const rating of [0, 6, 3.5]) {
      const e = await t.db
        .transaction((tx) =>
          addReview(tx, { productId: p.id, customerUserId: who, orderId: randomUUID(), rating, comment: '' }),
        )
        .catch((x: unknown) => x);
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('reviewerName', () => {
  it.each([
    ['Asha', 'Verma', 'Asha V.'],
    ['Asha', 'verma', 'Asha V.'],
    ['Asha', null, 'Asha'],
    [' ', 'Verma', 'Customer'],
    [null, null, 'Customer'],
  ])('%j %j -> %j', (first, last, expected) => {
    expect(reviewerName(first, last)).toBe(expected);
  });
});
