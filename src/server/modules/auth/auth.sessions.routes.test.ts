import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshCode, signInSuperAdmin, TEST_ADMIN } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { employeeForm, erpBrowser, signedInEmployee } from '../../test/erp';
import { customerInput, registerAndLogin } from '../../test/factories';
import { queryRows } from '../../platform/db';
import { hashToken } from './auth.sessions';
import { adminSessions, sessions } from './auth.tables';

// A session past its expires_at answers 401 and is not extended; a session cookie
// planted before sign-in is replaced at sign-in, and the planted value answers 401 afterwards.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let ip = 1;
const browser = () => new TestClient(t.app, `10.95.0.${ip++}`);
const cookieOf = (c: TestClient, name: string) =>
  c.cookieHeader
    .split('; ')
    .find((p) => p.startsWith(`${name}=`))
    ?.slice(name.length + 1);
/** A request carrying only the given cookie. */
const withCookie = (url: string, name: string, value: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: `${name}=${value}` } });
const anHourAgo = () => new Date(Date.now() - 3600_000);

describe('customer sessions', () => {
  it('past its expires_at, answers 401 and is not extended', async () => {
    const c = browser();
    await registerAndLogin(c, customerInput());
    const token = c.sessionCookie!;
    const expired = anHourAgo();
    await t.db
      .update(sessions)
      .set({ expiresAt: expired })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await c.get('/api/me')).statusCode).toBe(401);
    expect((await c.patch('/api/me/profile', { firstName: 'Late' })).statusCode).toBe(401);
    const rows = await t.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(rows.every((r) => r.expiresAt.getTime() === expired.getTime())).toBe(true);
  });

  it('a made-up cookie planted before sign-in is replaced, and answers 401', async () => {
    const c = browser();
    const planted = 'a'.repeat(64);
    c.setCookie('haat_session', planted);
    await registerAndLogin(c, customerInput());
    expect(c.sessionCookie).toBeDefined();
    expect(c.sessionCookie).not.toBe(planted);
    expect((await c.get('/api/me')).statusCode).toBe(200);
    expect((await withCookie('/api/me', 'haat_session', planted)).statusCode).toBe(401);
  });

  it("someone else's valid session planted before sign-in is replaced, and ends", async () => {
    const attacker = browser();
    await registerAndLogin(attacker, customerInput());
    const planted = attacker.sessionCookie!;
    const victim = browser();
    victim.setCookie('haat_session', planted);
    const input = customerInput();
    await registerAndLogin(victim, input);
    expect(victim.sessionCookie).not.toBe(planted);
    expect((await victim.get('/api/me')).json().email).toBe(input.email);
    expect((await withCookie('/api/me', 'haat_session', planted)).statusCode).toBe(401);
  });
});

describe('super admin sessions', () => {
  let secret: string;
  let admin: TestClient;
  beforeAll(async () => {
    ({ client: admin, secret } = await signInSuperAdmin(t, '10.95.1.1'));
  });

  it('past its expires_at, answers 401 and is not extended', async () => {
    const token = cookieOf(admin, 'haat_admin_session')!;
    const expired = anHourAgo();
    await t.db
      .update(adminSessions)
      .set({ expiresAt: expired })
      .where(eq(adminSessions.tokenHash, hashToken(token)));
    expect((await admin.get('/api/admin/session')).statusCode).toBe(401);
    const rows = await t.db
      .select({ expiresAt: adminSessions.expiresAt })
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, hashToken(token)));
    expect(rows.every((r) => r.expiresAt.getTime() === expired.getTime())).toBe(true);
  });

  /** Signs the super admin in on a browser (two-factor is already set up): password, then a fresh code. */
  const signIn = async (c: TestClient) => {
    expect((await c.post('/api/admin/login', TEST_ADMIN)).json().next).toBe('2fa');
    expect((await c.post('/api/admin/2fa/verify', { code: await freshCode(t, secret) })).statusCode).toBe(200);
  };

  it('a session cookie planted before sign-in (made up, or another valid one) is replaced, and answers 401', async () => {
    const other = new TestClient(t.app, '10.95.1.2');
    await signIn(other);
    for (const planted of ['b'.repeat(64), cookieOf(other, 'haat_admin_session')!]) {
      const c = new TestClient(t.app, '10.95.1.3');
      c.setCookie('haat_admin_session', planted);
      await signIn(c);
      expect(cookieOf(c, 'haat_admin_session')).not.toBe(planted);
      expect((await c.get('/api/admin/session')).statusCode).toBe(200);
      expect((await withCookie('/api/admin/session', 'haat_admin_session', planted)).statusCode).toBe(401);
    }
  });
});

describe('ERP sessions', () => {
  it('past its expires_at, answers 401 and is not extended', async () => {
    const { client } = await signedInEmployee(t);
    const token = cookieOf(client, 'haat_erp_session')!;
    // The ERP's tables are its own (an orchestrator's): reached here in SQL, as the ERP stores them (SHA-256 of the token).
    await t.db.execute(
      sql`update employee_sessions set expires_at = ${anHourAgo().toISOString()} where session_token = ${hashToken(token)}`,
    );
    expect((await client.get('/api/erp/me')).statusCode).toBe(401);
    // An expired employee session is removed when read.
    expect(
      await queryRows(t.db, sql`select id from employee_sessions where session_token = ${hashToken(token)}`),
    ).toEqual([]);
  });

  it('a session cookie planted before sign-in (made up, or another valid one) is replaced, and answers 401', async () => {
    const other = await signedInEmployee(t);
    const input = employeeForm();
    expect((await erpBrowser(t).post('/api/erp/register', input)).statusCode).toBe(201);
    await t.db.execute(sql`update employees set is_approved = true where email = ${input.email.toLowerCase()}`);
    for (const planted of ['c'.repeat(64), cookieOf(other.client, 'haat_erp_session')!]) {
      const c = erpBrowser(t);
      c.setCookie('haat_erp_session', planted);
      expect((await c.post('/api/erp/login', { email: input.email, password: input.password })).statusCode).toBe(200);
      expect(cookieOf(c, 'haat_erp_session')).not.toBe(planted);
      expect((await c.get('/api/erp/me')).json().email).toBe(input.email.toLowerCase());
      expect((await withCookie('/api/erp/me', 'haat_erp_session', planted)).statusCode).toBe(401);
    }
  });
});
