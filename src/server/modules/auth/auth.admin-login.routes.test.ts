import { staffPermissions } from '../../../domain/staff-permissions';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuthMessages as m } from '../../../contracts/admin-auth.contract';
import { totpCode } from '../../platform/totp';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { systemLogs } from '../audit/audit.tables';
import { ensureSuperAdmin, setSuperAdminPassword } from './auth.admin';
import { adminAccounts, adminSessions } from './auth.tables';
import { resetAdminTwoFactorFromCli } from './auth.admin-login';

// The super admin's sign-in with mandatory
// two-factor, all of it decided by the server.

const EMAIL = 'chief@haat.test';
const PASSWORD = 'correct-horse-battery';
let t: TestApp;
let ip = 1;
/** A browser of its own (its own cookies and address, so throttles of other tests do not meet). */
const browser = () => new TestClient(t.app, `10.9.0.${ip++}`);
const account = async (email = EMAIL) =>
  (await t.db.select().from(adminAccounts).where(eq(adminAccounts.email, email)))[0];
/** The audit actions about one admin account, oldest first. */
const auditActions = async (adminId: string) =>
  (
    await t.db
      .select({ action: systemLogs.action })
      .from(systemLogs)
      .where(eq(systemLogs.resourceId, adminId))
      .orderBy(systemLogs.createdAt)
  ).map((r) => r.action);
const sessionsOf = (adminId: string) => t.db.select().from(adminSessions).where(eq(adminSessions.adminId, adminId));
const STEP = 30_000;

let admins = 0;
/** A super admin account of the test's own, so no test meets another's two-factor state, sessions or audit rows. */
async function newAdmin() {
  const email = `chief-${++admins}@haat.test`;
  expect(await setSuperAdminPassword({ db: t.db, email, password: PASSWORD })).toBe('created');
  return account(email);
}

/** Signs in for the first time: credentials, setup, the first code. Answers the secret, backup codes and the code used. */
async function firstSignIn(client: TestClient, email = EMAIL) {
  expect((await client.post('/api/admin/login', { email, password: PASSWORD })).json()).toEqual({ next: 'setup2fa' });
  const setup = await client.post('/api/admin/2fa/setup');
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, backupCodes } = setup.json() as { secret: string; backupCodes: string[] };
  const usedCode = totpCode(secret);
  const verified = await client.post('/api/admin/2fa/verify', { code: usedCode });
  expect(verified.statusCode, verified.body).toBe(200);
  return { secret, backupCodes, usedCode };
}

beforeAll(async () => {
  t = await buildTestApp();
  await ensureSuperAdmin({ db: t.db, email: EMAIL, password: PASSWORD });
});
afterAll(() => t.close());

describe('the credentials step', () => {
  it("refuses a wrong password or an unknown email with 'Invalid credentials', and records the failure", async () => {
    const client = browser();
    for (const body of [
      { email: EMAIL, password: 'wrong-password' },
      { email: 'nobody@haat.test', password: PASSWORD },
    ]) {
      const res = await client.post('/api/admin/login', body);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(m.invalidCredentials);
    }
    expect(await auditActions((await account()).id)).toContain('admin_login_failed');
    // A shopper's session is no admin session.
    expect((await client.get('/api/admin/session')).statusCode).toBe(401);
  });

  it('answers 429 after repeated failures, even with the right password', async () => {
    const { email } = await newAdmin();
    const client = browser();
    for (let i = 0; i < 5; i++)
      expect((await client.post('/api/admin/login', { email, password: `wrong-${i}` })).statusCode).toBe(401);
    const blocked = await client.post('/api/admin/login', { email, password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('cannot reach the code steps without the credentials step', async () => {
    const client = browser();
    for (const [url, body] of [
      ['/api/admin/2fa/setup', {}],
      ['/api/admin/2fa/verify', { code: '123456' }],
      ['/api/admin/2fa/reset', { password: PASSWORD, code: '123456' }],
    ] as const) {
      const res = await client.post(url, body);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.message).toBe(m.signInAgain);
    }
    // A forged pending cookie is refused too.
    const forged = await client.post(
      '/api/admin/2fa/setup',
      {},
      { cookie: `haat_admin_pending=${(await account()).id}.${Date.now() + 600_000}.forged` },
    );
    expect(forged.statusCode).toBe(401);
  });
});

describe('the first sign-in sets two-factor up', () => {
  const client = () => browser();

  // EMAIL's account is set up here only; the tests after it set up accounts of their own.
  it('gives a QR code of an otpauth URI with the issuer Haat, the secret, and 8 backup codes of 6 characters; the secret stays pending until a valid code', async () => {
    const c = client();
    expect((await c.post('/api/admin/login', { email: EMAIL, password: PASSWORD })).json()).toEqual({
      next: 'setup2fa',
    });
    const res = await c.post('/api/admin/2fa/setup');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUri).toMatch(/^otpauth:\/\/totp\/Haat:chief%40haat\.test\?/);
    expect(body.otpauthUri).toContain('issuer=Haat');
    expect(body.otpauthUri).toContain('algorithm=SHA1&digits=6&period=30');
    expect(body.backupCodes).toHaveLength(8);
    for (const code of body.backupCodes) expect(code).toMatch(/^[A-Z0-9]{6}$/);

    const row = await account();
    expect(row.twoFaEnabled).toBe(false);
    expect(row.twoFaSecret).toBeNull();
    // Stored encrypted, and the backup codes hashed.
    expect(row.twoFaPendingSecret).not.toContain(body.secret);
    expect(row.backupCodeHashes).toHaveLength(8);
    expect(row.backupCodeHashes.join()).not.toContain(body.backupCodes[0]);

    // Not finished: the next sign-in still asks for setup.
    expect((await browser().post('/api/admin/login', { email: EMAIL, password: PASSWORD })).json()).toEqual({
      next: 'setup2fa',
    });

    // A wrong format, then a wrong code, are refused with SPEC.md's words.
    const format = await c.post('/api/admin/2fa/verify', { code: '12ab56' });
    expect(format.statusCode).toBe(400);
    expect(format.json().error.message).toBe(m.codeFormat);
    const wrong = await c.post('/api/admin/2fa/verify', { code: totpCode(body.secret, Date.now() - 10 * STEP) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(m.codeInvalid);

    // The first valid code finishes setup and signs in for 24 hours, in an httpOnly cookie.
    const ok = await c.post('/api/admin/2fa/verify', { code: totpCode(body.secret) });
    expect(ok.statusCode).toBe(200);
    const cookie = (ok.cookies as { name: string; httpOnly?: boolean; maxAge?: number }[]).find(
      (k) => k.name === 'haat_admin_session',
    );
    expect(cookie).toMatchObject({ httpOnly: true, maxAge: 24 * 3600 });
    // The first account is the first owner: every permission.
    expect((await c.get('/api/admin/session')).json()).toEqual({
      email: EMAIL,
      name: null,
      permissions: staffPermissions,
    });
    const after = await account();
    expect(after.twoFaEnabled).toBe(true);
    expect(after.twoFaPendingSecret).toBeNull();
    expect(after.twoFaSecret).not.toContain(body.secret);
    expect(await auditActions(after.id)).toEqual(expect.arrayContaining(['admin_2fa_setup', 'admin_login']));
  });

  it("refuses a second setup: '2FA is already setup for this admin account'", async () => {
    const { email } = await newAdmin();
    await firstSignIn(browser(), email);
    const c = client();
    expect((await c.post('/api/admin/login', { email, password: PASSWORD })).json()).toEqual({ next: '2fa' });
    const res = await c.post('/api/admin/2fa/setup');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.alreadySetup);
  });

  it('accepts a code once: the same code again is refused, a later one within 2 steps works', async () => {
    const { email } = await newAdmin();
    // usedCode is the very code that finished setup (a code computed later may belong to a newer, unused time step).
    const { secret, usedCode } = await firstSignIn(browser(), email);
    const c = client();
    await c.post('/api/admin/login', { email, password: PASSWORD });
    const replay = await c.post('/api/admin/2fa/verify', { code: usedCode });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe(m.codeInvalid);
    // Two steps ahead is within the tolerance; three is not.
    expect((await c.post('/api/admin/2fa/verify', { code: totpCode(secret, Date.now() + 3 * STEP) })).statusCode).toBe(
      401,
    );
    const ok = await c.post('/api/admin/2fa/verify', { code: totpCode(secret, Date.now() + 2 * STEP) });
    expect(ok.statusCode).toBe(200);
    // Logout ends the session on the server.
    expect((await c.post('/api/admin/logout')).statusCode).toBe(204);
    expect((await c.get('/api/admin/session')).statusCode).toBe(401);
  });

  // Wrong codes answering 429 (per account, from any address) block the one admin account for the
  // window: src/server/modules/admin/admin.code-throttle.routes.test.ts tests it, each test on its own app.

  it('resets two-factor only with the password and a code or backup code, each backup code once', async () => {
    const { id, email } = await newAdmin();
    const { backupCodes } = await firstSignIn(browser(), email);
    const c = client();
    await c.post('/api/admin/login', { email, password: PASSWORD });
    // The first sign-in's session is still open: the reset must end it.
    const sessionsBefore = await sessionsOf(id);
    expect(sessionsBefore.length).toBeGreaterThan(0);

    // The password alone (any wrong code) or a wrong password with a right backup code: refused, nothing changes.
    for (const body of [
      { password: PASSWORD, code: 'ZZZZZZ' },
      { password: PASSWORD, code: '000000' },
      { password: 'wrong-password', code: backupCodes[0] },
    ]) {
      const res = await c.post('/api/admin/2fa/reset', body);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(m.resetWrongProof);
    }
    expect((await account(email)).twoFaEnabled).toBe(true);

    const res = await c.post('/api/admin/2fa/reset', { password: PASSWORD, code: backupCodes[0].toLowerCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ next: 'setup2fa' });
    const row = await account(email);
    expect(row.twoFaEnabled).toBe(false);
    expect(row.twoFaSecret).toBeNull();
    expect(row.backupCodeHashes).toEqual([]);
    expect(await sessionsOf(id)).toEqual([]);
    expect(await auditActions(id)).toContain('admin_2fa_reset');

    // Set up again with a new authenticator.
    await firstSignIn(browser(), email);
    expect((await account(email)).twoFaEnabled).toBe(true);
  });

  it('npm run create-admin -- --reset-2fa forgets two-factor from the command line', async () => {
    const { id, email } = await newAdmin();
    await firstSignIn(browser(), email);
    expect((await account(email)).twoFaEnabled).toBe(true);
    expect(await resetAdminTwoFactorFromCli({ db: t.db, email })).toEqual([email]);
    expect((await account(email)).twoFaEnabled).toBe(false);
    expect(await sessionsOf(id)).toEqual([]);
    expect((await browser().post('/api/admin/login', { email, password: PASSWORD })).json()).toEqual({
      next: 'setup2fa',
    });
  });
});

describe('the audit log', () => {
  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    // A row of the test's own: a failed sign-in.
    const { id, email } = await newAdmin();
    expect((await browser().post('/api/admin/login', { email, password: 'wrong-password' })).statusCode).toBe(401);
    expect(await auditActions(id)).toEqual(['admin_login_failed']);
    await expect(t.db.execute(sql`update system_logs set action = 'tampered'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from system_logs`)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate system_logs`)).rejects.toThrow();
    expect(await auditActions(id)).toEqual(['admin_login_failed']);
    const all = await t.db.select({ action: systemLogs.action }).from(systemLogs);
    expect(all.map((r) => r.action)).not.toContain('tampered');
  });
});
