import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyOutMessages } from '../../../contracts/money-out.contract';
import { freshCode, signInStaff } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createShop, createVendorUser } from '../../test/catalog-factories';
import { newShopper } from '../../test/checkout-fixtures';
import { indiaDate } from '../../test/dates';
import { customerInput, registerAndLogin } from '../../test/factories';
import { createPayablePart, savePayoutDetails } from '../../test/settlement-fixtures';
import { systemLogs } from '../audit/audit.tables';

// Two people for money out: with the setting on, a payout or a withdrawal above the amount is paid
// only when a second staff member with Finance approves what the first prepared.

let t: TestApp;
type Staff = Awaited<ReturnType<typeof signInStaff>>;
let owner: Staff;
let first: Staff;
let second: Staff;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signInStaff(t, ['owner']);
  first = await signInStaff(t, ['finance']);
  second = await signInStaff(t, ['finance']);
});
afterAll(() => t.close());

const setAbove = async (rupees: string) => {
  const res = await owner.client.put('/api/admin/settings/money-out', {
    twoPersonAboveRupees: rupees,
    code: await freshCode(t, owner.secret),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const audits = (action: string, resourceId: string) =>
  t.db
    .select({ actorId: systemLogs.actorId })
    .from(systemLogs)
    .where(and(eq(systemLogs.action, action), eq(systemLogs.resourceId, resourceId)));
const withdrawal = async (points: number) => {
  const shopper = await newShopper(t, points);
  const res = await shopper.client.post('/api/wallet/withdrawals', { points, upiId: 'asha@okaxis' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};
const payWithdrawal = async (who: Staff, id: string, upiReference: string) =>
  who.client.post(`/api/admin/withdrawals/${id}/pay`, { upiReference, code: await freshCode(t, who.secret) });
const statusOf = async (id: string) =>
  (await owner.client.get('/api/admin/withdrawals?status=paid&pageSize=100'))
    .json()
    .items.some((w: { id: string }) => w.id === id)
    ? 'paid'
    : 'not paid';

describe('two people for money out', () => {
  it('is off by default, and only an owner with a fresh code turns it on', async () => {
    const fresh = await buildTestApp();
    try {
      const someone = await signInStaff(fresh, ['owner']);
      expect((await someone.client.get('/api/admin/settings/money-out')).json()).toEqual({ twoPersonAbovePaise: null });
    } finally {
      await fresh.close();
    }
    expect((await first.client.get('/api/admin/settings/money-out')).statusCode).toBe(403);
    const noCode = await owner.client.put('/api/admin/settings/money-out', { twoPersonAboveRupees: '1000' });
    expect(noCode.statusCode).toBe(401);
    const bad = await owner.client.put('/api/admin/settings/money-out', {
      twoPersonAboveRupees: 'ten',
      code: await freshCode(t, owner.secret),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(moneyOutMessages.amountInvalid);
  });

  it('a withdrawal above the amount is prepared by one, and paid only when another approves', async () => {
    expect(await setAbove('1000')).toEqual({ twoPersonAbovePaise: 1000_00 });
    const id = await withdrawal(1500);

    const prepared = await payWithdrawal(first, id, '777777777777');
    expect(prepared.statusCode, prepared.body).toBe(200);
    expect(prepared.json()).toMatchObject({ id, status: 'pending', prepared: true });
    expect(await statusOf(id)).toBe('not paid');
    const waiting = (await second.client.get('/api/admin/withdrawals/approvals')).json();
    expect(waiting).toContainEqual(
      expect.objectContaining({ resourceId: id, amountPaise: 1500_00, preparedBy: first.email }),
    );

    // The one who prepared it cannot approve it.
    const same = await payWithdrawal(first, id, '777777777777');
    expect(same.statusCode).toBe(409);
    expect(same.json().error.message).toBe(moneyOutMessages.samePerson);
    expect(await statusOf(id)).toBe('not paid');

    const approved = await payWithdrawal(second, id, '000000000000');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ id, status: 'paid', upiReference: '777777777777', prepared: false });
    expect(await audits('withdrawal_prepared', id)).toEqual([{ actorId: first.id }]);
    expect(await audits('withdrawal_paid', id)).toEqual([{ actorId: second.id }]);
    expect((await second.client.get('/api/admin/withdrawals/approvals')).json()).not.toContainEqual(
      expect.objectContaining({ resourceId: id }),
    );
  });

  it('a withdrawal at or below the amount is paid by one person at once', async () => {
    await setAbove('1000');
    const id = await withdrawal(1000);
    const paid = await payWithdrawal(first, id, '111111111111');
    expect(paid.json()).toMatchObject({ status: 'paid', prepared: false });
  });

  it('a payout above the amount needs a second person too', async () => {
    await setAbove('500');
    const customer = (await registerAndLogin(new TestClient(t.app, '10.54.1.1'), customerInput())).id;
    const { userId } = await createVendorUser(t.db, { businessName: 'Two Person Textiles' });
    const shop = await createShop(t.db, userId);
    await savePayoutDetails(t.db, userId, 'upi', 'textiles@okaxis');
    await createPayablePart(t.db, {
      customerUserId: customer,
      vendorUserId: userId,
      storeId: shop.id,
      soldDaysAgo: 20,
      releasedDaysAgo: 10,
    });
    const created = await first.client.post('/api/admin/payouts', {
      vendorUserId: userId,
      upTo: indiaDate(),
      code: await freshCode(t, first.secret),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(created.json().amountPaise).toBeGreaterThan(500_00);

    const pay = async (who: Staff) =>
      who.client.post(`/api/admin/payouts/${id}/pay`, {
        reference: '123456123456',
        code: await freshCode(t, who.secret),
      });
    expect((await pay(first)).json()).toMatchObject({ status: 'created', prepared: true });
    expect((await first.client.get('/api/admin/payouts/approvals')).json()).toContainEqual(
      expect.objectContaining({ resourceId: id, preparedBy: first.email }),
    );
    expect((await pay(first)).statusCode).toBe(409);
    expect((await pay(second)).json()).toMatchObject({ status: 'paid', prepared: false, reference: '123456123456' });
    expect(await audits('payout_paid', id)).toEqual([{ actorId: second.id }]);
  });
});
