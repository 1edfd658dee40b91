// What the soak checks in SQL once the traffic has stopped: every money rule of the store
// (src/server/money-checks.ts, as `npm run check:money` runs them), and that stock was conserved
// (each unit is in stock, held for a payment or sold) from before the traffic to after it.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/server/platform/db';
import { checkMoney } from '../src/server/money-checks';

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

/** Runs every check; `before` is the stock account taken before the traffic. */
export async function checkInvariants(db: Db, before: Map<string, number>): Promise<Invariant[]> {
  const results: Invariant[] = (await checkMoney(db)).map((c) => ({
    name: c.rule,
    broken: c.broken,
    examples: c.examples,
  }));
  const after = await stockAccount(db);
  const moved = [...after]
    .filter(([id, units]) => before.get(id) !== undefined && before.get(id) !== units)
    .map(([id, units]) => ({ id, before: before.get(id), after: units }));
  results.push({
    name: 'stock conserved per product and per variant (stock + held + sold in parts not cancelled, before and after)',
    broken: moved.length,
    examples: moved.slice(0, 3),
  });
  return results;
}
