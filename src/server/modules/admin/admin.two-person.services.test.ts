import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshCode, signInStaff } from '../../test/admin';
import { buildTestApp, type TestApp } from '../../test/app';
import { newShopper } from '../../test/checkout-fixtures';
import { moneyInvariantViolations } from '../../test/invariants';
import { requireServices } from '../../test/services';
import { systemLogs } from '../audit/audit.tables';

await requireServices(['postgresql']);

// Two people for money out, raced: a withdrawal prepared by one Finance member and approved by two
// others at the same moment is paid once. On PostgreSQL the two approvals truly run in parallel.

let t: TestApp;
type Staff = Awaited<ReturnType<typeof signInStaff>>;
let owner: Staff;
let preparer: Staff;
let approvers: [Staff, Staff];

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signInStaff(t, ['owner']);
  preparer = await signInStaff(t, ['finance']);
  approvers = [await signInStaff(t, ['finance']), await signInStaff(t, ['finance'])];
  const on = await owner.client.put('/api/admin/settings/money-out', {
    twoPersonAboveRupees: '100',
    code: await freshCode(t, owner.secret),
  });
  expect(on.statusCode, on.body).toBe(200);
});
afterAll(() => t.close());

const ROUNDS = 5;

describe('two approvals at once', () => {
  it('pay a prepared withdrawal once: one paid, the other refused, one payment on record', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const shopper = await newShopper(t, 500);
      const requested = await shopper.client.post('/api/wallet/withdrawals', { points: 500, upiId: 'asha@okaxis' });
      expect(requested.statusCode, requested.body).toBe(201);
      const id = requested.json().id as string;
      const reference = String(100000000000 + i);
      const prepared = await preparer.client.post(`/api/admin/withdrawals/${id}/pay`, {
        upiReference: reference,
        code: await freshCode(t, preparer.secret),
      });
      expect(prepared.json()).toMatchObject({ prepared: true, status: 'pending' });

      const codes = [await freshCode(t, approvers[0].secret), await freshCode(t, approvers[1].secret)];
      const answers = await Promise.all(
        approvers.map((a, k) =>
          a.client.post(`/api/admin/withdrawals/${id}/pay`, { upiReference: reference, code: codes[k] }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 200)!.json()).toMatchObject({ status: 'paid', prepared: false });
      const paid = await t.db
        .select({ actorId: systemLogs.actorId })
        .from(systemLogs)
        .where(and(eq(systemLogs.action, 'withdrawal_paid'), eq(systemLogs.resourceId, id)));
      expect(paid).toHaveLength(1);
      expect(approvers.map((a) => a.id)).toContain(paid[0].actorId);
    }
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});
