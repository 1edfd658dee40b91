import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../platform/db';
import { orderRows as o } from '../orders';

// The overview's sales: orders and revenue, in total, this month against the same days of last
// month, and for each of the last 30 days, over orders (orders) through its row source. Read-only.

const IST = sql.raw(`'Asia/Kolkata'`);
// Month starts in India time, as timestamptz: this month's, last month's, and "the same moment last month".
export const thisMonth = sql`(date_trunc('month', now() at time zone ${IST}) at time zone ${IST})`;
export const lastMonth = sql`((date_trunc('month', now() at time zone ${IST}) - interval '1 month') at time zone ${IST})`;
export const sameMomentLastMonth = sql`(((now() at time zone ${IST}) - interval '1 month') at time zone ${IST})`;
/** What customers paid after points, less what is due back to them. */
const revenueOf = sql`(${o.totalAmountPaise} - ${o.refundDuePaise})`;

export const num = (v: unknown) => Number(v ?? 0);

/** Orders and revenue: in total, since this month began, and over the same days of last month. */
export async function salesTotals(db: DbOrTx) {
  const [t] = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select
      (select count(*) from ${o}) as orders,
      (select coalesce(sum(${revenueOf}), 0) from ${o}) as revenue,
      (select count(*) from ${o} where ${o.createdAt} >= ${thisMonth}) as orders_now,
      (select count(*) from ${o} where ${o.createdAt} >= ${lastMonth} and ${o.createdAt} < ${sameMomentLastMonth}) as orders_before,
      (select coalesce(sum(${revenueOf}), 0) from ${o} where ${o.createdAt} >= ${thisMonth}) as revenue_now,
      (select coalesce(sum(${revenueOf}), 0) from ${o} where ${o.createdAt} >= ${lastMonth} and ${o.createdAt} < ${sameMomentLastMonth}) as revenue_before
  `,
  );
  return {
    orders: num(t.orders),
    revenue: num(t.revenue),
    ordersNow: num(t.orders_now),
    ordersBefore: num(t.orders_before),
    revenueNow: num(t.revenue_now),
    revenueBefore: num(t.revenue_before),
  };
}

/** Orders and revenue of each of the last 30 India days, oldest first. */
export async function dailySales(db: DbOrTx): Promise<{ date: string; orders: number; revenuePaise: number }[]> {
  const days = await queryRows<{ day: string; orders: unknown; revenue: unknown }>(
    db,
    sql`
    with days as (
      select generate_series((now() at time zone ${IST})::date - 29, (now() at time zone ${IST})::date, interval '1 day')::date as day
    )
    select to_char(days.day, 'YYYY-MM-DD') as day, count(${o.id}) as orders, coalesce(sum(${revenueOf}), 0) as revenue
    from days
    left join ${o} on ${o.createdAt} >= (days.day::timestamp at time zone ${IST}) and ${o.createdAt} < ((days.day + 1)::timestamp at time zone ${IST})
    group by days.day
    order by days.day
  `,
  );
  return days.map((d) => ({ date: d.day, orders: num(d.orders), revenuePaise: num(d.revenue) }));
}
