import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../../contracts/orders.contract';
import type { VendorOrderList, VendorOrderPart } from '../../../contracts/vendor-orders.contract';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import {
  newShopper,
  placeOrder,
  pointsOf,
  stockOf,
  twoShops,
  type Shopper,
  signInAs,
} from '../../test/checkout-fixtures';
import { customerInput, registerAndLogin } from '../../test/factories';
import { pointsLedgerMismatches } from '../../test/order-factories';
import { releaseDuePoints } from '../rewards';

let t: TestApp;
let ip = 0;
const newClient = () => new TestClient(t.app, `10.20.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`);
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A signed-in client of a vendor made by the factories (password secret123). */

/** Two vendors' shops (A: ₹600 kurta at 5%, B: ₹450 pepper at 10%), both vendors signed in, and a shopper. */
async function sharedSetup(points = 0) {
  const shops = await twoShops(t, { stockA: 20, stockB: 20 });
  const va = await signInAs(t, shops.vendorA.email);
  const vb = await signInAs(t, shops.vendorB.email);
  const shopper = await newShopper(t, points);
  return { ...shops, va, vb, shopper };
}

const list = async (client: TestClient, qs = ''): Promise<VendorOrderList> => {
  const res = await client.get(`/api/vendor/orders${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const setStatus = (client: TestClient, partId: string, body: Record<string, unknown>) =>
  client.patch(`/api/vendor/orders/parts/${partId}/status`, body);
const partOf = async (client: TestClient, orderId: string): Promise<VendorOrderPart> => {
  const part = (await list(client, '?pageSize=100')).items.find((p) => p.orderId === orderId);
  expect(part).toBeDefined();
  return part!;
};
/** The database's clock now, in milliseconds (what history rows are stamped with). */
const dbClockMs = async () =>
  Number(
    (await queryRows<{ ms: number }>(t.db, sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms`))[0]
      .ms,
  );
const customerOrder = async (s: Shopper, orderId: string): Promise<OrderDetail> =>
  (await s.client.get(`/api/orders/${orderId}`)).json();
const partStatuses = (o: OrderDetail) => Object.fromEntries(o.parts.map((p) => [p.storeName, p.status]));

describe('who may call the vendor order endpoints', () => {
  it('answers 401 to a guest and 403 to a customer, and changes nothing', async () => {
    const s = await sharedSetup();
    const orderId = await placeOrder(s.shopper, [{ productId: s.a.id }]);
    const { partId } = await partOf(s.va, orderId);
    const guest = newClient();
    expect((await guest.get('/api/vendor/orders')).statusCode).toBe(401);
    expect((await setStatus(guest, partId, { status: 'confirmed' })).statusCode).toBe(401);
    const customer = newClient();
    await registerAndLogin(customer, customerInput());
    expect((await customer.get('/api/vendor/orders')).statusCode).toBe(403);
    expect((await setStatus(customer, partId, { status: 'confirmed' })).statusCode).toBe(403);
    expect((await setStatus(s.shopper.client, partId, { status: 'cancelled' })).statusCode).toBe(403);
    expect((await partOf(s.va, orderId)).status).toBe('pending');
  });

  it('answers 401 to a guest and 403 to a customer before looking at bad input', async () => {
    const guest = newClient();
    const customer = newClient();
    await registerAndLogin(customer, customerInput());
    for (const [client, status] of [
      [guest, 401],
      [customer, 403],
    ] as const) {
      expect((await client.get('/api/vendor/orders?status=lost&page=0')).statusCode).toBe(status);
      expect((await setStatus(client, 'nope', { status: 'lost', trackingNote: 42 })).statusCode).toBe(status);
    }
  });
});

describe('GET /api/vendor/orders', () => {
  it("lists only the vendor's own part of a shared order, with its own items and amount", async () => {
    const s = await sharedSetup();
    const orderId = await placeOrder(s.shopper, [{ productId: s.a.id, quantity: 2 }, { productId: s.b.id }]);
    const ofA = await list(s.va);
    expect(ofA).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(ofA.items[0]).toMatchObject({
      orderId,
      storeId: s.shopA.id,
      storeName: 'Jaipur Handlooms',
      customerName: 'Asha Verma',
      customerEmail: s.shopper.email,
      shippingAddress: '12 MG Road, Pune, Maharashtra - 411001',
      amountPaise: 120_000,
      status: 'pending',
      trackingNote: null,
    });
    expect(ofA.items[0].items).toEqual([
      expect.objectContaining({ productId: s.a.id, productName: 'Block Print Kurta', quantity: 2, pricePaise: 60_000 }),
    ]);
    const ofB = await list(s.vb);
    expect(ofB.items.map((p) => [p.orderId, p.amountPaise, p.items.map((i) => i.productName)])).toEqual([
      [orderId, 45_000, ['Malabar Pepper 500g']],
    ]);
    expect(ofB.items[0].partId).not.toBe(ofA.items[0].partId);
  });

  it('filters by status, pages newest first and counts every status (pending count = pending or processing)', async () => {
    const s = await sharedSetup();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await placeOrder(s.shopper, [{ productId: s.a.id }]));
    const parts = await Promise.all(ids.map((id) => partOf(s.va, id)));
    expect((await setStatus(s.va, parts[0].partId, { status: 'processing' })).statusCode).toBe(200);
    expect((await setStatus(s.va, parts[1].partId, { status: 'confirmed' })).statusCode).toBe(200);
    expect((await setStatus(s.va, parts[2].partId, { status: 'shipped' })).statusCode).toBe(200);
    expect((await setStatus(s.va, parts[3].partId, { status: 'cancelled' })).statusCode).toBe(200);

    const all = await list(s.va, '?pageSize=2');
    expect(all.counts).toEqual({
      all: 5,
      pending: 1,
      confirmed: 1,
      processing: 1,
      shipped: 1,
      delivered: 0,
      cancelled: 1,
      pendingOrProcessing: 2,
    });
    expect(all).toMatchObject({ total: 5, pageSize: 2 });
    expect(all.items.map((p) => p.orderId)).toEqual([ids[4], ids[3]]);
    expect((await list(s.va, '?pageSize=2&page=3')).items.map((p) => p.orderId)).toEqual([ids[0]]);
    const shipped = await list(s.va, '?status=shipped');
    expect(shipped).toMatchObject({ total: 1, items: [{ orderId: ids[2], status: 'shipped' }] });
    expect((await list(s.va, '?status=delivered')).items).toEqual([]);
    expect((await list(s.va, '?status=')).total).toBe(5);
    expect((await list(s.vb)).counts.all).toBe(0);

    const bad = await s.va.get('/api/vendor/orders?status=open');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.status).toBe(
      'Status must be all, pending, confirmed, processing, shipped, delivered or cancelled',
    );
  });
});

describe('PATCH /api/vendor/orders/parts/:partId/status', () => {
  it("refuses vendor B on A's part of a shared order (404) and unknown parts", async () => {
    const s = await sharedSetup();
    const orderId = await placeOrder(s.shopper, [{ productId: s.a.id }, { productId: s.b.id }]);
    const partA = await partOf(s.va, orderId);
    for (const status of ['confirmed', 'shipped', 'cancelled']) {
      const res = await setStatus(s.vb, partA.partId, { status });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Order not found');
    }
    for (const id of [crypto.randomUUID(), 'nope'])
      expect((await setStatus(s.va, id, { status: 'confirmed' })).statusCode).toBe(404);
    expect((await list(s.vb)).items.map((p) => p.partId)).not.toContain(partA.partId);
    expect(partStatuses(await customerOrder(s.shopper, orderId))).toEqual({
      'Jaipur Handlooms': 'pending',
      'Kerala Spices': 'pending',
    });
    expect(await stockOf(t, s.a.id)).toBe(19);
  });

  it.each([
    [{ status: 'pending' }, 'status', 'Please choose a status: confirmed, processing, shipped, delivered or cancelled'],
    [{ status: 'lost' }, 'status', 'Please choose a status: confirmed, processing, shipped, delivered or cancelled'],
    [{}, 'status', 'Please choose a status: confirmed, processing, shipped, delivered or cancelled'],
    [
      { status: 'confirmed', trackingNote: 'DTDC 123' },
      'trackingNote',
      'A tracking note can be added only when the order is marked shipped',
    ],
    [
      { status: 'shipped', trackingNote: 'x'.repeat(301) },
      'trackingNote',
      'The tracking note must be at most 300 characters',
    ],
  ])('answers 400 to %j with a message on %s', async (body, field, message) => {
    const s = await sharedSetup();
    const orderId = await placeOrder(s.shopper, [{ productId: s.a.id }]);
    const res = await setStatus(s.va, (await partOf(s.va, orderId)).partId, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('moves a part forward step by step, records each change with the vendor as actor, and the order follows its parts', async () => {
    const s = await sharedSetup();
    const started = await dbClockMs();
    const orderId = await placeOrder(s.shopper, [{ productId: s.a.id }, { productId: s.b.id }]);
    const { partId } = await partOf(s.va, orderId);
    const steps = [
      ['confirmed', 'Order confirmed'],
      ['processing', 'Order is now processing'],
      ['shipped', 'Order marked as shipped'],
    ] as const;
    for (const [status, message] of steps) {
      const res = await setStatus(
        s.va,
        partId,
        status === 'shipped' ? { status, trackingNote: '  DTDC D123456789 ' } : { status },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message, part: { partId, status } });
    }
    expect((await partOf(s.va, orderId)).trackingNote).toBe('DTDC D123456789');

    // The customer sees the new part status at once; the other part is still pending, and so is the order.
    let order = await customerOrder(s.shopper, orderId);
    expect(partStatuses(order)).toEqual({ 'Jaipur Handlooms': 'shipped', 'Kerala Spices': 'pending' });
    expect(order.status).toBe('pending');
    expect(order.parts.find((p) => p.storeName === 'Jaipur Handlooms')?.trackingNote).toBe('DTDC D123456789');

    const { partId: partB } = await partOf(s.vb, orderId);
    expect((await setStatus(s.vb, partB, { status: 'processing' })).statusCode).toBe(200);
    expect((await customerOrder(s.shopper, orderId)).status).toBe('processing');
    expect((await setStatus(s.vb, partB, { status: 'shipped' })).statusCode).toBe(200);
    order = await customerOrder(s.shopper, orderId);
    expect(order.status).toBe('shipped');
    expect(order.cancellable).toBe(false);

    const ended = await dbClockMs();
    const history = await queryRows<{
      status: string;
      actor_user_id: string | null;
      actor_role: string;
      note: string | null;
      ms: number;
    }>(
      t.db,
      sql`select status, actor_user_id, actor_role, note, (extract(epoch from created_at) * 1000)::float8 as ms from order_status_history where order_part_id = ${partId} order by created_at`,
    );
    expect(history.map((h) => [h.status, h.actor_role, h.actor_user_id])).toEqual([
      ['pending', 'customer', s.shopper.userId],
      ['confirmed', 'vendor', s.vendorA.userId],
      ['processing', 'vendor', s.vendorA.userId],
      ['shipped', 'vendor', s.vendorA.userId],
    ]);
    expect(history[3].note).toBe('Tracking: DTDC D123456789');
    // Each change is stamped with its own moment, during this test, in the order the changes were made.
    const times = history.map((h) => Number(h.ms));
    expect(times[0]).toBeGreaterThanOrEqual(started);
    expect(times.at(-1)).toBeLessThanOrEqual(ended);
    for (let i = 1; i < times.length; i++)
      expect(times[i], `${history[i].status} after ${history[i - 1].status}`).toBeGreaterThan(times[i - 1]);
    const orderRows = await queryRows<{ status: string; actor_role: string }>(
      t.db,
      sql`select status, actor_role from order_status_history where order_id = ${orderId} and order_part_id is null order by created_at`,
    );
    expect(orderRows).toEqual([
      { status: 'processing', actor_role: 'vendor' },
      { status: 'shipped', actor_role: 'vendor' },
    ]);
  });

  it('refuses going back, staying, moving after delivery or cancellation, and cancelling after shipping (409)', async () => {
    const s = await sharedSetup();
    const place = async () => (await partOf(s.va, await placeOrder(s.shopper, [{ productId: s.a.id }]))).partId;
    const expect409 = async (partId: string, status: string, message: string) => {
      const res = await setStatus(s.va, partId, { status });
      expect(res.statusCode, `${status}: ${res.body}`).toBe(409);
      expect(res.json().error.message).toBe(message);
    };

    const p1 = await place();
    // A step may be skipped forward.
    expect((await setStatus(s.va, p1, { status: 'processing' })).statusCode).toBe(200);
    await expect409(p1, 'confirmed', 'This order is already processing; it cannot go back to confirmed');
    await expect409(p1, 'processing', 'This order is already processing');
    expect((await setStatus(s.va, p1, { status: 'shipped' })).statusCode).toBe(200);
    await expect409(p1, 'cancelled', 'This order has already been shipped, so it can no longer be cancelled');
    await expect409(p1, 'processing', 'This order is already shipped; it cannot go back to processing');
    expect((await setStatus(s.va, p1, { status: 'delivered' })).statusCode).toBe(200);
    for (const status of ['confirmed', 'shipped', 'delivered', 'cancelled'])
      await expect409(p1, status, 'This order has been delivered; its status can no longer change');

    const p2 = await place();
    expect((await setStatus(s.va, p2, { status: 'cancelled' })).statusCode).toBe(200);
    for (const status of ['confirmed', 'delivered', 'cancelled'])
      await expect409(p2, status, 'This order has been cancelled; its status can no longer change');

    for (const from of ['confirmed', 'processing'] as const) {
      const p = await place();
      expect((await setStatus(s.va, p, { status: from })).statusCode).toBe(200);
      expect((await setStatus(s.va, p, { status: 'cancelled' })).statusCode).toBe(200);
    }
    const p3 = await place();
    expect((await setStatus(s.va, p3, { status: 'delivered' })).statusCode).toBe(200);
  });

  it("cancels the vendor's part in one go: stock back, that part's pending points voided, points used refunded for its share; the other part stays pending", async () => {
    const s = await sharedSetup(300);
    const before = { a: await stockOf(t, s.a.id), b: await stockOf(t, s.b.id) };
    // ₹1,200 + ₹450 = ₹1,650, 210 points used; earns 60 (A) + 45 (B) pending.
    const orderId = await placeOrder(s.shopper, [{ productId: s.a.id, quantity: 2 }, { productId: s.b.id }], 210);
    expect(await pointsOf(t, s.shopper.userId)).toMatchObject({ available: 90, pending: 105 });
    const partA = await partOf(s.va, orderId);
    expect((await setStatus(s.va, partA.partId, { status: 'confirmed' })).statusCode).toBe(200);

    const res = await setStatus(s.va, partA.partId, { status: 'cancelled' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Order cancelled: the stock is back and the customer's points are adjusted",
      part: { status: 'cancelled' },
    });
    expect(await stockOf(t, s.a.id)).toBe(before.a);
    expect(await stockOf(t, s.b.id)).toBe(before.b - 1);
    // 210 x 1200 / 1650 = 152 points back; A's 60 pending points voided, B's 45 stay pending.
    expect(await pointsOf(t, s.shopper.userId)).toEqual({
      available: 90 + 152,
      pending: 45,
      ledgerAvailable: 242,
      ledgerPending: 45,
    });
    const voided = await queryRows<{ order_part_id: string; pending_points: number }>(
      t.db,
      sql`select order_part_id, pending_points from rewards_transactions where order_id = ${orderId} and transaction_type = 'voided'`,
    );
    expect(voided).toEqual([{ order_part_id: partA.partId, pending_points: -60 }]);

    let order = await customerOrder(s.shopper, orderId);
    expect(partStatuses(order)).toEqual({ 'Jaipur Handlooms': 'cancelled', 'Kerala Spices': 'pending' });
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'refund_pending' });
    expect(order.history.find((h) => h.status === 'cancelled')).toMatchObject({
      actorRole: 'vendor',
      note: 'Cancelled by the shop',
      storeName: 'Jaipur Handlooms',
    });

    // When the last part is cancelled too, the rest of the points used come back and the order is cancelled.
    const partB = await partOf(s.vb, orderId);
    expect((await setStatus(s.vb, partB.partId, { status: 'cancelled' })).statusCode).toBe(200);
    expect(await stockOf(t, s.b.id)).toBe(before.b);
    expect(await pointsOf(t, s.shopper.userId)).toEqual({
      available: 300,
      pending: 0,
      ledgerAvailable: 300,
      ledgerPending: 0,
    });
    order = await customerOrder(s.shopper, orderId);
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_pending' });
    expect(await pointsLedgerMismatches(t.db)).toEqual([]);
  });

  it("gives every point used back when the customer cancels what a shop's cancel left", async () => {
    const s = await sharedSetup(300);
    const orderId = await placeOrder(s.shopper, [{ productId: s.a.id }, { productId: s.b.id }], 210); // ₹1,050
    expect((await setStatus(s.vb, (await partOf(s.vb, orderId)).partId, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await pointsOf(t, s.shopper.userId)).available).toBe(90 + 90); // 210 x 450 / 1050
    const res = await s.shopper.client.post(`/api/orders/${orderId}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ pointsRefunded: 120, order: { status: 'cancelled' } });
    expect(await pointsOf(t, s.shopper.userId)).toEqual({
      available: 300,
      pending: 0,
      ledgerAvailable: 300,
      ledgerPending: 0,
    });
  });

  it('stays consistent when the customer and both vendors act on the same order at once', async () => {
    const s = await sharedSetup(300);
    const before = { a: await stockOf(t, s.a.id), b: await stockOf(t, s.b.id) };
    const orderId = await placeOrder(s.shopper, [{ productId: s.a.id, quantity: 3 }, { productId: s.b.id }], 200);
    const [partA, partB] = [await partOf(s.va, orderId), await partOf(s.vb, orderId)];
    const [byCustomer, byA, byB] = await Promise.all([
      s.shopper.client.post(`/api/orders/${orderId}/cancel`),
      setStatus(s.va, partA.partId, { status: 'cancelled' }),
      setStatus(s.vb, partB.partId, { status: 'processing' }),
    ]);
    // Whatever the order of events, the customer's cancel succeeds (every part is still cancellable when it
    // runs); a vendor's change that comes after it is refused because the part is already cancelled.
    expect(byCustomer.statusCode, byCustomer.body).toBe(200);
    for (const r of [byA, byB]) {
      expect([200, 409], r.body).toContain(r.statusCode);
      if (r.statusCode === 409)
        expect(r.json().error.message).toBe('This order has been cancelled; its status can no longer change');
    }
    // So the end is the same every time: everything cancelled, each part's stock back exactly once, every point used refunded.
    const order = await customerOrder(s.shopper, orderId);
    expect(partStatuses(order)).toEqual({ 'Jaipur Handlooms': 'cancelled', 'Kerala Spices': 'cancelled' });
    expect(order.status).toBe('cancelled');
    expect(await stockOf(t, s.a.id)).toBe(before.a);
    expect(await stockOf(t, s.b.id)).toBe(before.b);
    expect(await pointsOf(t, s.shopper.userId)).toEqual({
      available: 300,
      pending: 0,
      ledgerAvailable: 300,
      ledgerPending: 0,
    });
    expect(await pointsLedgerMismatches(t.db)).toEqual([]);
  });

  it("sets delivered_at on delivery, and releases only that part's points after the return window", async () => {
    const s = await sharedSetup();
    const orderId = await placeOrder(s.shopper, [{ productId: s.a.id }, { productId: s.b.id }]);
    expect(await pointsOf(t, s.shopper.userId)).toMatchObject({ available: 0, pending: 30 + 45 });
    const partA = await partOf(s.va, orderId);
    const res = await setStatus(s.va, partA.partId, { status: 'delivered' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await queryRows<{ just_now: boolean }>(
      t.db,
      sql`select delivered_at > now() - interval '1 minute' as just_now from order_parts where id = ${partA.partId}`,
    );
    expect(row.just_now).toBe(true);

    expect(await releaseDuePoints(t.db, { customerUserId: s.shopper.userId, returnWindowDays: 7 })).toBe(0);
    expect(await releaseDuePoints(t.db, { customerUserId: s.shopper.userId, returnWindowDays: 0 })).toBe(1);
    expect(await pointsOf(t, s.shopper.userId)).toEqual({
      available: 30,
      pending: 45,
      ledgerAvailable: 30,
      ledgerPending: 45,
    });
    const order = await customerOrder(s.shopper, orderId);
    expect(partStatuses(order)).toEqual({ 'Jaipur Handlooms': 'delivered', 'Kerala Spices': 'pending' });
    expect(order.parts.find((p) => p.storeName === 'Jaipur Handlooms')?.deliveredAt).not.toBeNull();
  });
});
