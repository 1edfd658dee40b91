import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../domain/order-status';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { newShopper, placeOrder, twoShops, type Shopper } from '../../test/checkout-fixtures';
import { registerAndLogin, vendorInput } from '../../test/factories';
import { setPartStatus } from './orders.service';

let t: TestApp;
let shop: Awaited<ReturnType<typeof twoShops>>;
let s: Shopper;
const orderIds: string[] = [];

const partsOf = (orderId: string) =>
  queryRows<{ id: string; store_id: string }>(
    t.db,
    sql`select p.id, p.store_id from order_parts p join vendor_shops s on s.id = p.store_id where p.order_id = ${orderId} order by s.shop_name`,
  );
const moveAll = async (orderId: string, status: OrderStatus, vendorUserId: string | null = null) => {
  for (const p of await partsOf(orderId))
    await t.db.transaction((tx) =>
      setPartStatus(tx, { partId: p.id, status, actor: { userId: vendorUserId, role: 'vendor' } }),
    );
};

beforeAll(async () => {
  t = await buildTestApp();
  shop = await twoShops(t, { stockA: 100, stockB: 100 });
  s = await newShopper(t);
  // Five orders: pending, confirmed, processing, shipped and delivered (oldest first).
  for (const status of ['pending', 'confirmed', 'processing', 'shipped', 'delivered'] as const) {
    const id = await placeOrder(s, [{ productId: shop.a.id }, { productId: shop.b.id, quantity: 2 }]);
    if (status !== 'pending') await moveAll(id, status);
    orderIds.push(id);
  }
});
afterAll(() => t.close());

describe('GET /api/orders', () => {
  it('needs a customer: 401 for a guest, 403 for a vendor', async () => {
    expect((await new TestClient(t.app).get('/api/orders')).statusCode).toBe(401);
    const vendor = new TestClient(t.app, '10.8.0.1');
    await registerAndLogin(vendor, vendorInput());
    expect((await vendor.get('/api/orders')).statusCode).toBe(403);
    expect((await vendor.get(`/api/orders/${orderIds[0]}`)).statusCode).toBe(403);
  });

  it('lists the customer’s own orders newest first with the real count of every tab', async () => {
    const res = await s.client.get('/api/orders');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toEqual({ all: 5, processing: 3, shipped: 1, delivered: 1 });
    expect(body.total).toBe(5);
    expect(body.items.map((o: { id: string }) => o.id)).toEqual([...orderIds].reverse());
    const delivered = body.items[0];
    expect(delivered).toMatchObject({
      status: 'delivered',
      paymentStatus: 'paid',
      subtotalPaise: 150000,
      shippingPaise: 0,
      totalAmountPaise: 150000,
      pointsUsed: 0,
      pointsEarned: 120,
      itemCount: 3,
      cancellable: false,
    });
    expect(delivered.parts.map((p: { storeName: string }) => p.storeName).sort()).toEqual([
      'Jaipur Handlooms',
      'Kerala Spices',
    ]);
    const spices = delivered.parts.find((p: { storeName: string }) => p.storeName === 'Kerala Spices');
    expect(spices).toMatchObject({ status: 'delivered', subtotalPaise: 90000, pointsEarned: 90 });
    expect(spices.deliveredAt).toEqual(expect.any(String));
    expect(spices.items).toEqual([
      {
        id: expect.any(String),
        productId: shop.b.id,
        productName: 'Malabar Pepper 500g',
        variantId: null,
        variantLabel: null,
        imageUrl: null,
        quantity: 2,
        pricePaise: 45000,
        pointsEarned: 90,
        discountPaise: 0,
        reviewed: false,
      },
    ]);
    expect(body.items[4].cancellable).toBe(true);
  });

  it.each([
    ['processing', 3, ['pending', 'confirmed', 'processing']],
    ['shipped', 1, ['shipped']],
    ['delivered', 1, ['delivered']],
  ])('filters the %s tab', async (tab, total, statuses) => {
    const body = (await s.client.get(`/api/orders?status=${tab}`)).json();
    expect(body.total).toBe(total);
    expect(body.items.map((o: { status: string }) => o.status).sort()).toEqual([...statuses].sort());
  });

  it('pages the list', async () => {
    const body = (await s.client.get('/api/orders?page=2&pageSize=2')).json();
    expect(body).toMatchObject({ page: 2, pageSize: 2, total: 5 });
    expect(body.items.map((o: { id: string }) => o.id)).toEqual([orderIds[2], orderIds[1]]);
  });

  it('shows another customer none of these orders', async () => {
    const other = await newShopper(t);
    const body = (await other.client.get('/api/orders')).json();
    expect(body).toMatchObject({ items: [], total: 0, counts: { all: 0, processing: 0, shipped: 0, delivered: 0 } });
  });
});

describe('GET /api/orders/:id', () => {
  it('answers the order with parts, address, amounts and the status history with actors and times', async () => {
    const res = await s.client.get(`/api/orders/${orderIds[3]}`);
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o).toMatchObject({
      id: orderIds[3],
      status: 'shipped',
      shippingAddress: '12 MG Road, Pune, Maharashtra - 411001',
      paymentStatus: 'paid',
    });
    const history = o.history.map(
      (h: { status: string; storeName: string | null; actorRole: string }) =>
        `${h.status}:${h.storeName ?? 'order'}:${h.actorRole}`,
    );
    expect(history).toEqual([
      'pending:Jaipur Handlooms:customer',
      'pending:Kerala Spices:customer',
      ...shippedHistory(),
    ]);
    expect(Date.parse(o.history[0].createdAt)).not.toBeNaN();
  });

  it("answers 404 for someone else's order, an unknown id and a malformed id", async () => {
    const other = await newShopper(t);
    for (const id of [orderIds[0], crypto.randomUUID(), 'abc']) {
      const res = await other.client.get(`/api/orders/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Order not found');
    }
  });
});

// The parts move in shop-name order (partsOf): the first part moves to shipped (the order stays pending behind the other part), then the second moves and the order follows.
function shippedHistory() {
  const [a, b] = ['Jaipur Handlooms', 'Kerala Spices'];
  return [`shipped:${a}:vendor`, `shipped:${b}:vendor`, 'shipped:order:vendor'];
}

describe('setPartStatus', () => {
  it('records each change with its actor, recomputes the order status from its parts and stamps delivered_at', async () => {
    // A shopper of its own: the five orders of the shared shopper stay the only ones the list tests count.
    const id = await placeOrder(await newShopper(t), [{ productId: shop.a.id }, { productId: shop.b.id }]);
    const [pa, pb] = await partsOf(id);
    const first = await t.db.transaction((tx) =>
      setPartStatus(tx, {
        partId: pa.id,
        status: 'delivered',
        actor: { userId: shop.vendorA.userId, role: 'vendor' },
        trackingNote: 'Delivered to the front desk',
      }),
    );
    expect(first).toEqual({ orderId: id, previousStatus: 'pending', orderStatus: 'pending' });
    const second = await t.db.transaction((tx) =>
      setPartStatus(tx, {
        partId: pb.id,
        status: 'cancelled',
        actor: { userId: shop.vendorB.userId, role: 'vendor' },
        note: 'Out of stock at the shop',
      }),
    );
    // The order follows its live parts: the cancelled part does not hold it back.
    expect(second.orderStatus).toBe('delivered');
    const [part] = await queryRows<{ delivered_at: Date | null; tracking_note: string }>(
      t.db,
      sql`select delivered_at, tracking_note from order_parts where id = ${pa.id}`,
    );
    expect(part.delivered_at).not.toBeNull();
    expect(part.tracking_note).toBe('Delivered to the front desk');
    const [order] = await queryRows<{ status: string }>(t.db, sql`select status from orders where id = ${id}`);
    expect(order.status).toBe('delivered');
    const rows = await queryRows<{
      status: string;
      actor_user_id: string | null;
      order_part_id: string | null;
      note: string | null;
    }>(
      t.db,
      sql`select status, actor_user_id, order_part_id, note from order_status_history where order_id = ${id} and actor_role = 'vendor' order by created_at, order_part_id nulls last`,
    );
    expect(rows).toEqual([
      { status: 'delivered', actor_user_id: shop.vendorA.userId, order_part_id: pa.id, note: null },
      {
        status: 'cancelled',
        actor_user_id: shop.vendorB.userId,
        order_part_id: pb.id,
        note: 'Out of stock at the shop',
      },
      {
        status: 'delivered',
        actor_user_id: shop.vendorB.userId,
        order_part_id: null,
        note: 'Out of stock at the shop',
      },
    ]);
    // Moving a delivered part back clears delivered_at (its points must not be released).
    await t.db.transaction((tx) =>
      setPartStatus(tx, { partId: pa.id, status: 'shipped', actor: { userId: null, role: 'super_admin' } }),
    );
    const [back] = await queryRows<{ delivered_at: Date | null }>(
      t.db,
      sql`select delivered_at from order_parts where id = ${pa.id}`,
    );
    expect(back.delivered_at).toBeNull();
  });
});
