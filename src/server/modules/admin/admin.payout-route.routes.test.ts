import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminPayoutMessages as m,
  type AdminPayableVendorPage,
  type AdminPayout,
} from '../../../contracts/payouts.contract';
import type { VendorEarnings } from '../../../contracts/earnings.contract';
import { queryRows } from '../../platform/db';
import { totpCode } from '../../platform/totp';
import { freshCode, SECOND_ADMIN, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createShop, createVendorUser } from '../../test/catalog-factories';
import { indiaDate } from '../../test/dates';
import { FakeRazorpay } from '../../test/fake-razorpay';
import { customerInput, registerAndLogin } from '../../test/factories';
import { moneyInvariantViolations } from '../../test/invariants';
import {
  createPayablePart,
  createSettledPart,
  recordRelease,
  recordSale,
  savePayoutDetails,
} from '../../test/settlement-fixtures';
import { systemLogs } from '../audit/audit.tables';
import { saveGatewaySettings } from '../payments';
import { vendorBalancesOf } from '../settlement';
import { vendorPayouts } from '../settlement/settlement.tables';
import { payoutRouteStatus } from './admin.payouts';

// "When Razorpay is configured with Route enabled, the payout is a Route transfer
// through the gateway. Two admins paying the same payout at once pay it once." Against the local
// fake of Razorpay's API (POST /v1/transfers). Amounts worked out by hand as in
// admin.payouts.routes.test.ts: an item of ₹999 at 18 % GST, 10 % commission, TDS 0.1 % with a PAN,
// no GSTIN so no TCS: 99 900 − 9 990 − 100 = 89 810 paise, the payout and the transfer's amount.

const NET_999 = 89_810;
const ACCOUNT = 'acc_CPRsN1LkFccllA';

let t: TestApp;
let rzp: FakeRazorpay;
let admin: TestClient;
let secret: string;
let second: TestClient;
let secondSecret: string;
let customerUserId: string;
let ip = 0;

beforeAll(async () => {
  rzp = new FakeRazorpay();
  const url = await rzp.start();
  t = await buildTestApp({
    RAZORPAY_API_BASE: url,
    RAZORPAY_ROUTE: 'true',
    APP_SECRET: 'a-test-app-secret-that-is-32-characters-long',
  });
  ({ client: admin, secret } = await signInSuperAdmin(t, '10.24.0.1'));
  ({ client: second, secret: secondSecret } = await signInSuperAdmin(t, '10.24.0.2', SECOND_ADMIN));
  customerUserId = (await registerAndLogin(new TestClient(t.app, '10.24.1.1'), customerInput())).id;
});
afterAll(async () => {
  await t.close();
  await rzp.stop();
});

const enableRazorpay = (isEnabled = true) =>
  saveGatewaySettings(t.db, t.config, {
    keyId: rzp.keyId,
    keySecret: rzp.keySecret,
    webhookSecret: rzp.webhookSecret,
    isEnabled,
  });

beforeEach(async () => {
  rzp.failTransfers = null;
  rzp.transferDelayMs = 0;
  await enableRazorpay();
});

/** A vendor with UPI payout details and ₹999 delivered ten days ago, payable since two days ago. */
async function payableVendor(businessName = 'Jaipur Handloom House') {
  const { userId, email } = await createVendorUser(t.db, { businessName });
  const shop = await createShop(t.db, userId);
  await savePayoutDetails(t.db, userId, 'upi');
  const p = await createPayablePart(t.db, {
    customerUserId,
    vendorUserId: userId,
    storeId: shop.id,
    soldDaysAgo: 10,
    releasedDaysAgo: 2,
  });
  expect(p.netPaise).toBe(NET_999);
  return { id: userId, email, businessName, storeId: shop.id };
}
type Vendor = Awaited<ReturnType<typeof payableVendor>>;

const setAccount = async (vendorUserId: string, accountId: string, client = admin, s = secret) =>
  client.put(`/api/admin/vendors/${vendorUserId}/route-account`, { accountId, code: await freshCode(t, s) });
const settled = async (v: Vendor): Promise<AdminPayout> => {
  const res = await admin.post('/api/admin/payouts', {
    vendorUserId: v.id,
    upTo: indiaDate(),
    code: await freshCode(t, secret),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const transfer = async (id: string) =>
  admin.post(`/api/admin/payouts/${id}/transfer`, { code: await freshCode(t, secret) });
const statusOf = async (id: string) =>
  (await t.db.select({ status: vendorPayouts.status }).from(vendorPayouts).where(eq(vendorPayouts.id, id)))[0].status;
const audits = (action: string, resourceId: string) =>
  t.db
    .select()
    .from(systemLogs)
    .where(and(eq(systemLogs.action, action), eq(systemLogs.resourceId, resourceId)));
const transfersOf = (payoutId: string) => rzp.transfers.filter((x) => x.notes.payout_id === payoutId);

async function vendorEarnings(v: Vendor): Promise<VendorEarnings> {
  const client = new TestClient(t.app, `10.24.2.${++ip}`);
  expect((await client.post('/api/auth/login', { email: v.email, password: 'secret123' })).statusCode).toBe(200);
  return (await client.get('/api/vendor/earnings')).json();
}

describe("a vendor's Route account", () => {
  it('is set with a fresh code, audited, shown in the payables, and refused in a bad format', async () => {
    const v = await payableVendor();
    for (const accountId of ['acc_short', 'ACC_CPRsN1LkFccllA', 'acc_CPRsN1LkFcc-lA', `${ACCOUNT}x`]) {
      const bad = await setAccount(v.id, accountId);
      expect(bad.statusCode, accountId).toBe(400);
      expect(bad.json().error.message).toBe(m.routeAccountFormat);
    }
    expect((await admin.put(`/api/admin/vendors/${v.id}/route-account`, { accountId: ACCOUNT })).statusCode).toBe(401);
    expect(
      (await admin.put(`/api/admin/vendors/${v.id}/route-account`, { accountId: ACCOUNT, code: '000000' })).statusCode,
    ).toBe(403);
    expect((await setAccount(crypto.randomUUID(), ACCOUNT)).statusCode).toBe(404);

    const res = await setAccount(v.id, ` ${ACCOUNT} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ vendorUserId: v.id, accountId: ACCOUNT });
    const replaced = await setAccount(v.id, 'acc_ZZZZZZZZZZZZZ1');
    expect(replaced.statusCode).toBe(200);
    const entries = await audits('vendor_route_account_set', v.id);
    expect(entries.map((e) => e.newData)).toEqual(
      expect.arrayContaining([
        { accountId: ACCOUNT, previous: null },
        { accountId: 'acc_ZZZZZZZZZZZZZ1', previous: ACCOUNT },
      ]),
    );
    const payables = (await admin.get(`/api/admin/payables?q=${v.id.slice(0, 8)}`)).json() as AdminPayableVendorPage;
    expect(payables.items.find((r) => r.vendorUserId === v.id)?.routeAccountId).toBe('acc_ZZZZZZZZZZZZZ1');
  });
});

describe('Route on or off', () => {
  it('is on with RAZORPAY_ROUTE and the Razorpay keys enabled; off without either', async () => {
    expect((await admin.get('/api/admin/payouts/route')).json()).toEqual({ enabled: true });
    expect(await payoutRouteStatus({ db: t.db, config: { ...t.config, RAZORPAY_ROUTE: false } })).toEqual({
      enabled: false,
    });
    await enableRazorpay(false);
    expect((await admin.get('/api/admin/payouts/route')).json()).toEqual({ enabled: false });
  });

  it("answers 409 'Razorpay Route is not enabled' when the keys are off, and pays nothing", async () => {
    const v = await payableVendor();
    expect((await setAccount(v.id, ACCOUNT)).statusCode).toBe(200);
    const payout = await settled(v);
    await enableRazorpay(false);
    const res = await transfer(payout.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.routeOff);
    expect(await statusOf(payout.id)).toBe('created');
    expect(transfersOf(payout.id)).toEqual([]);
  });
});

describe('pay via Razorpay Route', () => {
  it('transfers the exact amount to the linked account once, and marks the payout paid with the trf_ id', async () => {
    const v = await payableVendor();
    const payout = await settled(v);
    // No linked account yet: 409, the payout stays created.
    const none = await transfer(payout.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(m.noRouteAccount);
    expect(await statusOf(payout.id)).toBe('created');
    expect((await setAccount(v.id, ACCOUNT)).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/payouts/${payout.id}/transfer`, {})).statusCode).toBe(401);

    const res = await transfer(payout.id);
    expect(res.statusCode, res.body).toBe(200);
    const [made] = transfersOf(payout.id);
    expect(transfersOf(payout.id)).toHaveLength(1);
    expect(made).toMatchObject({ recipient: ACCOUNT, amount: NET_999, currency: 'INR', idempotencyKey: payout.id });
    expect(made.id).toMatch(/^trf_[A-Za-z0-9]{14}$/);
    expect(res.json()).toMatchObject({
      id: payout.id,
      status: 'paid',
      method: 'route',
      reference: made.id,
      paidAt: indiaDate(),
    });
    expect(await vendorBalancesOf(t.db, v.id)).toEqual({ pendingPaise: 0, payablePaise: 0, paidPaise: NET_999 });
    expect((await audits('payout_transfer_started', payout.id))[0].newData).toMatchObject({
      accountId: ACCOUNT,
      amountPaise: NET_999,
    });
    expect((await audits('payout_paid', payout.id)).map((a) => a.newData)).toEqual([
      expect.objectContaining({ transferId: made.id, reference: made.id, amountPaise: NET_999, method: 'route' }),
    ]);
    // Written after the call, in its own transaction, as the same admin from the same address.
    const [paidAudit] = await audits('payout_paid', payout.id);
    expect(paidAudit).toMatchObject({ actorType: 'admin', ipAddress: '10.24.0.1' });
    expect(paidAudit.actorId).toBe((await audits('payout_transfer_started', payout.id))[0].actorId);
    expect((await vendorEarnings(v)).payouts).toEqual([
      expect.objectContaining({ id: payout.id, status: 'paid', method: 'route', reference: made.id }),
    ]);

    // Paid once: again is 409, no second transfer.
    const again = await transfer(payout.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.alreadyPaid);
    expect(transfersOf(payout.id)).toHaveLength(1);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('puts the payout back to created when Razorpay refuses the transfer, pays nothing, and may be tried again', async () => {
    const v = await payableVendor();
    expect((await setAccount(v.id, ACCOUNT)).statusCode).toBe(200);
    const payout = await settled(v);
    rzp.failTransfers = 'error';
    const refused = await transfer(payout.id);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.message).toBe(m.transferFailed);
    expect(await statusOf(payout.id)).toBe('created');
    expect(await vendorBalancesOf(t.db, v.id)).toEqual({ pendingPaise: 0, payablePaise: 0, paidPaise: 0 });
    expect(await audits('payout_transfer_failed', payout.id)).toHaveLength(1);
    expect(transfersOf(payout.id)).toEqual([]);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);

    rzp.failTransfers = null;
    const res = await transfer(payout.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(transfersOf(payout.id)).toHaveLength(1);
    expect(res.json()).toMatchObject({ status: 'paid', reference: transfersOf(payout.id)[0].id });
    expect(await vendorBalancesOf(t.db, v.id)).toEqual({ pendingPaise: 0, payablePaise: 0, paidPaise: NET_999 });
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('keeps the payout being transferred when Razorpay fails on its side (the outcome is unknown), and a retry after 2 minutes pays it once', async () => {
    const v = await payableVendor();
    expect((await setAccount(v.id, ACCOUNT)).statusCode).toBe(200);
    const payout = await settled(v);
    rzp.failTransfers = 'down';
    const down = await transfer(payout.id);
    expect(down.statusCode).toBe(503);
    expect(down.json().error.message).toBe(m.transferUnknown);
    expect(await statusOf(payout.id)).toBe('transferring');
    expect(await audits('payout_transfer_failed', payout.id)).toHaveLength(0);
    // Not cancelled (the money may have left), not tried again at once (another admin may be transferring it).
    rzp.failTransfers = null;
    const cancel = await admin.post(`/api/admin/payouts/${payout.id}/cancel`, { code: await freshCode(t, secret) });
    expect(cancel.statusCode).toBe(409);
    const soon = await transfer(payout.id);
    expect(soon.statusCode).toBe(409);
    expect(soon.json().error.message).toBe(m.beingTransferred);

    // Two minutes on, it is stranded: tried again, with the same idempotency key.
    await t.db
      .update(vendorPayouts)
      .set({ updatedAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(vendorPayouts.id, payout.id));
    const res = await transfer(payout.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(transfersOf(payout.id)).toHaveLength(1);
    expect(res.json()).toMatchObject({ status: 'paid', method: 'route', reference: transfersOf(payout.id)[0].id });
    expect(await vendorBalancesOf(t.db, v.id)).toEqual({ pendingPaise: 0, payablePaise: 0, paidPaise: NET_999 });
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('pays a stranded payout whose first transfer reached Razorpay with that very transfer, not a second one', async () => {
    const v = await payableVendor();
    expect((await setAccount(v.id, ACCOUNT)).statusCode).toBe(200);
    const payout = await settled(v);
    // The first call reached Razorpay and was made there, but its answer never came back (the process stopped).
    const made = await fetch(`${rzp.url}/v1/transfers`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${rzp.keyId}:${rzp.keySecret}`).toString('base64')}`,
        'content-type': 'application/json',
        'x-transfer-idempotency': payout.id,
      },
      body: JSON.stringify({ account: ACCOUNT, amount: NET_999, currency: 'INR', notes: { payout_id: payout.id } }),
    });
    const first = (await made.json()) as { id: string };
    await t.db
      .update(vendorPayouts)
      .set({ status: 'transferring', updatedAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(vendorPayouts.id, payout.id));

    const res = await transfer(payout.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'paid', reference: first.id });
    expect(transfersOf(payout.id)).toHaveLength(1);
    expect(await vendorBalancesOf(t.db, v.id)).toEqual({ pendingPaise: 0, payablePaise: 0, paidPaise: NET_999 });
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('refuses a cancelled payout', async () => {
    const v = await payableVendor();
    expect((await setAccount(v.id, ACCOUNT)).statusCode).toBe(200);
    const payout = await settled(v);
    expect(
      (await admin.post(`/api/admin/payouts/${payout.id}/cancel`, { code: await freshCode(t, secret) })).statusCode,
    ).toBe(200);
    const res = await transfer(payout.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.alreadyCancelled);
    expect(transfersOf(payout.id)).toEqual([]);
  });
});

describe('a payout left transferring (the process stopped during the call)', () => {
  it('is not transferred, cancelled or settled again, and is marked paid by hand with its trf_ id', async () => {
    const v = await payableVendor();
    expect((await setAccount(v.id, ACCOUNT)).statusCode).toBe(200);
    const payout = await settled(v);
    await t.db.update(vendorPayouts).set({ status: 'transferring' }).where(eq(vendorPayouts.id, payout.id));

    const res = await transfer(payout.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.beingTransferred);
    const cancel = await admin.post(`/api/admin/payouts/${payout.id}/cancel`, { code: await freshCode(t, secret) });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.message).toBe(m.cancelTransferring);
    const settle = await admin.post('/api/admin/payouts', {
      vendorUserId: v.id,
      upTo: indiaDate(),
      code: await freshCode(t, secret),
    });
    expect(settle.statusCode).toBe(409);
    expect(settle.json().error.message).toBe(m.openPayout);
    expect(
      (
        (await admin.get(`/api/admin/payouts?status=transferring&q=${payout.id.slice(0, 8)}`)).json() as {
          items: AdminPayout[];
        }
      ).items.map((p) => p.id),
    ).toEqual([payout.id]);

    // The vendor's UPI reference is not what Route paid with: the transfer id is asked for, its case kept.
    const upi = await admin.post(`/api/admin/payouts/${payout.id}/pay`, {
      reference: '123456789012',
      code: await freshCode(t, secret),
    });
    expect(upi.statusCode).toBe(400);
    expect(upi.json().error.message).toBe(m.transferIdFormat);
    const paid = await admin.post(`/api/admin/payouts/${payout.id}/pay`, {
      reference: 'trf_JqpKevElHShZkw',
      code: await freshCode(t, secret),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', method: 'route', reference: 'trf_JqpKevElHShZkw' });
    expect(await vendorBalancesOf(t.db, v.id)).toEqual({ pendingPaise: 0, payablePaise: 0, paidPaise: NET_999 });
    expect(transfersOf(payout.id)).toEqual([]);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});

describe('two super admins paying the same payout via Route at once', () => {
  it('make one transfer at Razorpay: one 200, one 409, paid once', async () => {
    const v = await payableVendor('Sharma Textiles');
    expect((await setAccount(v.id, ACCOUNT)).statusCode).toBe(200);
    let paid = 0;
    for (let i = 0; i < 4; i++) {
      if (i > 0) {
        // The next round's money: another ₹999 part, payable now.
        const p = await createSettledPart(t.db, {
          customerUserId,
          vendorUserId: v.id,
          storeId: v.storeId,
          items: [{ unitPricePaise: 99_900 }],
          status: 'delivered',
        });
        await recordSale(t.db, p.orderPartId);
        await recordRelease(t.db, p.orderPartId);
      }
      const payout = await settled(v);
      expect(payout.amountPaise).toBe(NET_999);
      // Each transfer takes a while at Razorpay, so the second request arrives while the first is in flight.
      rzp.transferDelayMs = 50;
      await freshCode(t, secret);
      const requestsBefore = rzp.transferRequests;
      const answers = await Promise.all([
        admin.post(`/api/admin/payouts/${payout.id}/transfer`, { code: totpCode(secret) }),
        second.post(`/api/admin/payouts/${payout.id}/transfer`, { code: totpCode(secondSecret) }),
      ]);
      expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join(' | ')).toEqual([200, 409]);
      const loser = answers.find((r) => r.statusCode === 409)!;
      expect([m.beingTransferred, m.alreadyPaid]).toContain(loser.json().error.message);
      expect(rzp.transferRequests - requestsBefore).toBe(1);
      expect(transfersOf(payout.id)).toHaveLength(1);
      expect(transfersOf(payout.id)[0]).toMatchObject({ amount: NET_999, recipient: ACCOUNT });
      paid += NET_999;
      expect(await statusOf(payout.id)).toBe('paid');
      expect(await audits('payout_paid', payout.id)).toHaveLength(1);
      expect(await vendorBalancesOf(t.db, v.id)).toEqual({ pendingPaise: 0, payablePaise: 0, paidPaise: paid });
    }
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from vendor_payouts where vendor_user_id = ${v.id} and status = 'paid'`,
    );
    expect(row.n).toBe(4);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});
