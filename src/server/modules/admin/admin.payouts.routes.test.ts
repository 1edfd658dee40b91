import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPayoutMessages as m,
  type AdminPayableVendorPage,
  type AdminPayout,
  type AdminPayoutPage,
  type PayoutPreview,
} from '../../../contracts/payouts.contract';
import type { VendorEarnings } from '../../../contracts/earnings.contract';
import { freshCode, signInSuperAdmin, spentCode } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createCategory, createProduct, createShop, createVendorUser } from '../../test/catalog-factories';
import { newShopper, placeOrder } from '../../test/checkout-fixtures';
import { indiaDate } from '../../test/dates';
import { customerInput, registerAndLogin } from '../../test/factories';
import { moneyInvariantViolations } from '../../test/invariants';
import { queryRows } from '../../platform/db';
import { createPayablePart, recordReversal, savePayoutDetails } from '../../test/settlement-fixtures';
import { systemLogs } from '../audit/audit.tables';
import { releaseDueVendorSales, vendorBalancesOf } from '../settlement';
import { vendorLedger, vendorPayouts } from '../settlement/settlement.tables';

// The super admin's Payouts tab. Settle reserves what a vendor may be paid up to
// a day (its payable as of the end of that day, net of earlier payouts, capped by its payable now);
// Mark paid records the bank UTR or UPI reference; Cancel returns the amount to payable. Each with a
// fresh code and audited. Amounts worked out by hand: an item of ₹999 at 18 % GST, 10 % commission,
// TDS 0.1 % with a PAN, no GSTIN so no TCS: 99 900 − 9 990 − 100 (99.9 rounded half up) = 89 810 paise;
// an item of ₹500: 50 000 − 5 000 − 50 = 44 950 paise.

const NET_999 = 89_810;
const NET_500 = 44_950;

let t: TestApp;
let admin: TestClient;
let secret: string;
let customerUserId: string;
let ip = 0;

beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t, '10.23.0.1'));
  customerUserId = (await registerAndLogin(new TestClient(t.app, '10.23.1.1'), customerInput())).id;
});
afterAll(() => t.close());

type Details = 'upi' | 'bank' | null;

async function newVendor(details: Details = 'upi', businessName = 'Jaipur Handloom House') {
  const { userId, email } = await createVendorUser(t.db, { businessName });
  const shop = await createShop(t.db, userId);
  if (details) await savePayoutDetails(t.db, userId, details);
  return { id: userId, email, storeId: shop.id, businessName };
}
type Vendor = Awaited<ReturnType<typeof newVendor>>;

/** A delivered part of ₹999 (or the price given), credited `soldDaysAgo` days ago and payable since `releasedDaysAgo` (undefined: still pending). */
const part = (v: Vendor, o: { pricePaise?: number; soldDaysAgo: number; releasedDaysAgo?: number }) =>
  createPayablePart(t.db, { customerUserId, vendorUserId: v.id, storeId: v.storeId, ...o });

const preview = async (v: Vendor, upTo = indiaDate()): Promise<PayoutPreview> => {
  const res = await admin.get(`/api/admin/payouts/preview?vendorUserId=${v.id}&upTo=${upTo}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const settle = async (v: Vendor, upTo = indiaDate()) =>
  admin.post('/api/admin/payouts', { vendorUserId: v.id, upTo, code: await freshCode(t, secret) });
const settled = async (v: Vendor, upTo = indiaDate()): Promise<AdminPayout> => {
  const res = await settle(v, upTo);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const pay = async (id: string, reference: string) =>
  admin.post(`/api/admin/payouts/${id}/pay`, { reference, code: await freshCode(t, secret) });
const cancel = async (id: string) =>
  admin.post(`/api/admin/payouts/${id}/cancel`, { code: await freshCode(t, secret) });
const balances = (v: Vendor) => vendorBalancesOf(t.db, v.id);
const audits = (action: string, resourceId: string) =>
  t.db
    .select()
    .from(systemLogs)
    .where(and(eq(systemLogs.action, action), eq(systemLogs.resourceId, resourceId)));
const payoutsOf = (v: Vendor) => t.db.select().from(vendorPayouts).where(eq(vendorPayouts.vendorUserId, v.id));
const payoutEntries = (v: Vendor) =>
  t.db
    .select({
      type: vendorLedger.entryType,
      payable: vendorLedger.payablePaise,
      reference: vendorLedger.reference,
      payoutId: vendorLedger.payoutId,
    })
    .from(vendorLedger)
    .where(eq(vendorLedger.vendorUserId, v.id));

async function vendorEarnings(v: Vendor): Promise<VendorEarnings> {
  const client = new TestClient(t.app, `10.23.2.${++ip}`);
  expect((await client.post('/api/auth/login', { email: v.email, password: 'secret123' })).statusCode).toBe(200);
  const res = await client.get('/api/vendor/earnings');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('who may call', () => {
  it('answers 401 to anyone without a super admin session', async () => {
    const guest = new TestClient(t.app, '10.23.9.1');
    for (const url of [
      '/api/admin/payables',
      '/api/admin/payouts',
      '/api/admin/payouts/export',
      `/api/admin/payouts/preview?vendorUserId=${crypto.randomUUID()}&upTo=${indiaDate()}`,
    ]) {
      expect((await guest.get(url)).statusCode, url).toBe(401);
    }
    const id = crypto.randomUUID();
    for (const url of ['/api/admin/payouts', `/api/admin/payouts/${id}/pay`, `/api/admin/payouts/${id}/cancel`])
      expect((await guest.post(url, {})).statusCode, url).toBe(401);
  });
});

describe('settle', () => {
  it('pays what was payable at the end of the chosen day, from the first ledger day, and reserves it at once', async () => {
    const v = await newVendor('upi');
    const a = await part(v, { soldDaysAgo: 10, releasedDaysAgo: 3 });
    const b = await part(v, { pricePaise: 50_000, soldDaysAgo: 5, releasedDaysAgo: 0 });
    await part(v, { soldDaysAgo: 1 });
    expect([a.netPaise, b.netPaise]).toEqual([NET_999, NET_500]);
    expect(await balances(v)).toEqual({ pendingPaise: NET_999, payablePaise: NET_999 + NET_500, paidPaise: 0 });

    // Up to yesterday: part a alone (b became payable today); the period starts on the day of the first sale.
    const yesterday = indiaDate(-1);
    expect(await preview(v, yesterday)).toMatchObject({
      businessName: v.businessName,
      periodFrom: indiaDate(-10),
      periodTo: yesterday,
      payableAsOfPaise: NET_999,
      payableNowPaise: NET_999 + NET_500,
      amountPaise: NET_999,
      refusal: null,
      payout: { method: 'upi', upiId: 'jaipur@okaxis' },
    });

    const payout = await settled(v, yesterday);
    expect(payout).toMatchObject({
      vendorUserId: v.id,
      businessName: v.businessName,
      amountPaise: NET_999,
      periodFrom: indiaDate(-10),
      periodTo: yesterday,
      status: 'created',
      method: 'upi',
      reference: null,
      paidAt: null,
    });
    // Reserved at once: payable falls now, paid rises only when it is paid.
    expect(await balances(v)).toEqual({ pendingPaise: NET_999, payablePaise: NET_500, paidPaise: 0 });
    expect(await payoutEntries(v)).toContainEqual({
      type: 'payout',
      payable: -NET_999,
      reference: `payout:${payout.id}`,
      payoutId: payout.id,
    });
    const [created] = await audits('payout_created', payout.id);
    expect(created.actorType).toBe('admin');
    expect(created.newData).toMatchObject({ vendorUserId: v.id, amountPaise: NET_999, periodTo: yesterday });

    // One open payout per vendor.
    expect((await preview(v)).refusal).toBe(m.openPayout);
    const second = await settle(v);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(m.openPayout);

    // The lists show it.
    const payables = (
      await admin.get(`/api/admin/payables?q=${encodeURIComponent(v.id.slice(0, 8))}`)
    ).json() as AdminPayableVendorPage;
    expect(payables.items.find((r) => r.vendorUserId === v.id)).toMatchObject({
      pendingPaise: NET_999,
      payablePaise: NET_500,
      paidPaise: 0,
      openPayout: { id: payout.id, amountPaise: NET_999, periodTo: yesterday },
    });
    const list = (
      await admin.get(`/api/admin/payouts?status=created&q=${encodeURIComponent(v.id.slice(0, 8))}`)
    ).json() as AdminPayoutPage;
    expect(list.items).toEqual([payout]);

    // The vendor sees it being paid.
    expect((await vendorEarnings(v)).payouts).toEqual([
      expect.objectContaining({ id: payout.id, status: 'created', amountPaise: NET_999 }),
    ]);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('refuses a vendor without payout details, with nothing payable, a future day or an unknown vendor, and writes nothing', async () => {
    const none = await newVendor(null);
    await part(none, { soldDaysAgo: 10, releasedDaysAgo: 2 });
    expect((await preview(none)).refusal).toBe(m.noPayoutDetails);
    const noDetails = await settle(none);
    expect(noDetails.statusCode).toBe(409);
    expect(noDetails.json().error.message).toBe(m.noPayoutDetails);

    const pendingOnly = await newVendor('upi');
    await part(pendingOnly, { soldDaysAgo: 2 });
    expect(await preview(pendingOnly)).toMatchObject({ amountPaise: 0, refusal: m.nothingPayable });
    const zero = await settle(pendingOnly);
    expect(zero.statusCode).toBe(409);
    expect(zero.json().error.message).toBe(m.nothingPayable);

    const future = await settle(pendingOnly, indiaDate(1));
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toBe(m.upToFuture);
    expect((await admin.get(`/api/admin/payouts/preview?vendorUserId=${none.id}&upTo=2026-13-01`)).statusCode).toBe(
      400,
    );
    expect((await settle({ ...none, id: crypto.randomUUID() })).statusCode).toBe(404);

    expect([...(await payoutsOf(none)), ...(await payoutsOf(pendingOnly))]).toEqual([]);
    expect(await balances(none)).toMatchObject({ payablePaise: NET_999, paidPaise: 0 });
  });

  it('needs a fresh code: none 401, a wrong or spent one 403, and nothing is written', async () => {
    const v = await newVendor('upi');
    await part(v, { soldDaysAgo: 10, releasedDaysAgo: 2 });
    const body = { vendorUserId: v.id, upTo: indiaDate() };
    expect((await admin.post('/api/admin/payouts', body)).statusCode).toBe(401);
    expect((await admin.post('/api/admin/payouts', { ...body, code: '000000' })).statusCode).toBe(403);
    expect((await admin.post('/api/admin/payouts', { ...body, code: await spentCode(t, secret) })).statusCode).toBe(
      403,
    );
    expect(await payoutsOf(v)).toEqual([]);
    expect(await balances(v)).toEqual({ pendingPaise: 0, payablePaise: NET_999, paidPaise: 0 });
    expect((await payoutEntries(v)).filter((e) => e.type === 'payout')).toEqual([]);
  });
});

describe('mark paid', () => {
  it('takes the UPI reference (12 digits), adds the amount to paid once, and the next settle starts the day after', async () => {
    const v = await newVendor('upi');
    await part(v, { soldDaysAgo: 10, releasedDaysAgo: 3 });
    const payout = await settled(v, indiaDate(-1));
    const bad = await pay(payout.id, 'UTR12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ message: m.upiReference, fields: { reference: m.upiReference } });
    expect((await admin.post(`/api/admin/payouts/${payout.id}/pay`, { reference: '123456789012' })).statusCode).toBe(
      401,
    );
    expect(
      (await admin.post(`/api/admin/payouts/${payout.id}/pay`, { reference: '123456789012', code: '000000' }))
        .statusCode,
    ).toBe(403);
    expect(await balances(v)).toEqual({ pendingPaise: 0, payablePaise: 0, paidPaise: 0 });

    const res = await pay(payout.id, '123456789012');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: payout.id, status: 'paid', reference: '123456789012', paidAt: indiaDate() });
    expect(await balances(v)).toEqual({ pendingPaise: 0, payablePaise: 0, paidPaise: NET_999 });
    const [row] = await payoutsOf(v);
    expect(row.paidByAdminId).toBeTruthy();
    expect((await audits('payout_paid', payout.id))[0].newData).toMatchObject({
      reference: '123456789012',
      amountPaise: NET_999,
    });

    const again = await pay(payout.id, '123456789013');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.alreadyPaid);
    expect((await cancel(payout.id)).statusCode).toBe(409);
    expect(await balances(v)).toEqual({ pendingPaise: 0, payablePaise: 0, paidPaise: NET_999 });

    // The vendor reads it paid, with its reference.
    expect((await vendorEarnings(v)).payouts).toEqual([
      expect.objectContaining({ status: 'paid', reference: '123456789012', paidAt: indiaDate() }),
    ]);

    // Settled up to yesterday already: not an earlier day, nothing more up to yesterday, then today's release from today.
    expect((await preview(v, indiaDate(-2))).refusal).toBe(m.alreadySettled(indiaDate(-1)));
    expect(await preview(v, indiaDate(-1))).toMatchObject({
      periodFrom: indiaDate(-1),
      amountPaise: 0,
      refusal: m.nothingPayable,
    });
    await part(v, { pricePaise: 50_000, soldDaysAgo: 9, releasedDaysAgo: 0 });
    expect(await preview(v)).toMatchObject({
      periodFrom: indiaDate(),
      periodTo: indiaDate(),
      amountPaise: NET_500,
      refusal: null,
    });
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('takes a bank UTR of up to 22 letters and digits, upper-cased', async () => {
    const v = await newVendor('bank', 'Sharma Textiles');
    await part(v, { soldDaysAgo: 10, releasedDaysAgo: 2 });
    const payout = await settled(v);
    expect(payout.method).toBe('bank');
    for (const reference of ['UTR-0001', 'A'.repeat(23)])
      expect((await pay(payout.id, reference)).statusCode, reference).toBe(400);
    const res = await pay(payout.id, 'hdfcr52026112612345678');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'paid', reference: 'HDFCR52026112612345678' });
    expect((await pay(crypto.randomUUID(), '123456789012')).statusCode).toBe(404);
  });
});

describe('cancel', () => {
  it('returns a created payout to payable through the ledger, once, and the vendor may be settled again', async () => {
    const v = await newVendor('upi');
    await part(v, { soldDaysAgo: 10, releasedDaysAgo: 2 });
    const payout = await settled(v);
    expect(await balances(v)).toMatchObject({ payablePaise: 0 });
    expect((await admin.post(`/api/admin/payouts/${payout.id}/cancel`, {})).statusCode).toBe(401);

    const res = await cancel(payout.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled' });
    expect(await balances(v)).toEqual({ pendingPaise: 0, payablePaise: NET_999, paidPaise: 0 });
    expect(await payoutEntries(v)).toContainEqual({
      type: 'payout_cancelled',
      payable: NET_999,
      reference: `payout-cancel:${payout.id}`,
      payoutId: payout.id,
    });
    expect(await audits('payout_cancelled', payout.id)).toHaveLength(1);
    const again = await cancel(payout.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.alreadyCancelled);
    expect((await pay(payout.id, '123456789012')).statusCode).toBe(409);
    expect((await vendorEarnings(v)).payouts).toEqual([expect.objectContaining({ status: 'cancelled' })]);

    // A cancelled payout does not count: the next one covers the same days.
    const next = await settled(v);
    expect(next).toMatchObject({ amountPaise: NET_999, periodFrom: indiaDate(-10) });
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});

describe('a refund after a payout', () => {
  it('makes payable negative, and the next settle nets the debit', async () => {
    const v = await newVendor('upi');
    const a = await part(v, { pricePaise: 50_000, soldDaysAgo: 20, releasedDaysAgo: 10 });
    const first = await settled(v);
    expect((await pay(first.id, '123456789012')).statusCode).toBe(200);
    expect(await balances(v)).toEqual({ pendingPaise: 0, payablePaise: 0, paidPaise: NET_500 });

    await recordReversal(t.db, a.orderPartId);
    expect(await balances(v)).toEqual({ pendingPaise: 0, payablePaise: -NET_500, paidPaise: NET_500 });
    expect(await preview(v)).toMatchObject({
      payableAsOfPaise: -NET_500,
      amountPaise: -NET_500,
      refusal: m.nothingPayable,
    });
    expect((await settle(v)).statusCode).toBe(409);

    // A later sale of ₹999 becomes payable: the payout is its net less the debit, 89 810 − 44 950 = 44 860 paise.
    await part(v, { soldDaysAgo: 9, releasedDaysAgo: 0 });
    const second = await settled(v);
    // Settled up to today twice: the second covers today again, for what became payable since.
    expect(second).toMatchObject({ amountPaise: 44_860, periodFrom: indiaDate(), periodTo: indiaDate() });
    expect(await balances(v)).toEqual({ pendingPaise: 0, payablePaise: 0, paidPaise: NET_500 });
    expect((await pay(second.id, '123456789013')).statusCode).toBe(200);
    expect(await balances(v)).toEqual({ pendingPaise: 0, payablePaise: 0, paidPaise: NET_500 + 44_860 });
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});

describe('the payouts CSV', () => {
  it('lists the filtered payouts in rupees', async () => {
    const v = await newVendor('upi', 'Kochi Sound CSV');
    await part(v, { soldDaysAgo: 10, releasedDaysAgo: 2 });
    const payout = await settled(v);
    const res = await admin.get('/api/admin/payouts/export?status=created&q=Kochi%20Sound%20CSV');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('id,vendor,period_from,period_to,amount_rupees,status,method,reference,created_at,paid_at');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${payout.id},Kochi Sound CSV,`);
    expect(lines[1]).toContain(',898.10,created,upi,');
  });
});

describe('through the real flow', () => {
  it('makes sales past the return window payable when the super admin opens the payables or a preview, before the release job runs', async () => {
    const v = await newVendor('upi', 'Window Past Weavers');
    await part(v, { soldDaysAgo: 9 });
    const w = await newVendor('upi', 'Window Open Weavers');
    await part(w, { soldDaysAgo: 2 });
    const payables = (
      await admin.get(`/api/admin/payables?q=${encodeURIComponent('Window')}`)
    ).json() as AdminPayableVendorPage;
    // The window is 7 days: sold 9 days ago is payable now; sold 2 days ago still pending.
    expect(payables.items.find((r) => r.vendorUserId === v.id)).toMatchObject({
      pendingPaise: 0,
      payablePaise: NET_999,
    });
    expect(payables.items.find((r) => r.vendorUserId === w.id)).toMatchObject({
      pendingPaise: NET_999,
      payablePaise: 0,
    });
    const x = await newVendor('upi', 'Preview Weavers');
    await part(x, { soldDaysAgo: 8 });
    expect(await preview(x)).toMatchObject({ amountPaise: NET_999, refusal: null });
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('settles and pays a part ordered, delivered by its vendor and past the return window', async () => {
    const v = await newVendor('upi', 'Real Flow Crafts');
    const category = await createCategory(t.db);
    const product = await createProduct(t.db, {
      storeId: v.storeId,
      categoryId: category.id,
      pricePaise: 99_900,
      stockQuantity: 5,
    });
    const orderId = await placeOrder(await newShopper(t), [{ productId: product.id }]);
    const [{ id: partId, net }] = await queryRows<{ id: string; net: string }>(
      t.db,
      sql`select p.id, (select sum(vendor_net_paise) from order_item_settlements l where l.order_part_id = p.id) as net from order_parts p where p.order_id = ${orderId}`,
    );
    const vendor = new TestClient(t.app, `10.23.3.${++ip}`);
    expect((await vendor.post('/api/auth/login', { email: v.email, password: 'secret123' })).statusCode).toBe(200);
    for (const status of ['confirmed', 'processing', 'shipped', 'delivered']) {
      const res = await vendor.patch(`/api/vendor/orders/parts/${partId}/status`, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await preview(v)).refusal).toBe(m.nothingPayable);
    await t.db.transaction((tx) =>
      releaseDueVendorSales(tx, { returnWindowDays: 7, now: new Date(Date.now() + 8 * 86_400_000) }),
    );
    expect(await balances(v)).toEqual({ pendingPaise: 0, payablePaise: Number(net), paidPaise: 0 });

    const payout = await settled(v);
    expect(payout).toMatchObject({ amountPaise: Number(net), periodFrom: indiaDate(), periodTo: indiaDate() });
    expect((await pay(payout.id, '123456789012')).statusCode).toBe(200);
    expect(await balances(v)).toEqual({ pendingPaise: 0, payablePaise: 0, paidPaise: Number(net) });
    const earnings = (await vendor.get('/api/vendor/earnings')).json() as VendorEarnings;
    expect(earnings.totals).toEqual({ pendingPaise: 0, payablePaise: 0, paidPaise: Number(net) });
    expect(earnings.payouts).toEqual([
      expect.objectContaining({ id: payout.id, status: 'paid', reference: '123456789012' }),
    ]);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});
