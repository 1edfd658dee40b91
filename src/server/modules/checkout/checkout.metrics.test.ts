import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import {
  fillCart,
  newShopper,
  payWithTestGateway,
  placeOrder,
  stockOf,
  twoShops,
  type Shopper,
  postCheckout,
} from '../../test/checkout-fixtures';
import { sample } from '../../test/metrics';
import { releaseExpiredHolds } from '../catalog';

// Payment outcomes as /metrics counts them: once per outcome, never again for a repeated confirmation.

const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;
let shop: Awaited<ReturnType<typeof twoShops>>;
beforeAll(async () => {
  t = await buildTestApp({ METRICS_TOKEN: TOKEN });
  shop = await twoShops(t, { stockA: 50, stockB: 50 });
});
afterAll(() => t.close());

async function outcomes(): Promise<Record<string, number>> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  const counts: Record<string, number> = {};
  for (const outcome of ['paid', 'failed', 'cancelled', 'refund_due', 'verification_failed']) {
    for (const gateway of ['test', 'razorpay']) {
      const n = sample(res.body, 'haat_payment_outcomes_total', { outcome, gateway });
      if (n !== undefined) counts[`${outcome}/${gateway}`] = n;
    }
  }
  return counts;
}

async function startPaying(s: Shopper): Promise<{ paymentId: string }> {
  await fillCart(s, [{ productId: shop.b.id }]);
  const c = (await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 })).json();
  expect(c.status).toBe('payment_required');
  return c;
}

describe('haat_payment_outcomes_total', () => {
  it('counts a paid order once, however often its payment is confirmed', async () => {
    const before = await outcomes();
    const s = await newShopper(t);
    const c = await startPaying(s);
    const signed = (await s.client.post(`/api/payments/${c.paymentId}/test-pay`)).json();
    for (let i = 0; i < 2; i++)
      expect((await s.client.post('/api/payments/verify', { paymentId: c.paymentId, ...signed })).statusCode).toBe(200);
    expect(await outcomes()).toEqual({ ...before, 'paid/test': (before['paid/test'] ?? 0) + 1 });
  });

  it('counts declined, dismissed and forged payments apart', async () => {
    const before = await outcomes();
    const [d, a, b] = [await newShopper(t), await newShopper(t), await newShopper(t)];
    const [declined, dismissed, forged] = [await startPaying(d), await startPaying(a), await startPaying(b)];
    expect(
      (await d.client.post(`/api/payments/${declined.paymentId}/fail`, { reason: 'failed', detail: 'Card declined' }))
        .statusCode,
    ).toBe(200);
    expect((await a.client.post(`/api/payments/${dismissed.paymentId}/fail`, { reason: 'cancelled' })).statusCode).toBe(
      200,
    );
    const signed = (await b.client.post(`/api/payments/${forged.paymentId}/test-pay`)).json();
    expect(
      (await b.client.post('/api/payments/verify', { paymentId: forged.paymentId, ...signed, signature: 'abc' }))
        .statusCode,
    ).toBe(400);
    // A webhook nobody signed (Razorpay is not even configured here).
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{"event":"payment.captured"}',
    });
    expect(hook.statusCode).toBe(400);
    expect(await outcomes()).toEqual({
      ...before,
      'failed/test': (before['failed/test'] ?? 0) + 1,
      'cancelled/test': (before['cancelled/test'] ?? 0) + 1,
      'verification_failed/test': (before['verification_failed/test'] ?? 0) + 1,
      'verification_failed/razorpay': (before['verification_failed/razorpay'] ?? 0) + 1,
    });
  });

  it('counts money taken without an order (refund due) once, and no paid order', async () => {
    const before = await outcomes();
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.a.id, quantity: 2 }]);
    const c = (await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 })).json();
    // The hold runs out while the customer pays, and the stock is sold meanwhile.
    await t.db.execute(sql`update stock_holds set expires_at = now() - interval '1 second' where ref = ${c.paymentId}`);
    await t.db.transaction((tx) => releaseExpiredHolds(tx));
    const stock = await stockOf(t, shop.a.id);
    try {
      await t.db.execute(sql`update products set stock_quantity = 1 where id = ${shop.a.id}`);
      expect((await payWithTestGateway(s, c)).statusCode).toBe(409);
      expect((await payWithTestGateway(s, c)).statusCode).toBe(409);
    } finally {
      await t.db.execute(sql`update products set stock_quantity = ${stock} where id = ${shop.a.id}`);
    }
    expect(await outcomes()).toEqual({ ...before, 'refund_due/test': (before['refund_due/test'] ?? 0) + 1 });
  });

  it('counts an order placed through the usual flow', async () => {
    const before = await outcomes();
    await placeOrder(await newShopper(t), [{ productId: shop.b.id }]);
    expect((await outcomes())['paid/test']).toBe((before['paid/test'] ?? 0) + 1);
  });
});
