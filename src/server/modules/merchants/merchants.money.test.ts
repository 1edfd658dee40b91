import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  merchantMessages as m,
  unverifiedCashbackCapMessage,
  type MerchantPayment,
} from '../../../contracts/merchant.contract';
import type { Wallet } from '../../../contracts/rewards.contract';
import { todayInIndia } from '../../../domain/age';
import { freshCode, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { customerInput, merchantInput, registerAndLogin } from '../../test/factories';
import { runPointsRelease } from '../rewards';
import { releaseDueCashback } from './merchants.cashback';
import { merchantTransactions } from './merchants.tables';

// A UPI reference is recorded once across all merchants, and an
// unverified merchant's payments create a bounded amount of pending cashback a day, which never
// becomes available before the super admin verifies the merchant.

let t: TestApp;
let ip = 10;
const browser = () => new TestClient(t.app, `10.19.0.${ip++}`);
let phoneSeq = 9_700_000_000;
const merchant = async (cashbackPercentage: number) => {
  const client = browser();
  const { id } = await registerAndLogin(
    client,
    merchantInput({ mobileNumber: String(phoneSeq++), cashbackPercentage }),
  );
  return { client, id };
};
let payer: { client: TestClient; email: string };
let refSeq = 300_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;
const nextRef = () => String(refSeq++);
const record = (client: TestClient, body: { amount: string; upiReference?: string }) =>
  client.post('/api/merchant/payments', {
    customer: payer.email,
    paidOn: todayInIndia(),
    upiReference: nextRef(),
    ...body,
  });
let signedIn: Promise<{ client: TestClient; secret: string }> | undefined;
/** The super admin verifies a merchant with a fresh code (signed in once per file, by whichever test needs it first). */
const verify = async (merchantUserId: string) => {
  signedIn ??= signInSuperAdmin(t);
  const { client, secret } = await signedIn;
  const res = await client.post(`/api/admin/merchants/${merchantUserId}/verify`, { code: await freshCode(t, secret) });
  expect(res.statusCode, res.body).toBe(200);
};
const wallet = async (client: TestClient) => (await client.get('/api/wallet')).json() as Wallet;

beforeAll(async () => {
  // RETURN_WINDOW_DAYS=0: cashback would be due at once, so only verification holds it back.
  t = await buildTestApp({ RETURN_WINDOW_DAYS: '0', UNVERIFIED_CASHBACK_DAILY_POINTS: '50' });
  const input = customerInput({ phoneNumber: String(phoneSeq++) });
  payer = { client: browser(), email: input.email };
  await registerAndLogin(payer.client, input);
});
afterAll(() => t.close());

describe('a UPI transaction reference', () => {
  it("is refused when another merchant recorded it (no second cashback), and the merchant's own repeat keeps its message", async () => {
    const first = await merchant(2);
    const second = await merchant(2);
    const reference = nextRef();
    expect((await record(first.client, { amount: '500', upiReference: reference })).statusCode).toBe(201);
    const before = await wallet(payer.client);

    const taken = await record(second.client, { amount: '500', upiReference: reference });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'CONFLICT',
      message: m.referenceTaken,
      fields: { upiReference: m.referenceTaken },
    });
    const again = await record(first.client, { amount: '500', upiReference: reference });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.referenceDuplicate);

    expect(await wallet(payer.client)).toMatchObject({
      pendingPoints: before.pendingPoints,
      availablePoints: before.availablePoints,
    });
    const rows = await t.db.select().from(merchantTransactions).where(eq(merchantTransactions.upiReference, reference));
    expect(rows).toHaveLength(1);
  });

  it('recorded by two merchants at the same moment is recorded once', async () => {
    const a = await merchant(2);
    const b = await merchant(2);
    const reference = nextRef();
    const answers = await Promise.all([
      record(a.client, { amount: '300', upiReference: reference }),
      record(b.client, { amount: '300', upiReference: reference }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.$count(merchantTransactions, eq(merchantTransactions.upiReference, reference))).toBe(1);
  });
});

describe("an unverified merchant's cashback", () => {
  it('is capped per day at UNVERIFIED_CASHBACK_DAILY_POINTS of pending points, with a clear message; a verified merchant is not capped', async () => {
    const shop = await merchant(10);
    expect((await record(shop.client, { amount: '400' })).json<MerchantPayment>()).toMatchObject({
      cashbackPoints: 40,
    });
    const over = await record(shop.client, { amount: '200' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({
      message: unverifiedCashbackCapMessage(50, 10),
      fields: { amount: unverifiedCashbackCapMessage(50, 10) },
    });
    expect(over.json().error.message).toBe(
      'Until Haat verifies your business, the payments you record can give at most 50 cashback points a day; 10 are left today. Record the payment again after verification, or tomorrow.',
    );
    // What still fits is recorded.
    expect((await record(shop.client, { amount: '100' })).statusCode).toBe(201);
    // Yesterday's payments do not count toward today.
    await t.db.execute(
      sql`update merchant_transactions set created_at = now() - interval '2 days' where merchant_id = (select id from merchants where user_id = ${shop.id})`,
    );
    expect((await record(shop.client, { amount: '500' })).statusCode).toBe(201);

    await verify(shop.id);
    expect((await record(shop.client, { amount: '5000' })).json<MerchantPayment>()).toMatchObject({
      cashbackPoints: 500,
    });
  });

  it('never becomes available before verification, even past the return window; verification releases it', async () => {
    const shop = await merchant(5);
    const customer = customerInput({ phoneNumber: String(phoneSeq++) });
    const c = browser();
    await registerAndLogin(c, customer);
    const res = await shop.client.post('/api/merchant/payments', {
      customer: customer.email,
      amount: '200',
      upiReference: nextRef(),
      paidOn: todayInIndia(),
    });
    expect(res.statusCode).toBe(201);
    await t.db.execute(
      sql`update merchant_transactions set created_at = now() - interval '30 days' where merchant_id = (select id from merchants where user_id = ${shop.id})`,
    );
    await runPointsRelease({ db: t.db, returnWindowDays: 0, also: [releaseDueCashback] });
    expect(await wallet(c)).toMatchObject({ pendingPoints: 10, availablePoints: 0 });

    await verify(shop.id);
    expect(await wallet(c)).toMatchObject({ pendingPoints: 0, availablePoints: 10 });
  });
});
