import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db';
import { decrypt } from '../../platform/secrets';
import { buildTestApp, type TestApp } from '../../test/app';
import { count, fillCart, newShopper, stockOf, twoShops, type Shopper } from '../../test/checkout-fixtures';
import { FakeRazorpay } from '../../test/fake-razorpay';
import { getGatewaySettings, saveGatewaySettings } from '../payments';

let t: TestApp;
let rzp: FakeRazorpay;
let shop: Awaited<ReturnType<typeof twoShops>>;

beforeAll(async () => {
  rzp = new FakeRazorpay();
  const url = await rzp.start();
  t = await buildTestApp({ RAZORPAY_API_BASE: url, APP_SECRET: 'a-test-app-secret-that-is-32-characters-long' });
  shop = await twoShops(t, { stockA: 100, stockB: 100 });
});
afterAll(async () => {
  await t.close();
  await rzp.stop();
});

const enable = (over: Partial<Parameters<typeof saveGatewaySettings>[2]> = {}) =>
  saveGatewaySettings(t.db, t.config, { keyId: rzp.keyId, keySecret: rzp.keySecret, webhookSecret: rzp.webhookSecret, isEnabled: true, ...over });

beforeEach(async () => {
  rzp.fail = false;
  await enable();
});

async function startCheckout(s: Shopper, pointsToUse = 0) {
  await fillCart(s, [{ productId: shop.a.id }, { productId: shop.b.id }]);
  const res = await s.client.post('/api/checkout', { addressId: s.addressId, pointsToUse });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const postWebhook = (body: string, signature?: string) =>
  t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', ...(signature ? { 'x-razorpay-signature': signature } : {}) }, payload: body });

const ordersFor = (paymentId: string) => count(t, sql`select count(*)::int as n from orders where payment_id = ${paymentId}`);

describe('gateway settings', () => {
  it('keeps the key secret and webhook secret encrypted at rest, and never shows them', async () => {
    const [row] = await queryRows<{ key_secret_encrypted: string; webhook_secret_encrypted: string }>(t.db, sql`select key_secret_encrypted, webhook_secret_encrypted from payment_gateway_settings`);
    expect(row.key_secret_encrypted).not.toContain(rzp.keySecret);
    expect(decrypt(t.config, row.key_secret_encrypted)).toBe(rzp.keySecret);
    expect(decrypt(t.config, row.webhook_secret_encrypted)).toBe(rzp.webhookSecret);
    expect(await getGatewaySettings(t.db)).toEqual({ provider: 'razorpay', keyId: rzp.keyId, isEnabled: true, hasKeySecret: true, hasWebhookSecret: true });
  });
});

describe('checkout through Razorpay', () => {
  it('creates a Razorpay order (paise, INR, receipt, notes) and answers the key id and the prefill', async () => {
    const s = await newShopper(t, 100);
    const c = await startCheckout(s, 100);
    // ₹600 + ₹450 = ₹1,050 (free shipping) - 100 points = ₹950.
    expect(c).toMatchObject({ status: 'payment_required', gateway: 'razorpay', keyId: rzp.keyId, amountPaise: 95000, currency: 'INR', prefill: { name: 'Asha Verma', email: s.email, contact: '9812345670' } });
    const created = rzp.orders.find((o) => o.id === c.providerOrderId);
    expect(created).toMatchObject({ amount: 95000, currency: 'INR', receipt: c.paymentId, notes: { paymentId: c.paymentId, customerId: s.userId } });
    const [row] = await queryRows<{ gateway: string; provider_order_id: string; status: string }>(t.db, sql`select gateway, provider_order_id, status from payments where id = ${c.paymentId}`);
    expect(row).toEqual({ gateway: 'razorpay', provider_order_id: c.providerOrderId, status: 'created' });
  });

  it("verifies the checkout response's signature against the stored order id and places one order", async () => {
    const s = await newShopper(t);
    const stock = await stockOf(t, shop.a.id);
    const c = await startCheckout(s);
    // The unit is held from the start of the payment.
    expect(await stockOf(t, shop.a.id)).toBe(stock - 1);
    const paid = rzp.pay(c.providerOrderId);
    const body = { paymentId: c.paymentId, providerOrderId: paid.razorpay_order_id, providerPaymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature };

    const forged = rzp.pay(c.providerOrderId, 'not-the-key-secret');
    for (const bad of [
      { ...body, signature: forged.razorpay_signature },
      { ...body, signature: '0'.repeat(64) },
      { ...body, providerPaymentId: 'pay_other' },
    ]) {
      const res = await s.client.post('/api/payments/verify', bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Payment verification failed');
    }
    // A genuine signature of another Razorpay order does not pay this one.
    const otherOrder = rzp.pay('order_someone_else');
    const swapped = await s.client.post('/api/payments/verify', { ...body, providerOrderId: 'order_someone_else', providerPaymentId: otherOrder.razorpay_payment_id, signature: otherOrder.razorpay_signature });
    expect(swapped.statusCode).toBe(400);
    expect(await ordersFor(c.paymentId)).toBe(0);

    const ok = await s.client.post('/api/payments/verify', body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'placed', message: 'Order placed successfully!' });
    expect(await stockOf(t, shop.a.id)).toBe(stock - 1);
    const [payment] = await queryRows<{ status: string; provider_payment_id: string }>(t.db, sql`select status, provider_payment_id from payments where id = ${c.paymentId}`);
    expect(payment).toEqual({ status: 'paid', provider_payment_id: paid.razorpay_payment_id });

    // The webhook for the same payment arrives later: the same order, not a second one.
    const hook = rzp.webhook('payment.captured', { orderId: c.providerOrderId, paymentId: paid.razorpay_payment_id, amount: 105000 });
    const res = await postWebhook(hook.body, hook.signature);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, orderId: ok.json().orderId });
    expect(await ordersFor(c.paymentId)).toBe(1);
  });

  it('places the order from the webhook alone (the browser closed), and the later verify finds it', async () => {
    const s = await newShopper(t);
    const c = await startCheckout(s);
    const paid = rzp.pay(c.providerOrderId);
    const hook = rzp.webhook('order.paid', { orderId: c.providerOrderId, paymentId: paid.razorpay_payment_id, amount: c.amountPaise });
    const res = await postWebhook(hook.body, hook.signature);
    expect(res.statusCode).toBe(200);
    const orderId = res.json().orderId;
    expect(orderId).toEqual(expect.any(String));
    const verify = await s.client.post('/api/payments/verify', { paymentId: c.paymentId, providerOrderId: c.providerOrderId, providerPaymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature });
    expect(verify.json().orderId).toBe(orderId);
    expect(await ordersFor(c.paymentId)).toBe(1);
  });

  it('refuses a webhook without or with a bad X-Razorpay-Signature, and places nothing', async () => {
    const s = await newShopper(t);
    const c = await startCheckout(s);
    const hook = rzp.webhook('payment.captured', { orderId: c.providerOrderId, paymentId: 'pay_forged', amount: c.amountPaise });
    const wrongSecret = rzp.webhook('payment.captured', { orderId: c.providerOrderId, paymentId: 'pay_forged', amount: c.amountPaise }, 'guessed-secret');
    for (const [body, signature] of [
      [hook.body, undefined],
      [hook.body, 'f'.repeat(64)],
      [hook.body, wrongSecret.signature],
      [hook.body.replace(`"amount":${c.amountPaise}`, '"amount":100'), hook.signature],
    ] as const) {
      const res = await postWebhook(body, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Payment verification failed');
    }
    expect(await ordersFor(c.paymentId)).toBe(0);
  });

  it('acknowledges but ignores other events, unknown orders and amounts that do not match', async () => {
    const s = await newShopper(t);
    const c = await startCheckout(s);
    for (const hook of [
      rzp.webhook('payment.failed', { orderId: c.providerOrderId, paymentId: 'pay_x1', amount: c.amountPaise }),
      rzp.webhook('payment.captured', { orderId: 'order_not_ours', paymentId: 'pay_x2', amount: c.amountPaise }),
      rzp.webhook('payment.captured', { orderId: c.providerOrderId, paymentId: 'pay_x3', amount: c.amountPaise - 100 }),
    ]) {
      const res = await postWebhook(hook.body, hook.signature);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, orderId: null });
    }
    expect(await ordersFor(c.paymentId)).toBe(0);
  });

  it('does not offer the test gateway once Razorpay is enabled', async () => {
    const s = await newShopper(t);
    const c = await startCheckout(s);
    const res = await s.client.post(`/api/payments/${c.paymentId}/test-pay`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Payment gateway not configured. Please contact support.');
  });

  it("answers 'Failed to create payment order' when Razorpay fails or refuses the key, and records no payment", async () => {
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.b.id }]);
    rzp.fail = true;
    let res = await s.client.post('/api/checkout', { addressId: s.addressId, pointsToUse: 0 });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('Failed to create payment order');
    rzp.fail = false;
    await enable({ keySecret: 'wrong-secret' });
    const refusedBefore = rzp.unauthorized;
    res = await s.client.post('/api/checkout', { addressId: s.addressId, pointsToUse: 0 });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('Failed to create payment order');
    expect(rzp.unauthorized).toBe(refusedBefore + 1);
    expect(await count(t, sql`select count(*)::int as n from payments where customer_id = ${s.userId}`)).toBe(0);
  });

  it("answers 'Payment gateway not configured. Please contact support.' when Razorpay is enabled without its key", async () => {
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.b.id }]);
    await enable({ keyId: null });
    const res = await s.client.post('/api/checkout', { addressId: s.addressId, pointsToUse: 0 });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('Payment gateway not configured. Please contact support.');
  });

  it('falls back to the test gateway when Razorpay is disabled', async () => {
    const s = await newShopper(t);
    await enable({ isEnabled: false });
    const c = await startCheckout(s);
    expect(c.gateway).toBe('test');
    expect(c.providerOrderId).toMatch(/^test_order_/);
  });
});
