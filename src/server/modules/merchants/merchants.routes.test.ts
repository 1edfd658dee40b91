import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantMessages as m, type MerchantDashboard, type MerchantPayment, type MerchantPaymentPage } from '../../../contracts/merchant.contract';
import type { Wallet } from '../../../contracts/rewards.contract';
import { todayInIndia } from '../../../domain/age';
import { freshCode, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { customerInput, merchantInput, registerAndLogin, vendorInput } from '../../test/factories';
import { pointsLedgerMismatches } from '../../test/order-factories';
import { runPointsRelease } from '../rewards';
import { releaseDueCashback } from './merchants.cashback';
import { merchantTransactions } from './merchants.tables';

// Issue 9, points 1, 3, 4 and 5: the merchant's dashboard, recording UPI payments with the
// customer's cashback, cashback pending until verification and the return window, and the profile.

let t: TestApp;
let ip = 10;
const browser = () => new TestClient(t.app, `10.9.0.${ip++}`);

let kaveri: TestClient;
let kaveriId: string;
let other: TestClient;
let otherId: string;
let asha: TestClient;
let ashaEmail: string;
let admin: TestClient;
let secret: string;

let refSeq = 100_000_000_000;
const nextRef = () => String(refSeq++);
const today = todayInIndia();

const record = (client: TestClient, body: Record<string, unknown>) => client.post('/api/merchant/payments', { paidOn: today, upiReference: nextRef(), ...body });
const wallet = async (client: TestClient) => (await client.get('/api/wallet')).json() as Wallet;
const dashboard = async (client: TestClient) => (await client.get('/api/merchant/dashboard')).json() as MerchantDashboard;
const release = () => runPointsRelease({ db: t.db, returnWindowDays: t.config.RETURN_WINDOW_DAYS, also: [releaseDueCashback] });
const backdate = (paymentId: string, days: number) =>
  t.db.update(merchantTransactions).set({ createdAt: sql`now() - ${days}::int * interval '1 day'` }).where(eq(merchantTransactions.id, paymentId));
const verify = async (merchantUserId: string, action: 'verify' | 'unverify') => {
  const res = await admin.post(`/api/admin/merchants/${merchantUserId}/${action}`, { code: await freshCode(t, secret) });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  // The daily cap of an unverified merchant's cashback is tested in merchants.money.test.ts; not here.
  t = await buildTestApp({ RETURN_WINDOW_DAYS: '7', UNVERIFIED_CASHBACK_DAILY_POINTS: '1000000' });
  ({ client: admin, secret } = await signInSuperAdmin(t));
  kaveri = browser();
  kaveriId = (await registerAndLogin(kaveri, merchantInput({ businessName: 'Kaveri Sweets', mobileNumber: '9811122233', upiId: 'kaveri@okhdfc', cashbackPercentage: 3.5 }))).id;
  other = browser();
  otherId = (await registerAndLogin(other, merchantInput({ businessName: 'Quiet Corner Books', mobileNumber: '9822233344', cashbackPercentage: 10 }))).id;
  asha = browser();
  const a = customerInput({ firstName: 'Asha', lastName: 'Verma', phoneNumber: '98765 43210' });
  ashaEmail = a.email;
  await registerAndLogin(asha, a);
});
afterAll(() => t.close());

describe('access', () => {
  it('refuses guests (401) and customers and vendors (403) on every merchant endpoint', async () => {
    const vendor = browser();
    await registerAndLogin(vendor, vendorInput({ phone: '9123400001' }));
    const calls = (c: TestClient) => [
      c.get('/api/merchant/dashboard'),
      c.get('/api/merchant/payments'),
      c.post('/api/merchant/payments', { customer: ashaEmail, amount: '100', upiReference: nextRef(), paidOn: today }),
      c.put('/api/merchant/profile', { businessName: 'Hijack', mobileNumber: '9811122233', upiId: 'x@okhdfc', cashbackPercentage: 50 }),
    ];
    for (const res of await Promise.all(calls(browser()))) expect(res.statusCode).toBe(401);
    for (const client of [asha, vendor]) for (const res of await Promise.all(calls(client))) expect(res.statusCode).toBe(403);
    expect(await t.db.select().from(merchantTransactions)).toHaveLength(0);
  });
});

describe('the dashboard', () => {
  it('shows the business, its verification, cashback percentage and referral code, with empty totals', async () => {
    const d = await dashboard(kaveri);
    expect(d.profile).toMatchObject({ businessName: 'Kaveri Sweets', upiId: 'kaveri@okhdfc', cashbackPercentage: 3.5, isVerified: false, mobileNumber: '9811122233', whatsappNumber: '9811122233' });
    expect(d.profile.referralCode).toMatch(/^MERCH[A-Z0-9]{6}$/);
    expect(d.totals).toEqual({ payments: 0, volumePaise: 0, cashbackPoints: 0, pendingCashbackPoints: 0 });
    expect(d.returnWindowDays).toBe(7);
  });
});

describe('recording a payment', () => {
  let first: MerchantPayment;

  it("finds the customer by phone (any format), computes floor(amount x % / 100) and makes the customer's cashback pending", async () => {
    const res = await record(kaveri, { customer: '+91 98765-43210', amount: '999.50' });
    expect(res.statusCode, res.body).toBe(201);
    first = res.json();
    // 3.5 % of ₹999.50 = 34.98 points: 34.
    expect(first).toMatchObject({ customerName: 'A*** V***', customerPhoneLast4: '3210', amountPaise: 99_950, cashbackPoints: 34, cashbackStatus: 'pending', paidOn: today });
    const w = await wallet(asha);
    expect(w.pendingPoints).toBe(34);
    expect(w.availablePoints).toBe(0);
    expect(w.transactions.items[0]).toMatchObject({ type: 'cashback', pendingPoints: 34, description: 'Cashback from Kaveri Sweets' });
  });

  it('finds the customer by email in any case; fractional percentages round down', async () => {
    const res = await record(kaveri, { customer: ashaEmail.toUpperCase(), amount: 28.57 });
    expect(res.statusCode, res.body).toBe(201);
    // 3.5 % of ₹28.57 = 0.99995: no cashback, and no ledger row.
    expect(res.json()).toMatchObject({ cashbackPoints: 0, cashbackStatus: 'none', amountPaise: 2857 });
    expect((await wallet(asha)).pendingPoints).toBe(34);
  });

  it('refuses a UPI reference the merchant already recorded (409) and writes nothing; another merchant may not record it either', async () => {
    const upiReference = nextRef();
    expect((await record(kaveri, { customer: ashaEmail, amount: '200', upiReference })).statusCode).toBe(201);
    const before = await wallet(asha);
    const again = await record(kaveri, { customer: ashaEmail, amount: '300', upiReference });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ message: m.referenceDuplicate, fields: { upiReference: m.referenceDuplicate } });
    expect((await wallet(asha)).pendingPoints).toBe(before.pendingPoints);
    const taken = await record(other, { customer: ashaEmail, amount: '300', upiReference });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(m.referenceTaken);
    // With its own reference the same payment is recorded (the later tests count it).
    expect((await record(other, { customer: ashaEmail, amount: '300' })).statusCode).toBe(201);
  });

  it('records the same reference once when it is sent twice at the same moment', async () => {
    const upiReference = nextRef();
    const results = await Promise.all([record(kaveri, { customer: ashaEmail, amount: '100', upiReference }), record(kaveri, { customer: ashaEmail, amount: '100', upiReference })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(merchantTransactions).where(eq(merchantTransactions.upiReference, upiReference))).toHaveLength(1);
    expect(await pointsLedgerMismatches(t.db)).toEqual([]);
  });

  it('says so when no customer has the phone or email, and when a phone belongs to two customers', async () => {
    const none = await record(kaveri, { customer: 'nobody@example.in', amount: '100' });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.fields).toEqual({ customer: m.customerNotFound });
    await registerAndLogin(browser(), customerInput({ phoneNumber: '9000055555' }));
    await registerAndLogin(browser(), customerInput({ phoneNumber: '9000055555' }));
    const twice = await record(kaveri, { customer: '9000055555', amount: '100' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields).toEqual({ customer: m.customerAmbiguous });
    // The merchant's own phone is no customer's.
    expect((await record(kaveri, { customer: '9811122233', amount: '100' })).statusCode).toBe(404);
  });

  it('validates every field (400) with a message for each', async () => {
    const bad = await kaveri.post('/api/merchant/payments', { customer: '12345', amount: '12.345', upiReference: '1234', paidOn: '2999-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ customer: m.customerInvalid, amount: m.amountInvalid, upiReference: m.referenceInvalid, paidOn: m.dateInFuture });
    const small = await record(kaveri, { customer: ashaEmail, amount: '0.50' });
    expect(small.json().error.fields).toEqual({ amount: m.amountRange });
    const old = await record(kaveri, { customer: ashaEmail, amount: '10', paidOn: '2020-01-01' });
    expect(old.json().error.fields).toEqual({ paidOn: m.dateTooOld });
  });

  it("lists only the merchant's own payments, newest first, the customer masked", async () => {
    const page = (await (await kaveri.get('/api/merchant/payments?pageSize=50')).json()) as MerchantPaymentPage;
    expect(page.total).toBe(4);
    expect(page.items.at(-1)).toMatchObject({ id: first.id, customerName: 'A*** V***', customerPhoneLast4: '3210' });
    expect(JSON.stringify(page)).not.toContain('Verma');
    expect(JSON.stringify(page)).not.toContain(ashaEmail);
    const theirs = (await (await other.get('/api/merchant/payments')).json()) as MerchantPaymentPage;
    expect(theirs.total).toBe(1);
    expect(theirs.items.map((p) => p.id)).not.toContain(first.id);
  });

  it('adds the payments up on the dashboard', async () => {
    const d = await dashboard(kaveri);
    // ₹999.50 + ₹28.57 + ₹200 + ₹100; cashback 34 + 0 + 7 + 3.
    expect(d.totals).toEqual({ payments: 4, volumePaise: 132_807, cashbackPoints: 44, pendingCashbackPoints: 44 });
  });
});

describe('cashback pending until verification and the return window', () => {
  it('stays pending for an unverified merchant, even past the return window', async () => {
    const rows = await t.db.select({ id: merchantTransactions.id }).from(merchantTransactions);
    for (const r of rows) await backdate(r.id, 8);
    await release();
    expect((await wallet(asha)).availablePoints).toBe(0);
    expect((await dashboard(kaveri)).totals.pendingCashbackPoints).toBe(44);
  });

  it('is released by verification for payments past the window; newer ones wait for the release job after the window', async () => {
    const recent = (await record(kaveri, { customer: ashaEmail, amount: '1000' })).json() as MerchantPayment; // 35 points
    await verify(kaveriId, 'verify');
    let w = await wallet(asha);
    // Kaveri's 44 are now available; Quiet Corner (unverified) keeps its 30 pending, and the recent 35 wait.
    expect(w.availablePoints).toBe(44);
    expect(w.pendingPoints).toBe(30 + 35);
    const released = w.transactions.items.filter((x) => x.type === 'released');
    expect(released.map((x) => x.points).sort((a, b) => a - b)).toEqual([3, 7, 34]);
    expect(new Set(released.map((x) => x.description))).toEqual(new Set(['Cashback from Kaveri Sweets: now available']));

    await release();
    expect((await wallet(asha)).pendingPoints).toBe(65);
    await backdate(recent.id, 7);
    await release();
    w = await wallet(asha);
    expect(w.availablePoints).toBe(44 + 35);
    expect(w.pendingPoints).toBe(30);
    const d = await dashboard(kaveri);
    expect(d.profile.isVerified).toBe(true);
    expect(d.totals).toMatchObject({ cashbackPoints: 79, pendingCashbackPoints: 0 });
  });

  it("voids the still-pending cashback when the merchant is unverified; what was released stays", async () => {
    const pending = (await record(kaveri, { customer: ashaEmail, amount: '2000' })).json() as MerchantPayment; // 70 points
    expect((await wallet(asha)).pendingPoints).toBe(100);
    await verify(kaveriId, 'unverify');
    const w = await wallet(asha);
    expect(w.pendingPoints).toBe(30);
    expect(w.availablePoints).toBe(79);
    expect(w.transactions.items.find((x) => x.type === 'voided')).toMatchObject({ pendingPoints: -70, description: 'Cashback from Kaveri Sweets: cancelled, the merchant is not verified' });
    const list = (await (await kaveri.get('/api/merchant/payments')).json()) as MerchantPaymentPage;
    expect(list.items.find((p) => p.id === pending.id)?.cashbackStatus).toBe('voided');
    // Verifying again does not bring voided cashback back.
    await verify(kaveriId, 'verify');
    expect((await wallet(asha)).availablePoints).toBe(79);
    expect(await pointsLedgerMismatches(t.db)).toEqual([]);
  });

  it("voids a deleted merchant's pending cashback", async () => {
    const del = await admin.post(`/api/admin/merchants/${otherId}/delete`, { code: await freshCode(t, secret) });
    expect(del.statusCode, del.body).toBe(200);
    const w = await wallet(asha);
    expect(w.pendingPoints).toBe(0);
    expect(w.availablePoints).toBe(79);
    expect(await pointsLedgerMismatches(t.db)).toEqual([]);
  });
});

describe('the profile', () => {
  it('saves the business details; a new percentage applies to payments recorded afterwards', async () => {
    const res = await kaveri.put('/api/merchant/profile', { businessName: 'Kaveri Sweets & Snacks', mobileNumber: '98111 22233', whatsappNumber: '', website: 'kaveri.example.in', upiId: 'kaveri.sweets@okaxis', cashbackPercentage: '5' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ businessName: 'Kaveri Sweets & Snacks', whatsappNumber: '9811122233', website: 'https://kaveri.example.in', upiId: 'kaveri.sweets@okaxis', cashbackPercentage: 5 });
    const next = (await record(kaveri, { customer: ashaEmail, amount: '1000' })).json() as MerchantPayment;
    expect(next.cashbackPoints).toBe(50);
    const before = (await (await kaveri.get('/api/merchant/payments?pageSize=50')).json()) as MerchantPaymentPage;
    expect(before.items.find((p) => p.amountPaise === 99_950)?.cashbackPoints).toBe(34);
  });

  it("refuses what SPEC.md's rules refuse (400)", async () => {
    const res = await kaveri.put('/api/merchant/profile', { businessName: ' ', mobileNumber: '12345', upiId: 'no-at-sign', cashbackPercentage: '2.55' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['businessName', 'cashbackPercentage', 'mobileNumber', 'upiId']);
    expect((await kaveri.put('/api/merchant/profile', { businessName: 'K', mobileNumber: '9811122233', upiId: 'k@okaxis', cashbackPercentage: 101 })).statusCode).toBe(400);
    expect((await dashboard(kaveri)).profile.cashbackPercentage).toBe(5);
  });
});
