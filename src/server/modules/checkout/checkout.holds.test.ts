import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db';
import { buildTestApp, type TestApp } from '../../test/app';
import { createProduct } from '../../test/catalog-factories';
import {
  count,
  fillCart,
  newShopper,
  payWithTestGateway,
  pointsOf,
  stockOf,
  twoShops,
  type Shopper,
  postCheckout,
} from '../../test/checkout-fixtures';
import { releaseExpiredHolds, startStockHoldsJob } from '../catalog';

// Stock is reserved when checkout starts a payment: a hold with an expiry,
// released when the payment fails, is cancelled, is replaced or expires; a confirmed payment sells it.

let t: TestApp;
let shop: Awaited<ReturnType<typeof twoShops>>;

beforeAll(async () => {
  t = await buildTestApp({ STOCK_HOLD_MINUTES: '20' });
  shop = await twoShops(t, { stockA: 3, stockB: 1000 });
});
afterAll(() => t.close());

/** Starts a checkout at the total the summary shows, or at `shownTotalPaise` when held units keep the summary from pricing the cart. */
const start = (s: Shopper, shownTotalPaise?: number) =>
  shownTotalPaise === undefined
    ? postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 })
    : s.client.post('/api/checkout', { addressId: s.addressId, pointsToUse: 0, expectedTotalPaise: shownTotalPaise });
const holdsOf = (paymentId: string) =>
  queryRows<{ status: string; quantity: number; minutes: number }>(
    t.db,
    sql`select status, quantity, round(extract(epoch from (expires_at - created_at)) / 60)::int as minutes from stock_holds where ref = ${paymentId}`,
  );
const expire = (paymentId: string) =>
  t.db.execute(sql`update stock_holds set expires_at = now() - interval '1 second' where ref = ${paymentId}`);
const setStock = (productId: string, n: number) =>
  t.db.execute(sql`update products set stock_quantity = ${n} where id = ${productId}`);

describe('a checkout that starts a payment', () => {
  it('holds its stock for STOCK_HOLD_MINUTES: the units leave the shelf before the customer pays', async () => {
    await setStock(shop.a.id, 3);
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.a.id, quantity: 2 }]);
    const c = (await start(s)).json();
    expect(c.status).toBe('payment_required');
    expect(await stockOf(t, shop.a.id)).toBe(1);
    expect(await holdsOf(c.paymentId)).toEqual([{ status: 'held', quantity: 2, minutes: 20 }]);
    // The storefront shows what is left for others.
    expect((await s.client.get(`/api/products/${shop.a.id}`)).json().stockQuantity).toBe(1);

    const placed = await payWithTestGateway(s, c);
    expect(placed.statusCode).toBe(200);
    expect(await stockOf(t, shop.a.id)).toBe(1);
    expect(await holdsOf(c.paymentId)).toEqual([{ status: 'sold', quantity: 2, minutes: 20 }]);
  });

  it('refuses the next buyer before they pay when the rest is held, naming the product', async () => {
    await setStock(shop.a.id, 1);
    const first = await newShopper(t);
    const second = await newShopper(t);
    await fillCart(first, [{ productId: shop.a.id }]);
    await fillCart(second, [{ productId: shop.a.id }]);
    expect((await start(first)).statusCode).toBe(200);
    const refused = await start(second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('"Block Print Kurta" is out of stock');
    expect(await count(t, sql`select count(*)::int as n from payments where customer_id = ${second.userId}`)).toBe(0);
  });

  it.each([
    ['fails', { reason: 'failed', detail: 'Card declined' }],
    ['is cancelled', { reason: 'cancelled' }],
  ])('gives its units back at once when the payment %s', async (_, body) => {
    await setStock(shop.a.id, 2);
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.a.id, quantity: 2 }]);
    const c = (await start(s)).json();
    expect(await stockOf(t, shop.a.id)).toBe(0);
    const failed = await s.client.post(`/api/payments/${c.paymentId}/fail`, body);
    expect(failed.statusCode).toBe(200);
    expect(await stockOf(t, shop.a.id)).toBe(2);
    expect((await holdsOf(c.paymentId))[0].status).toBe('released');
  });

  it("replaces the customer's own unfinished checkout: starting again does not hold the stock twice", async () => {
    await setStock(shop.a.id, 1);
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.a.id }]);
    const first = (await start(s)).json();
    // The summary counts the unit held for the first checkout as gone; the page had shown its total.
    const again = await start(s, first.amountPaise);
    expect(again.statusCode).toBe(200);
    expect(await stockOf(t, shop.a.id)).toBe(0);
    expect((await holdsOf(first.paymentId))[0].status).toBe('released');
    expect((await payWithTestGateway(s, again.json())).statusCode).toBe(200);
  });

  it('refuses a paid payment when the vendor raised the price while the customer paid: 409, recorded for refund, nothing else moves', async () => {
    // Its own product, so no other test sees the price change.
    const p = await createProduct(t.db, {
      storeId: shop.shopB.id,
      categoryId: shop.category.id,
      name: 'Kashmiri Saffron 2g',
      pricePaise: 45000,
      rewardPercentage: 10,
      stockQuantity: 5,
    });
    const s = await newShopper(t, 100);
    await fillCart(s, [{ productId: p.id, quantity: 2 }]);
    const c = (await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 100 })).json();
    expect(await stockOf(t, p.id)).toBe(3); // held
    await t.db.execute(sql`update products set price_paise = 99900 where id = ${p.id}`);

    const signed = (await s.client.post(`/api/payments/${c.paymentId}/test-pay`)).json();
    const res = await s.client.post('/api/payments/verify', { paymentId: c.paymentId, ...signed });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'Order processing failed: The price of "Kashmiri Saffron 2g" changed while you were paying. Please contact support.',
    );
    const [payment] = await queryRows<{ status: string; provider_payment_id: string | null }>(
      t.db,
      sql`select status, provider_payment_id from payments where id = ${c.paymentId}`,
    );
    expect(payment).toEqual({ status: 'failed', provider_payment_id: signed.providerPaymentId });
    expect(await count(t, sql`select count(*)::int as n from orders where payment_id = ${c.paymentId}`)).toBe(0);
    expect(await stockOf(t, p.id)).toBe(5); // the hold went back on sale
    expect(await pointsOf(t, s.userId)).toMatchObject({ available: 100, ledgerAvailable: 100 });
    const cart = (await s.client.get('/api/cart')).json();
    expect(cart.items.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity])).toEqual([
      [p.id, 2],
    ]);

    // Verifying again (a second click, a retry) makes no order and keeps the one record.
    const again = await s.client.post('/api/payments/verify', { paymentId: c.paymentId, ...signed });
    expect(again.statusCode).toBe(409);
    expect(await count(t, sql`select count(*)::int as n from orders where payment_id = ${c.paymentId}`)).toBe(0);
    expect(
      await count(
        t,
        sql`select count(*)::int as n from payments where customer_id = ${s.userId} and status = 'failed'`,
      ),
    ).toBe(1);
  });
});

describe('a shop that does not deliver', () => {
  it('has its products refused at checkout, before any payment, naming the shop and the product', async () => {
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.b.id }]);
    await t.db.execute(sql`update vendor_shops set delivery_available = false where id = ${shop.shopB.id}`);
    try {
      const res = await start(s);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(
        'Kerala Spices does not deliver, so its products cannot be ordered online. Please remove "Malabar Pepper 500g" from your cart.',
      );
      expect(await count(t, sql`select count(*)::int as n from payments where customer_id = ${s.userId}`)).toBe(0);
    } finally {
      await t.db.execute(sql`update vendor_shops set delivery_available = true where id = ${shop.shopB.id}`);
    }
  });
});

describe('an expired hold', () => {
  it('is released by the job: its units go back on sale', async () => {
    await setStock(shop.a.id, 1);
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.a.id }]);
    const c = (await start(s)).json();
    expect(await stockOf(t, shop.a.id)).toBe(0);
    await expire(c.paymentId);
    const logs: string[] = [];
    const stop = startStockHoldsJob({
      db: t.db,
      intervalMs: 50,
      log: { info: (m) => logs.push(m), error: (m) => logs.push(m) },
    });
    try {
      await expect.poll(() => stockOf(t, shop.a.id), { timeout: 5_000, interval: 50 }).toBe(1);
    } finally {
      await stop();
    }
    expect(logs.some((m) => m.startsWith('Stock holds: 1 expired hold(s) released'))).toBe(true);
    expect((await holdsOf(c.paymentId))[0].status).toBe('released');
  });

  it('still becomes an order when paid late if the stock is still there', async () => {
    await setStock(shop.a.id, 1);
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.a.id }]);
    const c = (await start(s)).json();
    await expire(c.paymentId);
    const placed = await payWithTestGateway(s, c);
    expect(placed.statusCode).toBe(200);
    expect(await stockOf(t, shop.a.id)).toBe(0);
  });

  it('refuses a paid payment only when its hold expired and the stock went to another buyer: recorded for refund', async () => {
    await setStock(shop.a.id, 1);
    const late = await newShopper(t);
    const other = await newShopper(t);
    await fillCart(late, [{ productId: shop.a.id }]);
    await fillCart(other, [{ productId: shop.a.id }]);
    const c = (await start(late)).json();
    await expire(c.paymentId);
    // The other buyer starts after the hold expired (its unit comes back first) and pays.
    const o = await start(other, c.amountPaise); // the same cart, at the total the page had shown
    expect(o.statusCode).toBe(200);
    expect((await payWithTestGateway(other, o.json())).statusCode).toBe(200);

    const res = await payWithTestGateway(late, c);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'Order processing failed: "Block Print Kurta" is out of stock. Please contact support.',
    );
    const [row] = await queryRows<{ status: string; provider_payment_id: string | null }>(
      t.db,
      sql`select status, provider_payment_id from payments where id = ${c.paymentId}`,
    );
    expect(row.status).toBe('failed');
    expect(row.provider_payment_id).toMatch(/^test_pay_/);
    expect(await stockOf(t, shop.a.id)).toBe(0);
  });

  it('is released once even when two releases run at once', async () => {
    await setStock(shop.a.id, 2);
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.a.id, quantity: 2 }]);
    const c = (await start(s)).json();
    await expire(c.paymentId);
    const released = await Promise.all([
      t.db.transaction((tx) => releaseExpiredHolds(tx)),
      t.db.transaction((tx) => releaseExpiredHolds(tx)),
    ]);
    expect(released.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await stockOf(t, shop.a.id)).toBe(2);
  });
});
