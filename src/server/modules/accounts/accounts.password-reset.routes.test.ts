import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, passwordResetMessages } from '../../../contracts/auth.contract';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { customerInput, registerAndLogin, vendorInput } from '../../test/factories';

let t: TestApp;
let ip = 0;
const newClient = () => new TestClient(t.app, `10.12.0.${++ip}`);
beforeAll(async () => {
  t = await buildTestApp({ APP_URL: 'https://shop.haat.test/' });
});
afterAll(() => t.close());

const outbox = () => join(t.dataDir, 'outbox');
const mails = () => {
  try {
    return readdirSync(outbox()).map((f) => readFileSync(join(outbox(), f), 'utf8'));
  } catch {
    return [];
  }
};
beforeEach(() => rmSync(outbox(), { recursive: true, force: true }));

/** The reset link's token in the one mail sent to this address. */
function tokenSentTo(email: string): string {
  const sent = mails().filter((m) => m.includes(`To: ${email}`));
  expect(sent).toHaveLength(1);
  const match = sent[0].match(/https:\/\/shop\.haat\.test\/reset-password\?token=([0-9a-f]{64})/);
  expect(match, sent[0]).not.toBeNull();
  return match![1];
}

const request = (email: string) => newClient().post('/api/auth/password-reset', { email });
const reset = (token: string, password: string) =>
  newClient().post('/api/auth/password-reset/confirm', { token, password, confirmPassword: password });
const signIn = (email: string, password: string) => newClient().post('/api/auth/login', { email, password });

describe('forgotten password', () => {
  it('mails a single-use link (APP_URL) that sets a new password and ends every session', async () => {
    const input = customerInput();
    const device = newClient();
    await registerAndLogin(device, input);

    const res = await request(input.email.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(passwordResetMessages.requested);
    const mail = mails()[0];
    expect(mail).toContain('Subject: Reset your Haat password');
    expect(mail).toContain('within 60 minutes');
    const token = tokenSentTo(input.email);
    const stored = await queryRows<{ token_hash: string }>(t.db, sql`select token_hash from password_reset_tokens`);
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    const done = await reset(token, 'brand-new-secret');
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(passwordResetMessages.done);
    expect((await device.get('/api/me')).statusCode).toBe(401);
    expect((await signIn(input.email, input.password)).statusCode).toBe(401);
    expect((await signIn(input.email, 'brand-new-secret')).statusCode).toBe(200);

    // Once only.
    const again = await reset(token, 'another-secret');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(passwordResetMessages.linkInvalid);
    expect((await signIn(input.email, 'another-secret')).statusCode).toBe(401);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const res = await request('nobody-here@example.in');
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(passwordResetMessages.requested);
    expect(mails()).toHaveLength(0);
  });

  it('refuses an expired link', async () => {
    const input = vendorInput();
    await registerAndLogin(newClient(), input);
    await request(input.email);
    const token = tokenSentTo(input.email);
    await t.db.execute(sql`update password_reset_tokens set expires_at = now() - interval '1 minute'`);
    const res = await reset(token, 'brand-new-secret');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.token).toBe(passwordResetMessages.linkInvalid);
    expect((await signIn(input.email, input.password)).statusCode).toBe(200);
  });

  it('makes an earlier link useless when a newer one is sent, or when the password is changed', async () => {
    const input = customerInput();
    const c = newClient();
    await registerAndLogin(c, input);
    await request(input.email);
    const first = tokenSentTo(input.email);
    rmSync(outbox(), { recursive: true, force: true });
    await request(input.email);
    const second = tokenSentTo(input.email);
    expect((await reset(first, 'brand-new-secret')).statusCode).toBe(400);

    await c.put('/api/me/password', {
      currentPassword: input.password,
      newPassword: 'changed-meanwhile',
      confirmPassword: 'changed-meanwhile',
    });
    expect((await reset(second, 'brand-new-secret')).statusCode).toBe(400);
    expect((await signIn(input.email, 'changed-meanwhile')).statusCode).toBe(200);
  });

  it('sends nothing to a suspended account', async () => {
    const input = customerInput();
    const { id } = await registerAndLogin(newClient(), input);
    await t.db.execute(sql`update users set status = 'suspended' where id = ${id}`);
    expect((await request(input.email)).statusCode).toBe(202);
    expect(mails()).toHaveLength(0);
  });

  it('checks the new password like registration does, and a made-up token', async () => {
    const short = await newClient().post('/api/auth/password-reset/confirm', {
      token: 'a'.repeat(64),
      password: 'abc',
      confirmPassword: 'abc',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.password).toBe(messages.passwordTooShort);
    const mismatch = await newClient().post('/api/auth/password-reset/confirm', {
      token: 'a'.repeat(64),
      password: 'abcdef1',
      confirmPassword: 'abcdef2',
    });
    expect(mismatch.json().error.fields.confirmPassword).toBe(messages.passwordsDoNotMatch);
    const madeUp = await reset('not-a-token', 'abcdef12');
    expect(madeUp.json().error.fields.token).toBe(passwordResetMessages.linkInvalid);
  });

  it('limits the mails per email address (429)', async () => {
    const input = customerInput();
    await registerAndLogin(newClient(), input);
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await request(input.email)).statusCode);
    expect(codes).toEqual([202, 202, 202, 429]);
    expect(mails()).toHaveLength(3);
  });
});
