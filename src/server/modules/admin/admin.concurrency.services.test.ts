import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminWithdrawal } from '../../../contracts/admin-lists.contract';
import { todayInIndia } from '../../../domain/age';
import { queryRows } from '../../platform/db';
import { totpCode } from '../../platform/totp';
import { freshCode, SECOND_ADMIN, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { count, newShopper, pointsOf } from '../../test/checkout-fixtures';
import { signedInEmployee } from '../../test/erp';
import { customerInput, merchantInput, registerAndLogin, vendorInput } from '../../test/factories';
import { moneyInvariantViolations } from '../../test/invariants';
import { createShop } from '../../test/catalog-factories';
import { createSettledPart, recordRelease, recordSale } from '../../test/settlement-fixtures';
import { releaseDueCashback } from '../merchants';
import { runPointsRelease } from '../rewards';
import { vendorBalancesOf } from '../settlement';
import { vendorPayoutDetails } from '../settlement/settlement.tables';
import { requireServices } from '../../test/services';

await requireServices(['postgresql']);

// A super admin's action racing another actor on the same row ends with exactly
// one outcome. As in checkout.concurrency.services.test.ts, the requests go out at once through app.inject: on
// PGlite the transactions queue one after another; on PostgreSQL (DATABASE_URL) they truly run in parallel.

let t: TestApp;
let admin: TestClient;
let secret: string;
let second: TestClient;
let secondSecret: string;

beforeAll(async () => {
  // Payments recorded now are already past a return window of 0 days: only verification holds their cashback back.
  t = await buildTestApp({ RETURN_WINDOW_DAYS: '0', UNVERIFIED_CASHBACK_DAILY_POINTS: '100000' });
  ({ client: admin, secret } = await signInSuperAdmin(t, '10.210.0.1'));
  ({ client: second, secret: secondSecret } = await signInSuperAdmin(t, '10.210.0.2', SECOND_ADMIN));
});
afterAll(() => t.close());

const ROUNDS = 6;

describe("a timesheet entry approved by the project's manager and the super admin at once", () => {
  it('is approved once: one notification, one set of hours in the dashboard, an audit entry only when the super admin won', async () => {
    const [worker, manager] = [
      await signedInEmployee(t),
      await signedInEmployee(t, { firstName: 'Meera', lastName: 'Nair' }),
    ];
    const project = await worker.client.post('/api/erp/projects', {
      name: 'Stock take',
      startDate: todayInIndia(),
      projectManagerId: manager.id,
    });
    expect(project.statusCode, project.body).toBe(201);
    const hours = async () => (await worker.client.get('/api/erp/dashboard')).json().stats.totalHoursThisWeek as number;

    for (let i = 0; i < ROUNDS; i++) {
      // One hour each, today, one after another: the dashboard's Hours This Week counts them.
      const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
      const logged = await worker.client.post('/api/erp/timesheets', {
        workDate: todayInIndia(),
        startTime: hh(i),
        endTime: hh(i + 1),
        projectId: project.json().id,
        description: `Shelf ${i + 1}`,
      });
      expect(logged.statusCode, logged.body).toBe(201);
      const id = logged.json().id as string;
      expect((await worker.client.post(`/api/erp/timesheets/${id}/submit`)).statusCode).toBe(200);
      const code = await freshCode(t, secret);

      const [byManager, byAdmin] = await Promise.all([
        manager.client.post(`/api/erp/timesheets/${id}/approve`),
        admin.post(`/api/admin/erp/timesheets/${id}/approve`, { code }),
      ]);
      const codes = [byManager.statusCode, byAdmin.statusCode];
      expect(codes.sort()).toEqual([200, 409]);
      const winner = byManager.statusCode === 200 ? 'manager' : 'admin';

      const [row] = await queryRows<{ status: string; approved_by: string | null }>(
        t.db,
        sql`select status, approved_by from timesheets where id = ${id}`,
      );
      expect(row).toEqual({ status: 'approved', approved_by: winner === 'manager' ? manager.id : null });
      const notes = await count(
        t,
        sql`select count(*)::int as n from erp_notifications where employee_id = ${worker.id} and kind = 'timesheet_approved' and message like ${`%${todayInIndia()}%`}`,
      );
      expect(notes).toBe(i + 1);
      expect(
        await count(
          t,
          sql`select count(*)::int as n from system_logs where action = 'timesheet_approved' and resource_id = ${id}`,
        ),
      ).toBe(winner === 'admin' ? 1 : 0);
      expect(await hours()).toBe(i + 1);
    }
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});

describe("the super admin's Verify racing the cashback release job", () => {
  it("releases each payment's cashback exactly once, and every balance equals its ledger", async () => {
    const shop = new TestClient(t.app, '10.210.1.1');
    const merchant = await registerAndLogin(shop, merchantInput({ mobileNumber: '9811100011', cashbackPercentage: 5 }));
    const customers: { client: TestClient; userId: string; email: string }[] = [];
    for (let i = 0; i < 8; i++) {
      const client = new TestClient(t.app, `10.210.2.${i + 1}`);
      const input = customerInput({ phoneNumber: `98111${String(i).padStart(5, '0')}` });
      customers.push({ client, userId: (await registerAndLogin(client, input)).id, email: input.email });
    }
    let ref = 500_000_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
    for (const c of customers) {
      for (const amount of ['200', '340']) {
        const res = await shop.post('/api/merchant/payments', {
          customer: c.email,
          amount,
          upiReference: String(ref++),
          paidOn: todayInIndia(),
        });
        expect(res.statusCode, res.body).toBe(201);
      }
    }
    // 5% of ₹200 and of ₹340: 10 + 17 points pending each, held back while the merchant is unverified.
    for (const c of customers) expect(await pointsOf(t, c.userId)).toMatchObject({ available: 0, pending: 27 });

    // The job runs again and again, a few milliseconds apart, while the super admin verifies the merchant.
    const job = () => runPointsRelease({ db: t.db, returnWindowDays: 0, also: [releaseDueCashback] });
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const [res] = await Promise.all([
      admin.post(`/api/admin/merchants/${merchant.id}/verify`, { code: await freshCode(t, secret) }),
      ...Array.from({ length: 12 }, (_, i) => later(i * 5).then(job)),
      ...Array.from({ length: 4 }, (_, i) =>
        later(i * 15).then(() => releaseDueCashback(t.db, { returnWindowDays: 0 })),
      ),
    ]);
    expect(res.statusCode, res.body).toBe(200);

    // Each cashback row is closed exactly once, and by a release.
    const closings = await queryRows<{ id: string; released: number; voided: number }>(
      t.db,
      sql`select e.id, count(*) filter (where r.transaction_type = 'released')::int as released, count(*) filter (where r.transaction_type = 'voided')::int as voided
          from rewards_transactions e left join rewards_transactions r on r.related_transaction_id = e.id
          where e.transaction_type = 'cashback' and e.customer_id in ${customers.map((c) => c.userId)} group by e.id`,
    );
    expect(closings).toHaveLength(customers.length * 2);
    for (const c of closings) expect(c).toMatchObject({ released: 1, voided: 0 });
    for (const c of customers)
      expect(await pointsOf(t, c.userId)).toEqual({ available: 27, pending: 0, ledgerAvailable: 27, ledgerPending: 0 });
    expect(await releaseDueCashback(t.db, { returnWindowDays: 0 })).toBe(0);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});

describe('the same withdrawal paid by one super admin and rejected by another at once', () => {
  it('ends paid or rejected, never both: the points leave once, or come back once', async () => {
    const shopper = await newShopper(t, 1000);
    let paid = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const requested = await shopper.client.post('/api/wallet/withdrawals', { points: 100, upiId: 'asha@okaxis' });
      expect(requested.statusCode, requested.body).toBe(201);
      const id = requested.json().id as string;
      // Each admin's own code for this step (freshCode forgets the steps both have used).
      await freshCode(t, secret);
      const [pay, reject] = await Promise.all([
        admin.post(`/api/admin/withdrawals/${id}/pay`, {
          upiReference: String(700_000_000_000 + i),
          code: totpCode(secret),
        }),
        second.post(`/api/admin/withdrawals/${id}/reject`, {
          reason: 'Duplicate request',
          code: totpCode(secondSecret),
        }),
      ]);
      expect([pay.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
      const outcome = pay.statusCode === 200 ? 'paid' : 'rejected';
      if (outcome === 'paid') paid++;

      const rows = [
        ...(
          await admin.get(`/api/admin/withdrawals?status=paid&q=${encodeURIComponent(shopper.email)}&pageSize=100`)
        ).json().items,
        ...(
          await admin.get(`/api/admin/withdrawals?status=rejected&q=${encodeURIComponent(shopper.email)}&pageSize=100`)
        ).json().items,
      ].filter((w: AdminWithdrawal) => w.id === id);
      expect(rows.map((w: AdminWithdrawal) => w.status)).toEqual([outcome]);
      expect(
        await count(
          t,
          sql`select count(*)::int as n from system_logs where resource_type = 'withdrawal' and resource_id = ${id}`,
        ),
      ).toBe(1);
      expect(
        await count(
          t,
          sql`select count(*)::int as n from rewards_transactions where transaction_type = 'withdrawal_returned' and related_transaction_id = ${id}`,
        ),
      ).toBe(outcome === 'rejected' ? 1 : 0);
      expect(await pointsOf(t, shopper.userId)).toMatchObject({ available: 1000 - 100 * paid, pending: 0 });
    }
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});

/** A vendor with a shop and UPI payout details, and a way to give it a delivered part whose money is released (payable). */
async function payableVendor(ip: string) {
  const vendor = await registerAndLogin(new TestClient(t.app, ip), vendorInput());
  const shop = await createShop(t.db, vendor.id);
  await t.db
    .insert(vendorPayoutDetails)
    .values({ vendorUserId: vendor.id, method: 'upi', upiId: 'ravi@okaxis', pan: 'ABCPK1234F' });
  const shopper = await newShopper(t);
  const payable = async (unitPricePaise: number) => {
    const part = await createSettledPart(t.db, {
      customerUserId: shopper.userId,
      vendorUserId: vendor.id,
      storeId: shop.id,
      items: [{ unitPricePaise }],
      status: 'delivered',
    });
    await recordSale(t.db, part.orderPartId);
    await recordRelease(t.db, part.orderPartId);
    return part;
  };
  return { vendor, payable };
}

describe('the same vendor payout marked paid by two super admins at once', () => {
  it('is paid once: one 200 and one 409, paid_paise grows by its amount once, one audit entry', async () => {
    const { vendor, payable } = await payableVendor('10.210.3.1');
    let paid = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const part = await payable(99_900);
      const settled = await admin.post('/api/admin/payouts', {
        vendorUserId: vendor.id,
        upTo: todayInIndia(),
        code: await freshCode(t, secret),
      });
      expect(settled.statusCode, settled.body).toBe(201);
      const id = settled.json().id as string;
      expect(settled.json().amountPaise).toBe(part.netPaise);

      await freshCode(t, secret);
      const [first, other] = await Promise.all([
        admin.post(`/api/admin/payouts/${id}/pay`, { reference: String(800_000_000_000 + i), code: totpCode(secret) }),
        second.post(`/api/admin/payouts/${id}/pay`, {
          reference: String(900_000_000_000 + i),
          code: totpCode(secondSecret),
        }),
      ]);
      expect([first.statusCode, other.statusCode].sort()).toEqual([200, 409]);
      expect((first.statusCode === 409 ? first : other).json().error.message).toBe('This payout is already paid');
      paid += part.netPaise;

      const [row] = await queryRows<{ status: string; reference: string }>(
        t.db,
        sql`select status, reference from vendor_payouts where id = ${id}`,
      );
      expect(row).toEqual({
        status: 'paid',
        reference: String((first.statusCode === 200 ? 800_000_000_000 : 900_000_000_000) + i),
      });
      expect(
        await count(
          t,
          sql`select count(*)::int as n from system_logs where action = 'payout_paid' and resource_id = ${id}`,
        ),
      ).toBe(1);
      expect(await vendorBalancesOf(t.db, vendor.id)).toEqual({ pendingPaise: 0, payablePaise: 0, paidPaise: paid });
    }
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});

describe('the same vendor settled by two super admins at once, and a payout paid and cancelled at once', () => {
  it('creates one payout (one 201, one 409), and ends it paid or cancelled, never both', async () => {
    const { vendor, payable } = await payableVendor('10.210.4.1');
    let paid = 0;
    for (let i = 0; i < ROUNDS; i++) {
      await payable(50_000);
      const before = await vendorBalancesOf(t.db, vendor.id);

      await freshCode(t, secret);
      const body = { vendorUserId: vendor.id, upTo: todayInIndia() };
      const settles = await Promise.all([
        admin.post('/api/admin/payouts', { ...body, code: totpCode(secret) }),
        second.post('/api/admin/payouts', { ...body, code: totpCode(secondSecret) }),
      ]);
      expect(settles.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const created = settles.find((r) => r.statusCode === 201)!.json() as { id: string; amountPaise: number };
      expect(created.amountPaise).toBe(before.payablePaise);
      expect(
        await count(
          t,
          sql`select count(*)::int as n from vendor_payouts where vendor_user_id = ${vendor.id} and status = 'created'`,
        ),
      ).toBe(1);

      await freshCode(t, secret);
      const [payRes, cancelRes] = await Promise.all([
        admin.post(`/api/admin/payouts/${created.id}/pay`, {
          reference: String(600_000_000_000 + i),
          code: totpCode(secret),
        }),
        second.post(`/api/admin/payouts/${created.id}/cancel`, { code: totpCode(secondSecret) }),
      ]);
      expect([payRes.statusCode, cancelRes.statusCode].sort()).toEqual([200, 409]);
      const outcome = payRes.statusCode === 200 ? 'paid' : 'cancelled';
      if (outcome === 'paid') paid += created.amountPaise;
      const [row] = await queryRows<{ status: string }>(
        t.db,
        sql`select status from vendor_payouts where id = ${created.id}`,
      );
      expect(row.status).toBe(outcome);
      expect(
        await count(
          t,
          sql`select count(*)::int as n from system_logs where resource_type = 'payout' and resource_id = ${created.id}`,
        ),
      ).toBe(2);
      // Paid: it left payable for good; cancelled: it is payable again (and carried into the next round's payout).
      expect(await vendorBalancesOf(t.db, vendor.id)).toEqual({
        pendingPaise: 0,
        payablePaise: outcome === 'paid' ? 0 : created.amountPaise,
        paidPaise: paid,
      });
    }
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});
