import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../contracts/auth.contract';
import type { MyReferrals } from '../../../contracts/referrals.contract';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { customerInput, merchantInput, registerAndLogin, vendorInput } from '../../test/factories';

// Everyone has a referral code and sees the referrals made with it;
// nobody refers themselves.

let t: TestApp;
let ip = 10;
const browser = () => new TestClient(t.app, `10.11.0.${ip++}`);
const mine = async (client: TestClient, query = '') => {
  const res = await client.get(`/api/referrals${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MyReferrals;
};

let meera: TestClient;
let meeraCode: string;
let meeraEmail: string;

beforeAll(async () => {
  t = await buildTestApp();
  meera = browser();
  const input = customerInput({ firstName: 'Meera', lastName: 'Iyer', phoneNumber: '9845012345' });
  meeraEmail = input.email;
  meeraCode = (await registerAndLogin(meera, input)).referralCode;
  // Meera's three referrals, one of each kind of sign-up (the code typed in any case, with spaces).
  await registerAndLogin(
    browser(),
    customerInput({ firstName: 'Rohan', lastName: 'Das', phoneNumber: '9000010001', referralCode: meeraCode }),
  );
  await registerAndLogin(
    browser(),
    vendorInput({ businessName: 'Ganga Handlooms', phone: '9000010002', referralCode: meeraCode.toLowerCase() }),
  );
  await registerAndLogin(
    browser(),
    merchantInput({ businessName: 'Tea Stall', mobileNumber: '9000010003', referralCode: ` ${meeraCode} ` }),
  );
});
afterAll(() => t.close());

describe('GET /api/referrals', () => {
  it('refuses guests (401)', async () => {
    expect((await browser().get('/api/referrals')).statusCode).toBe(401);
  });

  it('gives customers, vendors and merchants their own code, with nothing referred yet', async () => {
    const customer = browser();
    const c = await registerAndLogin(customer, customerInput({ phoneNumber: '9845000001' }));
    expect(await mine(customer)).toMatchObject({
      referralCode: c.referralCode,
      totals: { made: 0, qualified: 0, pointsEarned: 0 },
      items: [],
      total: 0,
    });
    expect(c.referralCode).toMatch(/^CUST[A-Z0-9]{6}$/);
    expect(meeraCode).toMatch(/^CUST[A-Z0-9]{6}$/);
    const vendor = browser();
    const v = await registerAndLogin(vendor, vendorInput({ phone: '9123400011' }));
    expect((await mine(vendor)).referralCode).toBe(v.referralCode);
    expect(v.referralCode).toMatch(/^VEND[A-Z0-9]{6}$/);
    const merchant = browser();
    const m = await registerAndLogin(merchant, merchantInput({ mobileNumber: '9811100011' }));
    expect((await mine(merchant)).referralCode).toMatch(/^MERCH[A-Z0-9]{6}$/);
    expect((await mine(merchant)).referralCode).toBe(m.referralCode);
  });

  it("lists the referrals made with any kind of sign-up, newest first, the referred party's name masked", async () => {
    const list = await mine(meera);
    expect(list.totals).toEqual({ made: 3, qualified: 0, pointsEarned: 0 });
    expect(list.items.map((r) => [r.referredName, r.referredType, r.status, r.pointsAwarded])).toEqual([
      ['T*** S***', 'merchant', 'active', 0],
      ['G*** H***', 'vendor', 'active', 0],
      ['R*** D***', 'customer', 'active', 0],
    ]);
    expect(JSON.stringify(list)).not.toContain('Rohan');
    // Paged.
    const second = await mine(meera, '?page=2&pageSize=2');
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((r) => r.referredType)).toEqual(['customer']);
  });

  it('counts qualified referrals and the points they brought', async () => {
    // A referrer of its own: Meera's referrals stay active for the other tests.
    const referrer = browser();
    const { referralCode } = await registerAndLogin(
      referrer,
      customerInput({ firstName: 'Kiran', lastName: 'Rao', phoneNumber: '9845000002' }),
    );
    await registerAndLogin(browser(), customerInput({ phoneNumber: '9000010011', referralCode }));
    await registerAndLogin(browser(), vendorInput({ phone: '9000010012', referralCode }));
    await registerAndLogin(browser(), merchantInput({ mobileNumber: '9000010013', referralCode }));
    await t.db.execute(
      sql`update referrals set status = 'qualified', points_awarded = 100 where referred_user_type = 'vendor' and referral_code = ${referralCode}`,
    );
    expect((await mine(referrer)).totals).toEqual({ made: 3, qualified: 1, pointsEarned: 100 });
  });
});

describe('nobody refers themselves', () => {
  it.each([
    [
      'the same email, in another case and with spaces',
      () =>
        customerInput({ email: `  ${meeraEmail.toUpperCase()} `, phoneNumber: '9000020001', referralCode: meeraCode }),
    ],
    [
      'the same phone, written with +91 and spaces',
      () => customerInput({ phoneNumber: '+91 98450 12345', referralCode: meeraCode }),
    ],
    ['the same phone, as a vendor', () => vendorInput({ phone: '098450-12345', referralCode: meeraCode })],
    ['the same phone, as a merchant', () => merchantInput({ mobileNumber: '9845012345', referralCode: meeraCode })],
  ])('refuses %s (400) and creates nothing', async (_what, input) => {
    const body = input();
    const res = await browser().post('/api/auth/register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: messages.referralSelf,
      fields: { referralCode: messages.referralSelf },
    });
    expect((await mine(meera)).totals.made).toBe(3);
  });

  it('lets a referred party have one referrer only (the database refuses a second)', async () => {
    const [row] = await queryRows<{ referred_user_id: string }>(
      t.db,
      sql`select referred_user_id from referrals where referral_code = ${meeraCode} limit 1`,
    );
    const other = browser();
    const { id: otherId } = await registerAndLogin(other, customerInput({ phoneNumber: '9000030001' }));
    await expect(
      t.db.execute(
        sql`insert into referrals (referrer_user_id, referred_user_id, referred_user_type, referral_code) values (${otherId}, ${row.referred_user_id}, 'customer', 'X')`,
      ),
    ).rejects.toThrow();
  });

  it('refuses the same account as referrer and referred in the database itself', async () => {
    const { id } = await registerAndLogin(browser(), customerInput({ phoneNumber: '9000040001' }));
    await expect(
      t.db.execute(
        sql`insert into referrals (referrer_user_id, referred_user_id, referred_user_type, referral_code) values (${id}, ${id}, 'customer', 'X')`,
      ),
    ).rejects.toThrow();
  });
});
