import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuthMessages as m } from '../../../contracts/admin-auth.contract';
import { signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { indiaDate } from '../../test/dates';
import { systemLogs } from '../audit/audit.tables';
import { DEMO_HAAT_GST } from '../../seed/demo-settlement';

// Every sensitive admin action goes through the one step-up guard. The actions
// are read from the API's own OpenAPI document (every admin operation whose body has a `code`), so
// one added later is covered without touching this test: without a code, each answers 401 and
// writes nothing.

let t: TestApp;
const SIGN_IN = new Set(['POST /api/admin/2fa/setup', 'POST /api/admin/2fa/verify', 'POST /api/admin/2fa/reset']);

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Operation = { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } };

async function sensitiveActions(): Promise<{ method: string; path: string }[]> {
  const doc = (await new TestClient(t.app, '10.52.0.1').get('/api/docs/json')).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })))
    .filter(({ op }) =>
      Object.values(op.requestBody?.content ?? {}).some((c) => c.schema?.properties && 'code' in c.schema.properties),
    )
    .filter((e) => !SIGN_IN.has(`${e.method} ${e.path}`))
    .map(({ method, path }) => ({ method, path }));
}

// Every field any of these bodies needs to pass validation, so that the guard is what answers.
const today = indiaDate();
const body = {
  reason: 'Documents do not match',
  // A return's decision.
  decision: 'reject',
  upiReference: '123456789012',
  minTransactions: 1,
  minTransactionVolume: 0,
  referralPointsAwarded: 0,
  keyId: 'rzp_test_k',
  isEnabled: false,
  name: 'Project',
  startDate: new Date().toISOString().slice(0, 10),
  // Commission & tax: a global rule, a tax rate, an HSN code and its rate.
  scope: 'global',
  ratePercent: 5,
  effectiveFrom: today,
  kind: 'tcs',
  source: 'A notification',
  hsnCode: '9999',
  description: 'Test goods',
  // Payouts: settle a vendor up to today, mark paid with a reference, a vendor's Route account.
  vendorUserId: crypto.randomUUID(),
  upTo: today,
  reference: '123456789012',
  accountId: 'acc_CPRsN1LkFccllA',
  // Cash on delivery's rules.
  limit: 10000,
  excludedCategoryIds: [],
  // A product's details, in its vendor's form (with `name`, `description` and `hsnCode` above).
  price: 499,
  categoryId: crypto.randomUUID(),
  storeId: crypto.randomUUID(),
  // Editing the details of a user or vendor, a merchant, an employee.
  firstName: 'Asha',
  lastName: 'Verma',
  phoneNumber: '9876501234',
  businessName: 'Lakshmi Stores',
  mobileNumber: '9988776655',
  upiId: 'lakshmi@okicici',
  department: 'Engineering',
  // News from the super admin.
  audience: 'customers',
  title: 'Diwali sale',
  message: 'Up to 40% off this week.',
  // Haat's own GST registration (legalName, address, state, gstin), for its commission invoices.
  ...DEMO_HAAT_GST,
  // Staff: an invitation, a person's roles, a custom role's permissions.
  email: 'new-staff@haat.test',
  roleIds: [crypto.randomUUID()],
  permissions: ['orders'],
  // Two people for money out: the amount in rupees.
  twoPersonAboveRupees: '10000',
  // The amount off one order above which a promotion Haat pays for needs a fresh code.
  freshCodeAboveRupees: '1000',
};
// `status` means a different thing per resource.
const statusFor = (path: string) =>
  path.startsWith('/api/admin/orders/')
    ? 'cancelled'
    : path.startsWith('/api/admin/erp/')
      ? 'active'
      : path.startsWith('/api/admin/staff/')
        ? 'suspended'
        : 'qualified';

describe('sensitive admin actions', () => {
  it('all need a fresh code: without one, each answers 401 and writes nothing, not even an audit entry', async () => {
    const actions = await sensitiveActions();
    // Users (2), vendors (2), merchants (2), products (2), orders, referrals, employees (3), withdrawals (2), settings (3), deletions (5), ERP (4), commission & tax (4), payouts (5), Haat's GST registration.
    expect(actions.length).toBeGreaterThanOrEqual(31);
    const { client } = await signInSuperAdmin(t);
    const [before] = await t.db.select({ n: count() }).from(systemLogs);
    const answers = [];
    for (const { method, path } of actions) {
      const url = path.replace(/\{[^}]+\}/g, crypto.randomUUID());
      const res = await client.request(method as 'POST' | 'PUT' | 'PATCH', url, { ...body, status: statusFor(path) });
      answers.push(
        `${method} ${path} -> ${res.statusCode} ${res.statusCode === 401 ? res.json().error.message : res.body}`,
      );
    }
    expect(answers).toEqual(actions.map(({ method, path }) => `${method} ${path} -> 401 ${m.stepUpMissing}`));
    const [after] = await t.db.select({ n: count() }).from(systemLogs);
    expect(after.n).toBe(before.n);
  });
});

describe('the pieces of step-up', () => {
  const server = join(import.meta.dirname, '..', '..');
  const sources = (readdirSync(server, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => f.split('\\').join('/'));
  const calling = (piece: RegExp) => sources.filter((f) => piece.test(readFileSync(join(server, f), 'utf8')));

  it('are called by the guard alone: no route or service spends a code, throttles it or writes an admin action’s audit entry itself', () => {
    expect(calling(/consumeAdminStepUp\(/)).toEqual([
      'modules/admin/admin.step-up.ts',
      'modules/auth/auth.admin-login.ts',
    ]);
    expect(calling(/\bguarded\(/).filter((f) => f.startsWith('modules/admin/'))).toEqual([
      'modules/admin/admin.step-up.ts',
    ]);
    // Marking a contact message read, and a moderator's product review decision (a queue worked through
    // one product after another), are audited but need no code.
    expect(calling(/recordAudit\(/).filter((f) => f.startsWith('modules/admin/'))).toEqual([
      'modules/admin/admin.messages.ts',
      'modules/admin/admin.product-review.ts',
      'modules/admin/admin.step-up.ts',
    ]);
  });
});
