import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deletionMessages,
  orderInTransitMessage,
  orderReturnOpenMessage,
} from '../../../contracts/admin-lists.contract';
import type { AdminOrderPage } from '../../../contracts/admin-orders.contract';
import type { OrderList } from '../../../contracts/orders.contract';
import type { VendorOrderList } from '../../../contracts/vendor-orders.contract';
import { rupeesForInput } from '../../../domain/money';
import { queryRows } from '../../platform/db';
import { freshCode, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import {
  newShopper,
  placeCodOrder,
  placeOrder,
  pointsOf,
  signInAs,
  stockOf,
  twoShops,
  type Shopper,
} from '../../test/checkout-fixtures';
import { pointsLedgerMismatches } from '../../test/order-factories';
import { saveCodSettings } from '../payments';

// The super admin deletes an order. It is never destroyed: its open parts are
// cancelled with their refunds (as the customer's cancel does), then it leaves the customer's, the
// vendor's and the admin's lists, while its rows, history and ledgers stay.

let t: TestApp;
let admin: TestClient;
let secret: string;
let shops: Awaited<ReturnType<typeof twoShops>>;
let va: TestClient;
let vb: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t));
  await t.db.transaction((tx) => saveCodSettings(tx, { limitPaise: 1_000_000, excludedCategoryIds: [] }));
  shops = await twoShops(t, { stockA: 100, stockB: 100, codA: true, codB: true });
  va = await signInAs(t, shops.vendorA.email);
  vb = await signInAs(t, shops.vendorB.email);
});
afterAll(() => t.close());

const del = async (orderId: string, code?: string) =>
  admin.post(`/api/admin/orders/${orderId}/delete`, { code: code ?? (await freshCode(t, secret)) });
const bothLines = () => [{ productId: shops.a.id, quantity: 2 }, { productId: shops.b.id }];

type OrderRow = { status: string; payment_status: string; refund_due_paise: number; hidden: boolean };
const orderRow = async (orderId: string): Promise<OrderRow | undefined> =>
  (
    await queryRows<OrderRow>(
      t.db,
      sql`select status, payment_status, refund_due_paise::int as refund_due_paise, hidden_at is not null as hidden from orders where id = ${orderId}`,
    )
  )[0];
const partStatuses = async (orderId: string) =>
  (
    await queryRows<{ shop: string; status: string }>(
      t.db,
      sql`select s.shop_name as shop, p.status from order_parts p join vendor_shops s on s.id = p.store_id where p.order_id = ${orderId} order by s.shop_name`,
    )
  ).map((r) => `${r.shop}: ${r.status}`);
/** How many rows of each kind name the order: none of them may go. */
const rowsNaming = async (orderId: string) => {
  const [r] = await queryRows<Record<string, number>>(
    t.db,
    sql`select (select count(*) from order_parts where order_id = ${orderId})::int as parts,
               (select count(*) from order_items where order_id = ${orderId})::int as items,
               (select count(*) from order_status_history where order_id = ${orderId})::int as history,
               (select count(*) from rewards_transactions where order_id = ${orderId})::int as points_ledger,
               (select count(*) from vendor_ledger l join order_parts p on p.id = l.order_part_id where p.order_id = ${orderId})::int as vendor_ledger,
               (select count(*) from order_item_settlements s join order_items i on i.id = s.order_item_id where i.order_id = ${orderId})::int as settlements,
               (select count(*) from payments where order_id = ${orderId})::int as payments`,
  );
  return r;
};
const auditOf = (orderId: string) =>
  queryRows<{ actor_type: string; resource_type: string; new_data: Record<string, unknown> }>(
    t.db,
    sql`select actor_type, resource_type, new_data from system_logs where action = 'order_deleted' and resource_id = ${orderId}`,
  );

const inCustomerList = async (s: Shopper, orderId: string) =>
  ((await s.client.get('/api/orders?pageSize=100')).json() as OrderList).items.some((o) => o.id === orderId);
const inVendorList = async (vendor: TestClient, orderId: string) =>
  ((await vendor.get('/api/vendor/orders?pageSize=100')).json() as VendorOrderList).items.some(
    (p) => p.orderId === orderId,
  );
const inAdminList = async (orderId: string) =>
  ((await admin.get(`/api/admin/orders?q=${orderId}&pageSize=100`)).json() as AdminOrderPage).items.some(
    (o) => o.id === orderId,
  );
const inAdminCsv = async (orderId: string) =>
  (await admin.get(`/api/admin/orders/export?q=${orderId}`)).body.includes(orderId);

/** Moves the shop's part of the order on through the vendor's own API (so a delivery is invoiced and credited to the vendor). */
async function vendorMoves(vendor: TestClient, orderId: string, statuses: ('shipped' | 'delivered')[]) {
  const part = ((await vendor.get('/api/vendor/orders?pageSize=100')).json() as VendorOrderList).items.find(
    (p) => p.orderId === orderId,
  )!;
  for (const status of statuses) {
    const cash =
      status === 'delivered' && part.codDuePaise !== null ? { cashCollected: rupeesForInput(part.codDuePaise) } : {};
    const res = await vendor.patch(`/api/vendor/orders/parts/${part.partId}/status`, { status, ...cash });
    expect(res.statusCode, res.body).toBe(200);
  }
  return part.partId;
}

describe('POST /api/admin/orders/:id/delete: who may and with what', () => {
  it('refuses without a code (401) and with a wrong code (403), and changes nothing', async () => {
    const s = await newShopper(t);
    const orderId = await placeOrder(s, [{ productId: shops.a.id }]);
    const before = {
      order: await orderRow(orderId),
      parts: await partStatuses(orderId),
      stock: await stockOf(t, shops.a.id),
    };

    const none = await admin.post(`/api/admin/orders/${orderId}/delete`, {});
    expect(none.statusCode).toBe(401);
    expect(none.json().error.message).toMatch(/6-digit code/);
    const wrong = await del(orderId, '000000');
    expect(wrong.statusCode).toBe(403);

    expect({
      order: await orderRow(orderId),
      parts: await partStatuses(orderId),
      stock: await stockOf(t, shops.a.id),
    }).toEqual(before);
    expect(await inCustomerList(s, orderId)).toBe(true);
    expect(await inAdminList(orderId)).toBe(true);
    expect(await auditOf(orderId)).toEqual([]);
    // A guest and the order's own customer are not the super admin.
    for (const client of [new TestClient(t.app), s.client])
      expect(
        (await client.post(`/api/admin/orders/${orderId}/delete`, { code: await freshCode(t, secret) })).statusCode,
      ).toBe(401);
  });

  it('answers 404 for an unknown order', async () => {
    const res = await del(crypto.randomUUID());
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().error.message).toBe('Order not found');
  });
});

describe('deleting a paid order with open parts', () => {
  it('cancels and refunds every open part, hides the order from every list, keeps its rows, and audits it', async () => {
    const s = await newShopper(t, 300);
    // ₹1,200 (2 kurtas) + ₹450 = ₹1,650 with 200 points used: ₹1,450 paid through the test gateway.
    const orderId = await placeOrder(s, bothLines(), 200);
    const stock = { a: await stockOf(t, shops.a.id), b: await stockOf(t, shops.b.id) };
    expect(await pointsOf(t, s.userId)).toMatchObject({ available: 100, pending: 105 });
    const rowsBefore = await rowsNaming(orderId);
    expect(rowsBefore).toMatchObject({ parts: 2, items: 2, payments: 1 });
    const counted = async () => ((await s.client.get('/api/orders')).json() as OrderList).counts;
    const countsBefore = await counted();

    const res = await del(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: orderId,
      outcome: 'hidden',
      message: deletionMessages.order.done,
      detail: deletionMessages.orderCancelled,
    });

    // The refunds of the customer's own cancel: the points used back, the pending ones gone, the money due back.
    expect(await pointsOf(t, s.userId)).toMatchObject({ available: 300, pending: 0 });
    expect(await orderRow(orderId)).toMatchObject({
      status: 'cancelled',
      payment_status: 'refund_pending',
      refund_due_paise: 145_000,
      hidden: true,
    });
    expect(await partStatuses(orderId)).toEqual(['Jaipur Handlooms: cancelled', 'Kerala Spices: cancelled']);
    expect({ a: await stockOf(t, shops.a.id), b: await stockOf(t, shops.b.id) }).toEqual({
      a: stock.a + 2,
      b: stock.b + 1,
    });
    expect(await pointsLedgerMismatches(t.db)).toEqual([]);

    // Gone from the customer's list and detail, the vendors' lists, the Orders tab and its CSV.
    expect(await inCustomerList(s, orderId)).toBe(false);
    const detail = await s.client.get(`/api/orders/${orderId}`);
    expect(detail.statusCode).toBe(404);
    expect(detail.json().error.message).toBe('Order not found');
    expect(await counted()).toEqual({
      ...countsBefore,
      all: countsBefore.all - 1,
      processing: countsBefore.processing - 1,
    });
    expect(await inVendorList(va, orderId)).toBe(false);
    expect(await inVendorList(vb, orderId)).toBe(false);
    expect(await inAdminList(orderId)).toBe(false);
    expect(await inAdminCsv(orderId)).toBe(false);

    // Nothing was removed: the rows, the history (with the cancels by the super admin) and the ledger stay.
    const rowsAfter = await rowsNaming(orderId);
    expect(rowsAfter).toMatchObject({ ...rowsBefore, history: expect.any(Number), points_ledger: expect.any(Number) });
    expect(rowsAfter.history).toBeGreaterThan(rowsBefore.history);
    expect(rowsAfter.points_ledger).toBeGreaterThan(rowsBefore.points_ledger);
    const cancels = await queryRows<{ actor_role: string; note: string }>(
      t.db,
      sql`select actor_role, note from order_status_history where order_id = ${orderId} and status = 'cancelled' and order_part_id is not null`,
    );
    expect(cancels).toEqual([
      { actor_role: 'super_admin', note: 'Cancelled by the Haat team' },
      { actor_role: 'super_admin', note: 'Cancelled by the Haat team' },
    ]);

    const [audit] = await auditOf(orderId);
    expect(audit).toMatchObject({ actor_type: 'admin', resource_type: 'order' });
    expect(audit.new_data).toMatchObject({
      cancelledParts: expect.arrayContaining([
        expect.objectContaining({ shop: 'Jaipur Handlooms', from: 'pending' }),
        expect.objectContaining({ shop: 'Kerala Spices', from: 'pending' }),
      ]),
      refund: { stockReturned: 3, pointsVoided: 105, pointsRefunded: 200, refundPaise: 145_000 },
      hiddenAt: expect.any(String),
    });

    // A second delete finds nothing, and neither the customer nor a vendor can act on it any more.
    const again = await del(orderId);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('Order not found');
    expect((await s.client.post(`/api/orders/${orderId}/cancel`)).statusCode).toBe(404);
  });

  it('cancels only the parts still open: a delivered part stays delivered, with its money and its vendor’s credit', async () => {
    const s = await newShopper(t);
    const orderId = await placeOrder(s, bothLines());
    await vendorMoves(vb, orderId, ['shipped', 'delivered']);
    const creditBefore = (await rowsNaming(orderId)).vendor_ledger;
    expect(creditBefore).toBeGreaterThan(0);

    const res = await del(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().detail).toBe(deletionMessages.orderCancelled);
    expect(await partStatuses(orderId)).toEqual(['Jaipur Handlooms: cancelled', 'Kerala Spices: delivered']);
    // Only the kurtas' ₹1,200 comes back; the pepper was delivered and stays paid for.
    expect(await orderRow(orderId)).toMatchObject({
      status: 'delivered',
      payment_status: 'refund_pending',
      refund_due_paise: 120_000,
    });
    expect((await rowsNaming(orderId)).vendor_ledger).toBe(creditBefore);
    expect(await inVendorList(vb, orderId)).toBe(false);
  });
});

describe('what a delete refuses', () => {
  it('refuses (409, naming the shop) while a part is shipped, and changes nothing', async () => {
    const s = await newShopper(t, 100);
    const orderId = await placeOrder(s, bothLines(), 50);
    await vendorMoves(va, orderId, ['shipped']);
    const before = {
      order: await orderRow(orderId),
      parts: await partStatuses(orderId),
      points: await pointsOf(t, s.userId),
      stock: await stockOf(t, shops.b.id),
      rows: await rowsNaming(orderId),
    };

    const res = await del(orderId);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(orderInTransitMessage('Jaipur Handlooms'));

    expect({
      order: await orderRow(orderId),
      parts: await partStatuses(orderId),
      points: await pointsOf(t, s.userId),
      stock: await stockOf(t, shops.b.id),
      rows: await rowsNaming(orderId),
    }).toEqual(before);
    expect(before.order?.hidden).toBe(false);
    expect(await inCustomerList(s, orderId)).toBe(true);
    expect(await inVendorList(va, orderId)).toBe(true);
    expect(await inAdminList(orderId)).toBe(true);
    expect(await auditOf(orderId)).toEqual([]);
  });

  it('refuses (409, naming the shop) while a return of a delivered part is under way', async () => {
    const s = await newShopper(t);
    const orderId = await placeOrder(s, [{ productId: shops.a.id }]);
    const partId = await vendorMoves(va, orderId, ['shipped', 'delivered']);
    const [item] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from order_items where order_part_id = ${partId}`,
    );
    const asked = await s.client.post(`/api/orders/parts/${partId}/returns`, {
      items: [{ orderItemId: item.id, quantity: 1 }],
      reason: 'Wrong size or fit',
      comment: '',
    });
    expect(asked.statusCode, asked.body).toBe(201);

    const res = await del(orderId);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(orderReturnOpenMessage('Jaipur Handlooms'));
    expect((await orderRow(orderId))?.hidden).toBe(false);
    expect(await inCustomerList(s, orderId)).toBe(true);
  });
});

describe('deleting an order with nothing open, and one paid in cash', () => {
  it('hides an order delivered in full and refunds nothing', async () => {
    const s = await newShopper(t);
    const orderId = await placeOrder(s, bothLines());
    await vendorMoves(va, orderId, ['shipped', 'delivered']);
    await vendorMoves(vb, orderId, ['shipped', 'delivered']);
    const points = await pointsOf(t, s.userId);
    const rows = await rowsNaming(orderId);

    const res = await del(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'hidden', detail: deletionMessages.orderHidden });
    expect(await orderRow(orderId)).toMatchObject({
      status: 'delivered',
      payment_status: 'paid',
      refund_due_paise: 0,
      hidden: true,
    });
    expect(await partStatuses(orderId)).toEqual(['Jaipur Handlooms: delivered', 'Kerala Spices: delivered']);
    expect(await pointsOf(t, s.userId)).toEqual(points);
    expect(await rowsNaming(orderId)).toEqual(rows);
    expect((await auditOf(orderId))[0].new_data).toMatchObject({
      cancelledParts: [],
      refund: { stockReturned: 0, pointsVoided: 0, pointsRefunded: 0, refundPaise: 0 },
    });
    expect(await inCustomerList(s, orderId)).toBe(false);
    expect(await inVendorList(va, orderId)).toBe(false);
    expect(await inAdminList(orderId)).toBe(false);
  });

  it('cancels a cash on delivery order: the points used come back, and no money is owed back', async () => {
    const s = await newShopper(t, 100);
    const orderId = await placeCodOrder(s, bothLines(), 80);
    expect(await pointsOf(t, s.userId)).toMatchObject({ available: 20 });
    const stockA = await stockOf(t, shops.a.id);

    const res = await del(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().detail).toBe(deletionMessages.orderCancelled);
    expect(await pointsOf(t, s.userId)).toMatchObject({ available: 100, pending: 0 });
    expect(await orderRow(orderId)).toMatchObject({
      status: 'cancelled',
      payment_status: 'cash_on_delivery',
      refund_due_paise: 0,
    });
    expect(await stockOf(t, shops.a.id)).toBe(stockA + 2);
    expect(await inCustomerList(s, orderId)).toBe(false);
    expect(await inVendorList(va, orderId)).toBe(false);
    expect(await inAdminList(orderId)).toBe(false);
    expect(await pointsLedgerMismatches(t.db)).toEqual([]);
  });
});
