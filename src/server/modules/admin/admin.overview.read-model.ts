import { sql } from 'drizzle-orm';
import type { AdminOverview } from '../../../contracts/admin.contract';
import { growthPercent } from '../../../domain/growth';
import { queryRows, type DbOrTx } from '../../platform/db';
import { deletedUserIds, userRows as u, vendorRows as v } from '../auth';
import { productListRows as p } from '../catalog';
import { employeeRows as e } from '../erp';
import { merchantRows as m } from '../merchants';
import { referralRows as r } from '../referrals';
import { recentAuditActivity } from './admin.audit.read-model';
import {
  dailySales,
  lastMonth,
  num,
  salesTotals,
  sameMomentLastMonth,
  thisMonth,
} from './admin.overview-sales.read-model';

// The overview: how many users, merchants, vendors, referrals and products there are and what waits
// for approval, counted in one statement over their owners' row sources: auth (users, vendors),
// merchants (merchants), referrals (referrals), catalog (products) and erp (employees); with the
// sales of admin.overview-sales.read-model.ts and the latest audit entries. Read-only.

async function peopleTotals(db: DbOrTx) {
  const [t] = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select
      (select count(*) from ${u} where ${u.status} <> 'deleted') as users,
      (select count(*) from ${u} where ${u.createdAt} >= ${thisMonth}) as users_now,
      (select count(*) from ${u} where ${u.createdAt} >= ${lastMonth} and ${u.createdAt} < ${sameMomentLastMonth}) as users_before,
      (select count(*) from ${m} where ${m.userId} not in (${deletedUserIds})) as merchants,
      (select count(*) from ${v} where ${v.userId} not in (${deletedUserIds})) as vendors,
      (select count(*) from ${r}) as referrals,
      (select count(*) from ${p} where ${p.withdrawnAt} is null) as products,
      (select count(*) from ${v} where not ${v.isApproved} and ${v.userId} not in (${deletedUserIds}))
        + (select count(*) from ${e} where not ${e.isApproved} and ${e.deletedAt} is null) as pending
  `,
  );
  return t;
}

/** SPEC.md's admin stats: totals, this month's growth against the same days of last month, 30 days of orders and revenue, and the latest audit entries. */
export async function getAdminOverview({ db }: { db: DbOrTx }): Promise<AdminOverview> {
  const people = await peopleTotals(db);
  const sales = await salesTotals(db);
  const daily = await dailySales(db);
  const recentActivity = await recentAuditActivity(db);
  return {
    totals: {
      totalUsers: num(people.users),
      totalMerchants: num(people.merchants),
      totalOrders: sales.orders,
      totalRevenuePaise: sales.revenue,
      totalVendors: num(people.vendors),
      totalReferrals: num(people.referrals),
      totalProducts: num(people.products),
      pendingApprovals: num(people.pending),
    },
    growth: {
      usersGrowth: growthPercent(num(people.users_now), num(people.users_before)),
      ordersGrowth: growthPercent(sales.ordersNow, sales.ordersBefore),
      revenueGrowth: growthPercent(sales.revenueNow, sales.revenueBefore),
    },
    daily,
    recentActivity,
  };
}
