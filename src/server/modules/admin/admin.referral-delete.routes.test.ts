import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletionMessages } from '../../../contracts/admin-lists.contract';
import {
  referralActionMessages,
  type AdminReferral,
  type AdminReferralPage,
} from '../../../contracts/admin-merchants.contract';
import { queryRows } from '../../platform/db';
import { freshCode, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { customerInput, merchantInput, registerAndLogin } from '../../test/factories';
import { users } from '../auth/auth.tables';
import { merchants, merchantTransactions } from '../merchants/merchants.tables';

// The super admin deletes a referral only while it has paid nothing; one that
// paid its referrer a reward stays on record.

let t: TestApp;
let admin: TestClient;
let secret: string;
let n = 0;
const browser = () => new TestClient(t.app, `10.42.0.${++n}`);
const phone = () => `95${String(++n).padStart(8, '0')}`;

beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t));
});
afterAll(() => t.close());

/** A customer who refers a merchant: answers the referral as the Referrals tab lists it, and both accounts. */
async function newReferral() {
  const referrer = await registerAndLogin(
    browser(),
    customerInput({ firstName: 'Meera', lastName: 'Nair', phoneNumber: phone() }),
  );
  const input = merchantInput({
    businessName: `Dosa Point ${n}`,
    mobileNumber: phone(),
    referralCode: referrer.referralCode,
  });
  const merchant = await registerAndLogin(browser(), input);
  const row = await rowOf(input.email);
  return { referrer, merchant, row: row! };
}

const rowOf = async (referredEmail: string): Promise<AdminReferral | undefined> =>
  (
    (await admin.get(`/api/admin/referrals?q=${encodeURIComponent(referredEmail)}`)).json() as AdminReferralPage
  ).items.find((r) => r.referredEmail === referredEmail);
const del = async (id: string, code?: string) =>
  admin.post(`/api/admin/referrals/${id}/delete`, { code: code ?? (await freshCode(t, secret)) });
const stored = async (id: string) =>
  (await queryRows<{ id: string }>(t.db, sql`select id from referrals where id = ${id}`)).length === 1;
const auditOf = (id: string) =>
  queryRows<{ resource_type: string; new_data: Record<string, unknown> }>(
    t.db,
    sql`select resource_type, new_data from system_logs where action = 'referral_deleted' and resource_id = ${id}`,
  );

/** The referred merchant, verified, records enough payments for the default thresholds (5, ₹500), and the qualification pays its referrer. */
async function payReward(merchantUserId: string) {
  const [m] = await t.db
    .update(merchants)
    .set({ isVerified: true })
    .where(eq(merchants.userId, merchantUserId))
    .returning({ id: merchants.id });
  for (let i = 0; i < 5; i++)
    await t.db.insert(merchantTransactions).values({
      merchantId: m.id,
      customerContact: '9876500000',
      transactionAmountPaise: 20_000,
      recordedWhileVerified: true,
    });
  const res = await admin.post('/api/admin/settings/referral/process', { code: await freshCode(t, secret) });
  expect(res.statusCode, res.body).toBe(200);
}

describe('POST /api/admin/referrals/:id/delete', () => {
  it('refuses without a code (401) and with a wrong code (403), keeping the referral; 404 for an unknown one', async () => {
    const { row } = await newReferral();
    const none = await admin.post(`/api/admin/referrals/${row.id}/delete`, {});
    expect(none.statusCode).toBe(401);
    expect((await del(row.id, '000000')).statusCode).toBe(403);
    expect(await stored(row.id)).toBe(true);
    expect(await auditOf(row.id)).toEqual([]);
    for (const client of [browser(), new TestClient(t.app)])
      expect(
        (await client.post(`/api/admin/referrals/${row.id}/delete`, { code: await freshCode(t, secret) })).statusCode,
      ).toBe(401);

    const unknown = await del(crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(referralActionMessages.notFound);
  });

  it('deletes a referral that paid nothing, keeps both accounts, and audits who referred whom', async () => {
    const { row, referrer, merchant } = await newReferral();
    expect(row).toMatchObject({ status: 'active', pointsAwarded: 0, rewardPaid: false });

    const res = await del(row.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: row.id,
      outcome: 'removed',
      message: deletionMessages.referral.done,
      detail: deletionMessages.referralRemoved,
    });
    expect(await stored(row.id)).toBe(false);
    expect(await rowOf(row.referredEmail)).toBeUndefined();
    for (const id of [referrer.id, merchant.id])
      expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, id))).toHaveLength(1);
    expect(await auditOf(row.id)).toEqual([
      {
        resource_type: 'referral',
        new_data: {
          referrerUserId: referrer.id,
          referredUserId: merchant.id,
          referredUserType: 'merchant',
          referralCode: referrer.referralCode,
          status: 'active',
        },
      },
    ]);
    expect((await del(row.id)).statusCode).toBe(404);
  });

  it('deletes a referral marked qualified by hand, which awarded no points', async () => {
    const { row } = await newReferral();
    const marked = await admin.post(`/api/admin/referrals/${row.id}/status`, {
      status: 'qualified',
      code: await freshCode(t, secret),
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ status: 'qualified', pointsAwarded: 0, rewardPaid: false });
    const res = await del(row.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(row.id)).toBe(false);
  });

  it('refuses (409) a referral that paid its referrer a reward: it, and the reward, stay on record', async () => {
    const { row, merchant } = await newReferral();
    await payReward(merchant.id);
    const paid = await rowOf(row.referredEmail);
    expect(paid).toMatchObject({ status: 'qualified', pointsAwarded: 100, rewardPaid: true });
    const reward = () =>
      queryRows<{ points: number }>(
        t.db,
        sql`select points from rewards_transactions where reference = ${`referral:${row.id}`}`,
      );
    expect(await reward()).toEqual([{ points: 100 }]);

    const res = await del(row.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe('This referral has paid a reward and stays on record');
    expect(await rowOf(row.referredEmail)).toEqual(paid);
    expect(await reward()).toEqual([{ points: 100 }]);
    expect(await auditOf(row.id)).toEqual([]);
  });
});
