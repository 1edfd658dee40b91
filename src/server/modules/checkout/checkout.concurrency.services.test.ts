import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db';
import { buildTestApp, type TestApp } from '../../test/app';
import {
  count,
  fillCart,
  newShopper,
  pointsOf,
  stockOf,
  twoShops,
  postCheckout,
  shownTotal,
} from '../../test/checkout-fixtures';
import { FakeRazorpay } from '../../test/fake-razorpay';
import { moneyInvariantViolations } from '../../test/invariants';
import { pointsLedgerMismatches } from '../../test/order-factories';
import { saveGatewaySettings } from '../payments';
import { requireServices } from '../../test/services';

await requireServices(['postgresql']);

// Integrity under load: many requests at once through app.inject. On PGlite the
// transactions queue one after another; on PostgreSQL (DATABASE_URL) they truly run in parallel.
// Each test makes its own shops, products (with the stock it needs) and shoppers, and says which
// gateway it pays through, so the tests pass in any order.

let t: TestApp;
let rzp: FakeRazorpay;

beforeAll(async () => {
  rzp = new FakeRazorpay();
  t = await buildTestApp({ RAZORPAY_API_BASE: await rzp.start() });
});
afterAll(async () => {
  await t.close();
  await rzp.stop();
});

const SHOPPERS = 12;
const shoppers = (points = 0) => Promise.all(Array.from({ length: SHOPPERS }, () => newShopper(t, points)));
/** Payments go through the test gateway (Razorpay switched off), or through the fake Razorpay. */
const useTestGateway = () => saveGatewaySettings(t.db, t.config, { keyId: null, isEnabled: false });
const useRazorpay = () =>
  saveGatewaySettings(t.db, t.config, {
    keyId: rzp.keyId,
    keySecret: rzp.keySecret,
    webhookSecret: rzp.webhookSecret,
    isEnabled: true,
  });
const soldOf = (productId: string) =>
  count(t, sql`select coalesce(sum(quantity), 0)::int as n from order_items where product_id = ${productId}`);

async function expectLedgerConsistent() {
  expect(await pointsLedgerMismatches(t.db)).toEqual([]);
  const negative = sql`select count(*)::int as n from reward_balances where available_points < 0 or pending_points < 0`;
  expect(await count(t, negative)).toBe(0);
  // Every money rule of the store, the settlement lines of each order placed in the race included.
  expect(await moneyInvariantViolations(t.db)).toEqual([]);
}

describe('no oversell', () => {
  it('buyers of two products race, in either order in their carts: a refused hold holds neither', async () => {
    const BUYERS = 40;
    await useTestGateway();
    const racer = await twoShops(t, { stockA: 10, stockB: 15 });
    const all = await Promise.all(Array.from({ length: BUYERS }, () => newShopper(t)));
    await Promise.all(
      all.map((s, i) =>
        fillCart(
          s,
          i % 2
            ? [{ productId: racer.a.id }, { productId: racer.b.id }]
            : [{ productId: racer.b.id }, { productId: racer.a.id }],
        ),
      ),
    );
    const totals = await Promise.all(all.map((s) => shownTotal(s.client)));
    const started = await Promise.all(
      all.map((s, i) =>
        s.client.post('/api/checkout', { addressId: s.addressId, pointsToUse: 0, expectedTotalPaise: totals[i] }),
      ),
    );
    const codes = started.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(BUYERS - 10);
    expect(await stockOf(t, racer.a.id)).toBe(0);
    expect(await stockOf(t, racer.b.id)).toBe(5);
    // Every payment holds both products, and no hold is without its payment.
    const holds = sql`select count(*)::int as n from stock_holds h join payments p on p.id = h.ref
      where h.product_id in (${racer.a.id}, ${racer.b.id})`;
    expect(await count(t, holds)).toBe(20);
    const orphans = sql`select count(*)::int as n from stock_holds h
      where h.product_id in (${racer.a.id}, ${racer.b.id})
        and not exists (select 1 from payments p where p.id = h.ref)`;
    expect(await count(t, orphans)).toBe(0);
  });

  it('200 buyers race for 50 units: 150 are refused before they pay, the 50 who pay all get their order', async () => {
    const BUYERS = 200;
    const UNITS = 50;
    await useTestGateway();
    const racer = await twoShops(t, { stockA: UNITS });
    const all: Awaited<ReturnType<typeof newShopper>>[] = [];
    // Signing up is not what races here: buyers are made a few at a time.
    for (let i = 0; i < BUYERS; i += 20)
      all.push(...(await Promise.all(Array.from({ length: Math.min(20, BUYERS - i) }, () => newShopper(t)))));
    await Promise.all(all.map((s) => fillCart(s, [{ productId: racer.a.id }])));

    // Each shopper saw their total first; the checkouts themselves race.
    const totals = await Promise.all(all.map((s) => shownTotal(s.client)));
    const started = await Promise.all(
      all.map((s, i) =>
        s.client.post('/api/checkout', { addressId: s.addressId, pointsToUse: 0, expectedTotalPaise: totals[i] }),
      ),
    );
    const codes = started.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(UNITS);
    expect(codes.filter((c) => c === 409)).toHaveLength(BUYERS - UNITS);
    for (const r of started.filter((x) => x.statusCode === 409))
      expect(r.json().error.message).toBe('"Block Print Kurta" is out of stock');
    expect(await stockOf(t, racer.a.id)).toBe(0);
    // Nobody refused was asked to pay: no payment exists for them.
    expect(
      await count(
        t,
        sql`select count(*)::int as n from payments p join stock_holds h on h.ref = p.id where h.product_id = ${racer.a.id}`,
      ),
    ).toBe(UNITS);

    const winners = all.filter((_, i) => codes[i] === 200);
    const payments = started.filter((r) => r.statusCode === 200).map((r) => r.json<{ paymentId: string }>());
    const signed = await Promise.all(
      winners.map((s, i) => s.client.post(`/api/payments/${payments[i].paymentId}/test-pay`)),
    );
    const paid = await Promise.all(
      winners.map((s, i) =>
        s.client.post('/api/payments/verify', {
          paymentId: payments[i].paymentId,
          ...signed[i].json<Record<string, string>>(),
        }),
      ),
    );
    expect(paid.map((r) => r.statusCode)).toEqual(Array(UNITS).fill(200));
    expect(await stockOf(t, racer.a.id)).toBe(0);
    expect(await soldOf(racer.a.id)).toBe(UNITS);
    expect(
      await count(
        t,
        sql`select count(*)::int as n from payments p join stock_holds h on h.ref = p.id where h.product_id = ${racer.a.id} and p.status = 'failed' and p.provider_payment_id is not null`,
      ),
    ).toBe(0);
  }, 120_000);

  it(`${SHOPPERS} shoppers whose points cover everything check out at once: exactly 5 orders, stock never below 0`, async () => {
    const shop = await twoShops(t, { stockA: 5, stockB: 5, priceB: 45000 });
    const all = await shoppers(600);
    await Promise.all(all.map((s) => fillCart(s, [{ productId: shop.b.id }])));
    // ₹450 + ₹99 shipping = 549 points: nothing is due, so every order is placed directly.
    const results = await Promise.all(
      all.map((s) =>
        s.client.post('/api/checkout', { addressId: s.addressId, pointsToUse: 549, expectedTotalPaise: 0 }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(SHOPPERS - 5);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().error.message).toContain('"Malabar Pepper 500g"');
    expect(await stockOf(t, shop.b.id)).toBe(0);
    expect(await soldOf(shop.b.id)).toBe(5);
    // The losers kept their points.
    const balances = await Promise.all(all.map((s) => pointsOf(t, s.userId)));
    expect(balances.filter((b) => b.available === 51)).toHaveLength(5);
    expect(balances.filter((b) => b.available === 600)).toHaveLength(SHOPPERS - 5);
    await expectLedgerConsistent();
  });
});

describe('no double spend', () => {
  /** Plenty of stock: what races here is the points, not the stock. */
  const plentifulShops = () => twoShops(t, { stockA: 1000, stockB: 1000, priceB: 45000 });

  it('several paid checkouts spending points, confirmed at once: the balance never goes below 0 and equals the ledger', async () => {
    await useTestGateway();
    const shop = await plentifulShops();
    const s = await newShopper(t, 1000);
    await fillCart(s, [{ productId: shop.a.id, quantity: 2 }]);
    // Six payments each promising 400 of the 1,000 points (points are only spent when a payment is confirmed).
    const started = [];
    for (let i = 0; i < 6; i++)
      started.push((await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 400 })).json());
    const signed = await Promise.all(started.map((c) => s.client.post(`/api/payments/${c.paymentId}/test-pay`)));
    const results = await Promise.all(
      started.map((c, i) =>
        s.client.post('/api/payments/verify', { paymentId: c.paymentId, ...signed[i].json<Record<string, string>>() }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error.message).toBe(
        'Order processing failed: You cannot use more points than you have. Please contact support.',
      );
    }
    const p = await pointsOf(t, s.userId);
    expect(p.available).toBe(200);
    expect(p.available).toBe(p.ledgerAvailable);
    await expectLedgerConsistent();
  });

  it('several direct checkouts at once from one cart: one order, the points spent once', async () => {
    const shop = await plentifulShops();
    const s = await newShopper(t, 1000);
    await fillCart(s, [{ productId: shop.b.id }]);
    // 549 points pay for everything, so each attempt places its order directly.
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        s.client.post('/api/checkout', { addressId: s.addressId, pointsToUse: 549, expectedTotalPaise: 0 }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) expect([400, 409]).toContain(r.statusCode);
    const p = await pointsOf(t, s.userId);
    expect(p.available).toBe(1000 - 549);
    expect(p.available).toBe(p.ledgerAvailable);
    await expectLedgerConsistent();
  });
});

describe('one payment, one order', () => {
  it('the same test-gateway payment verified many times at once makes one order', async () => {
    await useTestGateway();
    const shop = await twoShops(t, { priceB: 45000 });
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.b.id }]);
    const c = (await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 })).json();
    const signed = (await s.client.post(`/api/payments/${c.paymentId}/test-pay`)).json();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => s.client.post('/api/payments/verify', { paymentId: c.paymentId, ...signed })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => r.json().orderId)).size).toBe(1);
    expect(await count(t, sql`select count(*)::int as n from orders where payment_id = ${c.paymentId}`)).toBe(1);
  });

  it('a Razorpay payment confirmed by the browser and the webhook at the same time makes one order', async () => {
    await useRazorpay();
    const shop = await twoShops(t, { priceB: 45000 });
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.a.id }, { productId: shop.b.id }]);
    const stock = await stockOf(t, shop.a.id);
    const c = (await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 })).json();
    expect(c.gateway).toBe('razorpay');
    const paid = rzp.pay(c.providerOrderId);
    const verify = () =>
      s.client.post('/api/payments/verify', {
        paymentId: c.paymentId,
        providerOrderId: c.providerOrderId,
        providerPaymentId: paid.razorpay_payment_id,
        signature: paid.razorpay_signature,
      });
    const webhook = (event: 'payment.captured' | 'order.paid') => {
      const hook = rzp.webhook(event, {
        orderId: c.providerOrderId,
        paymentId: paid.razorpay_payment_id,
        amount: c.amountPaise,
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': hook.signature },
        payload: hook.body,
      });
    };
    const results = await Promise.all([
      verify(),
      webhook('payment.captured'),
      verify(),
      webhook('order.paid'),
      webhook('payment.captured'),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const orderIds = new Set(results.map((r) => r.json().orderId));
    expect(orderIds.size).toBe(1);
    expect(await count(t, sql`select count(*)::int as n from orders where payment_id = ${c.paymentId}`)).toBe(1);
    expect(await stockOf(t, shop.a.id)).toBe(stock - 1);
    const [row] = await queryRows<{ status: string }>(t.db, sql`select status from payments where id = ${c.paymentId}`);
    expect(row.status).toBe('paid');
    await expectLedgerConsistent();
  });
});
