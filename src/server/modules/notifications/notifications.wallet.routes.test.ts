import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInIndia } from '../../../domain/age';
import { queryRows } from '../../platform/db';
import { freshCode, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { newShopper, orderPartsOf, placeOrder, signInAs, twoShops, type Shopper } from '../../test/checkout-fixtures';
import { customerInput, merchantInput, registerAndLogin } from '../../test/factories';
import { createOrderWithPart, daysAgo } from '../../test/order-factories';
import { releaseDueCashback } from '../merchants';
import { runPointsRelease } from '../rewards';

// The wallet's changes tell their users, written with the change: a
// withdrawal requested (the super admin), paid or rejected (the customer), points that became
// available (an order's, a merchant's cashback), a referral that paid its referrer, and a merchant
// verified or unverified with what happened to its customers' cashback. Email follows the 'wallet'
// preference; the inbox always gets it.

let t: TestApp;
let admin: TestClient;
let secret: string;
let n = 0;
const browser = () => new TestClient(t.app, `10.24.${Math.floor(n / 250)}.${(n++ % 250) + 1}`);
// Nobody refers their own phone number, and a merchant finds a customer by it: each account has its own.
const phone = () => `96${String(++n).padStart(8, '0')}`;
let upiRef = 300_000_000_000;

type Item = { id: string; kind: string; title: string; body: string; link: string; readAt: string | null };

beforeAll(async () => {
  // Points are due as soon as a part is delivered or a payment recorded (a return window of 0 days);
  // an unverified merchant's cashback is not capped here (merchants.money.test.ts tests the cap).
  t = await buildTestApp({ RETURN_WINDOW_DAYS: '0', UNVERIFIED_CASHBACK_DAILY_POINTS: '1000000' });
  ({ client: admin, secret } = await signInSuperAdmin(t));
});
afterAll(() => t.close());

async function inbox(client: TestClient): Promise<Item[]> {
  const res = await client.get('/api/notifications?pageSize=50');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}
const ofKind = async (client: TestClient, kind: string) => (await inbox(client)).filter((x) => x.kind === kind);
const adminInbox = async (): Promise<Item[]> => {
  const res = await admin.get('/api/admin/notifications?pageSize=50');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
};
/** The outbox rows of a user's (or the super admin's) messages of a kind. */
const emails = (to: { userId: string } | 'admin', kind: string) =>
  queryRows<{ kind: string; status: string; subject: string; data: Record<string, string> }>(
    t.db,
    sql`select kind, status, subject, data from notification_emails where kind = ${kind} and ${to === 'admin' ? sql`audience = 'admin'` : sql`user_id = ${to.userId}`} order by created_at, id`,
  );

const withdraw = async (s: Shopper, points: number) => {
  const res = await s.client.post('/api/wallet/withdrawals', { points, upiId: 'asha@okaxis' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};
const adminAct = async (path: string, body: Record<string, unknown>) => {
  const res = await admin.post(path, { ...body, code: await freshCode(t, secret) });
  expect(res.statusCode, res.body).toBe(200);
};

describe('withdrawals', () => {
  it('a request tells the super admin, in the inbox and by email', async () => {
    const s = await newShopper(t, 1000);
    await withdraw(s, 150);
    const mine = (await adminInbox()).filter(
      (x) => x.kind === 'admin-withdrawal-request' && x.body.startsWith(s.email),
    );
    expect(mine).toEqual([
      expect.objectContaining({
        title: 'Withdrawal of ₹150 requested',
        body: `${s.email} asked to withdraw ₹150 to asha@okaxis.`,
        link: '/admin/dashboard?tab=withdrawals',
        readAt: null,
      }),
    ]);
    const outbox = (await emails('admin', 'admin-withdrawal-request')).filter((e) => e.data.customerEmail === s.email);
    expect(outbox).toEqual([
      expect.objectContaining({ status: 'pending', subject: 'A withdrawal of ₹150 is requested' }),
    ]);
  });

  it('marking it paid tells the customer the amount, UPI ID and reference', async () => {
    const s = await newShopper(t, 1000);
    const id = await withdraw(s, 150);
    await adminAct(`/api/admin/withdrawals/${id}/pay`, { upiReference: '123456789012' });
    expect(await ofKind(s.client, 'withdrawal-paid')).toEqual([
      expect.objectContaining({
        title: 'Withdrawal of ₹150 paid',
        body: 'Your withdrawal of ₹150 was paid to asha@okaxis. UPI reference: 123456789012.',
        link: '/wallet',
      }),
    ]);
    expect(await emails({ userId: s.userId }, 'withdrawal-paid')).toEqual([
      expect.objectContaining({ status: 'pending', subject: 'Your withdrawal of ₹150 is paid' }),
    ]);
  });

  it('rejecting it tells the customer the points are back, and why', async () => {
    const s = await newShopper(t, 1000);
    const id = await withdraw(s, 100);
    await adminAct(`/api/admin/withdrawals/${id}/reject`, { reason: 'The UPI ID does not exist.' });
    expect(await ofKind(s.client, 'withdrawal-rejected')).toEqual([
      expect.objectContaining({
        title: 'Withdrawal of ₹100 rejected',
        body: 'Your withdrawal of ₹100 was rejected, and its 100 points are back in your wallet. Reason: The UPI ID does not exist.',
        link: '/wallet',
      }),
    ]);
    expect(await emails({ userId: s.userId }, 'withdrawal-rejected')).toEqual([
      expect.objectContaining({ status: 'pending', subject: 'Your withdrawal of ₹100 was rejected' }),
    ]);
  });

  it('with wallet email off, the customer still sees it in the inbox but gets no email', async () => {
    const s = await newShopper(t, 1000);
    const prefs = await s.client.put('/api/notifications/preferences', { orders: true, wallet: false, news: true });
    expect(prefs.statusCode, prefs.body).toBe(200);
    const id = await withdraw(s, 200);
    await adminAct(`/api/admin/withdrawals/${id}/reject`, { reason: 'Wrong name on the UPI ID.' });
    expect((await ofKind(s.client, 'withdrawal-rejected')).map((x) => x.body)).toEqual([
      'Your withdrawal of ₹200 was rejected, and its 200 points are back in your wallet. Reason: Wrong name on the UPI ID.',
    ]);
    expect(await emails({ userId: s.userId }, 'withdrawal-rejected')).toEqual([]);
    // The super admin's message about the request follows no customer's preferences.
    expect(
      (await emails('admin', 'admin-withdrawal-request')).filter((e) => e.data.customerEmail === s.email),
    ).toHaveLength(1);
  });
});

describe('points that became available', () => {
  it("an order's points: one message per order once its part is delivered and the wallet releases them", async () => {
    const shops = await twoShops(t);
    const s = await newShopper(t);
    const orderId = await placeOrder(s, [{ productId: shops.b.id }]);
    const pending = (await s.client.get('/api/wallet')).json().pendingPoints as number;
    expect(pending).toBeGreaterThan(0);
    const [part] = await orderPartsOf(t, orderId);
    const vendor = await signInAs(t, shops.vendorB.email);
    for (const status of ['confirmed', 'shipped', 'delivered']) {
      const res = await vendor.patch(`/api/vendor/orders/parts/${part.id}/status`, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await ofKind(s.client, 'points-available')).toEqual([]);

    // Opening the wallet releases the due points (so does the release job); the customer is told once.
    expect((await s.client.get('/api/wallet')).json().availablePoints).toBe(pending);
    await runPointsRelease({ db: t.db, returnWindowDays: 0, also: [releaseDueCashback] });
    const ref = `#${orderId.slice(0, 8).toUpperCase()}`;
    expect(await ofKind(s.client, 'points-available')).toEqual([
      expect.objectContaining({
        title: `${pending} points available`,
        body: `${pending} points from order ${ref} are now available: spend them at checkout or withdraw them to UPI.`,
        link: '/wallet',
      }),
    ]);
    expect(await emails({ userId: s.userId }, 'points-available')).toEqual([
      expect.objectContaining({ subject: `${pending} points are now available in your Haat wallet` }),
    ]);
  });
});

/** A merchant (10 % cashback) and a customer it can record payments from. */
async function merchantAndCustomer(businessName: string) {
  const merchant = browser();
  const merchantId = (
    await registerAndLogin(merchant, merchantInput({ businessName, mobileNumber: phone(), cashbackPercentage: 10 }))
  ).id;
  const customer = browser();
  const c = customerInput({ phoneNumber: phone() });
  const customerId = (await registerAndLogin(customer, c)).id;
  const pay = async (amount: string) => {
    const res = await merchant.post('/api/merchant/payments', {
      customer: c.email,
      amount,
      paidOn: todayInIndia(),
      upiReference: String(upiRef++),
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  return { merchant, merchantId, customer, customerId, pay };
}

describe('merchant verification', () => {
  it('verifying releases the held cashback: the merchant hears how much, each customer that its points are available', async () => {
    const m = await merchantAndCustomer('Ravi Stores');
    await m.pay('800');
    await m.pay('400');
    await adminAct(`/api/admin/merchants/${m.merchantId}/verify`, {});

    expect(await ofKind(m.merchant, 'merchant-verified')).toEqual([
      expect.objectContaining({
        title: 'Your business is verified',
        body: 'Ravi Stores is verified. Cashback of ₹120 held for your customers is released to them.',
        link: '/merchant/dashboard',
      }),
    ]);
    expect(await emails({ userId: m.merchantId }, 'merchant-verified')).toEqual([
      expect.objectContaining({ subject: 'Ravi Stores is verified on Haat' }),
    ]);
    expect((await ofKind(m.customer, 'points-available')).map((x) => x.body)).toEqual([
      '120 points from cashback from Ravi Stores are now available: spend them at checkout or withdraw them to UPI.',
    ]);

    // A payment recorded while verified is released by the points release job, with the same message.
    await m.pay('250');
    await runPointsRelease({ db: t.db, returnWindowDays: 0, also: [releaseDueCashback] });
    expect((await ofKind(m.customer, 'points-available')).map((x) => x.title)).toEqual([
      '25 points available',
      '120 points available',
    ]);
    expect(await emails({ userId: m.customerId }, 'points-available')).toHaveLength(2);
  });

  it('unverifying voids the pending cashback and says how much; with none waiting, it says so', async () => {
    const m = await merchantAndCustomer('Meena Tailors');
    await adminAct(`/api/admin/merchants/${m.merchantId}/verify`, {});
    expect((await ofKind(m.merchant, 'merchant-verified')).map((x) => x.body)).toEqual([
      'Meena Tailors is verified. No cashback was waiting.',
    ]);

    await m.pay('400');
    await adminAct(`/api/admin/merchants/${m.merchantId}/unverify`, {});
    expect(await ofKind(m.merchant, 'merchant-unverified')).toEqual([
      expect.objectContaining({
        title: 'Your business is no longer verified',
        body: 'Meena Tailors is no longer verified. Pending cashback of ₹40 for your customers is voided.',
        link: '/merchant/dashboard',
      }),
    ]);
    expect(await emails({ userId: m.merchantId }, 'merchant-unverified')).toEqual([
      expect.objectContaining({ subject: 'Meena Tailors is no longer verified on Haat' }),
    ]);
    expect(await ofKind(m.customer, 'points-available')).toEqual([]);
  });
});

describe('referrals', () => {
  // 2 transactions and ₹1,000 of volume qualify a referral; it pays 150 points.
  const settings = async () => {
    const res = await admin.put('/api/admin/settings/referral', {
      minTransactions: 2,
      minTransactionVolume: 1000,
      referralPointsAwarded: 150,
      code: await freshCode(t, secret),
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const processReferrals = () => adminAct('/api/admin/settings/referral/process', {});

  it('a customer who referred a merchant that qualified is told the business and the points', async () => {
    await settings();
    const referrer = browser();
    const me = await registerAndLogin(
      referrer,
      customerInput({ firstName: 'Asha', lastName: 'Referrer', phoneNumber: phone() }),
    );
    const shop = browser();
    const shopId = (
      await registerAndLogin(
        shop,
        merchantInput({
          businessName: 'Lakshmi Stores',
          mobileNumber: phone(),
          cashbackPercentage: 2,
          referralCode: me.referralCode,
        }),
      )
    ).id;
    await adminAct(`/api/admin/merchants/${shopId}/verify`, {});
    const payer = customerInput({ phoneNumber: phone() });
    await registerAndLogin(browser(), payer);
    for (const amount of ['600', '500']) {
      const res = await shop.post('/api/merchant/payments', {
        customer: payer.email,
        amount,
        paidOn: todayInIndia(),
        upiReference: String(upiRef++),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await processReferrals();

    expect(await ofKind(referrer, 'referral-reward')).toEqual([
      expect.objectContaining({
        title: 'Referral reward: 150 points',
        body: 'Lakshmi Stores, whom you referred, qualified: 150 points are in your wallet.',
        link: '/wallet',
      }),
    ]);
    expect(await emails({ userId: me.id }, 'referral-reward')).toEqual([
      expect.objectContaining({ subject: 'You earned 150 points for a referral' }),
    ]);
    // Processing again pays nothing twice, and tells nothing twice.
    await processReferrals();
    expect(await ofKind(referrer, 'referral-reward')).toHaveLength(1);
  });

  it('a merchant who referred a customer that qualified is told on its dashboard', async () => {
    await settings();
    const merchant = browser();
    const me = await registerAndLogin(
      merchant,
      merchantInput({ businessName: 'Kaveri Sweets', mobileNumber: phone() }),
    );
    const customerId = (
      await registerAndLogin(
        browser(),
        customerInput({ firstName: 'Rahul', lastName: 'Sharma', phoneNumber: phone(), referralCode: me.referralCode }),
      )
    ).id;
    // Two orders paid with money and delivered (the return window is 0 days here).
    for (let i = 0; i < 2; i++)
      await createOrderWithPart(t.db, {
        customerUserId: customerId,
        status: 'delivered',
        subtotalPaise: 60_000,
        paymentStatus: 'paid',
        deliveredAt: daysAgo(1),
      });
    await processReferrals();

    expect(await ofKind(merchant, 'merchant-referral-qualified')).toEqual([
      expect.objectContaining({
        title: 'Referral Rahul Sharma qualified',
        body: 'Rahul Sharma, whom you referred, qualified. 150 points are in your wallet.',
        link: '/merchant/dashboard',
      }),
    ]);
    expect(await emails({ userId: me.id }, 'merchant-referral-qualified')).toEqual([
      expect.objectContaining({ subject: 'Your referral Rahul Sharma qualified' }),
    ]);
  });
});
