import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, signUpAddressMessages } from '../../../contracts/auth.contract';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { customerInput, merchantInput, registerAndLogin, vendorInput } from '../../test/factories';

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await buildTestApp();
  client = new TestClient(t.app);
});
afterAll(() => t.close());

const rows = <T>(q: SQL) => queryRows<T>(t.db, q);

/** A date of birth 17 years before today (UTC, as the server counts age): too young, whatever the year. */
const seventeenYearsAgo = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear() - 17, now.getUTCMonth(), now.getUTCDate())).toISOString().slice(0, 10);

const countWhereEmail = async (table: string, email: string) =>
  (
    await rows<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where lower(email) = ${email}`,
    )
  )[0].n;

async function register(body: unknown) {
  const res = await client.post('/api/auth/register', body);
  return { status: res.statusCode, body: res.json() };
}

describe('customer registration', () => {
  it('creates the account, its profile and its customers row, and says so', async () => {
    const input = customerInput({
      gender: 'female',
      dateOfBirth: '1995-03-04',
      address: '5 Residency Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560 025',
    });
    const res = await register(input);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Account created successfully! You can now login.');
    expect(res.body.referralCode).toMatch(/^CUST[A-Z0-9]{6}$/);
    const [profile] = await rows<{ role: string; first_name: string; gender: string; date_of_birth: string }>(
      sql`select role, first_name, gender, date_of_birth::text from user_profiles where user_id = ${res.body.id}`,
    );
    expect(profile).toMatchObject({
      role: 'customer',
      first_name: 'Asha',
      gender: 'female',
      date_of_birth: '1995-03-04',
    });
    const [customer] = await rows<{ full_name: string; reward_points: number; address: string }>(
      sql`select c.full_name, b.available_points as reward_points, c.address
          from customers c join reward_balances b on b.user_id = c.user_id where c.user_id = ${res.body.id}`,
    );
    expect(customer).toEqual({ full_name: 'Asha Verma', reward_points: 0, address: '5 Residency Road' });
  });

  it('saves the address typed at sign-up as the first, default delivery address', async () => {
    const input = customerInput({
      address: '5 Residency Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560025',
    });
    const c = new TestClient(t.app, '10.3.3.1');
    await registerAndLogin(c, input);
    const saved = (await c.get('/api/addresses')).json().items;
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      type: 'home',
      streetAddress: '5 Residency Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560025',
      isDefault: true,
    });
  });

  it('saves no address when none was typed', async () => {
    const c = new TestClient(t.app, '10.3.3.2');
    await registerAndLogin(c, customerInput());
    expect((await c.get('/api/addresses')).json().items).toHaveLength(0);
  });

  it('asks for the city, state and PIN of a sign-up address, under each field, and creates nothing until they are there', async () => {
    const input = customerInput({ address: '5 Residency Road' });
    const res = await register(input);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      city: signUpAddressMessages.city,
      state: signUpAddressMessages.state,
      postalCode: signUpAddressMessages.pin,
    });
    expect(await rows(sql`select id from users where email = ${input.email}`)).toHaveLength(0);
    const badPin = await register(
      customerInput({ address: '5 Residency Road', city: 'Bengaluru', state: 'Karnataka', postalCode: '012345' }),
    );
    expect(badPin.body.error.fields).toEqual({ postalCode: signUpAddressMessages.pin });
  });

  it.each([
    ['firstName', '', 'First name is required'],
    ['lastName', '  ', 'Last name is required'],
    ['phoneNumber', '', 'Phone number is required'],
    ['phoneNumber', '12345', 'Please enter a valid 10-digit mobile number'],
    ['email', '', 'Email is required'],
    ['email', 'not-an-email', 'Please enter a valid email address'],
    ['password', '', 'Password is required'],
    ['password', 'abc12', 'Password must be at least 6 characters long'],
    ['dateOfBirth', seventeenYearsAgo(), 'You must be at least 18 years old to register'],
    ['dateOfBirth', '31-12-1990', 'Please enter a valid date'],
    ['gender', 'robot', 'Please choose a gender from the list'],
  ])('refuses %s=%j with %j', async (field, value, message) => {
    const input = customerInput({ [field]: value, ...(field === 'password' ? { confirmPassword: value } : {}) });
    const res = await register(input);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.fields[field]).toBe(message);
    expect(await countWhereEmail('users', input.email)).toBe(0);
  });

  it("refuses a confirmation that differs with 'Passwords do not match'", async () => {
    const res = await register(customerInput({ confirmPassword: 'secret124' }));
    expect(res.status).toBe(400);
    expect(res.body.error.fields.confirmPassword).toBe('Passwords do not match');
  });

  it('accepts a phone written with +91 and spaces, and stores the 10 digits', async () => {
    const input = customerInput({ phoneNumber: '+91 98765 43210' });
    const res = await register(input);
    expect(res.status).toBe(201);
    const [p] = await rows<{ phone_number: string }>(
      sql`select phone_number from user_profiles where user_id = ${res.body.id}`,
    );
    expect(p.phone_number).toBe('9876543210');
  });

  it('answers 409 with a clear message for a taken email, whatever its case', async () => {
    const input = customerInput();
    expect((await register(input)).status).toBe(201);
    const again = await register(customerInput({ email: input.email.toUpperCase() }));
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: messages.emailTaken,
      fields: { email: messages.emailTaken },
    });
  });
});

describe('vendor registration', () => {
  it('creates the account, profile and an approved vendors row with the business details', async () => {
    const res = await register(vendorInput({ businessName: 'Ganga Textiles' }));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(messages.vendorCreated);
    const [v] = await rows<{ business_name: string; is_approved: boolean; address: string; phone: string }>(
      sql`select business_name, is_approved, address, phone from vendors where user_id = ${res.body.id}`,
    );
    expect(v).toEqual({
      business_name: 'Ganga Textiles',
      is_approved: true,
      address: '14 Park Street, Kolkata',
      phone: '9123456780',
    });
    const [p] = await rows<{ role: string }>(sql`select role from user_profiles where user_id = ${res.body.id}`);
    expect(p.role).toBe('vendor');
  });

  it.each([
    ['businessName', '', 'Business name is required'],
    ['phone', '', 'Phone number is required'],
    ['businessAddress', '', 'Business address is required'],
    ['password', 'abc12', 'Password must be at least 6 characters long'],
    ['email', 'x@', 'Please enter a valid email address'],
  ])('refuses %s=%j with %j', async (field, value, message) => {
    const res = await register(vendorInput({ [field]: value }));
    expect(res.status).toBe(400);
    expect(res.body.error.fields[field]).toBe(message);
  });

  it("refuses mismatched passwords with 'Passwords do not match'", async () => {
    const res = await register(vendorInput({ confirmPassword: 'other-password' }));
    expect(res.body.error.fields.confirmPassword).toBe('Passwords do not match');
  });
});

describe('merchant registration', () => {
  it('creates the merchants row with a MERCH code, default cashback 2 and WhatsApp defaulting to the mobile', async () => {
    const res = await register(merchantInput());
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(messages.merchantCreated);
    expect(res.body.referralCode).toMatch(/^MERCH[A-Z0-9]{6}$/);
    const [m] = await rows<{
      referral_code: string;
      cashback_percentage: string;
      whatsapp_number: string;
      is_verified: boolean;
      upi_id: string;
    }>(
      sql`select referral_code, cashback_percentage::text, whatsapp_number, is_verified, upi_id from merchants where user_id = ${res.body.id}`,
    );
    expect(m).toEqual({
      referral_code: res.body.referralCode,
      cashback_percentage: '2.00',
      whatsapp_number: '9988776655',
      is_verified: false,
      upi_id: 'lakshmi@okicici',
    });
  });

  it('gives every merchant a different referral code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) codes.add((await register(merchantInput())).body.referralCode);
    expect(codes.size).toBe(5);
  });

  it('records the referral (status active) when registered through a valid ?ref= code', async () => {
    const referrer = await register(merchantInput());
    const res = await register(
      merchantInput({ mobileNumber: '9811122233', referralCode: referrer.body.referralCode.toLowerCase() }),
    );
    expect(res.status).toBe(201);
    const [r] = await rows<{
      referrer_user_id: string;
      status: string;
      referred_user_type: string;
      referral_code: string;
    }>(
      sql`select referrer_user_id, status, referred_user_type, referral_code from referrals where referred_user_id = ${res.body.id}`,
    );
    expect(r).toEqual({
      referrer_user_id: referrer.body.id,
      status: 'active',
      referred_user_type: 'merchant',
      referral_code: referrer.body.referralCode,
    });
    const [m] = await rows<{ referred_by_user_id: string }>(
      sql`select referred_by_user_id from merchants where user_id = ${res.body.id}`,
    );
    expect(m.referred_by_user_id).toBe(referrer.body.id);
  });

  it('refuses an unknown referral code and creates nothing', async () => {
    const input = merchantInput({ referralCode: 'MERCHZZZZZZ' });
    const res = await register(input);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'REFERRAL_CODE_UNKNOWN', message: messages.referralUnknown });
    expect(await countWhereEmail('users', input.email)).toBe(0);
  });

  it('refuses a referral code whose owner has the same phone number (no self-referral)', async () => {
    const referrer = await register(merchantInput({ mobileNumber: '9000000001' }));
    const res = await register(
      merchantInput({ mobileNumber: '+91 90000 00001', referralCode: referrer.body.referralCode }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(messages.referralSelf);
  });

  it.each([
    ['businessName', '', 'Business name is required'],
    ['mobileNumber', '', 'Mobile number is required'],
    ['mobileNumber', '555', 'Please enter a valid 10-digit mobile number'],
    ['upiId', '', 'UPI ID is required'],
    ['upiId', 'no-at-sign', 'Please enter a valid UPI ID (for example name@okbank)'],
    ['whatsappNumber', '12', 'Please enter a valid 10-digit mobile number'],
    ['website', 'not a site', 'Please enter a valid website address'],
    ['website', 'localhost', 'Please enter a valid website address'],
    ['website', 'ftp://files.example.in', 'Please enter a valid website address'],
    ['cashbackPercentage', -1, 'Cashback must be between 0 and 100'],
    ['cashbackPercentage', 100.5, 'Cashback must be between 0 and 100'],
    ['cashbackPercentage', 2.25, 'Cashback can have at most one decimal place'],
    ['cashbackPercentage', 'lots', 'Cashback must be a number'],
    ['cashbackPercentage', '0x10', 'Cashback must be a number'],
    ['password', 'short', 'Password must be at least 6 characters long'],
  ])('refuses %s=%j with %j', async (field, value, message) => {
    const res = await register(
      merchantInput({ [field]: value, ...(field === 'password' ? { confirmPassword: value as string } : {}) }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.fields[field]).toBe(message);
  });

  it('accepts cashback at the bounds and with one decimal', async () => {
    for (const c of [0, 100, 3.5, '4.5'])
      expect((await register(merchantInput({ cashbackPercentage: c }))).status).toBe(201);
  });

  it("refuses mismatched passwords with 'Passwords do not match'", async () => {
    const res = await register(merchantInput({ confirmPassword: 'secret999' }));
    expect(res.body.error.fields.confirmPassword).toBe('Passwords do not match');
  });
});

describe('registration is one transaction', () => {
  it('leaves no account, profile or customer row when a later insert fails', async () => {
    // Make the last insert of a merchant registration (the referral) fail inside the transaction.
    const referrer = await register(merchantInput());
    await t.db.execute(
      sql`create or replace function haat_test_fail() returns trigger language plpgsql as $$ begin raise exception 'boom'; end $$`,
    );
    await t.db.execute(
      sql`create trigger haat_test_fail before insert on referrals for each row execute function haat_test_fail()`,
    );
    const input = merchantInput({ mobileNumber: '9811122244', referralCode: referrer.body.referralCode });
    const res = await client.post('/api/auth/register', input);
    await t.db.execute(sql`drop trigger haat_test_fail on referrals`);
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toEqual({
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
      requestId: res.headers['x-request-id'],
    });
    expect(await countWhereEmail('users', input.email)).toBe(0);
    expect(await countWhereEmail('merchants', input.email)).toBe(0);
    expect((await register(input)).status).toBe(201);
  });
});

describe('sign-in, session and sign-out', () => {
  it('signs in with an httpOnly SameSite cookie, answers /api/me, and signs out', async () => {
    const c = new TestClient(t.app, '10.1.0.1');
    const input = customerInput({ firstName: 'Meera', lastName: 'Nair' });
    await c.post('/api/auth/register', input);
    expect((await c.get('/api/me')).statusCode).toBe(401);

    const login = await c.post('/api/auth/login', { email: input.email.toUpperCase(), password: input.password });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((k) => k.name === 'haat_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie!.value).toMatch(/^[0-9a-f]{64}$/);
    expect(login.json()).toMatchObject({
      email: input.email,
      role: 'customer',
      firstName: 'Meera',
      displayName: 'Meera Nair',
    });

    const me = await c.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: input.email, role: 'customer', lastName: 'Nair' });

    // Only a hash of the token is stored.
    const stored = await rows<{ token_hash: string }>(sql`select token_hash from sessions`);
    expect(stored.map((s) => s.token_hash)).not.toContain(cookie!.value);

    const token = c.sessionCookie!;
    expect((await c.post('/api/auth/logout')).statusCode).toBe(204);
    expect((await c.get('/api/me')).statusCode).toBe(401);
    // The old token is dead on the server too, not only forgotten by the browser.
    const replay = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { haat_session: token } });
    expect(replay.statusCode).toBe(401);
  });

  it('answers /api/me with the role of vendors and merchants, with their business name', async () => {
    const v = new TestClient(t.app, '10.1.0.2');
    await registerAndLogin(v, vendorInput({ businessName: 'Kaveri Crafts', firstName: '', lastName: '' }));
    expect((await v.get('/api/me')).json()).toMatchObject({
      role: 'vendor',
      businessName: 'Kaveri Crafts',
      displayName: 'Kaveri Crafts',
    });
    const m = new TestClient(t.app, '10.1.0.3');
    await registerAndLogin(m, merchantInput({ businessName: 'Annapurna Sweets' }));
    expect((await m.get('/api/me')).json()).toMatchObject({
      role: 'merchant',
      businessName: 'Annapurna Sweets',
      displayName: 'Annapurna Sweets',
    });
  });

  it('refuses a wrong password and an unknown email with the same message', async () => {
    const c = new TestClient(t.app, '10.1.0.4');
    const input = customerInput();
    await c.post('/api/auth/register', input);
    const wrong = await c.post('/api/auth/login', { email: input.email, password: 'wrong-password' });
    const unknown = await c.post('/api/auth/login', { email: 'nobody@example.in', password: 'whatever1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(messages.invalidCredentials);
    expect(unknown.json().error.message).toBe(messages.invalidCredentials);
  });

  it('rate-limits repeated failed logins with 429, also for the right password, but not other addresses', async () => {
    const attacker = new TestClient(t.app, '10.9.9.9');
    const input = customerInput();
    await attacker.post('/api/auth/register', input);
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES; i++) {
      expect(
        (await attacker.post('/api/auth/login', { email: input.email, password: `bad-${i}-pass` })).statusCode,
      ).toBe(401);
    }
    const blocked = await attacker.post('/api/auth/login', { email: input.email, password: input.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatchObject({ code: 'RATE_LIMITED', message: messages.tooManyAttempts });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    const owner = new TestClient(t.app, '10.2.2.2');
    expect((await owner.post('/api/auth/login', { email: input.email, password: input.password })).statusCode).toBe(
      200,
    );

    // Someone else behind the same address (an office, a mobile carrier's NAT) still signs in.
    const neighbour = new TestClient(t.app, '10.9.9.9');
    const other = customerInput();
    await neighbour.post('/api/auth/register', other);
    expect((await neighbour.post('/api/auth/login', { email: other.email, password: other.password })).statusCode).toBe(
      200,
    );
  });

  it.each([
    ['email', { email: '', password: 'secret123' }, 'Email is required'],
    ['email', { email: 'asha@', password: 'secret123' }, 'Please enter a valid email address'],
    ['password', { email: 'asha@example.in', password: '' }, 'Password is required'],
  ])('refuses a login without a valid %s with its message', async (field, body, message) => {
    const res = await new TestClient(t.app, '10.1.0.6').post('/api/auth/login', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('does not sign in a suspended account and ends its sessions', async () => {
    const c = new TestClient(t.app, '10.1.0.5');
    const input = customerInput();
    const { id } = await registerAndLogin(c, input);
    await t.db.execute(sql`update users set status = 'suspended' where id = ${id}`);
    expect((await c.get('/api/me')).statusCode).toBe(401);
    const res = await c.post('/api/auth/login', { email: input.email, password: input.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(messages.suspended);
  });
});

describe('bad requests never answer 500', () => {
  it.each([
    ['no body', undefined],
    ['an array', [1, 2]],
    ['null', null],
    ['a string', 'hello'],
    ['no role', { email: 'a@b.in', password: 'secret123' }],
    ['an unknown role', { ...customerInput(), role: 'superuser' }],
    ['numbers for text', { ...customerInput(), firstName: 42, email: 7 }],
    ['a huge name', { ...customerInput(), firstName: 'x'.repeat(100_000) }],
    ['objects for text', { ...vendorInput(), businessName: { $ne: 1 } }],
  ])('register with %s answers 400', async (_label, body) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'x-requested-with': 'haat', 'content-type': 'application/json' },
      payload: JSON.stringify(body ?? ''),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.code).toMatch(/VALIDATION_FAILED|PAYLOAD_TOO_LARGE/);
  });

  it.each([
    ['a NUL character in a name', { firstName: 'Asha\u0000' }],
    ['a NUL character in a referral code', { referralCode: '\u0000' }],
  ])('register with %s answers 400, not 500', async (_label, over) => {
    const res = await register(customerInput(over));
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Some text contains a character that is not allowed. Please remove it and try again.',
      requestId: expect.any(String),
    });
  });

  it('refuses a date of birth that is not on the calendar with 400, not 500', async () => {
    const res = await register(customerInput({ dateOfBirth: '1990-02-30' }));
    expect(res.status).toBe(400);
    expect(res.body.error.fields.dateOfBirth).toBe('Please enter a valid date');
  });

  it('says a too-long password is too long, not missing', async () => {
    const res = await client.post('/api/auth/login', { email: 'a@b.in', password: 'x'.repeat(129) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.password).toBe('Password must be at most 128 characters long');
  });

  it('answers a malformed address in the error format', async () => {
    const res = await client.get('/api/%E0%A4');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'The address is not valid.',
        requestId: res.headers['x-request-id'],
      },
    });
  });

  it('answers 400 for broken JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-requested-with': 'haat', 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('answers 403 to a state-changing call without the CSRF header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.in', password: 'x' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_REJECTED');
  });

  it('answers 404 in the error format for an unknown API path', async () => {
    const res = await client.get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Not found', requestId: res.headers['x-request-id'] },
    });
  });
});
