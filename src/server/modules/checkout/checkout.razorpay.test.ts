import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db';
import { decrypt } from '../../platform/secrets';
import { buildTestApp, type TestApp } from '../../test/app';
import {
  count,
  fillCart,
  newShopper,
  stockOf,
  twoShops,
  type Shopper,
  postCheckout,
} from '../../test/checkout-fixtures';
import { FakeRazorpay } from '../../test/fake-razorpay';
import { createProduct } from '../../test/catalog-factories';
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
  saveGatewaySettings(t.db, t.config, {
    keyId: rzp.keyId,
    keySecret: rzp.keySecret,
    webhookSecret: rzp.webhookSecret,
    isEnabled: true,
    ...over,
  });

beforeEach(async () => {
  rzp.fail = false;
  await enable();
});

async function startCheckout(s: Shopper, pointsToUse = 0) {
  await fillCart(s, [{ productId: shop.a.id }, { productId: shop.b.id }]);
  const res = await postCheckout(s.client, { addressId: s.addressId, pointsToUse });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const postWebhook = (body: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-razorpay-signature': signature } : {}) },
    payload: body,
  });

const paymentOf = async (paymentId: string) =>
  (
    await queryRows<{ status: string; provider_payment_id: string | null; failure_reason: string | null }>(
      t.db,
      sql`select status, provider_payment_id, failure_reason from payments where id = ${paymentId}`,
    )
  )[0];

const ordersFor = (paymentId: string) =>
  count(t, sql`select count(*)::int as n from orders where payment_id = ${paymentId}`);

describe('gateway settings', () => {
  it('keeps the key secret and webhook secret encrypted at rest, and never shows them', async () => {
    const [row] = await queryRows<{ key_secret_encrypted: string; webhook_secret_encrypted: string }>(
      t.db,
      sql`select key_secret_encrypted, webhook_secret_encrypted from payment_gateway_settings`,
    );
    expect(row.key_secret_encrypted).not.toContain(rzp.keySecret);
    expect(decrypt(t.config, row.key_secret_encrypted)).toBe(rzp.keySecret);
    expect(decrypt(t.config, row.webhook_secret_encrypted)).toBe(rzp.webhookSecret);
    expect(await getGatewaySettings(t.db)).toEqual({
      provider: 'razorpay',
      keyId: rzp.keyId,
      isEnabled: true,
      hasKeySecret: true,
      hasWebhookSecret: true,
    });
  });
});

describe('checkout through Razorpay', () => {
  it('creates a Razorpay order (paise, INR, receipt, notes) and answers the key id and the prefill', async () => {
    const s = await newShopper(t, 100);
    const c = await startCheckout(s, 100);
    // ₹600 + ₹450 = ₹1,050 (free shipping) - 100 points = ₹950.
    expect(c).toMatchObject({
      status: 'payment_required',
      gateway: 'razorpay',
      keyId: rzp.keyId,
      amountPaise: 95000,
      currency: 'INR',
      prefill: { name: 'Asha Verma', email: s.email, contact: '9812345670' },
    });
    const created = rzp.orders.find((o) => o.id === c.providerOrderId);
    expect(created).toMatchObject({
      amount: 95000,
      currency: 'INR',
      receipt: c.paymentId,
      notes: { paymentId: c.paymentId, customerId: s.userId },
    });
    const [row] = await queryRows<{ gateway: string; provider_order_id: string; status: string }>(
      t.db,
      sql`select gateway, provider_order_id, status from payments where id = ${c.paymentId}`,
    );
    expect(row).toEqual({ gateway: 'razorpay', provider_order_id: c.providerOrderId, status: 'created' });
  });

  it("verifies the checkout response's signature against the stored order id and places one order", async () => {
    const s = await newShopper(t);
    const stock = await stockOf(t, shop.a.id);
    const c = await startCheckout(s);
    // The unit is held from the start of the payment.
    expect(await stockOf(t, shop.a.id)).toBe(stock - 1);
    const paid = rzp.pay(c.providerOrderId);
    const body = {
      paymentId: c.paymentId,
      providerOrderId: paid.razorpay_order_id,
      providerPaymentId: paid.razorpay_payment_id,
      signature: paid.razorpay_signature,
    };

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
    const swapped = await s.client.post('/api/payments/verify', {
      ...body,
      providerOrderId: 'order_someone_else',
      providerPaymentId: otherOrder.razorpay_payment_id,
      signature: otherOrder.razorpay_signature,
    });
    expect(swapped.statusCode).toBe(400);
    expect(await ordersFor(c.paymentId)).toBe(0);

    const ok = await s.client.post('/api/payments/verify', body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'placed', message: 'Order placed successfully!' });
    expect(await stockOf(t, shop.a.id)).toBe(stock - 1);
    const [payment] = await queryRows<{ status: string; provider_payment_id: string }>(
      t.db,
      sql`select status, provider_payment_id from payments where id = ${c.paymentId}`,
    );
    expect(payment).toEqual({ status: 'paid', provider_payment_id: paid.razorpay_payment_id });

    // The webhook for the same payment arrives later: the same order, not a second one.
    const hook = rzp.webhook('payment.captured', {
      orderId: c.providerOrderId,
      paymentId: paid.razorpay_payment_id,
      amount: 105000,
    });
    const res = await postWebhook(hook.body, hook.signature);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, orderId: ok.json().orderId });
    expect(await ordersFor(c.paymentId)).toBe(1);
  });

  it('places the order from the webhook alone (the browser closed), and the later verify finds it', async () => {
    const s = await newShopper(t);
    const c = await startCheckout(s);
    const paid = rzp.pay(c.providerOrderId);
    const hook = rzp.webhook('order.paid', {
      orderId: c.providerOrderId,
      paymentId: paid.razorpay_payment_id,
      amount: c.amountPaise,
    });
    const res = await postWebhook(hook.body, hook.signature);
    expect(res.statusCode).toBe(200);
    const orderId = res.json().orderId;
    expect(orderId).toEqual(expect.any(String));
    const verify = await s.client.post('/api/payments/verify', {
      paymentId: c.paymentId,
      providerOrderId: c.providerOrderId,
      providerPaymentId: paid.razorpay_payment_id,
      signature: paid.razorpay_signature,
    });
    expect(verify.json().orderId).toBe(orderId);
    expect(await ordersFor(c.paymentId)).toBe(1);
  });

  it('refuses a webhook without or with a bad X-Razorpay-Signature, and places nothing', async () => {
    const s = await newShopper(t);
    const c = await startCheckout(s);
    const hook = rzp.webhook('payment.captured', {
      orderId: c.providerOrderId,
      paymentId: 'pay_forged',
      amount: c.amountPaise,
    });
    const wrongSecret = rzp.webhook(
      'payment.captured',
      { orderId: c.providerOrderId, paymentId: 'pay_forged', amount: c.amountPaise },
      'guessed-secret',
    );
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

  it('acknowledges but ignores other events and unknown orders', async () => {
    const s = await newShopper(t);
    const c = await startCheckout(s);
    for (const hook of [
      rzp.webhook('payment.failed', { orderId: c.providerOrderId, paymentId: 'pay_x1', amount: c.amountPaise }),
      rzp.webhook('payment.captured', { orderId: 'order_not_ours', paymentId: 'pay_x2', amount: c.amountPaise }),
    ]) {
      const res = await postWebhook(hook.body, hook.signature);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, orderId: null });
    }
    expect(await ordersFor(c.paymentId)).toBe(0);
    expect(await paymentOf(c.paymentId)).toMatchObject({ status: 'created', provider_payment_id: null });
  });

  it('refuses a webhook whose amount is not what was charged, and records the payment for refund', async () => {
    const s = await newShopper(t);
    const stock = await stockOf(t, shop.a.id);
    const c = await startCheckout(s);
    const hook = rzp.webhook('payment.captured', {
      orderId: c.providerOrderId,
      paymentId: 'pay_short',
      amount: c.amountPaise - 100,
    });
    const res = await postWebhook(hook.body, hook.signature);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, orderId: null });
    expect(await ordersFor(c.paymentId)).toBe(0);
    expect(await paymentOf(c.paymentId)).toEqual({
      status: 'failed',
      provider_payment_id: 'pay_short',
      failure_reason:
        'Order processing failed: The amount paid (₹1,049) is not the amount of the order (₹1,050). Please contact support.',
    });
    expect(await stockOf(t, shop.a.id)).toBe(stock); // the held unit is back on sale
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
    let res = await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('Failed to create payment order');
    rzp.fail = false;
    await enable({ keySecret: 'wrong-secret' });
    const refusedBefore = rzp.unauthorized;
    res = await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('Failed to create payment order');
    expect(rzp.unauthorized).toBe(refusedBefore + 1);
    expect(await count(t, sql`select count(*)::int as n from payments where customer_id = ${s.userId}`)).toBe(0);
  });

  it("answers 'Payment gateway not configured. Please contact support.' when Razorpay is enabled without its key", async () => {
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.b.id }]);
    await enable({ keyId: null });
    const res = await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 });
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

describe('amounts and late payments, through Razorpay', () => {
  it('refuses the webhook of a payment whose price the vendor raised after checkout started: no order, recorded for refund, stock, points and cart as before', async () => {
    const p = await createProduct(t.db, {
      storeId: shop.shopA.id,
      categoryId: shop.category.id,
      name: 'Bagru Print Dupatta',
      pricePaise: 80000,
      rewardPercentage: 5,
      stockQuantity: 4,
    });
    const s = await newShopper(t, 50);
    await fillCart(s, [{ productId: p.id }]);
    const c = (await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 50 })).json();
    await t.db.execute(sql`update products set price_paise = 95000 where id = ${p.id}`);
    const paid = rzp.pay(c.providerOrderId);
    const hook = rzp.webhook('payment.captured', {
      orderId: c.providerOrderId,
      paymentId: paid.razorpay_payment_id,
      amount: c.amountPaise,
    });
    const res = await postWebhook(hook.body, hook.signature);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, orderId: null });
    expect(await paymentOf(c.paymentId)).toEqual({
      status: 'failed',
      provider_payment_id: paid.razorpay_payment_id,
      failure_reason:
        'Order processing failed: The price of "Bagru Print Dupatta" changed while you were paying. Please contact support.',
    });
    expect(await ordersFor(c.paymentId)).toBe(0);
    expect(await stockOf(t, p.id)).toBe(4);
    expect((await s.client.get('/api/wallet')).json()).toMatchObject({ availablePoints: 50 });
    expect((await s.client.get('/api/cart')).json().items).toHaveLength(1);

    // The browser's verify of the same payment then answers 409 with the reason, and the webhook's retry changes nothing.
    const verify = await s.client.post('/api/payments/verify', {
      paymentId: c.paymentId,
      providerOrderId: c.providerOrderId,
      providerPaymentId: paid.razorpay_payment_id,
      signature: paid.razorpay_signature,
    });
    expect(verify.statusCode).toBe(409);
    expect(verify.json().error.message).toContain('The price of "Bagru Print Dupatta" changed while you were paying');
    expect((await postWebhook(hook.body, hook.signature)).json()).toEqual({ ok: true, orderId: null });
    expect(await ordersFor(c.paymentId)).toBe(0);
    expect(
      await count(
        t,
        sql`select count(*)::int as n from payments where customer_id = ${s.userId} and provider_payment_id is not null`,
      ),
    ).toBe(1);
  });

  it('checks a webhook without an amount against Razorpay: places the order when Razorpay reports the amount charged', async () => {
    const s = await newShopper(t);
    const c = await startCheckout(s);
    const paid = rzp.pay(c.providerOrderId);
    const lookups = rzp.paymentLookups;
    const hook = rzp.webhook('payment.captured', {
      orderId: c.providerOrderId,
      paymentId: paid.razorpay_payment_id,
      amount: undefined,
    });
    expect(hook.body).not.toContain('"amount"');
    const res = await postWebhook(hook.body, hook.signature);
    expect(res.statusCode).toBe(200);
    expect(res.json().orderId).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(rzp.paymentLookups).toBe(lookups + 1);
    expect(await ordersFor(c.paymentId)).toBe(1);
  });

  it('refuses a webhook without an amount when Razorpay reports another amount (recorded), another order or no capture (ignored)', async () => {
    const s = await newShopper(t);
    const c = await startCheckout(s);
    const other = rzp.pay(c.providerOrderId);
    rzp.payments.set(other.razorpay_payment_id, { ...rzp.payments.get(other.razorpay_payment_id)!, status: 'failed' });
    const elsewhere = rzp.pay(c.providerOrderId);
    rzp.payments.set(elsewhere.razorpay_payment_id, {
      ...rzp.payments.get(elsewhere.razorpay_payment_id)!,
      order_id: 'order_someone_else',
    });
    for (const paymentId of [other.razorpay_payment_id, elsewhere.razorpay_payment_id, 'pay_unknown_to_razorpay']) {
      const hook = rzp.webhook('payment.captured', { orderId: c.providerOrderId, paymentId, amount: undefined });
      expect((await postWebhook(hook.body, hook.signature)).json()).toEqual({ ok: true, orderId: null });
    }
    expect(await paymentOf(c.paymentId)).toMatchObject({ status: 'created', provider_payment_id: null });

    const short = rzp.pay(c.providerOrderId);
    rzp.payments.set(short.razorpay_payment_id, {
      ...rzp.payments.get(short.razorpay_payment_id)!,
      amount: c.amountPaise - 5000,
    });
    const hook = rzp.webhook('payment.captured', {
      orderId: c.providerOrderId,
      paymentId: short.razorpay_payment_id,
      amount: undefined,
    });
    expect((await postWebhook(hook.body, hook.signature)).json()).toEqual({ ok: true, orderId: null });
    expect(await paymentOf(c.paymentId)).toMatchObject({
      status: 'failed',
      provider_payment_id: short.razorpay_payment_id,
    });
    expect(await ordersFor(c.paymentId)).toBe(0);
  });

  it('answers 503 to a webhook without an amount while Razorpay cannot be asked, so that it is retried; nothing is placed', async () => {
    const s = await newShopper(t);
    const c = await startCheckout(s);
    const paid = rzp.pay(c.providerOrderId);
    const hook = rzp.webhook('payment.captured', {
      orderId: c.providerOrderId,
      paymentId: paid.razorpay_payment_id,
      amount: undefined,
    });
    rzp.fail = true;
    const res = await postWebhook(hook.body, hook.signature);
    expect(res.statusCode).toBe(503);
    expect(await ordersFor(c.paymentId)).toBe(0);
    rzp.fail = false;
    expect((await postWebhook(hook.body, hook.signature)).json().orderId).toEqual(
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    );
  });

  it('records a payment captured after the customer dismissed it for refund (dismissing released its stock); re-verifying or a retried webhook makes no order and no second record', async () => {
    const s = await newShopper(t);
    const stock = await stockOf(t, shop.a.id);
    const c = await startCheckout(s);
    const dismissed = await s.client.post(`/api/payments/${c.paymentId}/fail`, { reason: 'cancelled' });
    expect(dismissed.json()).toEqual({ status: 'failed', message: 'Payment cancelled by user' });
    expect(await stockOf(t, shop.a.id)).toBe(stock);

    const paid = rzp.pay(c.providerOrderId);
    const hook = rzp.webhook('payment.captured', {
      orderId: c.providerOrderId,
      paymentId: paid.razorpay_payment_id,
      amount: c.amountPaise,
    });
    expect((await postWebhook(hook.body, hook.signature)).json()).toEqual({ ok: true, orderId: null });
    const recorded = await paymentOf(c.paymentId);
    expect(recorded).toEqual({
      status: 'failed',
      provider_payment_id: paid.razorpay_payment_id,
      failure_reason:
        'Order processing failed: The payment arrived after it was cancelled and its items were released. Please contact support.',
    });
    expect(await stockOf(t, shop.a.id)).toBe(stock);

    expect((await postWebhook(hook.body, hook.signature)).json()).toEqual({ ok: true, orderId: null });
    const verify = await s.client.post('/api/payments/verify', {
      paymentId: c.paymentId,
      providerOrderId: c.providerOrderId,
      providerPaymentId: paid.razorpay_payment_id,
      signature: paid.razorpay_signature,
    });
    expect(verify.statusCode).toBe(409);
    expect(verify.json().error.message).toBe(recorded.failure_reason);
    expect(await ordersFor(c.paymentId)).toBe(0);
    expect(await paymentOf(c.paymentId)).toEqual(recorded);
    expect(await count(t, sql`select count(*)::int as n from payments where customer_id = ${s.userId}`)).toBe(1);
  });

  it('places the order of a late capture whose stock hold is still valid (the browser never reported a dismiss)', async () => {
    const s = await newShopper(t);
    const c = await startCheckout(s);
    const paid = rzp.pay(c.providerOrderId);
    const hook = rzp.webhook('payment.captured', {
      orderId: c.providerOrderId,
      paymentId: paid.razorpay_payment_id,
      amount: c.amountPaise,
    });
    expect((await postWebhook(hook.body, hook.signature)).json().orderId).toEqual(
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    );
    expect(await paymentOf(c.paymentId)).toMatchObject({
      status: 'paid',
      provider_payment_id: paid.razorpay_payment_id,
    });
  });
});
