import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  merchantMessages as m,
  type MerchantDashboard,
  type MerchantPayment,
  type MerchantPaymentPage,
} from '../../../contracts/merchant.contract';
import type { Wallet } from '../../../contracts/rewards.contract';
import { todayInIndia } from '../../../domain/age';
import { freshCode, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { customerInput, merchantInput, registerAndLogin, vendorInput } from '../../test/factories';
import { pointsLedgerMismatches } from '../../test/order-factories';
import { runPointsRelease } from '../rewards';
import { releaseDueCashback } from './merchants.cashback';
import { merchantTransactions } from './merchants.tables';

// The merchant's dashboard, recording UPI payments with the
// customer's cashback, cashback pending until verification and the return window, and the profile.

let t: TestApp;
let ip = 10;
const browser = () => new TestClient(t.app, `10.9.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`);
let admin: TestClient;
let secret: string;

let refSeq = 100_000_000_000;
const nextRef = () => String(refSeq++);
const today = todayInIndia();

const record = (client: TestClient, body: Record<string, unknown>) =>
  client.post('/api/merchant/payments', { paidOn: today, upiReference: nextRef(), ...body });
const wallet = async (client: TestClient) => (await client.get('/api/wallet')).json() as Wallet;
const dashboard = async (client: TestClient) =>
  (await client.get('/api/merchant/dashboard')).json() as MerchantDashboard;
const release = () =>
  runPointsRelease({ db: t.db, returnWindowDays: t.config.RETURN_WINDOW_DAYS, also: [releaseDueCashback] });
const backdate = (paymentId: string, days: number) =>
  t.db
    .update(merchantTransactions)
    .set({ createdAt: sql`now() - ${days}::int * interval '1 day'` })
    .where(eq(merchantTransactions.id, paymentId));
const verify = async (merchantUserId: string, action: 'verify' | 'unverify') => {
  const res = await admin.post(`/api/admin/merchants/${merchantUserId}/${action}`, {
    code: await freshCode(t, secret),
  });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  // The daily cap of an unverified merchant's cashback is tested in merchants.money.test.ts; not here.
  t = await buildTestApp({ RETURN_WINDOW_DAYS: '7', UNVERIFIED_CASHBACK_DAILY_POINTS: '1000000' });
  ({ client: admin, secret } = await signInSuperAdmin(t));
});
afterAll(() => t.close());

let n = 0;
type Scene = Awaited<ReturnType<typeof scene>>;
/**
 * Each test's own Kaveri Sweets (3.5 % cashback), Quiet Corner Books (10 %) and Asha, a customer,
 * with phone numbers nobody else in this file has.
 */
async function scene() {
  const k = String(++n).padStart(5, '0');
  const kaveriPhone = `98111${k}`;
  const ashaPhone = `98765${k}`;
  const kaveri = browser();
  const kaveriId = (
    await registerAndLogin(
      kaveri,
      merchantInput({
        businessName: 'Kaveri Sweets',
        mobileNumber: kaveriPhone,
        upiId: 'kaveri@okhdfc',
        cashbackPercentage: 3.5,
      }),
    )
  ).id;
  const other = browser();
  const otherId = (
    await registerAndLogin(
      other,
      merchantInput({ businessName: 'Quiet Corner Books', mobileNumber: `98222${k}`, cashbackPercentage: 10 }),
    )
  ).id;
  const asha = browser();
  const a = customerInput({
    firstName: 'Asha',
    lastName: 'Verma',
    phoneNumber: `${ashaPhone.slice(0, 5)} ${ashaPhone.slice(5)}`,
  });
  await registerAndLogin(asha, a);
  return { kaveri, kaveriId, kaveriPhone, other, otherId, asha, ashaEmail: a.email, ashaPhone };
}
/** Kaveri's four payments from Asha (₹999.50, ₹28.57, ₹200, ₹100: cashback 34 + 0 + 7 + 3) and Quiet Corner's one (₹300: 30); answers the first. */
async function fivePayments(s: Scene): Promise<MerchantPayment> {
  const first = await record(s.kaveri, { customer: s.ashaEmail, amount: '999.50' });
  expect(first.statusCode, first.body).toBe(201);
  for (const amount of ['28.57', '200', '100'])
    expect((await record(s.kaveri, { customer: s.ashaEmail, amount })).statusCode).toBe(201);
  expect((await record(s.other, { customer: s.ashaEmail, amount: '300' })).statusCode).toBe(201);
  return first.json();
}
/** Moves the scene's payments the given days into the past. */
const backdateAll = (s: Scene, days: number) =>
  t.db.execute(
    sql`update merchant_transactions set created_at = now() - ${days}::int * interval '1 day' where merchant_id in (select id from merchants where user_id in (${s.kaveriId}, ${s.otherId}))`,
  );

describe('access', () => {
  it('refuses guests (401) and customers and vendors (403) on every merchant endpoint', async () => {
    const { asha, ashaEmail, kaveriPhone } = await scene();
    const vendor = browser();
    await registerAndLogin(vendor, vendorInput({ phone: '9123400001' }));
    const calls = (c: TestClient) => [
      c.get('/api/merchant/dashboard'),
      c.get('/api/merchant/payments'),
      c.post('/api/merchant/payments', { customer: ashaEmail, amount: '100', upiReference: nextRef(), paidOn: today }),
      c.put('/api/merchant/profile', {
        businessName: 'Hijack',
        mobileNumber: kaveriPhone,
        upiId: 'x@okhdfc',
        cashbackPercentage: 50,
      }),
    ];
    const before = await t.db.$count(merchantTransactions);
    for (const res of await Promise.all(calls(browser()))) expect(res.statusCode).toBe(401);
    for (const client of [asha, vendor])
      for (const res of await Promise.all(calls(client))) expect(res.statusCode).toBe(403);
    expect(await t.db.$count(merchantTransactions)).toBe(before);
  });
});

describe('the dashboard', () => {
  it('shows the business, its verification, cashback percentage and referral code, with empty totals', async () => {
    const { kaveri, kaveriPhone } = await scene();
    const d = await dashboard(kaveri);
    expect(d.profile).toMatchObject({
      businessName: 'Kaveri Sweets',
      upiId: 'kaveri@okhdfc',
      cashbackPercentage: 3.5,
      isVerified: false,
      mobileNumber: kaveriPhone,
      whatsappNumber: kaveriPhone,
    });
    expect(d.profile.referralCode).toMatch(/^MERCH[A-Z0-9]{6}$/);
    expect(d.totals).toEqual({ payments: 0, volumePaise: 0, cashbackPoints: 0, pendingCashbackPoints: 0 });
    expect(d.returnWindowDays).toBe(7);
  });
});

describe('recording a payment', () => {
  it("finds the customer by phone (any format), computes floor(amount x % / 100) and makes the customer's cashback pending", async () => {
    const { kaveri, asha, ashaPhone } = await scene();
    const res = await record(kaveri, {
      customer: `+91 ${ashaPhone.slice(0, 5)}-${ashaPhone.slice(5)}`,
      amount: '999.50',
    });
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json() as MerchantPayment;
    // 3.5 % of ₹999.50 = 34.98 points: 34.
    expect(first).toMatchObject({
      customerName: 'A*** V***',
      customerPhoneLast4: ashaPhone.slice(-4),
      amountPaise: 99_950,
      cashbackPoints: 34,
      cashbackStatus: 'pending',
      paidOn: today,
    });
    const w = await wallet(asha);
    expect(w.pendingPoints).toBe(34);
    expect(w.availablePoints).toBe(0);
    expect(w.transactions.items[0]).toMatchObject({
      type: 'cashback',
      pendingPoints: 34,
      description: 'Cashback from Kaveri Sweets',
    });
  });

  it('finds the customer by email in any case; fractional percentages round down', async () => {
    const { kaveri, asha, ashaEmail } = await scene();
    expect((await record(kaveri, { customer: ashaEmail, amount: '999.50' })).statusCode).toBe(201);
    const res = await record(kaveri, { customer: ashaEmail.toUpperCase(), amount: 28.57 });
    expect(res.statusCode, res.body).toBe(201);
    // 3.5 % of ₹28.57 = 0.99995: no cashback, and no ledger row.
    expect(res.json()).toMatchObject({ cashbackPoints: 0, cashbackStatus: 'none', amountPaise: 2857 });
    expect((await wallet(asha)).pendingPoints).toBe(34);
  });

  it('refuses a UPI reference the merchant already recorded (409) and writes nothing; another merchant may not record it either', async () => {
    const { kaveri, other, asha, ashaEmail } = await scene();
    const upiReference = nextRef();
    expect((await record(kaveri, { customer: ashaEmail, amount: '200', upiReference })).statusCode).toBe(201);
    const before = await wallet(asha);
    const again = await record(kaveri, { customer: ashaEmail, amount: '300', upiReference });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      message: m.referenceDuplicate,
      fields: { upiReference: m.referenceDuplicate },
    });
    expect((await wallet(asha)).pendingPoints).toBe(before.pendingPoints);
    const taken = await record(other, { customer: ashaEmail, amount: '300', upiReference });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(m.referenceTaken);
    // With its own reference the same payment is recorded.
    expect((await record(other, { customer: ashaEmail, amount: '300' })).statusCode).toBe(201);
  });

  it('records the same reference once when it is sent twice at the same moment', async () => {
    const { kaveri, ashaEmail } = await scene();
    const upiReference = nextRef();
    const results = await Promise.all([
      record(kaveri, { customer: ashaEmail, amount: '100', upiReference }),
      record(kaveri, { customer: ashaEmail, amount: '100', upiReference }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(
      await t.db.select().from(merchantTransactions).where(eq(merchantTransactions.upiReference, upiReference)),
    ).toHaveLength(1);
    expect(await pointsLedgerMismatches(t.db)).toEqual([]);
  });

  it('says so when no customer has the phone or email, and when a phone belongs to two customers', async () => {
    const { kaveri, kaveriPhone } = await scene();
    const none = await record(kaveri, { customer: 'nobody@example.in', amount: '100' });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.fields).toEqual({ customer: m.customerNotFound });
    await registerAndLogin(browser(), customerInput({ phoneNumber: '9000055555' }));
    await registerAndLogin(browser(), customerInput({ phoneNumber: '9000055555' }));
    const twice = await record(kaveri, { customer: '9000055555', amount: '100' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields).toEqual({ customer: m.customerAmbiguous });
    // The merchant's own phone is no customer's.
    expect((await record(kaveri, { customer: kaveriPhone, amount: '100' })).statusCode).toBe(404);
  });

  it('validates every field (400) with a message for each', async () => {
    const { kaveri, ashaEmail } = await scene();
    const bad = await kaveri.post('/api/merchant/payments', {
      customer: '12345',
      amount: '12.345',
      upiReference: '1234',
      paidOn: '2999-01-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      customer: m.customerInvalid,
      amount: m.amountInvalid,
      upiReference: m.referenceInvalid,
      paidOn: m.dateInFuture,
    });
    const small = await record(kaveri, { customer: ashaEmail, amount: '0.50' });
    expect(small.json().error.fields).toEqual({ amount: m.amountRange });
    const old = await record(kaveri, { customer: ashaEmail, amount: '10', paidOn: '2020-01-01' });
    expect(old.json().error.fields).toEqual({ paidOn: m.dateTooOld });
  });

  it("lists only the merchant's own payments, newest first, the customer masked", async () => {
    const s = await scene();
    const first = await fivePayments(s);
    const page = (await (await s.kaveri.get('/api/merchant/payments?pageSize=50')).json()) as MerchantPaymentPage;
    expect(page.total).toBe(4);
    expect(page.items.at(-1)).toMatchObject({
      id: first.id,
      customerName: 'A*** V***',
      customerPhoneLast4: s.ashaPhone.slice(-4),
    });
    expect(JSON.stringify(page)).not.toContain('Verma');
    expect(JSON.stringify(page)).not.toContain(s.ashaEmail);
    const theirs = (await (await s.other.get('/api/merchant/payments')).json()) as MerchantPaymentPage;
    expect(theirs.total).toBe(1);
    expect(theirs.items.map((p) => p.id)).not.toContain(first.id);
  });

  it('adds the payments up on the dashboard', async () => {
    const s = await scene();
    await fivePayments(s);
    const d = await dashboard(s.kaveri);
    // ₹999.50 + ₹28.57 + ₹200 + ₹100; cashback 34 + 0 + 7 + 3.
    expect(d.totals).toEqual({ payments: 4, volumePaise: 132_807, cashbackPoints: 44, pendingCashbackPoints: 44 });
  });
});

describe('cashback pending until verification and the return window', () => {
  it('stays pending for an unverified merchant, even past the return window', async () => {
    const s = await scene();
    await fivePayments(s);
    await backdateAll(s, 8);
    await release();
    expect((await wallet(s.asha)).availablePoints).toBe(0);
    expect((await dashboard(s.kaveri)).totals.pendingCashbackPoints).toBe(44);
  });

  /** Kaveri's 44 points past the window, released by verification, and a recent payment of 35 released by the job after the window: 79 available; Quiet Corner's 30 pending. */
  async function verifiedAndReleased(s: Scene) {
    await fivePayments(s);
    await backdateAll(s, 8);
    const recent = (await record(s.kaveri, { customer: s.ashaEmail, amount: '1000' })).json() as MerchantPayment; // 35 points
    await verify(s.kaveriId, 'verify');
    return recent;
  }

  it('is released by verification for payments past the window; newer ones wait for the release job after the window', async () => {
    const s = await scene();
    const recent = await verifiedAndReleased(s);
    let w = await wallet(s.asha);
    // Kaveri's 44 are now available; Quiet Corner (unverified) keeps its 30 pending, and the recent 35 wait.
    expect(w.availablePoints).toBe(44);
    expect(w.pendingPoints).toBe(30 + 35);
    const released = w.transactions.items.filter((x) => x.type === 'released');
    expect(released.map((x) => x.points).sort((a, b) => a - b)).toEqual([3, 7, 34]);
    expect(new Set(released.map((x) => x.description))).toEqual(
      new Set(['Cashback from Kaveri Sweets: now available']),
    );

    await release();
    expect((await wallet(s.asha)).pendingPoints).toBe(65);
    await backdate(recent.id, 7);
    await release();
    w = await wallet(s.asha);
    expect(w.availablePoints).toBe(44 + 35);
    expect(w.pendingPoints).toBe(30);
    const d = await dashboard(s.kaveri);
    expect(d.profile.isVerified).toBe(true);
    expect(d.totals).toMatchObject({ cashbackPoints: 79, pendingCashbackPoints: 0 });
  });

  it('voids the still-pending cashback when the merchant is unverified; what was released stays', async () => {
    const s = await scene();
    const recent = await verifiedAndReleased(s);
    await backdate(recent.id, 7);
    await release();
    expect(await wallet(s.asha)).toMatchObject({ availablePoints: 79, pendingPoints: 30 });

    const pending = (await record(s.kaveri, { customer: s.ashaEmail, amount: '2000' })).json() as MerchantPayment; // 70 points
    expect((await wallet(s.asha)).pendingPoints).toBe(100);
    await verify(s.kaveriId, 'unverify');
    const w = await wallet(s.asha);
    expect(w.pendingPoints).toBe(30);
    expect(w.availablePoints).toBe(79);
    expect(w.transactions.items.find((x) => x.type === 'voided')).toMatchObject({
      pendingPoints: -70,
      description: 'Cashback from Kaveri Sweets: cancelled, the merchant is not verified',
    });
    const list = (await (await s.kaveri.get('/api/merchant/payments')).json()) as MerchantPaymentPage;
    expect(list.items.find((p) => p.id === pending.id)?.cashbackStatus).toBe('voided');
    // Verifying again does not bring voided cashback back.
    await verify(s.kaveriId, 'verify');
    expect((await wallet(s.asha)).availablePoints).toBe(79);
    expect(await pointsLedgerMismatches(t.db)).toEqual([]);
  });

  it("voids a deleted merchant's pending cashback", async () => {
    const s = await scene();
    const recent = await verifiedAndReleased(s);
    await backdate(recent.id, 7);
    await release();
    expect(await wallet(s.asha)).toMatchObject({ availablePoints: 79, pendingPoints: 30 });

    const del = await admin.post(`/api/admin/merchants/${s.otherId}/delete`, { code: await freshCode(t, secret) });
    expect(del.statusCode, del.body).toBe(200);
    const w = await wallet(s.asha);
    expect(w.pendingPoints).toBe(0);
    expect(w.availablePoints).toBe(79);
    expect(await pointsLedgerMismatches(t.db)).toEqual([]);
  });
});

describe('the profile', () => {
  it('saves the business details; a new percentage applies to payments recorded afterwards', async () => {
    const { kaveri, kaveriPhone, ashaEmail } = await scene();
    expect((await record(kaveri, { customer: ashaEmail, amount: '999.50' })).json()).toMatchObject({
      cashbackPoints: 34,
    });
    const res = await kaveri.put('/api/merchant/profile', {
      businessName: 'Kaveri Sweets & Snacks',
      mobileNumber: `${kaveriPhone.slice(0, 5)} ${kaveriPhone.slice(5)}`,
      whatsappNumber: '',
      website: 'kaveri.example.in',
      upiId: 'kaveri.sweets@okaxis',
      cashbackPercentage: '5',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      businessName: 'Kaveri Sweets & Snacks',
      whatsappNumber: kaveriPhone,
      website: 'https://kaveri.example.in',
      upiId: 'kaveri.sweets@okaxis',
      cashbackPercentage: 5,
    });
    const next = (await record(kaveri, { customer: ashaEmail, amount: '1000' })).json() as MerchantPayment;
    expect(next.cashbackPoints).toBe(50);
    const before = (await (await kaveri.get('/api/merchant/payments?pageSize=50')).json()) as MerchantPaymentPage;
    expect(before.items.find((p) => p.amountPaise === 99_950)?.cashbackPoints).toBe(34);
  });

  it("refuses what SPEC.md's rules refuse (400)", async () => {
    const { kaveri, kaveriPhone } = await scene();
    const res = await kaveri.put('/api/merchant/profile', {
      businessName: ' ',
      mobileNumber: '12345',
      upiId: 'no-at-sign',
      cashbackPercentage: '2.55',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual([
      'businessName',
      'cashbackPercentage',
      'mobileNumber',
      'upiId',
    ]);
    expect(
      (
        await kaveri.put('/api/merchant/profile', {
          businessName: 'K',
          mobileNumber: kaveriPhone,
          upiId: 'k@okaxis',
          cashbackPercentage: 101,
        })
      ).statusCode,
    ).toBe(400);
    expect((await dashboard(kaveri)).profile.cashbackPercentage).toBe(3.5);
  });
});
