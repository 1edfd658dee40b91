import { ensureSuperAdmin } from '../modules/auth';
import { adminAccounts } from '../modules/auth/auth.tables';
import { totpCode } from '../platform/totp';
import { TestClient, type TestApp } from './app';

export const TEST_ADMIN = { email: 'root@haat.test', password: 'root-password-for-tests' };

/**
 * A browser signed in as the super admin the real way (credentials, two-factor setup, first code).
 * Answers the client and the secret, so step-up codes can be computed like an authenticator app.
 */
export async function signInSuperAdmin(t: TestApp, ip = '10.200.0.1'): Promise<{ client: TestClient; secret: string; signInCode: string }> {
  await ensureSuperAdmin({ db: t.db, ...TEST_ADMIN });
  const client = new TestClient(t.app, ip);
  const login = await client.post('/api/admin/login', TEST_ADMIN);
  if (login.statusCode !== 200 || login.json().next !== 'setup2fa') throw new Error(`admin login failed: ${login.statusCode} ${login.body}`);
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
