import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview } from '../../../contracts/admin.contract';
import { queryRows } from '../../platform/db';
import { TestClient, buildTestApp, type TestApp } from '../../test/app';
import { signInSuperAdmin } from '../../test/admin';
import { createVendorUser } from '../../test/catalog-factories';
import { customerInput, merchantInput, registerAndLogin, vendorInput } from '../../test/factories';
import { createOrderWithPart, createTestShop } from '../../test/order-factories';
import { userProfiles, vendors } from '../auth/auth.tables';
import { employees } from '../erp/erp.tables';
import { orders } from '../orders/orders.tables';

// The Overview tab's figures come from the database, and only the super admin may read them.

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signInSuperAdmin(t)).client;
  // The shared shop that test orders use, made now so that its vendor is not counted as new below.
  await createTestShop(t.db);
});
afterAll(() => t.close());

const overview = async () => {
  const res = await admin.get('/api/admin/overview');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminOverview;
};

describe('GET /api/admin/overview', () => {
  it('refuses guests, customers, vendors, merchants and users with role admin (401)', async () => {
    expect((await new TestClient(t.app).get('/api/admin/overview')).statusCode).toBe(401);
    for (const [input, role] of [
      [customerInput(), 'customer'],
      [vendorInput(), 'vendor'],
      [merchantInput(), 'merchant'],
      [customerInput(), 'admin'],
    ] as const) {
      const client = new TestClient(t.app, '10.3.0.9');
      const { id } = await registerAndLogin(client, input);
      if (role === 'admin')
        await t.db
          .update(userProfiles)
          .set({ role: 'admin' })
          .where(sql`${userProfiles.userId} = ${id}`);
      const res = await client.get('/api/admin/overview');
      expect(res.statusCode, role).toBe(401);
      expect((await client.get('/api/admin/session')).statusCode, role).toBe(401);
    }
  });

  it('counts from the database, with pending approvals = unapproved vendors + unapproved employees', async () => {
    const before = await overview();
    const customer = new TestClient(t.app, '10.3.0.10');
    const { id: customerId } = await registerAndLogin(customer, customerInput());
    const vendor = await createVendorUser(t.db);
    await t.db
      .update(vendors)
      .set({ isApproved: false })
      .where(sql`${vendors.userId} = ${vendor.userId}`);
    await t.db.insert(employees).values({
      email: `e${Date.now()}@haat.test`,
      passwordHash: 'x',
      firstName: 'Asha',
      lastName: 'Rao',
      isApproved: false,
    });
    // ₹1,000 paid, then ₹300 of it due back: ₹700 of revenue.
    const { orderId } = await createOrderWithPart(t.db, { customerUserId: customerId, subtotalPaise: 100_000 });
    await t.db
      .update(orders)
      .set({ refundDuePaise: 30_000 })
      .where(sql`${orders.id} = ${orderId}`);

    const after = await overview();
    expect(after.totals.totalUsers - before.totals.totalUsers).toBe(2);
    expect(after.totals.totalVendors - before.totals.totalVendors).toBe(1);
    expect(after.totals.pendingApprovals - before.totals.pendingApprovals).toBe(2);
    expect(after.totals.totalOrders - before.totals.totalOrders).toBe(1);
    expect(after.totals.totalRevenuePaise - before.totals.totalRevenuePaise).toBe(70_000);

    // Thirty days, oldest first, today last, with today's order in it.
    expect(after.daily).toHaveLength(30);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    expect(after.daily.at(-1)).toMatchObject({ date: today });
    expect(after.daily.at(-1)!.orders - (before.daily.at(-1)?.orders ?? 0)).toBe(1);
    expect(after.daily.at(-1)!.revenuePaise - (before.daily.at(-1)?.revenuePaise ?? 0)).toBe(70_000);
  });

  it('computes growth of this month so far against the same days of last month', async () => {
    const customer = new TestClient(t.app, '10.3.0.11');
    const { id: customerId } = await registerAndLogin(customer, customerInput());
    const monthStart = sql`(date_trunc('month', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata')`;
    // Two orders placed a minute into last month: last month's, and within "the same days".
    for (let i = 0; i < 2; i++) {
      const { orderId } = await createOrderWithPart(t.db, { customerUserId: customerId, subtotalPaise: 50_000 });
      await t.db.execute(
        sql`update orders set created_at = ((date_trunc('month', now() at time zone 'Asia/Kolkata') - interval '1 month') at time zone 'Asia/Kolkata') + interval '1 minute' where id = ${orderId}`,
      );
    }
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from orders where created_at >= ${monthStart}`,
    );
    const { growth } = await overview();
    expect(growth.ordersGrowth).toBe(Math.round(((Number(n) - 2) / 2) * 1000) / 10);
    // Nobody registered last month: no percentage to show.
    expect(growth.usersGrowth).toBeNull();
  });

  it('lists the latest 10 audit entries as recent activity, newest first', async () => {
    const { recentActivity } = await overview();
    expect(recentActivity.length).toBeGreaterThan(0);
    expect(recentActivity.length).toBeLessThanOrEqual(10);
    expect(recentActivity[0]).toMatchObject({ description: 'Super admin signed in', user: 'root@haat.test' });
  });
});
