import { eq, inArray } from 'drizzle-orm';
import type { BuiltInRole, StaffPermission } from '../../domain/staff-permissions';
import { ensureSuperAdmin, hashPassword, setSuperAdminPassword } from '../modules/auth';
import { adminAccountRoles, adminAccounts, adminRoles } from '../modules/auth/auth.tables';
import { totpCode } from '../platform/totp';
import { TestClient, type TestApp } from './app';

/**
 * The admin operations open before a session (OpenAPI's path form): the sign-in steps, an
 * invitation's link, signing out.
 */
export const OPEN_ADMIN_OPERATIONS = new Set([
  'POST /api/admin/login',
  'POST /api/admin/2fa/setup',
  'POST /api/admin/2fa/verify',
  'POST /api/admin/2fa/reset',
  'POST /api/admin/logout',
  'GET /api/admin/invites/{token}',
  'POST /api/admin/invites/{token}/accept',
]);

export const TEST_ADMIN = { email: 'root@haat.test', password: 'root-password-for-tests' };
/** A second super admin, for the tests where two admins act on the same thing at once. */
export const SECOND_ADMIN = { email: 'second@haat.test', password: 'second-password-for-tests' };

/**
 * A browser signed in as the super admin the real way (credentials, two-factor setup, first code).
 * Answers the client and the secret, so step-up codes can be computed like an authenticator app.
 */
export async function signInSuperAdmin(
  t: TestApp,
  ip = '10.200.0.1',
  account = TEST_ADMIN,
): Promise<{ client: TestClient; secret: string; signInCode: string }> {
  await ensureSuperAdmin({ db: t.db, ...account });
  // ensureSuperAdmin creates only the first account; another one is added the way the CLI does it.
  const [known] = await t.db
    .select({ id: adminAccounts.id })
    .from(adminAccounts)
    .where(eq(adminAccounts.email, account.email));
  if (!known) await setSuperAdminPassword({ db: t.db, ...account });
  return signInWithNewAuthenticator(t, ip, account);
}

let staffCount = 0;

/**
 * A browser signed in as a new staff member holding the given built-in roles (or none), set up as
 * an owner would leave them after an invitation: password, then their own authenticator.
 */
export async function signInStaff(
  t: TestApp,
  roles: readonly BuiltInRole[],
  ip = `10.201.${Math.floor(++staffCount / 250)}.${staffCount % 250}`,
): Promise<{ client: TestClient; secret: string; signInCode: string; id: string; email: string }> {
  const held =
    roles.length === 0
      ? []
      : await t.db.select({ id: adminRoles.id }).from(adminRoles).where(inArray(adminRoles.builtIn, roles));
  return staffHolding(t, held, ip);
}

/** The same, holding one custom role made of `permissions` alone (as an owner may make one). */
export async function signInStaffWithPermissions(t: TestApp, permissions: readonly StaffPermission[]) {
  const [role] = await t.db
    .insert(adminRoles)
    .values({ name: `Custom ${crypto.randomUUID().slice(0, 8)}`, permissions: [...permissions] })
    .returning({ id: adminRoles.id });
  return staffHolding(t, [role], `10.202.${Math.floor(++staffCount / 250)}.${staffCount % 250}`);
}

async function staffHolding(t: TestApp, roles: readonly { id: string }[], ip: string) {
  const account = { email: `staff-${crypto.randomUUID()}@haat.test`, password: 'staff-password-for-tests' };
  const [row] = await t.db
    .insert(adminAccounts)
    .values({ email: account.email, name: 'Staff member', passwordHash: await hashPassword(account.password) })
    .returning({ id: adminAccounts.id });
  if (roles.length > 0)
    await t.db.insert(adminAccountRoles).values(roles.map((r) => ({ adminId: row.id, roleId: r.id })));
  return { ...(await signInWithNewAuthenticator(t, ip, account)), id: row.id, email: account.email };
}

async function signInWithNewAuthenticator(t: TestApp, ip: string, account: { email: string; password: string }) {
  const client = new TestClient(t.app, ip);
  const login = await client.post('/api/admin/login', account);
  if (login.statusCode !== 200 || login.json().next !== 'setup2fa')
    throw new Error(`admin login failed: ${login.statusCode} ${login.body}`);
  const setup = await client.post('/api/admin/2fa/setup');
  const { secret } = setup.json() as { secret: string };
  // The code is kept: tests replay this very code (a code computed later may belong to a newer, unused time step).
  const signInCode = totpCode(secret);
  const verified = await client.post('/api/admin/2fa/verify', { code: signInCode });
  if (verified.statusCode !== 200) throw new Error(`admin 2FA failed: ${verified.statusCode} ${verified.body}`);
  return { client, secret, signInCode };
}

/**
 * A code for a sensitive action, as if the authenticator had moved on to a new time step since the
 * last code was used (each code works once, and only the current and two neighbouring steps count).
 */
export async function freshCode(t: TestApp, secret: string): Promise<string> {
  await t.db.update(adminAccounts).set({ lastTotpStep: null });
  return totpCode(secret);
}

/**
 * A code that has just signed the super admin in on another browser, so it is spent: any action
 * must refuse it. (The code that signed the test's own browser in is spent only until the next
 * freshCode, which forgets every used step; this one is spent whatever ran before.)
 */
export async function spentCode(t: TestApp, secret: string, account = TEST_ADMIN): Promise<string> {
  const code = await freshCode(t, secret);
  const other = new TestClient(t.app, '10.200.9.9');
  const login = await other.post('/api/admin/login', account);
  if (login.statusCode !== 200 || login.json().next !== '2fa')
    throw new Error(`admin login failed: ${login.statusCode} ${login.body}`);
  const verified = await other.post('/api/admin/2fa/verify', { code });
  if (verified.statusCode !== 200) throw new Error(`admin 2FA failed: ${verified.statusCode} ${verified.body}`);
  return code;
}
