// The money rules the soak checks in SQL once the traffic has stopped. Each answers the rows that
// break it (none when it holds); the ledger check is the one the tests use (pointsLedgerMismatches).
import { sql } from 'drizzle-orm';
import { PAISE_PER_POINT } from '../src/domain/money';
import { FREE_SHIPPING_ABOVE_PAISE, SHIPPING_FEE_PAISE } from '../src/domain/pricing';
import { queryRows, type Db } from '../src/server/platform/db';
import { moneyInvariantViolations } from '../src/server/test/invariants';
import { pointsLedgerMismatches } from '../src/server/test/order-factories';

export type Invariant = { name: string; broken: number; examples: unknown[] };

/**
 * Per product, and per variant of a product with sizes or colours: its stock, plus units held for
 * payments, plus units sold in parts not cancelled (a sale or a hold moves units, never makes or loses them).
 */
const STOCK_ACCOUNT = sql`
  select p.id::text as id, p.stock_quantity
           + coalesce((select sum(h.quantity) from stock_holds h where h.product_id = p.id and h.status = 'held'), 0)
           + coalesce((select sum(i.quantity) from order_items i join order_parts op on op.id = i.order_part_id
                       where i.product_id = p.id and op.status <> 'cancelled'), 0) as units
  from products p
  union all
  select 'variant ' || v.id::text, v.stock_quantity
           + coalesce((select sum(h.quantity) from stock_holds h where h.variant_id = v.id and h.status = 'held'), 0)
           + coalesce((select sum(i.quantity) from order_items i join order_parts op on op.id = i.order_part_id
                       where i.variant_id = v.id and op.status <> 'cancelled'), 0)
  from product_variants v`;

/** The per-product unit count that stock, holds and sales keep constant; taken before the traffic starts. */
export async function stockAccount(db: Db): Promise<Map<string, number>> {
  const rows = await queryRows<{ id: string; units: number }>(db, STOCK_ACCOUNT);
  return new Map(rows.map((r) => [r.id, Number(r.units)]));
}

type SqlQuery = ReturnType<typeof sql>;

const shipping = (subtotal: unknown) => sql`(case when ${subtotal} <= 0 then 0 when ${subtotal} > ${FREE_SHIPPING_ABOVE_PAISE} then 0 else ${SHIPPING_FEE_PAISE} end)`;

const checks: { name: string; query: SqlQuery }[] = [
  { name: 'no balance below 0', query: sql`select user_id, reward_points, pending_points from customers where reward_points < 0 or pending_points < 0` },
  { name: 'no stock below 0', query: sql`select id, stock_quantity from products where stock_quantity < 0` },
  {
    name: "each order's amounts add up (items = parts = subtotal; shipping by the rule; total = subtotal + shipping - points)",
    query: sql`select o.id, o.subtotal_paise, o.shipping_paise, o.total_amount_paise, o.points_used, i.items, pa.parts
      from orders o
      left join lateral (select coalesce(sum(price_paise * quantity), 0)::bigint as items from order_items where order_id = o.id) i on true
      left join lateral (select coalesce(sum(subtotal_paise), 0)::bigint as parts from order_parts where order_id = o.id) pa on true
      where o.subtotal_paise <> i.items or o.subtotal_paise <> pa.parts
         or o.shipping_paise <> ${shipping(sql`o.subtotal_paise`)}
         or o.total_amount_paise <> greatest(0, o.subtotal_paise + o.shipping_paise - o.points_used * ${PAISE_PER_POINT})`,
  },
  {
    name: "each part's subtotal is its items'",
    query: sql`select op.id, op.subtotal_paise, coalesce(sum(i.price_paise * i.quantity), 0)::bigint as items
      from order_parts op left join order_items i on i.order_part_id = op.id
      group by op.id, op.subtotal_paise having op.subtotal_paise <> coalesce(sum(i.price_paise * i.quantity), 0)`,
  },
  {
    name: 'no order without parts, no part without items',
    query: sql`select o.id as order_id, null as part_id from orders o where not exists (select 1 from order_parts where order_id = o.id)
      union all select op.order_id, op.id from order_parts op where not exists (select 1 from order_items where order_part_id = op.id)`,
  },
  {
    name: 'each paid order has its one paid payment of exactly its total (test gateway marked)',
    query: sql`select o.id, o.payment_status, o.total_amount_paise, p.id as payment, p.status, p.amount_paise, p.order_id
      from orders o left join payments p on p.id::text = o.payment_id
      where o.payment_status <> 'not_required'
        and (p.id is null or p.status <> 'paid' or p.amount_paise <> o.total_amount_paise or p.order_id is distinct from o.id or o.test_payment <> (p.gateway = 'test'))`,
  },
  {
    name: 'an order paid wholly with points has no payment and a total of 0',
    query: sql`select id, total_amount_paise, payment_id from orders where payment_status = 'not_required' and (total_amount_paise <> 0 or payment_id is not null)`,
  },
  {
    name: 'each paid payment made its one order',
    query: sql`select p.id, p.order_id from payments p where p.status = 'paid'
      and (p.order_id is null or not exists (select 1 from orders o where o.id = p.order_id and o.payment_id = p.id::text))`,
  },
  {
    name: 'the points an order used were spent once (spent rows = points used)',
    query: sql`select o.id, o.points_used, coalesce(-sum(t.points) filter (where t.transaction_type = 'spent'), 0)::int as spent
      from orders o left join rewards_transactions t on t.order_id = o.id
      group by o.id, o.points_used having o.points_used <> coalesce(-sum(t.points) filter (where t.transaction_type = 'spent'), 0)`,
  },
  {
    name: "each part's earned points are recorded once, and none left pending once it is cancelled",
    query: sql`select op.id, op.status, op.points_earned, count(t.id) filter (where t.transaction_type = 'earned') as earned_rows,
        coalesce(sum(t.pending_points), 0)::int as pending
      from order_parts op left join rewards_transactions t on t.order_part_id = op.id
      group by op.id, op.status, op.points_earned
      having count(t.id) filter (where t.transaction_type = 'earned') <> (case when op.points_earned > 0 then 1 else 0 end)
          or (op.status = 'cancelled' and coalesce(sum(t.pending_points), 0) <> 0)`,
  },
  {
    name: 'a wholly cancelled order gave back all its points used and, when paid, all its money (refund due = total)',
    query: sql`select o.id, o.points_used, o.payment_status, o.total_amount_paise, o.refund_due_paise,
        coalesce((select -sum(points) from rewards_transactions where order_id = o.id and transaction_type in ('spent', 'refunded')), 0)::int as points_kept
      from orders o
      where not exists (select 1 from order_parts where order_id = o.id and status <> 'cancelled')
        and (coalesce((select -sum(points) from rewards_transactions where order_id = o.id and transaction_type in ('spent', 'refunded')), 0) <> 0
             or (o.payment_status <> 'not_required' and o.refund_due_paise <> o.total_amount_paise))`,
  },
  {
    name: "each delivered part is credited to its vendor once, at its items' net (vendor ledger 'sale'), and no other part is",
    query: sql`select op.id, op.status, count(v.id) as sales
      from order_parts op join order_item_settlements l on l.order_part_id = op.id and l.order_item_id = (select min(order_item_id::text)::uuid from order_item_settlements where order_part_id = op.id)
      left join vendor_ledger v on v.order_part_id = op.id and v.entry_type = 'sale'
      group by op.id, op.status
      having count(v.id) <> (case when op.status = 'delivered' then 1 else 0 end)`,
  },
];

/** Runs every check; `before` is the stock account taken before the traffic. */
export async function checkInvariants(db: Db, before: Map<string, number>): Promise<Invariant[]> {
  const results: Invariant[] = [];
  const ledger = await pointsLedgerMismatches(db);
  results.push({ name: 'points ledger sums equal the balances (customers.reward_points, pending_points)', broken: ledger.length, examples: ledger.slice(0, 3) });
  const store = await moneyInvariantViolations(db);
  results.push({
    name: "the tests' store-wide money rules (src/server/test/invariants.ts: settlement lines gross = commission + TCS + TDS + net, vendor balances = vendor ledger, …)",
    broken: store.length,
    examples: store.slice(0, 3),
  });
  for (const c of checks) {
    const rows = await queryRows<Record<string, unknown>>(db, c.query);
    results.push({ name: c.name, broken: rows.length, examples: rows.slice(0, 3) });
  }
  const after = await stockAccount(db);
  const moved = [...after].filter(([id, units]) => before.get(id) !== undefined && before.get(id) !== units).map(([id, units]) => ({ id, before: before.get(id), after: units }));
  results.push({ name: 'stock conserved per product and per variant (stock + held + sold in parts not cancelled, before and after)', broken: moved.length, examples: moved.slice(0, 3) });
  return results;
}
