import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminAuthMessages as m } from '../../../contracts/admin-auth.contract';
import { erpMessages } from '../../../contracts/erp.contract';
import { ADMIN_SESSION_COOKIE } from '../../platform/auth-guards';
import { encrypt } from '../../platform/secrets';
import { newTotpSecret, totpCode } from '../../platform/totp';
import { freshCode, signInSuperAdmin, TEST_ADMIN } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { employeeForm } from '../../test/erp';
import { systemLogs } from '../audit/audit.tables';
import { employees } from '../erp/erp.tables';

// Wrong codes are counted per account as well as per address. After 5 wrong
// codes for one account within 15 minutes (LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES), that
// account's code step answers 429 from any address: the super admin's sign-in code, the step-up
// code of admin actions, and the ERP's sign-in code. Each test has its own app (and throttle).

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(() => t.close());

let n = 1;
/** A browser of its own address: the per-address counts never reach 5 in these tests. */
const nextAddress = () => `10.77.${Math.floor(n / 250)}.${(n++ % 250) + 1}`;
const fromNewAddress = (ip = nextAddress()) => new TestClient(t.app, ip);
/** A code of the right shape that is not valid now (ten minutes old). */
const staleCode = (secret: string) => totpCode(secret, Date.now() - 10 * 60_000);
const PENDING = 'haat_admin_pending';

/** A browser past the super admin's password step, waiting for the code. */
async function pendingSignIn(): Promise<TestClient> {
  const c = fromNewAddress();
  const res = await c.post('/api/admin/login', TEST_ADMIN);
  expect(res.json()).toEqual({ next: '2fa' });
  return c;
}

describe("the super admin's sign-in code", () => {
  it('answers 429 from any address after 5 wrong codes for the account, and discards the pending sign-in', async () => {
    const { secret } = await signInSuperAdmin(t);
    const pendingTokens: string[] = [];
    for (let i = 0; i < 5; i++) {
      const c = await pendingSignIn();
      pendingTokens.push(c.cookieHeader.match(/haat_admin_pending=([^;]+)/)![1]);
      const res = await c.post('/api/admin/2fa/verify', { code: staleCode(secret) });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(m.codeInvalid);
    }

    // A sixth address, with the right password and the right code: the account is blocked.
    const c = await pendingSignIn();
    const blocked = await c.post('/api/admin/2fa/verify', { code: await freshCode(t, secret) });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The pending sign-in is discarded: the cookie is cleared, and the token no longer works anywhere.
    expect(c.cookieHeader).not.toContain(PENDING);
    expect((await c.post('/api/admin/2fa/verify', { code: await freshCode(t, secret) })).json().error.message).toBe(
      m.signInAgain,
    );
    for (const token of pendingTokens) {
      const replay = fromNewAddress();
      replay.setCookie(PENDING, token);
      const res = await replay.post('/api/admin/2fa/verify', { code: await freshCode(t, secret) });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(m.signInAgain);
    }

    // Starting again with the password works, but the code step stays closed while the account is blocked.
    const again = await pendingSignIn();
    expect((await again.post('/api/admin/2fa/verify', { code: await freshCode(t, secret) })).statusCode).toBe(429);
    expect((await again.get('/api/admin/session')).statusCode).toBe(401);
  });

  it('counts wrong proofs of the two-factor reset towards the same account limit', async () => {
    const { secret } = await signInSuperAdmin(t);
    for (let i = 0; i < 5; i++) {
      const res = await (
        await pendingSignIn()
      ).post('/api/admin/2fa/reset', { password: TEST_ADMIN.password, code: staleCode(secret) });
      expect(res.statusCode).toBe(401);
    }
    const res = await (await pendingSignIn()).post('/api/admin/2fa/verify', { code: await freshCode(t, secret) });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('the step-up code of admin actions', () => {
  it('answers 429 from any address after 5 wrong codes, writes an audit entry for each wrong code, and closes the sign-in code step too', async () => {
    const { client, secret } = await signInSuperAdmin(t);
    const session = client.cookieHeader.match(/haat_admin_session=([^;]+)/)![1];
    // The same admin session used from several addresses.
    const sameSession = (ip = nextAddress()) => {
      const c = fromNewAddress(ip);
      c.setCookie(ADMIN_SESSION_COOKIE, session);
      return c;
    };
    const addresses: string[] = [];
    for (let i = 0; i < 5; i++) {
      const ip = nextAddress();
      addresses.push(ip);
      const res = await sameSession(ip).request(
        'POST',
        '/api/admin/settings/referral/process',
        { code: staleCode(secret) },
        { 'user-agent': `browser-${i}` },
      );
      expect(res.statusCode).toBe(403);
    }

    const blocked = await sameSession().post('/api/admin/settings/referral/process', {
      code: await freshCode(t, secret),
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().error.message).toBe(m.tooManyAttempts);

    const failures = await t.db.select().from(systemLogs).where(eq(systemLogs.action, 'step_up_failed'));
    expect(failures).toHaveLength(5);
    expect(failures.map((f) => f.ipAddress).sort()).toEqual([...addresses].sort());
    const [admin] = await t.db
      .select({ actorId: systemLogs.actorId })
      .from(systemLogs)
      .where(eq(systemLogs.action, 'admin_login'));
    for (const f of failures) {
      expect(f).toMatchObject({
        actorType: 'admin',
        actorId: admin.actorId,
        resourceType: 'admin_account',
        newData: { method: 'POST', route: '/api/admin/settings/referral/process' },
      });
      expect(f.userAgent).toMatch(/^browser-\d$/);
    }
    // The refused action was not done (no audit of it).
    expect(
      await t.db.select().from(systemLogs).where(eq(systemLogs.action, 'referral_qualifications_processed')),
    ).toEqual([]);

    // The account's sign-in code step is closed as well.
    expect(
      (await (await pendingSignIn()).post('/api/admin/2fa/verify', { code: await freshCode(t, secret) })).statusCode,
    ).toBe(429);
  });

  it('does not count a missing code', async () => {
    const { client, secret } = await signInSuperAdmin(t);
    for (let i = 0; i < 6; i++)
      expect((await client.post('/api/admin/settings/referral/process', {})).statusCode).toBe(401);
    expect(
      (await client.post('/api/admin/settings/referral/process', { code: await freshCode(t, secret) })).statusCode,
    ).toBe(200);
    expect(await t.db.select().from(systemLogs).where(eq(systemLogs.action, 'step_up_failed'))).toEqual([]);
  });
});

describe("the ERP's sign-in code", () => {
  /** An approved employee with two-factor on; answers the email and the secret. */
  async function employeeWithTwoFactor() {
    const input = employeeForm();
    expect((await fromNewAddress().post('/api/erp/register', input)).statusCode).toBe(201);
    const secret = newTotpSecret();
    await t.db
      .update(employees)
      .set({ isApproved: true, twoFaEnabled: true, twoFaSecret: encrypt(t.config, secret) })
      .where(eq(employees.email, input.email.toLowerCase()));
    return { email: input.email, password: input.password, secret };
  }

  it('answers 429 from any address after 5 wrong codes for the account', async () => {
    const { email, password, secret } = await employeeWithTwoFactor();
    for (let i = 0; i < 5; i++) {
      const res = await fromNewAddress().post('/api/erp/login', { email, password, code: staleCode(secret) });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(erpMessages.invalidCode);
    }
    const blocked = await fromNewAddress().post('/api/erp/login', { email, password, code: totpCode(secret) });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.headers['set-cookie']).toBeUndefined();
  });

  it('does not count wrong passwords against the account: only someone with the password can block its code step', async () => {
    const { email, password, secret } = await employeeWithTwoFactor();
    for (let i = 0; i < 6; i++) {
      const res = await fromNewAddress().post('/api/erp/login', {
        email,
        password: 'not-the-password',
        code: staleCode(secret),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(erpMessages.invalidLogin);
    }
    expect(
      (await fromNewAddress().post('/api/erp/login', { email, password, code: totpCode(secret) })).statusCode,
    ).toBe(200);
  });
});
