import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_COUNT_CAP } from '../../../contracts/admin-lists.contract';
import type { AdminOrder, AdminOrderPage } from '../../../contracts/admin-orders.contract';
import type { OrderDetail } from '../../../contracts/orders.contract';
import { codMessages } from '../../../domain/cod';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { freshCode, signInSuperAdmin, spentCode } from '../../test/admin';
import { createProduct } from '../../test/catalog-factories';
import {
  newShopper,
  placeCodOrder,
  placeOrder,
  pointsOf,
  stockOf,
  twoShops,
  type Shopper,
} from '../../test/checkout-fixtures';
import { customerInput, registerAndLogin } from '../../test/factories';
import { pointsLedgerMismatches } from '../../test/order-factories';

// The Orders tab, one row per shop's part, and setting any order's status with a fresh code.

let t: TestApp;
let admin: TestClient;
let secret: string;
let shop: Awaited<ReturnType<typeof twoShops>>;

beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t));
  shop = await twoShops(t, { stockA: 100, stockB: 100 });
});
afterAll(() => t.close());

const rowsOf = async (orderId: string): Promise<AdminOrder[]> => {
  const res = await admin.get(`/api/admin/orders?q=${orderId}&pageSize=100`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as AdminOrderPage).items;
};
const rowOf = async (orderId: string, shopName: string) =>
  (await rowsOf(orderId)).find((r) => r.shopName === shopName)!;
const setStatus = (orderId: string, body: Record<string, unknown>) =>
  admin.post(`/api/admin/orders/${orderId}/status`, body);
const customerOrder = async (s: Shopper, orderId: string): Promise<OrderDetail> =>
  (await s.client.get(`/api/orders/${orderId}`)).json();
const partStatuses = (o: OrderDetail) => Object.fromEntries(o.parts.map((p) => [p.storeName, p.status]));
const historyOf = (orderId: string) =>
  queryRows<{
    status: string;
    actor_role: string;
    actor_user_id: string | null;
    note: string | null;
    order_part_id: string | null;
  }>(
    t.db,
    sql`select status, actor_role, actor_user_id, note, order_part_id from order_status_history where order_id = ${orderId} order by created_at, order_part_id nulls last`,
  );
const adminId = async () =>
  (await queryRows<{ id: string }>(t.db, sql`select id from admin_accounts where email = 'root@haat.test'`))[0].id;

describe('who may call the Orders tab', () => {
  it('answers 401 to a guest and to a customer, for the list, the CSV and a status change', async () => {
    const guest = new TestClient(t.app);
    const customer = new TestClient(t.app, '10.4.0.9');
    await registerAndLogin(customer, customerInput());
    const orderId = crypto.randomUUID();
    for (const client of [guest, customer]) {
      expect((await client.get('/api/admin/orders')).statusCode).toBe(401);
      expect((await client.get('/api/admin/orders/export')).statusCode).toBe(401);
      expect(
        (await client.post(`/api/admin/orders/${orderId}/status`, { status: 'confirmed', code: '123456' })).statusCode,
      ).toBe(401);
    }
  });
});

describe('GET /api/admin/orders', () => {
  it("lists each shop's part of a two-shop order as its own row, with the part's amount, units, points and status", async () => {
    const s = await newShopper(t, 300);
    // ₹1,200 (2 kurtas) + ₹450 = ₹1,650, 210 points used; earns 60 (A) + 45 (B).
    const orderId = await placeOrder(s, [{ productId: shop.a.id, quantity: 2 }, { productId: shop.b.id }], 210);
    const rows = await rowsOf(orderId);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.partId)).size).toBe(2);
    const base = {
      id: orderId,
      customerEmail: s.email,
      orderStatus: 'pending',
      pointsUsed: 210,
      paymentStatus: 'paid',
      status: 'pending',
    };
    expect(rows.find((r) => r.shopName === 'Jaipur Handlooms')).toMatchObject({
      ...base,
      vendorName: 'Ravi Traders',
      productName: 'Block Print Kurta',
      itemCount: 1,
      quantity: 2,
      amountPaise: 120_000,
      pointsEarned: 60,
    });
    expect(rows.find((r) => r.shopName === 'Kerala Spices')).toMatchObject({
      ...base,
      productName: 'Malabar Pepper 500g',
      itemCount: 1,
      quantity: 1,
      amountPaise: 45_000,
      pointsEarned: 45,
    });
    expect(rows.every((r) => r.customerName.length > 0 && Date.parse(r.createdAt) <= Date.now())).toBe(true);
  });

  it('names the first item of a part and counts the rest', async () => {
    const extra = await createProduct(t.db, {
      storeId: shop.shopA.id,
      categoryId: shop.category.id,
      name: 'Anarkali Dupatta',
      pricePaise: 30_000,
      stockQuantity: 10,
    });
    const s = await newShopper(t);
    const orderId = await placeOrder(s, [{ productId: shop.a.id }, { productId: extra.id, quantity: 3 }]);
    const [row] = await rowsOf(orderId);
    expect(row).toMatchObject({
      shopName: 'Jaipur Handlooms',
      productName: 'Anarkali Dupatta',
      itemCount: 2,
      quantity: 4,
      amountPaise: 60_000 + 90_000,
    });
  });

  it('searches by customer name, email or order id prefix, filters by status and sorts', async () => {
    const s = await newShopper(t);
    const orderId = await placeOrder(s, [{ productId: shop.b.id }]);
    const byEmail = (await admin.get(`/api/admin/orders?q=${encodeURIComponent(s.email)}`)).json() as AdminOrderPage;
    expect(byEmail.total).toBe(1);
    expect(byEmail.items[0].id).toBe(orderId);
    expect(
      (await admin.get(`/api/admin/orders?q=${orderId.slice(0, 8)}`)).json().items.map((r: AdminOrder) => r.id),
    ).toContain(orderId);
    const name = byEmail.items[0].customerName;
    expect(
      (await admin.get(`/api/admin/orders?q=${encodeURIComponent(name)}`)).json().items.map((r: AdminOrder) => r.id),
    ).toContain(orderId);
    expect((await admin.get('/api/admin/orders?q=nobody-like-this')).json().total).toBe(0);

    const pending = (await admin.get('/api/admin/orders?status=pending&pageSize=100')).json() as AdminOrderPage;
    expect(pending.items.length).toBeGreaterThan(0);
    expect(pending.items.every((r) => r.status === 'pending')).toBe(true);
    expect((await admin.get(`/api/admin/orders?status=delivered&q=${orderId}`)).json().total).toBe(0);
    expect((await admin.get('/api/admin/orders?status=lost')).statusCode).toBe(400);

    const byAmount = (
      (await admin.get('/api/admin/orders?sort=amount&dir=asc&pageSize=100')).json() as AdminOrderPage
    ).items.map((r) => r.amountPaise);
    expect(byAmount).toEqual([...byAmount].sort((x, y) => x - y));
    expect((await admin.get('/api/admin/orders?sort=status')).statusCode).toBe(200);
    expect((await admin.get('/api/admin/orders?sort=password')).statusCode).toBe(400);
    const newest = ((await admin.get('/api/admin/orders?pageSize=100')).json() as AdminOrderPage).items.map((r) =>
      Date.parse(r.createdAt),
    );
    expect(newest).toEqual([...newest].sort((x, y) => y - x));
  });

  it('exports the same filter as CSV', async () => {
    const s = await newShopper(t);
    const orderId = await placeOrder(s, [{ productId: shop.a.id }, { productId: shop.b.id }]);
    const csv = await admin.get(`/api/admin/orders/export?q=${orderId}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="haat-orders-all-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(csv.body).toContain(
      'order_id,part_id,customer,email,shop,vendor,product,items,quantity,amount_rupees,status',
    );
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines.filter((l) => l.startsWith(`${orderId},`))).toHaveLength(2);
    expect(csv.body).toContain('Kerala Spices');
    expect(csv.body).toContain(',450.00,');
  });
});

describe('POST /api/admin/orders/:orderId/status', () => {
  it('refuses without a code (401), with a wrong code (403) and with a used code (403), and changes nothing', async () => {
    const s = await newShopper(t);
    const orderId = await placeOrder(s, [{ productId: shop.a.id }]);
    const { partId } = await rowOf(orderId, 'Jaipur Handlooms');
    const none = await setStatus(orderId, { status: 'confirmed', partId });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.message).toMatch(/6-digit code/);
    const wrong = await setStatus(orderId, { status: 'confirmed', partId, code: '000000' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe('Invalid or expired 2FA code. Please try again with the current code.');
    expect(
      (await setStatus(orderId, { status: 'cancelled', partId, code: await spentCode(t, secret) })).statusCode,
    ).toBe(403);

    expect((await rowOf(orderId, 'Jaipur Handlooms')).status).toBe('pending');
    expect((await historyOf(orderId)).map((h) => h.actor_role)).toEqual(['customer']);
    const audit = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from system_logs where action = 'order_status_changed' and resource_id = ${orderId}`,
    );
    expect(Number(audit[0].n)).toBe(0);
  });

  it('moves a part forward, records it with the super admin as actor, and the customer sees it', async () => {
    const s = await newShopper(t);
    const orderId = await placeOrder(s, [{ productId: shop.a.id }, { productId: shop.b.id }]);
    const partA = (await rowOf(orderId, 'Jaipur Handlooms')).partId;
    const code = await freshCode(t, secret);
    const res = await setStatus(orderId, { status: 'shipped', partId: partA, note: ' DTDC D123456789 ', code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Order status updated successfully',
      items: [{ partId: partA, status: 'shipped', orderStatus: 'pending' }],
    });
    // The code is spent.
    expect((await setStatus(orderId, { status: 'delivered', partId: partA, code })).statusCode).toBe(403);

    const id = await adminId();
    const history = await historyOf(orderId);
    expect(
      history.filter((h) => h.order_part_id === partA).map((h) => [h.status, h.actor_role, h.actor_user_id]),
    ).toEqual([
      ['pending', 'customer', s.userId],
      ['shipped', 'super_admin', id],
    ]);
    expect(history.find((h) => h.status === 'shipped')?.note).toBe('Tracking: DTDC D123456789');

    let order = await customerOrder(s, orderId);
    expect(partStatuses(order)).toEqual({ 'Jaipur Handlooms': 'shipped', 'Kerala Spices': 'pending' });
    expect(order.parts.find((p) => p.storeName === 'Jaipur Handlooms')?.trackingNote).toBe('DTDC D123456789');
    expect(order.history.find((h) => h.status === 'shipped')).toMatchObject({
      actorRole: 'super_admin',
      storeName: 'Jaipur Handlooms',
    });

    // Without a part: every open part moves; the order follows its parts.
    const all = await setStatus(orderId, { status: 'delivered', code: await freshCode(t, secret) });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().items).toHaveLength(2);
    order = await customerOrder(s, orderId);
    expect(partStatuses(order)).toEqual({ 'Jaipur Handlooms': 'delivered', 'Kerala Spices': 'delivered' });
    expect(order.status).toBe('delivered');
    expect(order.parts.every((p) => p.deliveredAt !== null)).toBe(true);
    expect(
      (await historyOf(orderId)).filter((h) => h.order_part_id === null).map((h) => [h.status, h.actor_role]),
    ).toEqual([['delivered', 'super_admin']]);
  });

  it('answers 409 to an impossible move and 404 to an unknown order or part, and the code is not spent', async () => {
    const s = await newShopper(t);
    const orderId = await placeOrder(s, [{ productId: shop.b.id }]);
    const { partId } = await rowOf(orderId, 'Kerala Spices');
    expect(
      (await setStatus(orderId, { status: 'processing', partId, code: await freshCode(t, secret) })).statusCode,
    ).toBe(200);

    const code = await freshCode(t, secret);
    const back = await setStatus(orderId, { status: 'confirmed', partId, code });
    expect(back.statusCode).toBe(409);
    expect(back.json().error.message).toBe('This order is already processing; it cannot go back to confirmed');
    const pending = await setStatus(orderId, { status: 'pending', code });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error.message).toBe('This order is already processing; it cannot go back to pending');
    const same = await setStatus(orderId, { status: 'processing', partId, code });
    expect(same.statusCode).toBe(409);
    expect(same.json().error.message).toBe('This order is already processing');
    expect((await setStatus(crypto.randomUUID(), { status: 'shipped', code })).statusCode).toBe(404);
    expect((await setStatus(orderId, { status: 'shipped', partId: crypto.randomUUID(), code })).statusCode).toBe(404);
    expect((await setStatus(orderId, { status: 'lost', partId, code })).statusCode).toBe(400);
    expect((await rowOf(orderId, 'Kerala Spices')).status).toBe('processing');

    // A refused move rolled back with the code: the same code still works once.
    expect((await setStatus(orderId, { status: 'delivered', partId, code })).statusCode).toBe(200);
    const after = await setStatus(orderId, { status: 'cancelled', partId, code: await freshCode(t, secret) });
    expect(after.statusCode).toBe(409);
    expect(after.json().error.message).toBe('This order has been delivered; its status can no longer change');
    const nothingOpen = await setStatus(orderId, { status: 'cancelled', code: await freshCode(t, secret) });
    expect(nothingOpen.statusCode).toBe(409);
  });

  it("cancels one part of a two-shop order (even shipped) with the stock and points the customer's cancel gives back", async () => {
    const s = await newShopper(t, 300);
    const before = { a: await stockOf(t, shop.a.id), b: await stockOf(t, shop.b.id) };
    // ₹600 + ₹450 = ₹1,050, 210 points used, ₹840 paid; earns 30 (A) + 45 (B) pending.
    const orderId = await placeOrder(s, [{ productId: shop.a.id }, { productId: shop.b.id }], 210);
    expect(await pointsOf(t, s.userId)).toMatchObject({ available: 90, pending: 75 });
    const partA = (await rowOf(orderId, 'Jaipur Handlooms')).partId;
    const partB = (await rowOf(orderId, 'Kerala Spices')).partId;
    expect(
      (await setStatus(orderId, { status: 'shipped', partId: partA, code: await freshCode(t, secret) })).statusCode,
    ).toBe(200);

    const res = await setStatus(orderId, { status: 'cancelled', partId: partB, code: await freshCode(t, secret) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toMatchObject([
      { partId: partB, status: 'cancelled', orderStatus: 'shipped', paymentStatus: 'refund_pending' },
    ]);
    // As fulfilment.customer-cancel.routes.test.ts's partial cancel: 210 x 450 / 1050 = 90 points back, B's 45 pending voided, A's 30 stay, ₹360 due back.
    expect(await stockOf(t, shop.b.id)).toBe(before.b);
    expect(await stockOf(t, shop.a.id)).toBe(before.a - 1);
    expect(await pointsOf(t, s.userId)).toEqual({
      available: 90 + 90,
      pending: 30,
      ledgerAvailable: 180,
      ledgerPending: 30,
    });
    let order = await customerOrder(s, orderId);
    expect(partStatuses(order)).toEqual({ 'Jaipur Handlooms': 'shipped', 'Kerala Spices': 'cancelled' });
    expect(order).toMatchObject({ status: 'shipped', paymentStatus: 'refund_pending', refundDuePaise: 36_000 });
    expect(order.history.find((h) => h.status === 'cancelled')).toMatchObject({
      actorRole: 'super_admin',
      note: 'Cancelled by the Haat team',
      storeName: 'Kerala Spices',
    });

    // The shipped part too: the super admin may cancel anything not delivered; everything comes back.
    const last = await setStatus(orderId, {
      status: 'cancelled',
      partId: partA,
      note: 'Courier lost the parcel',
      code: await freshCode(t, secret),
    });
    expect(last.statusCode, last.body).toBe(200);
    expect(await stockOf(t, shop.a.id)).toBe(before.a);
    expect(await pointsOf(t, s.userId)).toEqual({ available: 300, pending: 0, ledgerAvailable: 300, ledgerPending: 0 });
    order = await customerOrder(s, orderId);
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_pending', refundDuePaise: 84_000 });
    expect(order.history.filter((h) => h.status === 'cancelled').map((h) => h.note)).toContain(
      'Courier lost the parcel',
    );
    expect(await pointsLedgerMismatches(t.db)).toEqual([]);
  });

  it('cancels every open part of an order at once, as the customer would', async () => {
    const s = await newShopper(t, 300);
    const before = { a: await stockOf(t, shop.a.id), b: await stockOf(t, shop.b.id) };
    const orderId = await placeOrder(s, [{ productId: shop.a.id, quantity: 2 }, { productId: shop.b.id }], 250);
    const res = await setStatus(orderId, { status: 'cancelled', code: await freshCode(t, secret) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toHaveLength(2);
    // The numbers of the customer's full cancel in fulfilment.customer-cancel.routes.test.ts.
    expect(await stockOf(t, shop.a.id)).toBe(before.a);
    expect(await stockOf(t, shop.b.id)).toBe(before.b);
    expect(await pointsOf(t, s.userId)).toEqual({ available: 300, pending: 0, ledgerAvailable: 300, ledgerPending: 0 });
    expect(await customerOrder(s, orderId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refund_pending',
      cancellable: false,
    });
    expect((await s.client.post(`/api/orders/${orderId}/cancel`)).statusCode).toBe(409);
  });

  it('stays consistent when the super admin and the customer cancel the same order at once', async () => {
    const s = await newShopper(t, 300);
    const before = { a: await stockOf(t, shop.a.id), b: await stockOf(t, shop.b.id) };
    const orderId = await placeOrder(s, [{ productId: shop.a.id, quantity: 3 }, { productId: shop.b.id }], 200);
    const partB = (await rowOf(orderId, 'Kerala Spices')).partId;
    const [byAdmin, byCustomer] = await Promise.all([
      setStatus(orderId, { status: 'cancelled', partId: partB, code: await freshCode(t, secret) }),
      s.client.post(`/api/orders/${orderId}/cancel`),
    ]);
    expect(byCustomer.statusCode, byCustomer.body).toBe(200);
    expect([200, 409]).toContain(byAdmin.statusCode);
    expect(await stockOf(t, shop.a.id)).toBe(before.a);
    expect(await stockOf(t, shop.b.id)).toBe(before.b);
    expect(await pointsOf(t, s.userId)).toEqual({ available: 300, pending: 0, ledgerAvailable: 300, ledgerPending: 0 });
    expect(await pointsLedgerMismatches(t.db)).toEqual([]);
  });

  it('writes an audit entry per part changed, with the part, the old and the new status', async () => {
    const s = await newShopper(t);
    const orderId = await placeOrder(s, [{ productId: shop.a.id }]);
    const { partId } = await rowOf(orderId, 'Jaipur Handlooms');
    expect(
      (await setStatus(orderId, { status: 'confirmed', partId, code: await freshCode(t, secret) })).statusCode,
    ).toBe(200);
    const rows = await queryRows<{
      actor_type: string;
      resource_type: string;
      new_data: { partId: string; from: string; to: string };
    }>(
      t.db,
      sql`select actor_type, resource_type, new_data from system_logs where action = 'order_status_changed' and resource_id = ${orderId}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_type: 'admin',
      resource_type: 'order',
      new_data: { partId, from: 'pending', to: 'confirmed' },
    });
    const log = (await admin.get('/api/admin/audit?resource=order')).json() as {
      items: { action: string; actor: string; resourceId: string }[];
    };
    expect(log.items.find((e) => e.resourceId === orderId)).toMatchObject({
      action: 'order_status_changed',
      actor: 'root@haat.test',
    });
  });
});

describe('cash on delivery orders', () => {
  const vendorClient = async (email: string) => {
    const client = new TestClient(t.app, '10.4.23.1');
    const res = await client.post('/api/auth/login', { email, password: 'secret123' });
    expect(res.statusCode, res.body).toBe(200);
    return client;
  };

  it("show the payment, each part's cash due and collected, and a refusal at the door as returned to seller, in the list and the CSV", async () => {
    const cod = await twoShops(t, { stockA: 20, stockB: 20, codA: true, codB: true });
    const s = await newShopper(t, 150);
    // ₹600 + ₹450 = ₹1,050 (free delivery), less 150 points: ₹900 in cash, shared 600:450.
    const orderId = await placeCodOrder(s, [{ productId: cod.a.id }, { productId: cod.b.id }], 150);
    let rows = await rowsOf(orderId);
    expect(
      rows.map((r) => [r.shopName, r.paymentStatus, r.codDuePaise, r.cashCollectedPaise, r.returnedToSeller]).sort(),
    ).toEqual([
      ['Jaipur Handlooms', 'cash_on_delivery', 51_429, null, false],
      ['Kerala Spices', 'cash_on_delivery', 38_571, null, false],
    ]);
    const partA = rows.find((r) => r.shopName === 'Jaipur Handlooms')!.partId;
    const partB = rows.find((r) => r.shopName === 'Kerala Spices')!.partId;

    // The super admin ships both; A's shop is paid at the door, B's parcel is refused.
    expect((await setStatus(orderId, { status: 'shipped', code: await freshCode(t, secret) })).statusCode).toBe(200);
    const va = await vendorClient(cod.vendorA.email);
    const delivered = await va.patch(`/api/vendor/orders/parts/${partA}/status`, {
      status: 'delivered',
      cashCollected: '514.29',
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const vb = await vendorClient(cod.vendorB.email);
    expect((await vb.post(`/api/vendor/orders/parts/${partB}/returned-to-seller`)).statusCode).toBe(200);

    rows = await rowsOf(orderId);
    expect(rows.find((r) => r.partId === partA)).toMatchObject({
      status: 'delivered',
      codDuePaise: 51_429,
      cashCollectedPaise: 51_429,
      returnedToSeller: false,
    });
    expect(rows.find((r) => r.partId === partB)).toMatchObject({
      status: 'cancelled',
      codDuePaise: 38_571,
      cashCollectedPaise: null,
      returnedToSeller: true,
    });

    const csv = await admin.get(`/api/admin/orders/export?q=${orderId}`);
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = csv.body.trim().split(/\r?\n/);
    expect(header.endsWith(',payment,cash_due,cash_collected,returned_to_seller')).toBe(true);
    const tail = (partId: string) =>
      lines
        .find((l) => l.includes(partId))!
        .split(',')
        .slice(-4);
    expect(tail(partA)).toEqual(['cod', '514.29', '514.29', 'no']);
    expect(tail(partB)).toEqual(['cod', '385.71', '', 'yes']);

    // A prepaid order's parts: no cash.
    const paidId = await placeOrder(await newShopper(t), [{ productId: shop.b.id }]);
    expect((await rowsOf(paidId))[0]).toMatchObject({
      paymentStatus: 'paid',
      codDuePaise: null,
      cashCollectedPaise: null,
      returnedToSeller: false,
    });
    const paidCsv = (await admin.get(`/api/admin/orders/export?q=${paidId}`)).body.trim().split(/\r?\n/)[1];
    expect(paidCsv.split(',').slice(-4)).toEqual(['online', '', '', 'no']);
  });

  it('refuses to mark a cash on delivery part delivered (its shop records the cash), and the code is not spent', async () => {
    const cod = await twoShops(t, { codA: true, codB: true });
    const s = await newShopper(t);
    const orderId = await placeCodOrder(s, [{ productId: cod.a.id }]);
    const { partId } = await rowOf(orderId, 'Jaipur Handlooms');
    expect((await setStatus(orderId, { status: 'shipped', partId, code: await freshCode(t, secret) })).statusCode).toBe(
      200,
    );

    const code = await freshCode(t, secret);
    const refused = await setStatus(orderId, { status: 'delivered', partId, code });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(codMessages.adminDeliveredCod);
    expect(codMessages.adminDeliveredCod).toBe(
      'A cash on delivery part is marked delivered by its shop, with the cash it received',
    );
    // Nor every open part at once.
    expect((await setStatus(orderId, { status: 'delivered', code })).statusCode).toBe(409);
    expect(await rowOf(orderId, 'Jaipur Handlooms')).toMatchObject({ status: 'shipped', cashCollectedPaise: null });
    const audit = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from system_logs where action = 'order_status_changed' and resource_id = ${orderId} and new_data->>'to' = 'delivered'`,
    );
    expect(Number(audit[0].n)).toBe(0);

    // The code was not spent: the super admin may still cancel the part with it.
    expect((await setStatus(orderId, { status: 'cancelled', partId, code })).statusCode).toBe(200);
  });
});

// The thousand orders it adds are its own shopper's: the other tests count only orders of their own, so they pass before or after it.
describe('counting more order parts than the cap', () => {
  it('stops at 1,000 and says there are more; a page past the cap is counted to its end; a narrower search is exact', async () => {
    const s = await newShopper(t);
    const orderId = await placeOrder(s, [{ productId: shop.a.id }]);
    const extra = ADMIN_COUNT_CAP + 2;
    // The same order again, 1,002 times more, each with its own id (and no payment of its own).
    await t.db.execute(sql`
      with copies as (select gen_random_uuid() as id from generate_series(1, ${extra - 1})),
      new_orders as (
        insert into orders select (jsonb_populate_record(null::orders, to_jsonb(o) || jsonb_build_object('id', c.id, 'payment_id', null))).*
        from orders o, copies c where o.id = ${orderId} returning id)
      insert into order_parts select (jsonb_populate_record(null::order_parts, to_jsonb(p) || jsonb_build_object('id', gen_random_uuid(), 'order_id', n.id))).*
      from order_parts p, new_orders n where p.order_id = ${orderId}`);
    const list = async (query: string) => {
      const res = await admin.get(`/api/admin/orders${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as AdminOrderPage;
    };

    const first = await list(`?q=${encodeURIComponent(s.email)}`);
    expect(first).toMatchObject({ total: ADMIN_COUNT_CAP, totalCapped: true, page: 1 });
    expect(first.items).toHaveLength(20);
    expect(first.items.every((o) => o.customerEmail === s.email && o.shopName === 'Jaipur Handlooms')).toBe(true);

    // Page 51 of 20 ends at 1,020: counted that far, every one of the 1,002 parts is known.
    const last = await list(`?q=${encodeURIComponent(s.email)}&page=51`);
    expect(last).toMatchObject({ total: extra, totalCapped: false });
    expect(last.items).toHaveLength(2);

    // The first order by its id: exact.
    expect(await list(`?q=${orderId}`)).toMatchObject({ total: 1, totalCapped: false });
    // Every part of every order, counted the same way.
    expect(await list('')).toMatchObject({ total: ADMIN_COUNT_CAP, totalCapped: true });
  });
});
