import { and, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { notEnoughStockMessage } from '../../../contracts/checkout.contract';
import { AppError } from '../../platform/app-error';
import { composedWrites, queryRows, type Db, type DbOrTx, type NamedWrite, type Tx } from '../../platform/db';
import { startRepeatingJob, type JobLog, type JobMetrics, type StopJob } from '../../platform/repeating-job';
import { byStockKey, getPurchasableLines, returnStock, stockKey, takeStock } from './catalog.stock';
import { products, stockHolds } from './catalog.tables';

/** A line to reserve: so many units of a product, or of one of its variants. */
export type HoldLine = { productId: string; variantId?: string | null; name: string; quantity: number };

/**
 * Reserves the lines' stock under `ref` (a payment id) until `expiresAt`: the units leave the
 * product's stock at once, with conditional updates in product order (so concurrent checkouts never
 * deadlock or oversell). A shortage throws 409 naming the product; the caller's transaction rolls back.
 */
export async function holdStock(tx: Tx, a: { ref: string; lines: HoldLine[]; expiresAt: Date }): Promise<void> {
  for (const l of [...a.lines].sort(byStockKey)) {
    // Each line's units are taken and held in one statement.
    if (!(await takeStock(tx, l.productId, l.quantity, l.variantId ?? null, { ref: a.ref, expiresAt: a.expiresAt }))) {
      const now = (await getPurchasableLines(tx, [l])).get(stockKey(l));
      throw new AppError('CONFLICT', notEnoughStockMessage(l.name, now?.stockQuantity ?? 0));
    }
  }
}

/** Whether holdStockAtOnce can hold these lines: products without options, each once. */
export function holdableAtOnce(lines: readonly HoldLine[]): boolean {
  return lines.every((l) => !l.variantId) && new Set(lines.map((l) => l.productId)).size === lines.length;
}

/**
 * holdStock of lines of products without options (holdableAtOnce) as one statement, atomic by itself
 * (no transaction): the products are locked in product order (the order of every stock change, so
 * concurrent checkouts never deadlock), and only when every one still has the units are they taken and
 * held; else nothing is written and 409 names the first product short. `also`: other modules' steps of
 * the same statement, given the SQL condition that the stock was held, which they must write under.
 */
export async function holdStockAtOnce(
  db: DbOrTx,
  a: { ref: string; lines: HoldLine[]; expiresAt: Date; also?: (held: SQL) => readonly NamedWrite[] },
): Promise<void> {
  if (!holdableAtOnce(a.lines) || a.lines.length === 0) throw new Error('holdStockAtOnce: lines it cannot hold');
  for (const l of a.lines) if (!Number.isInteger(l.quantity) || l.quantity < 1) throw new RangeError('bad quantity');
  const n = a.lines.length;
  const wanted = sql.join(
    a.lines.map((l) => sql`(${l.productId}::uuid, ${l.quantity}::int)`),
    sql`, `,
  );
  const held = sql`(select count(*) from stock_held) = ${n}`;
  const steps = a.also?.(held) ?? [];
  // The statement's own steps are wanted and stock_*: other modules' steps keep out of that name space.
  for (const s of steps) if (s.name.startsWith('stock_')) throw new Error(`holdStockAtOnce: bad step name ${s.name}`);
  const also = composedWrites(steps, ['wanted']);
  const p = products;
  const rows = await queryRows<{ held: number | string; locked: string[] }>(
    db,
    sql`with wanted (product_id, quantity) as (values ${wanted}),
      stock_locked as (
        select ${p.id} as id from ${p} join wanted w on w.product_id = ${p.id}
        where ${p.option1Name} is null and ${p.stockQuantity} >= w.quantity
        order by ${p.id} for update of ${p}),
      stock_taken as (
        update ${p} set stock_quantity = ${p.stockQuantity} - w.quantity, updated_at = now()
        from wanted w
        where ${p.id} = w.product_id and ${p.stockQuantity} >= w.quantity
          and (select count(*) from stock_locked) = ${n}
        returning ${p.id} as id),
      stock_held as (
        insert into ${stockHolds} (ref, product_id, variant_id, quantity, expires_at)
        select ${a.ref}::uuid, w.product_id, null, w.quantity, ${a.expiresAt.toISOString()}::timestamptz
        from wanted w join stock_taken t on t.id = w.product_id
        returning id)${also.ctes ? sql`, ${also.ctes}` : sql``}
      select (select count(*) from stock_held) as held,
        (select coalesce(array_agg(id::text), '{}') from stock_locked) as locked`,
  );
  if (Number(rows[0]?.held ?? 0) === n) return;
  const locked = new Set(rows[0]?.locked ?? []);
  const short = [...a.lines].sort(byStockKey).find((l) => !locked.has(l.productId)) ?? a.lines[0];
  const now = (await getPurchasableLines(db, [short])).get(stockKey(short));
  throw new AppError('CONFLICT', notEnoughStockMessage(short.name, now?.stockQuantity ?? 0));
}

/**
 * Turns the unexpired holds of `ref` into a sale (their units are already out of stock). Answers
 * false when there is nothing to turn: no hold was made, or it expired or was released.
 */
export async function sellHeldStock(tx: Tx, ref: string): Promise<boolean> {
  const sold = await tx
    .update(stockHolds)
    .set({ status: 'sold', updatedAt: sql`now()` })
    .where(and(eq(stockHolds.ref, ref), eq(stockHolds.status, 'held'), gt(stockHolds.expiresAt, sql`now()`)))
    .returning({ id: stockHolds.id });
  return sold.length > 0;
}

/**
 * sellHeldStock as a step of a caller's one statement (`held_stock_sold`, counted: none sold means
 * nothing to turn), run only when `when` (an SQL condition on the statement's earlier steps) holds.
 */
export function sellHeldStockStep(ref: string, when: SQL): NamedWrite {
  return {
    name: 'held_stock_sold',
    counted: true,
    body: sql`update ${stockHolds} set status = 'sold', updated_at = now()
      where ${stockHolds.ref} = ${ref} and ${stockHolds.status} = 'held' and ${stockHolds.expiresAt} > now()
        and ${when}
      returning ${stockHolds.id}`,
  };
}

/** Puts back the stock of holds that are still held, marking them released; each hold is released once, whoever calls. */
async function releaseWhere(tx: Tx, where: SQL | undefined): Promise<number> {
  const released = await tx
    .update(stockHolds)
    .set({ status: 'released', updatedAt: sql`now()` })
    .where(and(eq(stockHolds.status, 'held'), where))
    .returning({ productId: stockHolds.productId, variantId: stockHolds.variantId, quantity: stockHolds.quantity });
  for (const r of released.sort(byStockKey)) await returnStock(tx, r.productId, r.quantity, r.variantId);
  return released.length;
}

/** Releases the holds of the given refs (a failed, cancelled or replaced payment): their units go back to stock. */
export async function releaseHeldStock(tx: Tx, refs: string[]): Promise<number> {
  if (refs.length === 0) return 0;
  return releaseWhere(tx, inArray(stockHolds.ref, refs));
}

/** Expired holds still held (all, or only those of the given products or refs). */
const expiredWhere = (only: { productIds?: string[]; refs?: string[] }) =>
  and(
    lte(stockHolds.expiresAt, sql`now()`),
    only.productIds ? inArray(stockHolds.productId, only.productIds) : undefined,
    only.refs ? inArray(stockHolds.ref, only.refs) : undefined,
  );

/** Releases expired holds (all, or only those of the given products or refs): their units go back to stock. Answers how many. */
export async function releaseExpiredHolds(
  tx: Tx,
  only: { productIds?: string[]; refs?: string[] } = {},
): Promise<number> {
  if (only.productIds?.length === 0 || only.refs?.length === 0) return 0;
  return releaseWhere(tx, expiredWhere(only));
}

/** Starts the release of expired stock holds (soon, then every `intervalMs`, a minute by default); answers a function that stops it. */
export function startStockHoldsJob({
  db,
  intervalMs = 60_000,
  log,
  metrics,
}: {
  db: Db;
  intervalMs?: number;
  log: JobLog;
  metrics?: JobMetrics;
}): StopJob {
  return startRepeatingJob({
    db,
    name: 'Stock holds',
    intervalMs,
    log,
    metrics,
    run: async () => {
      // Each hold is released by one conditional update, so two processes running this never return stock twice.
      const released = await db.transaction((tx) => releaseExpiredHolds(tx));
      return released ? `${released} expired hold(s) released; their stock is back on sale` : null;
    },
  });
}
