import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshCode, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { customerInput, merchantInput, registerAndLogin, vendorInput } from '../../test/factories';
import { createOrderWithPart, createTestShop, daysAgo, pointsLedgerMismatches } from '../../test/order-factories';
import { queryRows } from '../../platform/db';
import { merchants, merchantTransactions } from '../merchants/merchants.tables';
import { rewardsTransactions } from '../rewards/rewards.tables';
import { qualifyReferrals } from './referrals.qualification';
import { referrals } from './referrals.tables';

// A referral qualifies when the referred party reaches both
// thresholds (a customer's delivered orders, a vendor's delivered order parts, a merchant's recorded
// payments), and the referrer is then paid the settings' points through the ledger exactly once.

let t: TestApp;
let admin: TestClient;
let secret: string;
let n = 0;
// Nobody refers their own phone number: each account here has its own.
const phone = () => `97${String(++n).padStart(8, '0')}`;

// Thresholds of these tests: 2 transactions and ₹1,000 of volume; 150 points a referral.
const SETTINGS = { minTransactions: 2, minTransactionVolume: 1000, referralPointsAwarded: 150 };

beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t));
  const saved = await admin.put('/api/admin/settings/referral', { ...SETTINGS, code: await freshCode(t, secret) });
  if (saved.statusCode !== 200) throw new Error(saved.body);
});
afterAll(() => t.close());

type Referrer = { client: TestClient; id: string; referralCode: string };

async function newReferrer(): Promise<Referrer> {
  const client = new TestClient(t.app, `10.31.0.${++n}`);
  const me = await registerAndLogin(
    client,
    customerInput({ firstName: 'Asha', lastName: 'Referrer', phoneNumber: phone() }),
  );
  return { client, ...me };
}

async function referred(kind: 'customer' | 'vendor' | 'merchant', ref: Referrer): Promise<string> {
  const client = new TestClient(t.app, `10.31.1.${++n}`);
  const input =
    kind === 'customer'
      ? customerInput({ firstName: 'Rahul', lastName: 'Sharma', phoneNumber: phone(), referralCode: ref.referralCode })
      : kind === 'vendor'
        ? vendorInput({ phone: phone(), referralCode: ref.referralCode })
        : merchantInput({ businessName: 'Lakshmi Stores', mobileNumber: phone(), referralCode: ref.referralCode });
  return (await registerAndLogin(client, input)).id;
}

// What each kind of referred party does to count toward the thresholds, in paise: orders paid with
// money and delivered past the return window; a verified merchant's payments recorded while verified.
const pastWindow = () => daysAgo(t.config.RETURN_WINDOW_DAYS + 1);
async function customerDelivers(userId: string, amounts: number[]) {
  for (const subtotalPaise of amounts)
    await createOrderWithPart(t.db, {
      customerUserId: userId,
      status: 'delivered',
      subtotalPaise,
      paymentStatus: 'paid',
      deliveredAt: pastWindow(),
    });
}
async function vendorDelivers(vendorUserId: string, amounts: number[], status: 'delivered' | 'shipped' = 'delivered') {
  const storeId = await createTestShop(t.db, { vendorUserId });
  const buyer = await referredCustomerless();
  for (const subtotalPaise of amounts)
    await createOrderWithPart(t.db, {
      customerUserId: buyer,
      storeId,
      status,
      subtotalPaise,
      paymentStatus: 'paid',
      deliveredAt: status === 'delivered' ? pastWindow() : null,
    });
}
async function merchantRecords(
  merchantUserId: string,
  amounts: number[],
  o: { verified: boolean } = { verified: true },
) {
  const [m] = await t.db
    .update(merchants)
    .set({ isVerified: o.verified })
    .where(eq(merchants.userId, merchantUserId))
    .returning({ id: merchants.id });
  for (const amount of amounts)
    await t.db.insert(merchantTransactions).values({
      merchantId: m.id,
      customerContact: '9876500000',
      transactionAmountPaise: amount,
      recordedWhileVerified: o.verified,
    });
}
let payerEmail: string | undefined;
/** Someone else's account, whom the farm's merchants claim paid them. */
async function referredEmail(): Promise<string> {
  if (!payerEmail) {
    const input = customerInput({ phoneNumber: phone() });
    await registerAndLogin(new TestClient(t.app, '10.31.2.2'), input);
    payerEmail = input.email;
  }
  return payerEmail;
}
let buyer: string | undefined;
async function referredCustomerless(): Promise<string> {
  buyer ??= (await registerAndLogin(new TestClient(t.app, '10.31.2.1'), customerInput({ phoneNumber: phone() }))).id;
  return buyer;
}

const statusOf = async (referredUserId: string) =>
  (await t.db.select().from(referrals).where(eq(referrals.referredUserId, referredUserId)))[0];
const process = async () => {
  const res = await admin.post('/api/admin/settings/referral/process', { code: await freshCode(t, secret) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ newlyQualified: number; message: string }>();
};

describe('Process referral qualifications', () => {
  it('needs a fresh code: none, a wrong one or a used one change nothing', async () => {
    const ref = await newReferrer();
    const who = await referred('customer', ref);
    await customerDelivers(who, [50_000, 50_000]);
    expect((await admin.post('/api/admin/settings/referral/process', {})).statusCode).toBe(401);
    expect((await admin.post('/api/admin/settings/referral/process', { code: '000000' })).statusCode).toBe(403);
    const code = await freshCode(t, secret);
    expect((await admin.post('/api/admin/settings/referral/process', { code })).statusCode).toBe(200);
    expect((await admin.post('/api/admin/settings/referral/process', { code })).statusCode).toBe(403);
    expect((await statusOf(who)).status).toBe('qualified');
    const guest = await new TestClient(t.app, '10.31.3.1').post('/api/admin/settings/referral/process', {
      code: await freshCode(t, secret),
    });
    expect(guest.statusCode).toBe(401);
  });

  it('qualifies a customer at exactly the thresholds of delivered orders, and not one below', async () => {
    const ref = await newReferrer();
    const exactly = await referred('customer', ref);
    await customerDelivers(exactly, [40_000, 60_000]);
    const oneOrderShort = await referred('customer', await newReferrer());
    await customerDelivers(oneOrderShort, [200_000]);
    await createOrderWithPart(t.db, { customerUserId: oneOrderShort, status: 'shipped', subtotalPaise: 50_000 });
    const onePaiseShort = await referred('customer', await newReferrer());
    await customerDelivers(onePaiseShort, [40_000, 59_999]);

    const result = await process();
    expect(result.message).toMatch(/^Processed referrals: \d+ newly qualified$/);
    expect((await statusOf(exactly)).status).toBe('qualified');
    expect((await statusOf(exactly)).qualificationDate).not.toBeNull();
    expect((await statusOf(exactly)).pointsAwarded).toBe(150);
    expect((await statusOf(oneOrderShort)).status).toBe('active');
    expect((await statusOf(onePaiseShort)).status).toBe('active');

    // The referrer sees the reward in the wallet, with the referred party's name masked.
    const wallet = (await ref.client.get('/api/wallet')).json();
    expect(wallet.availablePoints).toBe(150);
    expect(wallet.totalEarned).toBe(150);
    expect(wallet.transactions.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'referral', points: 150, description: 'Referral reward: R*** S***' }),
      ]),
    );
  });

  it('qualifies a vendor on its own delivered order parts, and a merchant on its recorded payments', async () => {
    const vendor = await referred('vendor', await newReferrer());
    await vendorDelivers(vendor, [50_000, 50_000]);
    const vendorShort = await referred('vendor', await newReferrer());
    await vendorDelivers(vendorShort, [50_000]);
    await vendorDelivers(vendorShort, [50_000], 'shipped');
    const merchant = await referred('merchant', await newReferrer());
    await merchantRecords(merchant, [30_000, 70_000]);
    const merchantShort = await referred('merchant', await newReferrer());
    await merchantRecords(merchantShort, [30_000, 69_999]);

    await process();
    expect((await statusOf(vendor)).status).toBe('qualified');
    expect((await statusOf(vendorShort)).status).toBe('active');
    expect((await statusOf(merchant)).status).toBe('qualified');
    expect((await statusOf(merchantShort)).status).toBe('active');
  });

  it('pays each referral once: run again, or several runs at once, award nothing twice', async () => {
    const ref = await newReferrer();
    const who = await referred('merchant', ref);
    await merchantRecords(who, [100_000, 100_000]);
    const counts = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.db.transaction((tx) => qualifyReferrals(tx, { returnWindowDays: t.config.RETURN_WINDOW_DAYS })),
      ),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect((await process()).newlyQualified).toBe(0);

    const rows = await t.db.select().from(rewardsTransactions).where(eq(rewardsTransactions.customerId, ref.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      transactionType: 'referral',
      points: 150,
      reference: `referral:${(await statusOf(who)).id}`,
    });
    expect(await pointsLedgerMismatches(t.db)).toEqual([]);
    // The unique reference is the database's own guarantee, whoever writes.
    await expect(
      t.db
        .insert(rewardsTransactions)
        .values({ customerId: ref.id, transactionType: 'referral', points: 150, reference: rows[0].reference }),
    ).rejects.toThrow();
  });

  it('pays a vendor or merchant referrer too, and a referral the admin already marked qualified is not paid again', async () => {
    const vendorClient = new TestClient(t.app, '10.31.4.1');
    const vendorReferrer = await registerAndLogin(vendorClient, vendorInput({ phone: phone() }));
    const who = await referred('customer', { client: vendorClient, ...vendorReferrer });
    await customerDelivers(who, [100_000, 100_000]);
    await process();
    const [{ points }] = await queryRows<{ points: number }>(
      t.db,
      sql`select available_points as points from reward_balances where user_id = ${vendorReferrer.id}`,
    );
    expect(points).toBe(150);

    const manual = await referred('customer', await newReferrer());
    await t.db.update(referrals).set({ status: 'qualified' }).where(eq(referrals.referredUserId, manual));
    await customerDelivers(manual, [100_000, 100_000]);
    await process();
    expect((await statusOf(manual)).pointsAwarded).toBe(0);
    expect(await pointsLedgerMismatches(t.db)).toEqual([]);
  });

  it('counts a customer only on orders paid with money, delivered whole past the return window, never cancelled, refunded or test-paid', async () => {
    // A second order, delivered and paid past the return window unless told otherwise.
    const counts = async (o: Partial<Parameters<typeof createOrderWithPart>[1]>) => {
      const who = await referred('customer', await newReferrer());
      await customerDelivers(who, [100_000]); // one good order: the second decides
      await createOrderWithPart(t.db, {
        subtotalPaise: 100_000,
        status: 'delivered',
        paymentStatus: 'paid',
        deliveredAt: pastWindow(),
        ...o,
        customerUserId: who,
      });
      return who;
    };
    const good = await counts({});
    const inWindow = await counts({ deliveredAt: daysAgo(t.config.RETURN_WINDOW_DAYS - 1) });
    const pointsOnly = await counts({ paymentStatus: 'not_required' });
    const refunded = await counts({ paymentStatus: 'refunded' });
    const refundDue = await counts({ paymentStatus: 'refund_pending' });
    const cancelled = await counts({ status: 'cancelled', deliveredAt: null });
    const testPaid = await counts({ testPayment: true });
    await process();
    expect((await statusOf(good)).status).toBe('qualified');
    for (const who of [inWindow, pointsOnly, refunded, refundDue, cancelled, testPaid])
      expect((await statusOf(who)).status).toBe('active');
  });

  it('counts a vendor only on delivered parts of paid orders past the return window', async () => {
    const vendor = await referred('vendor', await newReferrer());
    const storeId = await createTestShop(t.db, { vendorUserId: vendor });
    const buyer = await referredCustomerless();
    await createOrderWithPart(t.db, {
      customerUserId: buyer,
      storeId,
      status: 'delivered',
      subtotalPaise: 100_000,
      paymentStatus: 'paid',
      deliveredAt: pastWindow(),
    });
    await createOrderWithPart(t.db, {
      customerUserId: buyer,
      storeId,
      status: 'delivered',
      subtotalPaise: 100_000,
      paymentStatus: 'paid',
      deliveredAt: new Date(),
    });
    await createOrderWithPart(t.db, {
      customerUserId: buyer,
      storeId,
      status: 'delivered',
      subtotalPaise: 100_000,
      paymentStatus: 'refunded',
      deliveredAt: pastWindow(),
    });
    await createOrderWithPart(t.db, {
      customerUserId: buyer,
      storeId,
      status: 'delivered',
      subtotalPaise: 100_000,
      paymentStatus: 'not_required',
      deliveredAt: pastWindow(),
    });
    await process();
    expect((await statusOf(vendor)).status).toBe('active');
    await createOrderWithPart(t.db, {
      customerUserId: buyer,
      storeId,
      status: 'delivered',
      subtotalPaise: 100_000,
      paymentStatus: 'paid',
      deliveredAt: pastWindow(),
    });
    await process();
    expect((await statusOf(vendor)).status).toBe('qualified');
  });

  it('counts a merchant only once verified, and only the payments recorded while verified', async () => {
    const unverified = await referred('merchant', await newReferrer());
    await merchantRecords(unverified, [100_000, 100_000, 100_000], { verified: false });
    await process();
    expect((await statusOf(unverified)).status).toBe('active');
    // Verified later: the payments recorded before still do not count; two recorded after do.
    await merchantRecords(unverified, [50_000], { verified: true });
    await process();
    expect((await statusOf(unverified)).status).toBe('active');
    await merchantRecords(unverified, [50_000], { verified: true });
    await process();
    expect((await statusOf(unverified)).status).toBe('qualified');

    // Unverified again: nothing it recorded counts any more.
    const revoked = await referred('merchant', await newReferrer());
    await merchantRecords(revoked, [100_000, 100_000], { verified: true });
    await t.db.update(merchants).set({ isVerified: false }).where(eq(merchants.userId, revoked));
    await process();
    expect((await statusOf(revoked)).status).toBe('active');
  });

  it("pays nothing to the farm the attacker ran: two throwaway merchants on one's own code, each recording five ₹200 payments (past these tests' thresholds: 2 payments, ₹1,000)", async () => {
    const farmer = await newReferrer();
    const farmed: string[] = [];
    for (const name of ['Throwaway One', 'Throwaway Two']) {
      const client = new TestClient(t.app, `10.31.5.${++n}`);
      const { id } = await registerAndLogin(
        client,
        merchantInput({ businessName: name, mobileNumber: phone(), referralCode: farmer.referralCode }),
      );
      farmed.push(id);
      for (let i = 0; i < 5; i++) {
        const res = await client.post('/api/merchant/payments', {
          customer: await referredEmail(),
          amount: '200',
          upiReference: `7${String(++n).padStart(11, '0')}`,
          paidOn: new Date().toISOString().slice(0, 10),
        });
        expect(res.statusCode, res.body).toBe(201);
      }
    }
    expect((await process()).newlyQualified).toBe(0);
    for (const id of farmed) expect((await statusOf(id)).status).toBe('active');
    const wallet = (await farmer.client.get('/api/wallet')).json();
    expect(wallet).toMatchObject({ availablePoints: 0, pendingPoints: 0, totalEarned: 0 });
  });

  it('is recorded in the audit log with the count', async () => {
    const before = (await admin.get('/api/admin/audit?action=referral_qualifications_processed')).json()
      .total as number;
    await customerDelivers(await referred('customer', await newReferrer()), [50_000, 50_000]);
    const { newlyQualified } = await process();
    expect(newlyQualified).toBeGreaterThanOrEqual(1);
    const res = (await admin.get('/api/admin/audit?action=referral_qualifications_processed')).json() as {
      total: number;
      items: { newData: string }[];
    };
    expect(res.total).toBe(before + 1);
    expect(JSON.parse(res.items[0].newData)).toEqual({ newlyQualified });
  });
});
