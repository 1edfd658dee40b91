import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type RegisterInput } from '../../../contracts/auth.contract';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { customerInput, merchantInput, vendorInput } from '../../test/factories';

// Nobody refers themselves with a spelling of their own mailbox (a +tag, Gmail's
// dots, googlemail.com, another case) or their own phone in another format.

let t: TestApp;
let ip = 1;
const browser = () => new TestClient(t.app, `10.20.4.${ip++}`);
let n = 0;
/** A name and a phone no other test uses. */
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;
const freshPhone = () => `97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A customer registered with this email and phone; answers its referral code. */
async function referrer(email: string, phone: string): Promise<string> {
  const res = await browser().post('/api/auth/register', customerInput({ email, phoneNumber: phone }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().referralCode;
}

const accountsWithEmail = async (email: string) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from users where email = ${email.trim().toLowerCase()}`,
    )
  )[0].n;

async function expectRefused(input: RegisterInput) {
  const before = await accountsWithEmail(input.email);
  const res = await browser().post('/api/auth/register', input);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().error).toMatchObject({
    code: 'REFERRAL_CODE_UNKNOWN',
    message: messages.referralSelf,
    fields: { referralCode: messages.referralSelf },
  });
  expect(await accountsWithEmail(input.email)).toBe(before);
}

describe('self-referral with a spelling of the same mailbox', () => {
  it.each([
    ['a +tag', (u: string) => [`meera${u}@example.in`, `meera${u}+deals@example.in`]],
    ['a +tag on Gmail', (u: string) => [`meera${u}@gmail.com`, `meera${u}+ref@gmail.com`]],
    ["Gmail's dots", (u: string) => [`meera.k${u}@gmail.com`, `meerak${u}@gmail.com`]],
    ["Gmail's dots the other way round", (u: string) => [`meerak${u}@gmail.com`, `m.e.e.r.a.k${u}@gmail.com`]],
    [
      'googlemail.com for gmail.com, with dots and a tag',
      (u: string) => [`meera.k${u}@gmail.com`, `m.eerak${u}+x@googlemail.com`],
    ],
    ['gmail.com for googlemail.com', (u: string) => [`meerak${u}@googlemail.com`, `meerak${u}@gmail.com`]],
    ['another case', (u: string) => [`Meera.K${u}@Example.in`, `MEERA.K${u}@EXAMPLE.IN`]],
  ])('refuses %s (400, the own-code message) and creates nothing, for every kind of account', async (_what, emails) => {
    const [own, variant] = emails(unique());
    const code = await referrer(own, freshPhone());
    await expectRefused(customerInput({ email: variant, phoneNumber: freshPhone(), referralCode: code }));
    await expectRefused(vendorInput({ email: variant, phone: freshPhone(), referralCode: code }));
    await expectRefused(merchantInput({ email: variant, mobileNumber: freshPhone(), referralCode: code }));
  });

  it("takes another person's mailbox: dots outside Gmail, another name at Gmail", async () => {
    const u = unique();
    const code = await referrer(`meerak${u}@gmail.com`, freshPhone());
    const otherName = await browser().post(
      '/api/auth/register',
      customerInput({ email: `meerak${u}1@gmail.com`, phoneNumber: freshPhone(), referralCode: code }),
    );
    expect(otherName.statusCode, otherName.body).toBe(201);
    const code2 = await referrer(`meerak${u}@example.in`, freshPhone());
    const dotted = await browser().post(
      '/api/auth/register',
      customerInput({ email: `meera.k${u}@example.in`, phoneNumber: freshPhone(), referralCode: code2 }),
    );
    expect(dotted.statusCode, dotted.body).toBe(201);
  });
});

describe('self-referral with the same phone in another format', () => {
  it.each([
    ['with spaces', (p: string) => `${p.slice(0, 5)} ${p.slice(5)}`],
    ['with dashes', (p: string) => `${p.slice(0, 5)}-${p.slice(5)}`],
    ['with +91', (p: string) => `+91 ${p}`],
    ['with 91', (p: string) => `91${p}`],
    ['with 0', (p: string) => `0${p.slice(0, 5)} ${p.slice(5)}`],
  ])('refuses the phone %s (400) for every kind of account', async (_what, format) => {
    const phone = freshPhone();
    const code = await referrer(`meera${unique()}@example.in`, phone);
    await expectRefused(customerInput({ phoneNumber: format(phone), referralCode: code }));
    await expectRefused(vendorInput({ phone: format(phone), referralCode: code }));
    await expectRefused(merchantInput({ mobileNumber: format(phone), referralCode: code }));
  });

  it('takes another phone with the same code', async () => {
    const code = await referrer(`meera${unique()}@example.in`, '9845099990');
    const res = await browser().post(
      '/api/auth/register',
      customerInput({ phoneNumber: '+91 98450 99991', referralCode: code }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });
});
