import { eq, sql } from 'drizzle-orm';
import { todayInIndia } from '../../../domain/age';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMerchant, AdminMerchantPage } from '../../../contracts/admin-merchants.contract';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { freshCode, signInSuperAdmin, spentCode } from '../../test/admin';
import { customerInput, merchantInput, registerAndLogin, vendorInput } from '../../test/factories';
import { merchants, merchantTransactions } from '../merchants/merchants.tables';

// The Merchants tab (SPEC.md's merchant row with its totals), verifying and unverifying with a fresh code.

let t: TestApp;
let admin: TestClient;
let secret: string;
let ip = 10;
const browser = () => new TestClient(t.app, `10.7.0.${ip++}`);

let kaveri: { id: string; referralCode: string; email: string };
let quiet: { id: string; referralCode: string; email: string };

const list = async (query = '') => (await admin.get(`/api/admin/merchants${query}`)).json() as AdminMerchantPage;
const rowOf = async (id: string) => (await list(`?q=${id.slice(0, 8)}`)).items.find((x) => x.id === id);
const merchantRowId = async (userId: string) =>
  (await t.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.userId, userId)))[0].id;

beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t));
  const a = merchantInput({
    businessName: 'Kaveri Sweets',
    mobileNumber: '9811122233',
    upiId: 'kaveri@okhdfc',
    cashbackPercentage: 3.5,
  });
  kaveri = { ...(await registerAndLogin(browser(), a)), email: a.email };
  const b = merchantInput({ businessName: 'Quiet Corner Books', mobileNumber: '9822233344' });
  quiet = { ...(await registerAndLogin(browser(), b)), email: b.email };

  // Two referrals made by Kaveri; one made by Quiet Corner is not Kaveri's.
  await registerAndLogin(browser(), customerInput({ referralCode: kaveri.referralCode }));
  await registerAndLogin(browser(), vendorInput({ referralCode: kaveri.referralCode }));
  await registerAndLogin(browser(), customerInput({ referralCode: quiet.referralCode, phoneNumber: '9000011111' }));

  const kaveriRow = await merchantRowId(kaveri.id);
  await t.db.insert(merchantTransactions).values([
    {
      merchantId: kaveriRow,
      customerContact: '9000000001',
      transactionAmountPaise: 10_000,
      cashbackAmountPaise: 350,
      cashbackPoints: 3,
    },
    {
      merchantId: kaveriRow,
      customerContact: '9000000002',
      transactionAmountPaise: 25_050,
      cashbackAmountPaise: 876,
      cashbackPoints: 8,
    },
    {
      merchantId: kaveriRow,
      customerContact: 'someone@example.in',
      transactionAmountPaise: 500,
      cashbackAmountPaise: 17,
      cashbackPoints: 0,
    },
  ]);
});
afterAll(() => t.close());

describe('access', () => {
  it('is closed to guests and customers (401)', async () => {
    const customer = browser();
    await registerAndLogin(customer, customerInput({ phoneNumber: '9000022222' }));
    for (const client of [browser(), customer]) {
      expect((await client.get('/api/admin/merchants')).statusCode).toBe(401);
      expect((await client.get('/api/admin/merchants/export')).statusCode).toBe(401);
      expect((await client.post(`/api/admin/merchants/${kaveri.id}/verify`, { code: '123456' })).statusCode).toBe(401);
      expect((await client.post(`/api/admin/merchants/${kaveri.id}/unverify`, { code: '123456' })).statusCode).toBe(
        401,
      );
    }
  });
});

describe('the Merchants tab', () => {
  it('lists SPEC.md’s merchant row with totals from the recorded transactions and the referrals made', async () => {
    const page = await list('?q=kaveri');
    expect(page.items).toEqual([
      {
        id: kaveri.id,
        name: 'Kaveri Sweets',
        businessName: 'Kaveri Sweets',
        referralCode: kaveri.referralCode,
        mobileNumber: '9811122233',
        email: kaveri.email,
        upiId: 'kaveri@okhdfc',
        cashbackPercentage: 3.5,
        isVerified: false,
        totalTransactions: 3,
        totalVolumePaise: 35_550,
        referralsMade: 2,
        registeredAt: expect.any(String),
      },
    ]);
    expect(page.total).toBe(1);
    expect(await rowOf(quiet.id)).toMatchObject({ totalTransactions: 0, totalVolumePaise: 0, referralsMade: 1 });
  });

  it('searches by business name, name, email, referral code and id prefix; wildcards are literal', async () => {
    const ids = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).items.map((x: AdminMerchant) => x.id);
    expect(await ids('sweets')).toEqual([kaveri.id]);
    expect(await ids(kaveri.email.toUpperCase())).toEqual([kaveri.id]);
    expect(await ids(kaveri.referralCode.toLowerCase())).toEqual([kaveri.id]);
    expect(await ids(quiet.id.slice(0, 8))).toEqual([quiet.id]);
    expect(await ids('nobody-like-this')).toEqual([]);
    expect(await ids('%')).toEqual([]);
  });

  it('filters by verification and sorts by volume, business name and registration; an unknown sort is 400', async () => {
    expect((await list('?verified=unverified')).items.map((x) => x.id)).toEqual(
      expect.arrayContaining([kaveri.id, quiet.id]),
    );
    expect((await list('?verified=verified')).total).toBe(0);
    expect((await admin.get('/api/admin/merchants?verified=maybe')).statusCode).toBe(400);

    const byVolume = (await list('?sort=totalVolume&dir=desc')).items;
    expect(byVolume[0].id).toBe(kaveri.id);
    const volumes = byVolume.map((x) => x.totalVolumePaise);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    expect((await list('?sort=totalVolume&dir=asc')).items.at(-1)?.id).toBe(kaveri.id);

    const byName = (await list('?sort=businessName&dir=asc')).items.map((x) => x.businessName);
    expect(byName.indexOf('Kaveri Sweets')).toBeLessThan(byName.indexOf('Quiet Corner Books'));
    const byDate = (await list('?sort=registeredAt&dir=asc')).items.map((x) => x.id);
    expect(byDate.indexOf(kaveri.id)).toBeLessThan(byDate.indexOf(quiet.id));

    const bad = await admin.get('/api/admin/merchants?sort=upi_id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.sort).toMatch(/businessName, registeredAt, totalVolume/);
  });

  it('exports the same filter as CSV', async () => {
    const csv = await admin.get('/api/admin/merchants/export?q=kaveri');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="haat-merchants-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(csv.body).toContain(
      'id,name,business_name,referral_code,mobile_number,email,upi_id,cashback_percentage,is_verified,total_transactions,total_volume_rupees,referrals_made,registered_at',
    );
    expect(csv.body).toContain(
      `${kaveri.id},Kaveri Sweets,Kaveri Sweets,${kaveri.referralCode},9811122233,${kaveri.email},kaveri@okhdfc,3.5,false,3,355.50,2,`,
    );
    expect(csv.body).not.toContain(quiet.id);
  });
});

describe('verifying and unverifying', () => {
  it('refuses without a code (401), with a wrong code (403) and with a used code (403), and changes nothing', async () => {
    const verify = (code?: string) =>
      admin.post(`/api/admin/merchants/${quiet.id}/verify`, code === undefined ? {} : { code });
    const none = await verify();
    expect(none.statusCode).toBe(401);
    expect(none.json().error.message).toMatch(/6-digit code/);
    const wrong = await verify('000000');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe('Invalid or expired 2FA code. Please try again with the current code.');
    expect((await verify(await spentCode(t, secret))).statusCode).toBe(403);
    expect((await rowOf(quiet.id))?.isVerified).toBe(false);
    const log = (await admin.get(`/api/admin/audit?resource=merchant&q=${quiet.id}`)).json() as { total: number };
    expect(log.total).toBe(0);
  });

  it('verifies and unverifies with a fresh code; the same state again is 409; an unknown merchant is 404', async () => {
    const code = await freshCode(t, secret);
    const ok = await admin.post(`/api/admin/merchants/${kaveri.id}/verify`, { code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      id: kaveri.id,
      isVerified: true,
      totalTransactions: 3,
      totalVolumePaise: 35_550,
      referralsMade: 2,
    });
    expect((await list('?verified=verified')).items.map((x) => x.id)).toEqual([kaveri.id]);
    // A code works once, even for another merchant.
    expect((await admin.post(`/api/admin/merchants/${quiet.id}/verify`, { code })).statusCode).toBe(403);

    const again = await admin.post(`/api/admin/merchants/${kaveri.id}/verify`, { code: await freshCode(t, secret) });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This merchant is already verified');

    const off = await admin.post(`/api/admin/merchants/${kaveri.id}/unverify`, { code: await freshCode(t, secret) });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id: kaveri.id, isVerified: false });
    expect((await rowOf(kaveri.id))?.isVerified).toBe(false);

    expect(
      (await admin.post(`/api/admin/merchants/${crypto.randomUUID()}/verify`, { code: await freshCode(t, secret) }))
        .statusCode,
    ).toBe(404);
    // A malformed id is refused before any code is spent.
    expect(
      (await admin.post('/api/admin/merchants/not-a-uuid/verify', { code: await freshCode(t, secret) })).statusCode,
    ).toBe(400);
  });

  it('records each change in the audit log, in the same transaction', async () => {
    const a = merchantInput({ businessName: 'Ganga Tea House', mobileNumber: '9833344455' });
    const ganga = { ...(await registerAndLogin(browser(), a)), email: a.email };
    expect(
      (await admin.post(`/api/admin/merchants/${ganga.id}/verify`, { code: await freshCode(t, secret) })).statusCode,
    ).toBe(200);
    expect(
      (await admin.post(`/api/admin/merchants/${ganga.id}/unverify`, { code: await freshCode(t, secret) })).statusCode,
    ).toBe(200);
    const log = (await admin.get(`/api/admin/audit?resource=merchant&q=${ganga.id}`)).json() as {
      items: { action: string; resourceId: string; actor: string; newData: string }[];
    };
    expect(log.items.map((e) => [e.action, e.resourceId])).toEqual([
      ['merchant_unverified', ganga.id],
      ['merchant_verified', ganga.id],
    ]);
    expect(log.items[0].actor).toBe('root@haat.test');
    expect(JSON.parse(log.items[1].newData)).toMatchObject({
      businessName: 'Ganga Tea House',
      email: ganga.email,
      isVerified: true,
    });
  });
});

describe('the cashback at stake', () => {
  it("states what Verify releases and Unverify voids, with the amounts; after Unverify the merchant's dashboard says so, until verified again", async () => {
    const input = merchantInput({
      businessName: 'Malnad Coffee Works',
      mobileNumber: '9833344455',
      upiId: 'malnad@okicici',
      cashbackPercentage: 5,
    });
    const shop = browser();
    const merchant = await registerAndLogin(shop, input);
    const payer = customerInput({ phoneNumber: '9000022222' });
    await registerAndLogin(browser(), payer);
    let ref = 400_000_000_000 + Math.floor(Math.random() * 1_000_000);
    const pay = async (amount: string) => {
      const res = await shop.post('/api/merchant/payments', {
        customer: payer.email,
        amount,
        upiReference: String(ref++),
        paidOn: todayInIndia(),
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    // Three payments: 5% cashback of ₹40, ₹100 and ₹200 is 2 + 5 + 10 points, pending while unverified.
    // (Smaller in all than Kaveri Sweets' volume, which the sorting test expects to lead.)
    await pay('40');
    await pay('100');
    await pay('200');
    // One of them is past the return window.
    await t.db.execute(
      sql`update merchant_transactions set created_at = now() - interval '30 days' where merchant_id = (select id from merchants where user_id = ${merchant.id}) and transaction_amount_paise = 4000`,
    );

    const stake = await admin.get(`/api/admin/merchants/${merchant.id}/cashback-at-stake`);
    expect(stake.statusCode, stake.body).toBe(200);
    expect(stake.json()).toEqual({
      releasePayments: 1,
      releasePaise: 200,
      voidPayments: 3,
      voidPaise: 1700,
      returnWindowDays: t.config.RETURN_WINDOW_DAYS,
    });
    expect((await admin.get(`/api/admin/merchants/${crypto.randomUUID()}/cashback-at-stake`)).statusCode).toBe(404);
    expect((await shop.get(`/api/admin/merchants/${merchant.id}/cashback-at-stake`)).statusCode).toBe(401);

    // Verify releases the ₹2 past the window; the other ₹15 stays pending.
    expect(
      (await admin.post(`/api/admin/merchants/${merchant.id}/verify`, { code: await freshCode(t, secret) })).statusCode,
    ).toBe(200);
    expect((await admin.get(`/api/admin/merchants/${merchant.id}/cashback-at-stake`)).json()).toMatchObject({
      releasePayments: 0,
      releasePaise: 0,
      voidPayments: 2,
      voidPaise: 1500,
    });
    expect((await shop.get('/api/merchant/dashboard')).json().profile).toMatchObject({
      isVerified: true,
      unverifiedAt: null,
      cashbackVoidedPaise: null,
    });

    // Unverify voids the ₹15 still pending, and the dashboard says so.
    expect(
      (await admin.post(`/api/admin/merchants/${merchant.id}/unverify`, { code: await freshCode(t, secret) }))
        .statusCode,
    ).toBe(200);
    const after = (await shop.get('/api/merchant/dashboard')).json().profile;
    expect(after).toMatchObject({ isVerified: false, cashbackVoidedPaise: 1500 });
    expect(Date.now() - Date.parse(after.unverifiedAt)).toBeLessThan(60_000);
    expect((await admin.get(`/api/admin/merchants/${merchant.id}/cashback-at-stake`)).json()).toMatchObject({
      voidPayments: 0,
      voidPaise: 0,
    });

    // Verified again: the notice goes.
    expect(
      (await admin.post(`/api/admin/merchants/${merchant.id}/verify`, { code: await freshCode(t, secret) })).statusCode,
    ).toBe(200);
    expect((await shop.get('/api/merchant/dashboard')).json().profile).toMatchObject({
      isVerified: true,
      unverifiedAt: null,
      cashbackVoidedPaise: null,
    });
    // Unverified again, as the other tests of this file expect every merchant but the one they verify (in any order).
    expect(
      (await admin.post(`/api/admin/merchants/${merchant.id}/unverify`, { code: await freshCode(t, secret) }))
        .statusCode,
    ).toBe(200);
  });
});
