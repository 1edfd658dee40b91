import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../contracts/auth.contract';
import { settingsMessages } from '../../../contracts/shops.contract';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { customerInput, merchantInput, registerAndLogin, vendorInput } from '../../test/factories';

let t: TestApp;
let ip = 0;
const newClient = () => new TestClient(t.app, `10.9.0.${++ip}`);
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'secret123';

async function signIn(email: string, password = PASSWORD) {
  const client = newClient();
  const res = await client.post('/api/auth/login', { email, password });
  return { client, status: res.statusCode };
}

describe('PUT /api/me/email', () => {
  it('changes the sign-in email of a vendor and its vendor row; the old email no longer signs in', async () => {
    const input = vendorInput();
    const client = newClient();
    const { id } = await registerAndLogin(client, input);
    const res = await client.put('/api/me/email', { newEmail: ' New.Vendor@Example.IN ', currentPassword: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, email: 'new.vendor@example.in', role: 'vendor' });
    expect((await client.get('/api/me')).json().email).toBe('new.vendor@example.in');
    const [vendor] = await queryRows<{ email: string }>(t.db, sql`select email from vendors where user_id = ${id}`);
    expect(vendor.email).toBe('new.vendor@example.in');
    expect((await signIn(input.email)).status).toBe(401);
    expect((await signIn('new.vendor@example.in')).status).toBe(200);
  });

  it("updates a customer's copy of the email too", async () => {
    const client = newClient();
    const { id } = await registerAndLogin(client, customerInput());
    expect(
      (await client.put('/api/me/email', { newEmail: `asha.${id.slice(0, 8)}@example.in`, currentPassword: PASSWORD }))
        .statusCode,
    ).toBe(200);
    const [customer] = await queryRows<{ email: string }>(t.db, sql`select email from customers where user_id = ${id}`);
    expect(customer.email).toBe(`asha.${id.slice(0, 8)}@example.in`);
  });

  it('refuses a wrong current password with a message under that field, and changes nothing', async () => {
    const input = customerInput();
    const client = newClient();
    await registerAndLogin(client, input);
    const res = await client.put('/api/me/email', {
      newEmail: 'someone.else@example.in',
      currentPassword: 'wrong-password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: settingsMessages.wrongPassword,
      fields: { currentPassword: settingsMessages.wrongPassword },
    });
    expect((await client.get('/api/me')).json().email).toBe(input.email);
  });

  it("keeps the merchant row's copy of the email in step", async () => {
    const client = newClient();
    const { id } = await registerAndLogin(client, merchantInput());
    const res = await client.put('/api/me/email', { newEmail: 'New.Merchant@Example.in', currentPassword: PASSWORD });
    expect(res.statusCode).toBe(200);
    const [m] = await queryRows<{ email: string }>(t.db, sql`select email from merchants where user_id = ${id}`);
    expect(m.email).toBe('new.merchant@example.in');
  });

  it('answers 409 when another account uses the new email (in any letter case)', async () => {
    const other = customerInput();
    await registerAndLogin(newClient(), other);
    const client = newClient();
    await registerAndLogin(client, merchantInput());
    const res = await client.put('/api/me/email', { newEmail: other.email.toUpperCase(), currentPassword: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'EMAIL_TAKEN', message: messages.emailTaken });
  });

  it.each([
    [
      'an invalid email',
      { newEmail: 'not-an-email', currentPassword: PASSWORD },
      'newEmail',
      'Please enter a valid email address',
    ],
    [
      'no current password',
      { newEmail: 'fresh@example.in', currentPassword: '' },
      'currentPassword',
      settingsMessages.currentPasswordRequired,
    ],
    ['the same email', null, 'newEmail', settingsMessages.sameEmail],
  ])('answers 400 for %s', async (_label, body, field, message) => {
    const input = customerInput();
    const client = newClient();
    await registerAndLogin(client, input);
    const res = await client.put('/api/me/email', body ?? { newEmail: input.email, currentPassword: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('answers 401 to a guest', async () => {
    expect(
      (await newClient().put('/api/me/email', { newEmail: 'x@example.in', currentPassword: PASSWORD })).statusCode,
    ).toBe(401);
  });
});

describe('PUT /api/me/password', () => {
  it('changes the password and ends every other session of the user, keeping this one', async () => {
    const input = vendorInput();
    const here = newClient();
    const { id } = await registerAndLogin(here, input);
    const phone = (await signIn(input.email)).client;
    const laptop = (await signIn(input.email)).client;
    const stranger = newClient();
    await registerAndLogin(stranger, customerInput());

    const res = await here.put('/api/me/password', {
      currentPassword: PASSWORD,
      newPassword: 'newsecret456',
      confirmPassword: 'newsecret456',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: settingsMessages.passwordChanged, otherSessionsEnded: 2 });

    expect((await here.get('/api/me')).statusCode).toBe(200);
    expect((await phone.get('/api/me')).statusCode).toBe(401);
    expect((await laptop.get('/api/me')).statusCode).toBe(401);
    expect((await stranger.get('/api/me')).statusCode).toBe(200);
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from sessions where user_id = ${id}`,
    );
    expect(n).toBe(1);

    expect((await signIn(input.email)).status).toBe(401);
    expect((await signIn(input.email, 'newsecret456')).status).toBe(200);
  });

  it('refuses a wrong current password and keeps the old password and the other sessions', async () => {
    const input = customerInput();
    const here = newClient();
    await registerAndLogin(here, input);
    const other = (await signIn(input.email)).client;
    const res = await here.put('/api/me/password', {
      currentPassword: 'not-it',
      newPassword: 'newsecret456',
      confirmPassword: 'newsecret456',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ currentPassword: settingsMessages.wrongPassword });
    expect((await other.get('/api/me')).statusCode).toBe(200);
    expect((await signIn(input.email)).status).toBe(200);
  });

  it.each([
    [
      'a short new password',
      { newPassword: '12345', confirmPassword: '12345' },
      'newPassword',
      messages.passwordTooShort,
    ],
    [
      'a confirmation that differs',
      { newPassword: 'newsecret456', confirmPassword: 'newsecret457' },
      'confirmPassword',
      messages.passwordsDoNotMatch,
    ],
    [
      'the same password again',
      { newPassword: PASSWORD, confirmPassword: PASSWORD },
      'newPassword',
      settingsMessages.samePassword,
    ],
    [
      'no current password',
      { currentPassword: '', newPassword: 'newsecret456', confirmPassword: 'newsecret456' },
      'currentPassword',
      settingsMessages.currentPasswordRequired,
    ],
  ])('answers 400 for %s', async (_label, over, field, message) => {
    const client = newClient();
    await registerAndLogin(client, merchantInput());
    const res = await client.put('/api/me/password', { currentPassword: PASSWORD, ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('answers 401 to a guest', async () => {
    expect(
      (
        await newClient().put('/api/me/password', {
          currentPassword: PASSWORD,
          newPassword: 'newsecret456',
          confirmPassword: 'newsecret456',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('limits password guesses per address', async () => {
    const client = newClient();
    await registerAndLogin(client, customerInput());
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      codes.push(
        (
          await client.put('/api/me/password', {
            currentPassword: `guess-${i}`,
            newPassword: 'newsecret456',
            confirmPassword: 'newsecret456',
          })
        ).statusCode,
      );
    }
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
