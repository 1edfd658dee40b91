import { desc, eq, sql } from 'drizzle-orm';
import { describeAuditAction, type AdminOverview } from '../../../contracts/admin.contract';
import { growthPercent } from '../../../domain/growth';
import { queryRows, type DbOrTx } from '../../platform/db';
import { systemLogs } from '../audit';
import { adminAccounts, deletedUserIds, users, vendors } from '../auth';
import { products } from '../catalog';
import { employees } from '../erp';
import { merchants } from '../merchants';
import { orders } from '../orders';
import { referrals } from '../referrals';

const IST = sql.raw(`'Asia/Kolkata'`);
// Month starts in India time, as timestamptz: this month's, last month's, and "the same moment last month".
const thisMonth = sql`(date_trunc('month', now() at time zone ${IST}) at time zone ${IST})`;
const lastMonth = sql`((date_trunc('month', now() at time zone ${IST}) - interval '1 month') at time zone ${IST})`;
const sameMomentLastMonth = sql`(((now() at time zone ${IST}) - interval '1 month') at time zone ${IST})`;
/** What customers paid after points, less what is due back to them. */
const revenueOf = sql`(${orders.totalAmountPaise} - ${orders.refundDuePaise})`;

const num = (v: unknown) => Number(v ?? 0);

/** SPEC.md's admin stats: totals, this month's growth against the same days of last month, 30 days of orders and revenue, and the latest audit entries. */
export async function getAdminOverview({ db }: { db: DbOrTx }): Promise<AdminOverview> {
  const [totals] = await queryRows<Record<string, unknown>>(db, sql`
    select
      (select count(*) from ${users} where ${users.status} <> 'deleted') as users,
      (select count(*) from ${users} where ${users.createdAt} >= ${thisMonth}) as users_now,
      (select count(*) from ${users} where ${users.createdAt} >= ${lastMonth} and ${users.createdAt} < ${sameMomentLastMonth}) as users_before,
      (select count(*) from ${merchants} where ${merchants.userId} not in (${deletedUserIds})) as merchants,
      (select count(*) from ${vendors} where ${vendors.userId} not in (${deletedUserIds})) as vendors,
      (select count(*) from ${referrals}) as referrals,
      (select count(*) from ${products} where ${products.withdrawnAt} is null) as products,
      (select count(*) from ${vendors} where not ${vendors.isApproved} and ${vendors.userId} not in (${deletedUserIds}))
        + (select count(*) from ${employees} where not ${employees.isApproved} and ${employees.deletedAt} is null) as pending,
      (select count(*) from ${orders}) as orders,
      (select coalesce(sum(${revenueOf}), 0) from ${orders}) as revenue,
      (select count(*) from ${orders} where ${orders.createdAt} >= ${thisMonth}) as orders_now,
      (select count(*) from ${orders} where ${orders.createdAt} >= ${lastMonth} and ${orders.createdAt} < ${sameMomentLastMonth}) as orders_before,
      (select coalesce(sum(${revenueOf}), 0) from ${orders} where ${orders.createdAt} >= ${thisMonth}) as revenue_now,
      (select coalesce(sum(${revenueOf}), 0) from ${orders} where ${orders.createdAt} >= ${lastMonth} and ${orders.createdAt} < ${sameMomentLastMonth}) as revenue_before
  `);

  const days = await queryRows<{ day: string; orders: unknown; revenue: unknown }>(db, sql`
    with days as (
      select generate_series((now() at time zone ${IST})::date - 29, (now() at time zone ${IST})::date, interval '1 day')::date as day
    )
    select to_char(days.day, 'YYYY-MM-DD') as day, count(o.id) as orders, coalesce(sum(o.total_amount_paise - o.refund_due_paise), 0) as revenue
    from days
    left join ${orders} o on o.created_at >= (days.day::timestamp at time zone ${IST}) and o.created_at < ((days.day + 1)::timestamp at time zone ${IST})
    group by days.day
    order by days.day
  `);

  const activity = await db
    .select({ id: systemLogs.id, action: systemLogs.action, actorType: systemLogs.actorType, email: adminAccounts.email, newData: systemLogs.newData, createdAt: systemLogs.createdAt })
    .from(systemLogs)
    .leftJoin(adminAccounts, eq(adminAccounts.id, systemLogs.actorId))
    .orderBy(desc(systemLogs.createdAt))
    .limit(10);

  return {
    totals: {
      totalUsers: num(totals.users),
      totalMerchants: num(totals.merchants),
      totalOrders: num(totals.orders),
      totalRevenuePaise: num(totals.revenue),
      totalVendors: num(totals.vendors),
      totalReferrals: num(totals.referrals),
      totalProducts: num(totals.products),
      pendingApprovals: num(totals.pending),
    },
    growth: {
      usersGrowth: growthPercent(num(totals.users_now), num(totals.users_before)),
      ordersGrowth: growthPercent(num(totals.orders_now), num(totals.orders_before)),
      revenueGrowth: growthPercent(num(totals.revenue_now), num(totals.revenue_before)),
    },
    daily: days.map((d) => ({ date: d.day, orders: num(d.orders), revenuePaise: num(d.revenue) })),
    recentActivity: activity.map((a) => ({
      id: a.id,
      description: describeAuditAction(a.action),
      user: a.email ?? (a.newData as { email?: string } | null)?.email ?? (a.actorType === 'system' ? 'System' : 'Unknown'),
      timestamp: a.createdAt.toISOString(),
    })),
  };
}
