import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import {
  movePart,
  newShopper,
  orderPartsOf,
  placeOrder,
  pointsOf,
  stockOf,
  twoShops,
} from '../../test/checkout-fixtures';
import { registerAndLogin, vendorInput } from '../../test/factories';

let t: TestApp;
let shop: Awaited<ReturnType<typeof twoShops>>;
beforeAll(async () => {
  t = await buildTestApp();
  shop = await twoShops(t, { stockA: 100, stockB: 100 });
});
afterAll(() => t.close());

describe('POST /api/orders/:id/cancel', () => {
  it('cancels every part, puts the stock back, refunds the points used, voids the points earned and marks a paid order for refund', async () => {
    const s = await newShopper(t, 300);
    const before = { a: await stockOf(t, shop.a.id), b: await stockOf(t, shop.b.id) };
    const orderId = await placeOrder(s, [{ productId: shop.a.id, quantity: 2 }, { productId: shop.b.id }], 250);
    expect(await stockOf(t, shop.a.id)).toBe(before.a - 2);
    expect(await pointsOf(t, s.userId)).toMatchObject({ available: 50, pending: 60 + 45 });
    await movePart(t, (await orderPartsOf(t, orderId))[0].id, 'confirmed');

    const res = await s.client.post(`/api/orders/${orderId}/cancel`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      message: 'Your order has been cancelled',
      stockReturned: 3,
      pointsRefunded: 250,
      pointsVoided: 105,
    });
    expect(body.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_pending', cancellable: false });
    expect(body.order.parts.map((p: { status: string }) => p.status)).toEqual(['cancelled', 'cancelled']);
    expect(body.order.history.filter((h: { status: string }) => h.status === 'cancelled')).toHaveLength(3);
    expect(await stockOf(t, shop.a.id)).toBe(before.a);
    expect(await stockOf(t, shop.b.id)).toBe(before.b);
    expect(await pointsOf(t, s.userId)).toEqual({ available: 300, pending: 0, ledgerAvailable: 300, ledgerPending: 0 });
    const types = await queryRows<{ transaction_type: string; n: number }>(
      t.db,
      sql`select transaction_type, count(*)::int as n from rewards_transactions where order_id = ${orderId} group by transaction_type order by transaction_type`,
    );
    expect(types).toEqual([
      { transaction_type: 'earned', n: 2 },
      { transaction_type: 'refunded', n: 1 },
      { transaction_type: 'spent', n: 1 },
      { transaction_type: 'voided', n: 2 },
    ]);

    const again = await s.client.post(`/api/orders/${orderId}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This order can no longer be cancelled');
    expect(await pointsOf(t, s.userId)).toMatchObject({ available: 300 });
  });

  it('cancels an order paid with points only and leaves its payment status alone', async () => {
    const s = await newShopper(t, 600);
    const orderId = await placeOrder(s, [{ productId: shop.b.id }], 549);
    const res = await s.client.post(`/api/orders/${orderId}/cancel`);
    expect(res.json().order).toMatchObject({ status: 'cancelled', paymentStatus: 'not_required' });
    expect(await pointsOf(t, s.userId)).toMatchObject({ available: 600, pending: 0 });
  });

  it.each(['shipped', 'delivered'] as const)(
    "refuses a %s order with 409 'This order can no longer be cancelled'",
    async (status) => {
      const s = await newShopper(t);
      const orderId = await placeOrder(s, [{ productId: shop.b.id }]);
      await movePart(t, (await orderPartsOf(t, orderId))[0].id, status);
      const stock = await stockOf(t, shop.b.id);
      const res = await s.client.post(`/api/orders/${orderId}/cancel`);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('This order can no longer be cancelled');
      expect(await stockOf(t, shop.b.id)).toBe(stock);
    },
  );

  it('cancels only the parts that are not shipped yet, refunding points in proportion', async () => {
    const s = await newShopper(t, 300);
    const orderId = await placeOrder(s, [{ productId: shop.a.id }, { productId: shop.b.id }], 210); // ₹600 + ₹450 = ₹1,050
    const [b, a] = await orderPartsOf(t, orderId); // by subtotal: Kerala ₹450, Jaipur ₹600
    await movePart(t, a.id, 'shipped');
    const res = await s.client.post(`/api/orders/${orderId}/cancel`);
    expect(res.statusCode).toBe(200);
    // 210 x 450 / 1050 = 90 points back; the shipped part's 30 pending points stay.
    expect(res.json()).toMatchObject({ stockReturned: 1, pointsRefunded: 90, pointsVoided: 45 });
    expect(res.json().order.status).toBe('shipped');
    expect((await orderPartsOf(t, orderId)).map((p) => [p.id, p.status])).toEqual([
      [b.id, 'cancelled'],
      [a.id, 'shipped'],
    ]);
    expect(await pointsOf(t, s.userId)).toEqual({
      available: 90 + 90,
      pending: 30,
      ledgerAvailable: 180,
      ledgerPending: 30,
    });
  });

  it('previews exactly what a partial cancel of a paid two-shop order gives back (one part delivered), then does it and shows the refund due', async () => {
    const s = await newShopper(t, 300);
    // ₹600 + ₹450 = ₹1,050 (free shipping), 210 points used: ₹840 paid through the gateway.
    const orderId = await placeOrder(s, [{ productId: shop.a.id }, { productId: shop.b.id }], 210);
    const [b, a] = await orderPartsOf(t, orderId);
    await movePart(t, a.id, 'delivered');

    const preview = await s.client.get(`/api/orders/${orderId}/cancel-preview`);
    expect(preview.statusCode).toBe(200);
    // Only Kerala Spices' part (₹450) is cancelled: 210 x 450 / 1050 = 90 points back, ₹450 - ₹90 = ₹360 to the card, its 45 pending points removed.
    expect(preview.json()).toEqual({
      parts: [{ id: b.id, storeName: 'Kerala Spices', subtotalPaise: 45000 }],
      partial: true,
      stockReturned: 1,
      pointsRefunded: 90,
      pointsVoided: 45,
      refundPaise: 36000,
    });
    // Looking changes nothing.
    expect((await orderPartsOf(t, orderId)).find((p) => p.id === b.id)?.status).toBe('pending');

    const done = await s.client.post(`/api/orders/${orderId}/cancel`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ stockReturned: 1, pointsRefunded: 90, pointsVoided: 45, refundPaise: 36000 });
    expect(done.json().order).toMatchObject({
      paymentStatus: 'refund_pending',
      refundDuePaise: 36000,
      status: 'delivered',
    });
    const listed = (await s.client.get('/api/orders')).json().items.find((o: { id: string }) => o.id === orderId);
    expect(listed.refundDuePaise).toBe(36000);
    expect((await s.client.get(`/api/orders/${orderId}/cancel-preview`)).statusCode).toBe(409);
  });

  it('gives back everything that was paid, shipping included, when the last part is cancelled after an earlier one', async () => {
    const s = await newShopper(t, 0);
    // ₹450 alone: ₹99 shipping, ₹549 paid.
    const orderId = await placeOrder(s, [{ productId: shop.b.id }]);
    const preview = (await s.client.get(`/api/orders/${orderId}/cancel-preview`)).json();
    expect(preview).toMatchObject({ partial: false, pointsRefunded: 0, refundPaise: 54900 });
    const done = (await s.client.post(`/api/orders/${orderId}/cancel`)).json();
    expect(done.order).toMatchObject({ paymentStatus: 'refund_pending', refundDuePaise: 54900 });
  });

  it("previews nothing for other people: 404 for someone else's order, 401 for a guest", async () => {
    const owner = await newShopper(t, 0);
    const orderId = await placeOrder(owner, [{ productId: shop.b.id }]);
    const other = await newShopper(t, 0);
    expect((await other.client.get(`/api/orders/${orderId}/cancel-preview`)).statusCode).toBe(404);
    expect((await new TestClient(t.app, '10.99.0.1').get(`/api/orders/${orderId}/cancel-preview`)).statusCode).toBe(
      401,
    );
  });

  it("answers 404 for someone else's order and unknown ids; 401 for a guest; 403 for a vendor", async () => {
    const s = await newShopper(t);
    const other = await newShopper(t);
    const orderId = await placeOrder(s, [{ productId: shop.b.id }]);
    for (const id of [orderId, crypto.randomUUID(), 'nope']) {
      const res = await other.client.post(`/api/orders/${id}/cancel`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Order not found');
    }
    expect((await new TestClient(t.app).post(`/api/orders/${orderId}/cancel`)).statusCode).toBe(401);
    const vendor = new TestClient(t.app, '10.7.0.1');
    await registerAndLogin(vendor, vendorInput());
    expect((await vendor.post(`/api/orders/${orderId}/cancel`)).statusCode).toBe(403);
    expect((await orderPartsOf(t, orderId))[0].status).toBe('pending');
  });
});
