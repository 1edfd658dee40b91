import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReferral, AdminReferralPage } from '../../../contracts/admin-merchants.contract';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { freshCode, signInSuperAdmin, spentCode } from '../../test/admin';
import { customerInput, merchantInput, registerAndLogin, vendorInput } from '../../test/factories';
import { userProfiles } from '../auth/auth.tables';
import { rewardsTransactions } from '../rewards/rewards.tables';

// The Referrals tab (SPEC.md's referral row) and changing a referral's status with a fresh code.

let t: TestApp;
let admin: TestClient;
let ip = 10;
const browser = () => new TestClient(t.app, `10.8.0.${ip++}`);

type Account = { id: string; referralCode: string; email: string; client: TestClient };
const register = async (input: Parameters<typeof registerAndLogin>[1]): Promise<Account> => {
  const client = browser();
  return { ...(await registerAndLogin(client, input)), email: input.email, client };
};

let kaveri: Account; // merchant, refers Asha (customer) and Ravi (vendor)
let asha: Account;
let ravi: Account;
let meera: Account; // customer, refers Dosa Point (merchant)
let dosa: Account;
let nameless: Account; // customer without a name, referred by Meera

const list = async (query = '') => (await admin.get(`/api/admin/referrals${query}`)).json() as AdminReferralPage;
const byReferred = async (email: string) =>
  (await list(`?q=${encodeURIComponent(email)}`)).items.find((r) => r.referredEmail === email)!;

beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin } = await signInSuperAdmin(t));
  kaveri = await register(merchantInput({ businessName: 'Kaveri Sweets', mobileNumber: '9811122233' }));
  asha = await register(customerInput({ firstName: 'Asha', lastName: 'Pillai', referralCode: kaveri.referralCode }));
  ravi = await register(vendorInput({ firstName: 'Ravi', lastName: 'Kumar', referralCode: kaveri.referralCode }));
  meera = await register(customerInput({ firstName: 'Meera', lastName: 'Nair', phoneNumber: '9000033333' }));
  dosa = await register(
    merchantInput({ businessName: 'Dosa Point', mobileNumber: '9822233344', referralCode: meera.referralCode }),
  );
  nameless = await register(customerInput({ phoneNumber: '9000044444', referralCode: meera.referralCode }));
  await t.db.update(userProfiles).set({ firstName: null, lastName: null }).where(eq(userProfiles.userId, nameless.id));
});
afterAll(() => t.close());

describe('access', () => {
  it('is closed to guests and customers (401)', async () => {
    for (const client of [browser(), asha.client]) {
      expect((await client.get('/api/admin/referrals')).statusCode).toBe(401);
      expect((await client.get('/api/admin/referrals/export')).statusCode).toBe(401);
      expect(
        (
          await client.post(`/api/admin/referrals/${crypto.randomUUID()}/status`, {
            status: 'qualified',
            code: '123456',
          })
        ).statusCode,
      ).toBe(401);
    }
  });
});

describe('the Referrals tab', () => {
  it('lists SPEC.md’s referral row: names from the profile, a merchant’s business name, else the email', async () => {
    const page = await list('?q=pillai');
    expect(page.items).toEqual([
      {
        id: expect.any(String),
        referrerName: 'Kaveri Sweets',
        referrerEmail: kaveri.email,
        referredName: 'Asha Pillai',
        referredEmail: asha.email,
        referredType: 'customer',
        status: 'active',
        pointsAwarded: 0,
        referralCode: kaveri.referralCode,
        createdAt: expect.any(String),
        qualificationDate: null,
        redemptionDate: null,
        rewardPaid: false,
      },
    ]);
    expect(await byReferred(ravi.email)).toMatchObject({
      referrerName: 'Kaveri Sweets',
      referredName: 'Ravi Kumar',
      referredType: 'vendor',
    });
    expect(await byReferred(dosa.email)).toMatchObject({
      referrerName: 'Meera Nair',
      referrerEmail: meera.email,
      referredName: 'Dosa Point',
      referredType: 'merchant',
      referralCode: meera.referralCode,
    });
    expect(await byReferred(nameless.email)).toMatchObject({ referredName: nameless.email });
    expect((await list()).total).toBe(4);
  });

  it('searches names, emails, the code and the id prefix; filters by status and referred type; sorts; an unknown sort is 400', async () => {
    const emails = async (query: string) => (await list(query)).items.map((r: AdminReferral) => r.referredEmail).sort();
    expect(await emails('?q=kaveri')).toEqual([asha.email, ravi.email].sort());
    expect(await emails('?q=dosa')).toEqual([dosa.email]);
    expect(await emails(`?q=${encodeURIComponent(meera.email.toUpperCase())}`)).toEqual(
      [dosa.email, nameless.email].sort(),
    );
    expect(await emails(`?q=${kaveri.referralCode.toLowerCase()}`)).toEqual([asha.email, ravi.email].sort());
    const dosaRow = await byReferred(dosa.email);
    expect(await emails(`?q=${dosaRow.id.slice(0, 8)}`)).toEqual([dosa.email]);
    expect((await list('?q=_')).total).toBe(0);

    expect(await emails('?referredType=vendor')).toEqual([ravi.email]);
    expect(await emails('?referredType=merchant&q=meera')).toEqual([dosa.email]);
    expect((await list('?status=active')).total).toBe(4);
    expect((await list('?status=redeemed')).total).toBe(0);
    expect((await admin.get('/api/admin/referrals?status=paid')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/referrals?referredType=admin')).statusCode).toBe(400);

    const oldestFirst = (await list('?sort=createdAt&dir=asc')).items.map((r) => r.referredEmail);
    expect(oldestFirst[0]).toBe(asha.email);
    expect(oldestFirst.at(-1)).toBe(nameless.email);
    expect((await list('?sort=createdAt')).items[0].referredEmail).toBe(nameless.email);
    expect((await admin.get('/api/admin/referrals?sort=status&dir=asc')).statusCode).toBe(200);
    const bad = await admin.get('/api/admin/referrals?sort=points_awarded');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.sort).toMatch(/createdAt, status/);
  });

  it('exports the same filter as CSV', async () => {
    const row = await byReferred(asha.email);
    const csv = await admin.get('/api/admin/referrals/export?referredType=customer&q=pillai');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="haat-referrals-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(csv.body).toContain(
      'id,referrer_name,referrer_email,referred_name,referred_email,referred_type,status,points_awarded,referral_code,created_at,qualification_date,redemption_date',
    );
    expect(csv.body).toContain(
      `${row.id},Kaveri Sweets,${kaveri.email},Asha Pillai,${asha.email},customer,active,0,${kaveri.referralCode},${row.createdAt},,`,
    );
    expect(csv.body).not.toContain(ravi.email);
  });
});

// Each status test changes referrals of its own, in an app of its own: the Referrals tab's lists and
// totals above see only the referrals made before them.
describe('changing the status', () => {
  let s: TestApp;
  let sAdmin: TestClient;
  let sSecret: string;
  let n = 0;
  const sBrowser = () => new TestClient(s.app, `10.8.1.${++n}`);
  const sRegister = async (input: Parameters<typeof registerAndLogin>[1]): Promise<Account> => {
    const client = sBrowser();
    return { ...(await registerAndLogin(client, input)), email: input.email, client };
  };
  const sList = async (query = '') => (await sAdmin.get(`/api/admin/referrals${query}`)).json() as AdminReferralPage;
  const referralOf = async (email: string) =>
    (await sList(`?q=${encodeURIComponent(email)}`)).items.find((r) => r.referredEmail === email)!;
  const change = (id: string, status: string, code?: string) =>
    sAdmin.post(`/api/admin/referrals/${id}/status`, { status, ...(code === undefined ? {} : { code }) });
  const phone = () => `96${String(++n).padStart(8, '0')}`;
  /** A customer who refers a customer, a vendor and a merchant. */
  const referralsOfOneReferrer = async () => {
    const referrer = await sRegister(customerInput({ firstName: 'Meera', lastName: 'Nair', phoneNumber: phone() }));
    const customer = await sRegister(
      customerInput({
        firstName: 'Asha',
        lastName: 'Pillai',
        phoneNumber: phone(),
        referralCode: referrer.referralCode,
      }),
    );
    const vendor = await sRegister(vendorInput({ phone: phone(), referralCode: referrer.referralCode }));
    const merchant = await sRegister(
      merchantInput({ businessName: 'Dosa Point', mobileNumber: phone(), referralCode: referrer.referralCode }),
    );
    return {
      referrer,
      customer: (await referralOf(customer.email)).id,
      vendor: (await referralOf(vendor.email)).id,
      merchant: (await referralOf(merchant.email)).id,
    };
  };

  beforeAll(async () => {
    s = await buildTestApp();
    ({ client: sAdmin, secret: sSecret } = await signInSuperAdmin(s, '10.200.1.1'));
  });
  afterAll(() => s.close());

  it('refuses without a code (401), with a wrong code (403) and with a used code (403), and changes nothing', async () => {
    const { customer: id } = await referralsOfOneReferrer();
    const none = await change(id, 'qualified');
    expect(none.statusCode).toBe(401);
    expect(none.json().error.message).toMatch(/6-digit code/);
    const wrong = await change(id, 'qualified', '000000');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe('Invalid or expired 2FA code. Please try again with the current code.');
    expect((await change(id, 'qualified', await spentCode(s, sSecret))).statusCode).toBe(403);
    expect((await change(id, 'paid', await freshCode(s, sSecret))).statusCode).toBe(400);
    expect((await sList(`?q=${id.slice(0, 8)}`)).items.find((r) => r.id === id)).toMatchObject({
      status: 'active',
      qualificationDate: null,
      redemptionDate: null,
    });
    expect((await sAdmin.get(`/api/admin/audit?resource=referral&q=${id}`)).json().total).toBe(0);
  });

  it('qualified and redeemed set their dates when empty and keep them otherwise; no points are awarded', async () => {
    const { referrer, customer: id, vendor, merchant } = await referralsOfOneReferrer();
    const ledgerBefore = (await s.db.select({ n: count() }).from(rewardsTransactions))[0].n;

    const code = await freshCode(s, sSecret);
    const qualified = await change(id, 'qualified', code);
    expect(qualified.statusCode, qualified.body).toBe(200);
    expect(qualified.json()).toMatchObject({ id, status: 'qualified', pointsAwarded: 0, redemptionDate: null });
    const qualifiedAt = qualified.json().qualificationDate as string;
    expect(Date.parse(qualifiedAt)).toBeGreaterThan(Date.now() - 60_000);
    // The code is spent: the same code cannot change another referral.
    expect((await change(vendor, 'qualified', code)).statusCode).toBe(403);

    const redeemed = (await change(id, 'redeemed', await freshCode(s, sSecret))).json() as AdminReferral;
    expect(redeemed).toMatchObject({ status: 'redeemed', qualificationDate: qualifiedAt, pointsAwarded: 0 });
    expect(redeemed.redemptionDate).not.toBeNull();

    const back = (await change(id, 'active', await freshCode(s, sSecret))).json() as AdminReferral;
    expect(back).toMatchObject({
      status: 'active',
      qualificationDate: qualifiedAt,
      redemptionDate: redeemed.redemptionDate,
    });
    const again = (await change(id, 'redeemed', await freshCode(s, sSecret))).json() as AdminReferral;
    expect(again).toMatchObject({
      status: 'redeemed',
      qualificationDate: qualifiedAt,
      redemptionDate: redeemed.redemptionDate,
    });

    // Straight from active to redeemed stamps both dates.
    const direct = (await change(merchant, 'redeemed', await freshCode(s, sSecret))).json() as AdminReferral;
    expect(direct.qualificationDate).not.toBeNull();
    expect(direct.redemptionDate).not.toBeNull();

    expect((await s.db.select({ n: count() }).from(rewardsTransactions))[0].n).toBe(ledgerBefore);
    expect((await referrer.client.get('/api/wallet')).json().availablePoints).toBe(0);
    expect((await sList(`?status=redeemed&q=${referrer.referralCode}`)).total).toBe(2);
  });

  it('refuses the same status (409) and an unknown referral (404) without spending the code', async () => {
    const { merchant: id } = await referralsOfOneReferrer();
    expect((await change(id, 'redeemed', await freshCode(s, sSecret))).statusCode).toBe(200);
    const code = await freshCode(s, sSecret);
    const same = await change(id, 'redeemed', code);
    expect(same.statusCode).toBe(409);
    expect(same.json().error.message).toBe('The referral already has this status');
    expect((await change(crypto.randomUUID(), 'qualified', code)).statusCode).toBe(404);
    // Both were rolled back, so the code still works once.
    expect((await change(id, 'qualified', code)).statusCode).toBe(200);
  });

  it('records each change with its from and to in the audit log', async () => {
    const { customer, merchant } = await referralsOfOneReferrer();
    for (const [id, status] of [
      [customer, 'qualified'],
      [customer, 'redeemed'],
      [customer, 'active'],
      [customer, 'redeemed'],
      [merchant, 'redeemed'],
      [merchant, 'qualified'],
    ]) {
      const res = await change(id, status, await freshCode(s, sSecret));
      expect(res.statusCode, res.body).toBe(200);
    }
    const log = (await sAdmin.get('/api/admin/audit?action=referral_status_changed&pageSize=100')).json() as {
      items: { resourceType: string; resourceId: string; actor: string; newData: string }[];
    };
    const mine = log.items.filter((e) => e.resourceId === customer || e.resourceId === merchant);
    expect(mine.map((e) => [e.resourceId, JSON.parse(e.newData)])).toEqual([
      [merchant, { from: 'redeemed', to: 'qualified' }],
      [merchant, { from: 'active', to: 'redeemed' }],
      [customer, { from: 'active', to: 'redeemed' }],
      [customer, { from: 'redeemed', to: 'active' }],
      [customer, { from: 'qualified', to: 'redeemed' }],
      [customer, { from: 'active', to: 'qualified' }],
    ]);
    expect(mine.every((e) => e.resourceType === 'referral' && e.actor === 'root@haat.test')).toBe(true);
  });
});
