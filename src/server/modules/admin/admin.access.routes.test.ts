import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInSuperAdmin, OPEN_ADMIN_OPERATIONS } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { customerInput, merchantInput, registerAndLogin, vendorInput } from '../../test/factories';
import { userProfiles } from '../auth/auth.tables';

// Every admin endpoint refuses guests, customers, vendors, merchants and
// role-admin users. The endpoints are read from the API's own OpenAPI document, so one added later
// is covered without touching this test; only the sign-in steps are open, by design.

let t: TestApp;
let n = 0;
const OPEN = OPEN_ADMIN_OPERATIONS;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function endpoints(): Promise<{ method: string; path: string }[]> {
  const doc = (await new TestClient(t.app, '10.51.0.1').get('/api/docs/json')).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })))
    .filter((e) => !OPEN.has(`${e.method} ${e.path}`));
}

async function signedIn(kind: 'customer' | 'vendor' | 'merchant' | 'role-admin'): Promise<TestClient> {
  const client = new TestClient(t.app, `10.51.1.${++n}`);
  const phone = `95${String(n).padStart(8, '0')}`;
  const input =
    kind === 'vendor'
      ? vendorInput({ phone })
      : kind === 'merchant'
        ? merchantInput({ mobileNumber: phone })
        : customerInput({ phoneNumber: phone });
  const { id } = await registerAndLogin(client, input);
  if (kind === 'role-admin') await t.db.update(userProfiles).set({ role: 'admin' }).where(eq(userProfiles.userId, id));
  return client;
}

describe('the admin API', () => {
  it('has every tab’s endpoints in its OpenAPI document', async () => {
    const paths = new Set((await endpoints()).map((e) => e.path));
    for (const tab of [
      'overview',
      'users',
      'vendors',
      'merchants',
      'products',
      'orders',
      'referrals',
      'employees',
      'settings/referral',
      'withdrawals',
      'messages',
      'audit',
    ])
      expect(paths).toContain(`/api/admin/${tab}`);
    expect(paths).toContain('/api/admin/users/{id}/delete');
  });

  it('refuses every endpoint to guests, customers, vendors, merchants and role-admin users, and changes nothing', async () => {
    const list = await endpoints();
    const clients = {
      guest: new TestClient(t.app, '10.51.2.1'),
      customer: await signedIn('customer'),
      vendor: await signedIn('vendor'),
      merchant: await signedIn('merchant'),
      'role-admin': await signedIn('role-admin'),
    };
    const refused: string[] = [];
    for (const { method, path } of list) {
      const url = path.replace(/\{[^}]+\}/g, crypto.randomUUID());
      for (const [who, client] of Object.entries(clients)) {
        const body =
          method === 'GET'
            ? undefined
            : {
                code: '123456',
                status: 'qualified',
                reason: 'because',
                upiReference: '123456789012',
                minTransactions: 1,
                minTransactionVolume: 0,
                referralPointsAwarded: 0,
                keyId: 'k',
                isEnabled: false,
                read: true,
              };
        const res = await client.request(method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url, body);
        if (res.statusCode !== 401 && res.statusCode !== 403)
          refused.push(`${who} ${method} ${url} -> ${res.statusCode}`);
      }
    }
    expect(refused).toEqual([]);
    expect(list.length).toBeGreaterThan(30);

    // The real super admin, by contrast, gets in.
    const { client: admin } = await signInSuperAdmin(t);
    expect((await admin.get('/api/admin/overview')).statusCode).toBe(200);
  });
});
