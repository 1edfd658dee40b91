import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import {
  count,
  fillCart,
  newShopper,
  payWithTestGateway,
  pointsOf,
  stockOf,
  twoShops,
  postCheckout,
} from '../../test/checkout-fixtures';
import { registerAndLogin, vendorInput } from '../../test/factories';
import { releaseExpiredHolds } from '../catalog';

let t: TestApp;
let shop: Awaited<ReturnType<typeof twoShops>>;
beforeAll(async () => {
  t = await buildTestApp();
  shop = await twoShops(t, { stockA: 50, stockB: 50 });
});
afterAll(() => t.close());

const ordersOf = (userId: string) => count(t, sql`select count(*)::int as n from orders where customer_id = ${userId}`);

describe('POST /api/checkout refusals', () => {
  it('needs a signed-in customer: 401 for a guest, 403 for a vendor', async () => {
    const guest = await new TestClient(t.app).post('/api/checkout', { addressId: crypto.randomUUID(), pointsToUse: 0 });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().error.message).toBe('Authentication required');
    const vendor = new TestClient(t.app, '10.9.0.1');
    await registerAndLogin(vendor, vendorInput());
    const res = await vendor.post('/api/checkout', { addressId: crypto.randomUUID(), pointsToUse: 0 });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a guest (401) and a vendor (403) on every customer endpoint before looking at a bad body or query', async () => {
    const guest = new TestClient(t.app, '10.9.0.2');
    const vendor = new TestClient(t.app, '10.9.0.3');
    await registerAndLogin(vendor, vendorInput());
    const id = crypto.randomUUID();
    const calls: [client: TestClient, method: 'GET' | 'POST', url: string, body?: unknown][] = [];
    for (const client of [guest, vendor]) {
      calls.push(
        [client, 'POST', '/api/checkout', { addressId: 42, pointsToUse: 'lots' }],
        [client, 'GET', '/api/checkout/summary?pointsToUse=-1'],
        [client, 'POST', '/api/payments/verify', { paymentId: 'nope' }],
        [client, 'POST', `/api/payments/${id}/fail`, { reason: 'bored' }],
        [client, 'POST', `/api/payments/${'x'.repeat(80)}/test-pay`],
        [client, 'POST', `/api/orders/${'x'.repeat(80)}/cancel`],
        [client, 'POST', `/api/products/${id}/reviews`, { rating: 'ten' }],
        [client, 'GET', '/api/orders?status=everything'],
        [client, 'GET', `/api/orders/${'x'.repeat(80)}`],
      );
    }
    for (const [client, method, url, body] of calls) {
      const res = await client.request(method, url, body);
      const expected =
        client === guest
          ? { status: 401, message: 'Authentication required' }
          : { status: 403, message: 'You do not have access to this page.' };
      expect({ url, status: res.statusCode, message: res.json().error.message }).toEqual({ url, ...expected });
    }
  });

  it("asks for an address: 'Please select a delivery address' under addressId", async () => {
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.a.id }]);
    for (const body of [{ pointsToUse: 0 }, { addressId: '', pointsToUse: 0 }]) {
      const res = await postCheckout(s.client, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Please select a delivery address');
      expect(res.json().error.fields.addressId).toBe('Please select a delivery address');
    }
  });

  it("refuses someone else's address, an unknown one and a malformed one with 'Selected address not found'", async () => {
    const s = await newShopper(t);
    const other = await newShopper(t);
    await fillCart(s, [{ productId: shop.a.id }]);
    for (const addressId of [other.addressId, crypto.randomUUID(), 'not-an-id']) {
      const res = await postCheckout(s.client, { addressId, pointsToUse: 0 });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({
        message: 'Selected address not found',
        fields: { addressId: 'Selected address not found' },
      });
    }
    expect(await count(t, sql`select count(*)::int as n from payments where customer_id = ${s.userId}`)).toBe(0);
  });

  it("answers 400 'Your cart is empty' for an empty cart", async () => {
    const s = await newShopper(t);
    const res = await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Your cart is empty');
  });

  it('answers 409 naming a product that became unavailable or is short of stock', async () => {
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.a.id, quantity: 3 }]);
    const before = await stockOf(t, shop.a.id);
    try {
      await t.db.execute(sql`update products set is_active = false where id = ${shop.a.id}`);
      let res = await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('"Block Print Kurta" is no longer available');
      await t.db.execute(sql`update products set is_active = true, stock_quantity = 2 where id = ${shop.a.id}`);
      res = await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toContain('Only 2 left of "Block Print Kurta"');
    } finally {
      // Other tests buy this product: put it back as it was, whatever failed above.
      await t.db.execute(sql`update products set is_active = true, stock_quantity = ${before} where id = ${shop.a.id}`);
    }
  });

  it("refuses more points than the balance: 'You cannot use more points than you have' under pointsToUse", async () => {
    const s = await newShopper(t, 40);
    await fillCart(s, [{ productId: shop.a.id }]);
    const res = await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 41 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: 'You cannot use more points than you have',
      fields: { pointsToUse: 'You cannot use more points than you have' },
    });
  });

  it('refuses more points than the order costs (total including shipping), and negative points', async () => {
    const s = await newShopper(t, 2000);
    await fillCart(s, [{ productId: shop.b.id }]); // ₹450 + ₹99 shipping = 549 points at most
    const res = await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 550 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.pointsToUse).toBe('You can use at most 549 points on this order');
    const negative = await postCheckout(s.client, { addressId: s.addressId, pointsToUse: -5 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.fields.pointsToUse).toBe('Points cannot be negative');
  });
});

describe('GET /api/checkout/summary', () => {
  it('prices the cart on the server with shipping, points and points earned', async () => {
    const s = await newShopper(t, 300);
    await fillCart(s, [{ productId: shop.b.id, quantity: 2 }]);
    const res = await s.client.get('/api/checkout/summary?pointsToUse=5000');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.availablePoints).toBe(300);
    expect(body.maxPointsUsable).toBe(300);
    // ₹900 is not above ₹999: shipping ₹99; the points asked are clamped to what may be used.
    expect(body.amounts).toEqual({
      subtotalPaise: 90000,
      discountPaise: 0,
      shippingPaise: 9900,
      pointsUsed: 300,
      totalPaise: 69900,
      pointsEarned: 90,
    });
    expect(body.lines[0]).toMatchObject({
      name: 'Malabar Pepper 500g',
      storeName: 'Kerala Spices',
      quantity: 2,
      pricePaise: 45000,
      pointsEarned: 90,
    });
  });
});

describe('paying through the built-in test gateway', () => {
  it('creates a payment, then places one order with a part per shop, stock taken, points spent and earned, cart cleared', async () => {
    const s = await newShopper(t, 200);
    await fillCart(s, [{ productId: shop.a.id }, { productId: shop.b.id, quantity: 2 }]);
    const stockA = await stockOf(t, shop.a.id);
    const stockB = await stockOf(t, shop.b.id);

    const res = await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 150 });
    expect(res.statusCode).toBe(200);
    const c = res.json();
    // ₹600 + 2 x ₹450 = ₹1,500: free shipping; minus 150 points = ₹1,350.
    expect(c).toMatchObject({
      status: 'payment_required',
      gateway: 'test',
      amountPaise: 135000,
      currency: 'INR',
      prefill: { name: 'Asha Verma', email: s.email, contact: '9812345670' },
    });
    expect(c.providerOrderId).toMatch(/^test_order_/);
    expect(c.keyId).toBeUndefined();
    expect(c.amounts).toEqual({
      subtotalPaise: 150000,
      discountPaise: 0,
      shippingPaise: 0,
      pointsUsed: 150,
      totalPaise: 135000,
      pointsEarned: 30 + 90,
    });
    const [pay] = await queryRows<{
      status: string;
      amount_paise: number;
      checkout: { pointsToUse: number; lines: unknown[]; addressId: string };
    }>(t.db, sql`select status, amount_paise, checkout from payments where id = ${c.paymentId}`);
    expect(pay).toMatchObject({
      status: 'created',
      amount_paise: 135000,
      checkout: { pointsToUse: 150, addressId: s.addressId },
    });
    expect(pay.checkout.lines).toHaveLength(2);
    // The stock is held while the customer pays; the points are spent only when the payment is confirmed.
    expect(await stockOf(t, shop.a.id)).toBe(stockA - 1);
    expect(await stockOf(t, shop.b.id)).toBe(stockB - 2);
    expect((await pointsOf(t, s.userId)).available).toBe(200);

    const placed = await payWithTestGateway(s, c);
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ status: 'placed', message: 'Order placed successfully!' });
    const orderId = placed.json().orderId;

    const [order] = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select subtotal_paise, shipping_paise, total_amount_paise, points_used, points_earned, status, payment_status, payment_id, shipping_address from orders where id = ${orderId}`,
    );
    expect(order).toEqual({
      subtotal_paise: 150000,
      shipping_paise: 0,
      total_amount_paise: 135000,
      points_used: 150,
      points_earned: 120,
      status: 'pending',
      payment_status: 'paid',
      payment_id: c.paymentId,
      shipping_address: '12 MG Road, Pune, Maharashtra - 411001',
    });
    const parts = await queryRows<{ store_id: string; subtotal_paise: number; points_earned: number; status: string }>(
      t.db,
      sql`select store_id, subtotal_paise, points_earned, status from order_parts where order_id = ${orderId} order by subtotal_paise`,
    );
    expect(parts).toEqual([
      { store_id: shop.shopA.id, subtotal_paise: 60000, points_earned: 30, status: 'pending' },
      { store_id: shop.shopB.id, subtotal_paise: 90000, points_earned: 90, status: 'pending' },
    ]);
    expect(await count(t, sql`select count(*)::int as n from order_items where order_id = ${orderId}`)).toBe(2);
    expect(
      await count(
        t,
        sql`select count(*)::int as n from order_status_history where order_id = ${orderId} and status = 'pending'`,
      ),
    ).toBe(2);
    expect(await stockOf(t, shop.a.id)).toBe(stockA - 1);
    expect(await stockOf(t, shop.b.id)).toBe(stockB - 2);
    const points = await pointsOf(t, s.userId);
    expect(points).toEqual({ available: 50, pending: 120, ledgerAvailable: 50, ledgerPending: 120 });
    const ledger = await queryRows<{ transaction_type: string; points: number; pending_points: number }>(
      t.db,
      sql`select transaction_type, points, pending_points from rewards_transactions where order_id = ${orderId} order by transaction_type, pending_points`,
    );
    expect(ledger).toEqual([
      { transaction_type: 'earned', points: 0, pending_points: 30 },
      { transaction_type: 'earned', points: 0, pending_points: 90 },
      { transaction_type: 'spent', points: -150, pending_points: 0 },
    ]);
    expect((await s.client.get('/api/cart')).json().items).toHaveLength(0);
    const [payment] = await queryRows<{ status: string; order_id: string; provider_payment_id: string }>(
      t.db,
      sql`select status, order_id, provider_payment_id from payments where id = ${c.paymentId}`,
    );
    expect(payment).toMatchObject({ status: 'paid', order_id: orderId });
    expect(payment.provider_payment_id).toMatch(/^test_pay_/);

    // The same payment confirmed again answers the same order, and makes no second one.
    const again = await payWithTestGateway(s, c);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This payment has already been completed');
    expect(await count(t, sql`select count(*)::int as n from orders where payment_id = ${c.paymentId}`)).toBe(1);
  });

  it('verifying the same signed response twice gives one order', async () => {
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.b.id }]);
    const c = (await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 })).json();
    const signed = (await s.client.post(`/api/payments/${c.paymentId}/test-pay`)).json();
    const first = await s.client.post('/api/payments/verify', { paymentId: c.paymentId, ...signed });
    const second = await s.client.post('/api/payments/verify', { paymentId: c.paymentId, ...signed });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().orderId).toBe(first.json().orderId);
    expect(await ordersOf(s.userId)).toBe(1);
  });

  it("refuses a bad signature or another order id with 'Payment verification failed', and places nothing", async () => {
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.b.id }]);
    const c = (await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 })).json();
    const signed = (await s.client.post(`/api/payments/${c.paymentId}/test-pay`)).json();
    for (const body of [
      { ...signed, signature: signed.signature.replace(/^./, (x: string) => (x === 'a' ? 'b' : 'a')) },
      { ...signed, signature: 'abc' },
      { ...signed, providerPaymentId: 'test_pay_forged' },
      { ...signed, providerOrderId: 'test_order_someone-else' },
    ]) {
      const res = await s.client.post('/api/payments/verify', { paymentId: c.paymentId, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Payment verification failed');
    }
    expect(await ordersOf(s.userId)).toBe(0);
  });

  it("keeps payments private: someone else's payment is 404 for verify, test-pay and fail; guests get 401", async () => {
    const s = await newShopper(t);
    const other = await newShopper(t);
    await fillCart(s, [{ productId: shop.b.id }]);
    const c = (await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 })).json();
    const signed = (await s.client.post(`/api/payments/${c.paymentId}/test-pay`)).json();
    expect((await other.client.post(`/api/payments/${c.paymentId}/test-pay`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/payments/${c.paymentId}/fail`, { reason: 'failed' })).statusCode).toBe(404);
    const stolen = await other.client.post('/api/payments/verify', { paymentId: c.paymentId, ...signed });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.message).toBe('Payment not found');
    const guest = await new TestClient(t.app).post('/api/payments/verify', { paymentId: c.paymentId, ...signed });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().error.message).toBe('Authentication required');
    expect(await ordersOf(other.userId)).toBe(0);
  });

  it("records a failed attempt ('Payment failed: {detail}. Please try again.') and a dismissed one ('Payment cancelled by user')", async () => {
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.b.id }]);
    const c = (await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 })).json();
    const failed = await s.client.post(`/api/payments/${c.paymentId}/fail`, {
      reason: 'failed',
      detail: 'Card declined by the bank',
    });
    expect(failed.json()).toEqual({
      status: 'failed',
      message: 'Payment failed: Card declined by the bank. Please try again.',
    });
    const cancelled = await s.client.post(`/api/payments/${c.paymentId}/fail`, { reason: 'cancelled' });
    expect(cancelled.json().message).toBe('Payment cancelled by user');
    const [row] = await queryRows<{ status: string; failure_reason: string }>(
      t.db,
      sql`select status, failure_reason from payments where id = ${c.paymentId}`,
    );
    expect(row).toEqual({ status: 'failed', failure_reason: 'Payment cancelled by user' });
    // The cart is untouched: the customer can try again.
    expect((await s.client.get('/api/cart')).json().items).toHaveLength(1);
    const retry = (await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 })).json();
    expect((await payWithTestGateway(s, retry)).statusCode).toBe(200);
    expect(await ordersOf(s.userId)).toBe(1);
  });

  it('records a paid payment whose order cannot be placed (its hold expired, the stock sold) as failed, due for a refund, and says so (409 naming the product)', async () => {
    const s = await newShopper(t, 100);
    await fillCart(s, [{ productId: shop.a.id, quantity: 2 }]);
    const before = await stockOf(t, shop.a.id);
    const c = (await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 100 })).json();
    const ordersBefore = await ordersOf(s.userId);
    // The hold runs out while the customer pays; its units go back, and others buy all but one.
    await t.db.execute(sql`update stock_holds set expires_at = now() - interval '1 second' where ref = ${c.paymentId}`);
    await t.db.transaction((tx) => releaseExpiredHolds(tx));
    expect(await stockOf(t, shop.a.id)).toBe(before);
    try {
      await t.db.execute(sql`update products set stock_quantity = 1 where id = ${shop.a.id}`);
      const res = await payWithTestGateway(s, c);
      expect(res.statusCode).toBe(409);
      const message = 'Order processing failed: Only 1 left of "Block Print Kurta". Please contact support.';
      expect(res.json().error.message).toBe(message);
      const [row] = await queryRows<{
        status: string;
        failure_reason: string;
        provider_payment_id: string | null;
        order_id: string | null;
      }>(
        t.db,
        sql`select status, failure_reason, provider_payment_id, order_id from payments where id = ${c.paymentId}`,
      );
      expect(row).toMatchObject({ status: 'failed', failure_reason: message, order_id: null });
      expect(row.provider_payment_id).toMatch(/^test_pay_/);
      // Everything rolled back: no order, no stock taken, no points spent; the cart is kept.
      expect(await ordersOf(s.userId)).toBe(ordersBefore);
      expect(await stockOf(t, shop.a.id)).toBe(1);
      expect(await pointsOf(t, s.userId)).toMatchObject({ available: 100, ledgerAvailable: 100, pending: 0 });
      expect((await s.client.get('/api/cart')).json().items).toHaveLength(1);
    } finally {
      await t.db.execute(sql`update products set stock_quantity = ${before} where id = ${shop.a.id}`);
    }
  });
});

describe('when nothing is due', () => {
  it('places the order directly, without any gateway or payment row', async () => {
    const s = await newShopper(t, 1000);
    await fillCart(s, [{ productId: shop.b.id }]);
    const res = await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 549 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'placed',
      message: 'Order placed successfully!',
      amounts: { totalPaise: 0, pointsUsed: 549, shippingPaise: 9900 },
    });
    const [order] = await queryRows<{ payment_status: string; payment_id: string | null; total_amount_paise: number }>(
      t.db,
      sql`select payment_status, payment_id, total_amount_paise from orders where id = ${res.json().orderId}`,
    );
    expect(order).toEqual({ payment_status: 'not_required', payment_id: null, total_amount_paise: 0 });
    expect(await count(t, sql`select count(*)::int as n from payments where customer_id = ${s.userId}`)).toBe(0);
    expect(await pointsOf(t, s.userId)).toEqual({
      available: 451,
      pending: 45,
      ledgerAvailable: 451,
      ledgerPending: 45,
    });
    // A second click finds the cart empty.
    const again = await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('Your cart is empty');
  });
});
