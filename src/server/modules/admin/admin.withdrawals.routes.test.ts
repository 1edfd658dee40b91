import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminWithdrawal, AdminWithdrawalPage } from '../../../contracts/admin-lists.contract';
import { totpCode } from '../../platform/totp';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { freshCode, SECOND_ADMIN, signInSuperAdmin, spentCode } from '../../test/admin';
import { newShopper, type Shopper } from '../../test/checkout-fixtures';
import { customerInput, registerAndLogin } from '../../test/factories';

// The withdrawal queue, paying and rejecting with a fresh code, once.

let t: TestApp;
let admin: TestClient;
let secret: string;
let shopper: Shopper;

const wallet = async (s: Shopper) => (await s.client.get('/api/wallet')).json() as { availablePoints: number };
const requestWithdrawal = async (s: Shopper, points: number) => {
  const res = await s.client.post('/api/wallet/withdrawals', { points, upiId: 'asha@okaxis' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};
const pending = async () => (await admin.get('/api/admin/withdrawals')).json() as AdminWithdrawalPage;

beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t));
  shopper = await newShopper(t, 1000);
});
afterAll(() => t.close());

describe('the withdrawal queue', () => {
  it('lists pending requests with the customer, UPI ID, amount and age; searches and exports CSV', async () => {
    const id = await requestWithdrawal(shopper, 150);
    const page = await pending();
    const row = page.items.find((w) => w.id === id)!;
    expect(row).toMatchObject({
      customerEmail: shopper.email,
      upiId: 'asha@okaxis',
      points: 150,
      amountPaise: 15_000,
      status: 'pending',
    });
    expect(Date.parse(row.createdAt)).toBeLessThanOrEqual(Date.now());

    expect(
      (await admin.get(`/api/admin/withdrawals?q=${encodeURIComponent(shopper.email)}`))
        .json()
        .items.map((w: AdminWithdrawal) => w.id),
    ).toContain(id);
    expect((await admin.get('/api/admin/withdrawals?q=nobody-like-this')).json().total).toBe(0);
    expect((await admin.get('/api/admin/withdrawals?sort=points&dir=asc')).statusCode).toBe(200);
    const badSort = await admin.get('/api/admin/withdrawals?sort=password');
    expect(badSort.statusCode).toBe(400);

    const csv = await admin.get('/api/admin/withdrawals/export');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="haat-withdrawals-pending-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(csv.body).toContain('id,customer,email,upi_id,points,amount_rupees');
    expect(csv.body).toContain(`${id},`);
  });

  it('refuses guests and every shopper role (401)', async () => {
    expect((await new TestClient(t.app).get('/api/admin/withdrawals')).statusCode).toBe(401);
    const customer = new TestClient(t.app, '10.4.0.2');
    await registerAndLogin(customer, customerInput());
    expect((await customer.get('/api/admin/withdrawals')).statusCode).toBe(401);
    expect(
      (
        await customer.post(`/api/admin/withdrawals/${crypto.randomUUID()}/pay`, {
          upiReference: '123456789012',
          code: '123456',
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('paying and rejecting', () => {
  it('refuses without a code (401), with a wrong code (403) and with a used code (403), and changes nothing', async () => {
    const id = await requestWithdrawal(shopper, 100);
    const pay = (code?: string) =>
      admin.post(`/api/admin/withdrawals/${id}/pay`, {
        upiReference: '123456789012',
        ...(code === undefined ? {} : { code }),
      });

    const none = await pay();
    expect(none.statusCode).toBe(401);
    expect(none.json().error.message).toMatch(/6-digit code/);
    const wrong = await pay('000000');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe('Invalid or expired 2FA code. Please try again with the current code.');
    // A code that has just signed the admin in (on another browser) is spent: it cannot confirm an action.
    expect((await pay(await spentCode(t, secret))).statusCode).toBe(403);
    expect((await pending()).items.find((w) => w.id === id)?.status).toBe('pending');

    // A bad reference is refused before the code is spent.
    const code = await freshCode(t, secret);
    expect((await admin.post(`/api/admin/withdrawals/${id}/pay`, { upiReference: '12345', code })).statusCode).toBe(
      400,
    );
    const ok = await pay(code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'paid', upiReference: '123456789012' });
    // The customer's wallet shows the reference next to the paid request.
    const paid = (await shopper.client.get('/api/wallet/withdrawals'))
      .json()
      .items.find((w: { id: string }) => w.id === id);
    expect(paid).toMatchObject({ status: 'paid', upiReference: '123456789012', rejectReason: null });
    // The same code again: refused, even for another request.
    const other = await requestWithdrawal(shopper, 100);
    expect(
      (await admin.post(`/api/admin/withdrawals/${other}/reject`, { reason: 'UPI ID not found', code })).statusCode,
    ).toBe(403);
  });

  it('rejects with a reason and gives the points back through the ledger; the customer sees it', async () => {
    const before = (await wallet(shopper)).availablePoints;
    const id = await requestWithdrawal(shopper, 120);
    expect((await wallet(shopper)).availablePoints).toBe(before - 120);
    const noReason = await admin.post(`/api/admin/withdrawals/${id}/reject`, {
      reason: '',
      code: await freshCode(t, secret),
    });
    expect(noReason.statusCode).toBe(400);
    const res = await admin.post(`/api/admin/withdrawals/${id}/reject`, {
      reason: 'UPI ID not found',
      code: await freshCode(t, secret),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', rejectReason: 'UPI ID not found' });
    expect((await wallet(shopper)).availablePoints).toBe(before);
    const mine = (await shopper.client.get('/api/wallet/withdrawals')).json().items as { id: string; status: string }[];
    // The customer sees the reason next to the rejected request.
    expect(mine.find((w) => w.id === id)).toMatchObject({
      status: 'rejected',
      rejectReason: 'UPI ID not found',
      upiReference: null,
    });
    // Closed once: paying it now is a conflict.
    expect(
      (
        await admin.post(`/api/admin/withdrawals/${id}/pay`, {
          upiReference: '123456789012',
          code: await freshCode(t, secret),
        })
      ).statusCode,
    ).toBe(409);
  });

  it('pays a request once when two admins click at the same time', async () => {
    const id = await requestWithdrawal(shopper, 100);
    // Two super admins, each with a valid code of their own.
    const { client: second, secret: secondSecret } = await signInSuperAdmin(t, '10.200.0.2', SECOND_ADMIN);
    await freshCode(t, secret);
    const [a, b] = await Promise.all([
      admin.post(`/api/admin/withdrawals/${id}/pay`, { upiReference: '111111111111', code: totpCode(secret) }),
      second.post(`/api/admin/withdrawals/${id}/reject`, { reason: 'Duplicate request', code: totpCode(secondSecret) }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(200);
    // Each admin's code is their own, so the one who comes second finds the request closed.
    expect(statuses[1]).toBe(409);
    const row = (await admin.get('/api/admin/withdrawals?status=paid'))
      .json()
      .items.concat((await admin.get('/api/admin/withdrawals?status=rejected')).json().items)
      .filter((w: AdminWithdrawal) => w.id === id);
    expect(row).toHaveLength(1);
  });

  it('records each payout and rejection in the audit log', async () => {
    const paid = await requestWithdrawal(shopper, 100);
    const rejected = await requestWithdrawal(shopper, 100);
    expect(
      (
        await admin.post(`/api/admin/withdrawals/${paid}/pay`, {
          upiReference: '222222222222',
          code: await freshCode(t, secret),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await admin.post(`/api/admin/withdrawals/${rejected}/reject`, {
          reason: 'UPI ID not found',
          code: await freshCode(t, secret),
        })
      ).statusCode,
    ).toBe(200);
    const logOf = async (id: string) =>
      (await admin.get(`/api/admin/audit?resource=withdrawal&q=${id}`)).json() as {
        items: { action: string; actor: string; resourceId: string }[];
      };
    expect((await logOf(paid)).items.map((e) => [e.action, e.resourceId, e.actor])).toEqual([
      ['withdrawal_paid', paid, 'root@haat.test'],
    ]);
    expect((await logOf(rejected)).items.map((e) => [e.action, e.resourceId, e.actor])).toEqual([
      ['withdrawal_rejected', rejected, 'root@haat.test'],
    ]);
  });
});
