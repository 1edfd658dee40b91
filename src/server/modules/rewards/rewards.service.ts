import { sql, type SQL } from 'drizzle-orm';
import { rewardsMessages } from '../../../contracts/rewards.contract';
import { AppError } from '../../platform/app-error';
import { queryRows, writeAtOnce, type DbOrTx, type JsonColumn, type ModuleWrite, type Tx } from '../../platform/db';
import { notify } from '../notifications';
import { partDueForRelease } from '../orders';
import {
  addPointsMakingBalance,
  balancesWithLedgerWrites,
  lockBalance,
  moveBalances,
  moveBalancesWithLedger,
} from './rewards.balances';
import { ledgerRowOpen } from './rewards.conditions';
import { rewardsTransactions } from './rewards.tables';

// The ledger (rewards_transactions) is the truth; reward_balances.available_points / pending_points are
// caches changed by the same delta, in the same transaction, as each ledger row. Rows are only
// ever inserted: releasing or voiding an 'earned' row writes a new row pointing at it.

export type Balances = { availablePoints: number; pendingPoints: number; withdrawnPoints: number; totalEarned: number };

/** `#1A2B3C4D`: the short order reference used in ledger descriptions. */
import { orderRef } from '../../../domain/order-ref';

export { orderRef };

function assertPoints(points: number): void {
  if (!Number.isInteger(points) || points < 0)
    throw new AppError('VALIDATION_FAILED', 'Points must be a whole number of at least 0');
}

// Locks the customer's row and balance row until the transaction ends: ledger writes for one customer go one at a time.
async function lockCustomer(tx: Tx, customerUserId: string): Promise<void> {
  if (!(await lockBalance(tx, customerUserId))) throw new AppError('NOT_FOUND', rewardsMessages.customerNotFound);
}

/** Changes the cached balances by the given deltas (in the caller's transaction, beside its ledger row); false when the customer has no customers row. */
export async function moveCache(
  tx: Tx,
  customerUserId: string,
  d: { points?: number; pendingPoints?: number },
): Promise<boolean> {
  return moveBalances(tx, customerUserId, d);
}

// An 'earned' row is open while no 'released' or 'voided' row points at it.
const isOpen = ledgerRowOpen(sql`e.id`);

/**
 * Reads the balances of a customer after releasing their due pending points. The read also says
 * whether any are due: only then are they released and the balances read again (so the usual
 * case is one statement).
 */
export async function getBalances(
  db: DbOrTx,
  customerUserId: string,
  opts: { returnWindowDays: number },
): Promise<Balances> {
  const due = dueForRelease({ customerUserId, returnWindowDays: opts.returnWindowDays });
  const read = () =>
    queryRows<{ available: number; pending: number; withdrawn: number; earned: number; due: boolean }>(
      db,
      sql`select c.available_points as available, c.pending_points as pending,
          coalesce((select -sum(t.points) from rewards_transactions t
                    where t.customer_id = c.user_id
                      and t.transaction_type in ('withdrawn', 'withdrawal_returned')), 0)::int as withdrawn,
          coalesce((select sum(t.points + t.pending_points) from rewards_transactions t
                    where t.customer_id = c.user_id
                      and t.transaction_type in ('earned', 'voided', 'referral', 'cashback', 'reversed')),
                   0)::int as earned,
          exists (select 1 from rewards_transactions e where ${due} and ${isOpen}) as due
        from reward_balances c where c.user_id = ${customerUserId}`,
    );
  let [row] = await read();
  if (!row || row.due) {
    await releaseDuePoints(db, { customerUserId, returnWindowDays: opts.returnWindowDays });
    [row] = await read();
  }
  if (!row) throw new AppError('NOT_FOUND', rewardsMessages.customerNotFound);
  return {
    availablePoints: Number(row.available),
    pendingPoints: Number(row.pending),
    withdrawnPoints: Number(row.withdrawn),
    totalEarned: Number(row.earned),
  };
}

/**
 * A customer's available points as a column of a caller's read (getBalances' availablePoints when none
 * of their pending points is due for release); null when some are due or there is no balance row: the
 * caller then asks getBalances, which releases them first.
 */
export function availablePointsColumn(customerUserId: string, returnWindowDays: number): JsonColumn<number | null> {
  const due = dueForRelease({ customerUserId, returnWindowDays });
  return {
    sql: sql`(select case when exists (select 1 from rewards_transactions e where ${due} and ${isOpen}) then null
                else c.available_points end
              from reward_balances c where c.user_id = ${customerUserId})`,
    read: (value) => (value === null || value === undefined ? null : Number(value)),
  };
}

/**
 * Spends available points on an order: one statement takes them with a conditional update (never below 0)
 * and writes the 'spent' row beside it; throws CONFLICT, writing nothing, when there are not enough.
 */
export async function spendPoints(
  tx: Tx,
  a: { customerUserId: string; orderId: string; points: number },
): Promise<void> {
  assertPoints(a.points);
  if (a.points === 0) return;
  const written = await moveBalancesWithLedger(tx, a.customerUserId, { points: -a.points, whenAvailable: a.points }, [
    {
      orderId: a.orderId,
      transactionType: 'spent',
      points: -a.points,
      description: `Used on order ${orderRef(a.orderId)}`,
    },
  ]);
  if (written.length === 0)
    throw new AppError('CONFLICT', rewardsMessages.spendTooMuch, { pointsToUse: rewardsMessages.spendTooMuch });
}

/** Points earned on one shop's part of an order, and the description of its 'earned' row. */
export type PartEarning = { orderPartId: string; points: number; description: string };

/** Writes points earned on one shop's part of an order as pending (an 'earned' row); nothing when the points are 0. */
export async function recordPendingEarn(
  tx: Tx,
  a: { customerUserId: string; orderId: string; orderPartId: string; points: number; description: string },
): Promise<void> {
  await recordPendingEarns(tx, {
    customerUserId: a.customerUserId,
    orderId: a.orderId,
    parts: [{ orderPartId: a.orderPartId, points: a.points, description: a.description }],
  });
}

/**
 * Writes the points earned on each shop's part of one order as pending: an 'earned' row per part with
 * points (none for 0), and the pending balance moved by their total, in one statement; throws
 * NOT_FOUND, writing nothing, when the customer has no balance row.
 */
export async function recordPendingEarns(
  tx: Tx,
  a: { customerUserId: string; orderId: string; parts: readonly PartEarning[] },
): Promise<void> {
  await writeAtOnce(tx, pendingEarnsWrite(a));
}

/**
 * recordPendingEarns's writes, for a caller's one statement (writeAtOnce): the balance and its
 * 'earned' rows; its check throws NOT_FOUND when no row was written (no balance row), and the
 * caller's transaction rolls back.
 */
export function pendingEarnsWrite(a: {
  customerUserId: string;
  orderId: string;
  parts: readonly PartEarning[];
}): ModuleWrite {
  for (const p of a.parts) assertPoints(p.points);
  const earning = a.parts.filter((p) => p.points > 0);
  if (earning.length === 0) return { writes: [] };
  const w = balancesWithLedgerWrites(
    'earned',
    a.customerUserId,
    { pendingPoints: earning.reduce((s, p) => s + p.points, 0) },
    earning.map((p) => ({
      orderId: a.orderId,
      orderPartId: p.orderPartId,
      transactionType: 'earned',
      pendingPoints: p.points,
      description: p.description,
    })),
  );
  return {
    writes: [w.balance, w.rows],
    check: (counts) => {
      if (!counts[w.rows.name]) throw new AppError('NOT_FOUND', rewardsMessages.customerNotFound);
    },
  };
}

type OpenEarned = {
  id: string;
  customer_id: string;
  order_id: string | null;
  order_part_id: string | null;
  pending_points: number;
  description: string;
};

const sumPending = (rows: OpenEarned[]) => rows.reduce((s, e) => s + Number(e.pending_points), 0);

/**
 * How pending rows end: released (available now) or voided, each with the description of its new row.
 * `source` names where released points came from ('order #1A2B3C4D', 'cashback from Ravi Stores'):
 * the customer is told once per source that its points are available.
 */
type Ending = { type: 'released' | 'voided'; describe: (e: OpenEarned) => string; source?: (e: OpenEarned) => string };

/** Ends open pending rows of one customer (whose row the caller locked): one row each pointing at it, and the cache moved by the total. */
async function closePending(tx: Tx, customerUserId: string, rows: OpenEarned[], how: Ending): Promise<number> {
  if (rows.length === 0) return 0;
  const total = sumPending(rows);
  await tx.insert(rewardsTransactions).values(
    rows.map((e) => ({
      customerId: customerUserId,
      orderId: e.order_id,
      orderPartId: e.order_part_id,
      transactionType: how.type,
      points: how.type === 'released' ? Number(e.pending_points) : 0,
      pendingPoints: -Number(e.pending_points),
      relatedTransactionId: e.id,
      description: how.describe(e),
    })),
  );
  await moveCache(
    tx,
    customerUserId,
    how.type === 'released' ? { points: total, pendingPoints: -total } : { pendingPoints: -total },
  );
  if (how.type === 'released' && how.source) await noticeAvailable(tx, customerUserId, rows, how.source);
  return total;
}

/** Tells the customer, in the transaction that released them, which points are available now: one notice per source (an order, a merchant's cashback). */
async function noticeAvailable(
  tx: Tx,
  customerUserId: string,
  rows: OpenEarned[],
  sourceOf: (e: OpenEarned) => string,
): Promise<void> {
  const bySource = new Map<string, number>();
  for (const e of rows) bySource.set(sourceOf(e), (bySource.get(sourceOf(e)) ?? 0) + Number(e.pending_points));
  const events = [...bySource]
    .filter(([, points]) => points > 0)
    .map(([source, points]) => ({
      kind: 'points-available',
      to: { userId: customerUserId },
      data: { points, source },
    }));
  if (events.length > 0) await notify(tx, ...events);
}

/** Voids the still-pending points of a cancelled part ('voided' rows pointing at each open 'earned' row); answers the points voided. */
export async function voidPendingEarn(tx: Tx, a: { orderPartId: string }): Promise<number> {
  const owners = await queryRows<{ customer_id: string }>(
    tx,
    sql`select distinct customer_id from rewards_transactions where order_part_id = ${a.orderPartId} and transaction_type = 'earned'`,
  );
  let voided = 0;
  for (const { customer_id: customerUserId } of owners) {
    await lockCustomer(tx, customerUserId);
    // Read after the lock: a release or void that committed meanwhile is seen here.
    const open = await queryRows<OpenEarned>(
      tx,
      sql`select e.id, e.customer_id, e.order_id, e.order_part_id, e.pending_points, e.description from rewards_transactions e
          where e.order_part_id = ${a.orderPartId} and e.customer_id = ${customerUserId} and e.transaction_type = 'earned' and ${isOpen}`,
    );
    voided += await closePending(tx, customerUserId, open, {
      type: 'voided',
      describe: (e) => `Pending points cancelled${e.order_id ? ` for order ${orderRef(e.order_id)}` : ''}`,
    });
  }
  return voided;
}

/** The points the customer spent on an order and has not had back yet (spent less refunded). */
export async function unrefundedSpentPoints(
  db: DbOrTx,
  a: { customerUserId: string; orderId: string },
): Promise<number> {
  const [row] = await queryRows<{ refundable: number }>(
    db,
    sql`select coalesce(-sum(points), 0)::int as refundable from rewards_transactions
        where customer_id = ${a.customerUserId} and order_id = ${a.orderId} and transaction_type in ('spent', 'refunded')`,
  );
  return Number(row?.refundable ?? 0);
}

/** Gives back points spent on an order (a 'refunded' row), never more than the order spent and has not had back. */
export async function refundSpentPoints(
  tx: Tx,
  a: { customerUserId: string; orderId: string; points: number; description: string },
): Promise<void> {
  assertPoints(a.points);
  if (a.points === 0) return;
  await lockCustomer(tx, a.customerUserId);
  if (a.points > (await unrefundedSpentPoints(tx, a)))
    throw new AppError('CONFLICT', 'These points were already refunded');
  // The customer's balance row is locked above: it is there, and the row below is written with it.
  await moveBalancesWithLedger(tx, a.customerUserId, { points: a.points }, [
    { orderId: a.orderId, transactionType: 'refunded', points: a.points, description: a.description },
  ]);
}

/**
 * Releases pending points whose order part is delivered and past the return window ('released'
 * rows: pending -n, available +n), for one customer or all; safe to run concurrently; answers the rows released.
 */
export async function releaseDuePoints(
  db: DbOrTx,
  a: { customerUserId?: string; returnWindowDays: number },
): Promise<number> {
  const ended = await closeMatching(db, dueForRelease(a), {
    type: 'released',
    describe: (e) =>
      e.order_id ? `Points from order ${orderRef(e.order_id)} are now available` : 'Pending points are now available',
    source: (e) => (e.order_id ? `order ${orderRef(e.order_id)}` : 'your orders'),
  });
  return ended.rows;
}

/** SQL on the ledger row `e`: an 'earned' row (of one customer, or any) whose order part is due for release. */
function dueForRelease(a: { customerUserId?: string; returnWindowDays: number }): SQL {
  const only = a.customerUserId ? sql`and e.customer_id = ${a.customerUserId}` : sql``;
  return sql`e.transaction_type = 'earned' ${only} and ${partDueForRelease(sql`e.order_part_id`, a.returnWindowDays)}`;
}

/** Pending rows ended, and the points they held. */
export type PendingEnded = { rows: number; points: number };

/**
 * Ends the open pending rows that match `which` (a condition on the ledger row `e`), one customer at
 * a time under the customer's lock and read again after it, so a release and a void never both end
 * the same row; safe to run concurrently. Answers the rows ended and their points.
 */
async function closeMatching(db: DbOrTx, which: SQL, how: Ending): Promise<PendingEnded> {
  const owners = await queryRows<{ customer_id: string }>(
    db,
    sql`select distinct e.customer_id from rewards_transactions e where ${which} and ${isOpen}`,
  );
  const ended: PendingEnded = { rows: 0, points: 0 };
  for (const { customer_id: customerUserId } of owners) {
    const one = await db.transaction(async (tx) => {
      await lockCustomer(tx, customerUserId);
      const open = await queryRows<OpenEarned>(
        tx,
        sql`select e.id, e.customer_id, e.order_id, e.order_part_id, e.pending_points, e.description from rewards_transactions e
            where e.customer_id = ${customerUserId} and ${which} and ${isOpen}`,
      );
      return { rows: open.length, points: await closePending(tx, customerUserId, open, how) };
    });
    ended.rows += one.rows;
    ended.points += one.points;
  }
  return ended;
}

/**
 * Credits a one-time award of available points (a referral reward, say) under a unique reference:
 * the ledger's unique index lets exactly one writer through, however many try at once. Someone
 * without a balance row yet (a vendor or merchant referrer) gets one. Answers whether it was written now.
 */
export async function awardPointsOnce(
  tx: Tx,
  a: { userId: string; points: number; type: 'referral'; reference: string; description: string },
): Promise<boolean> {
  assertPoints(a.points);
  const written = await tx
    .insert(rewardsTransactions)
    .values({
      customerId: a.userId,
      transactionType: a.type,
      points: a.points,
      reference: a.reference,
      description: a.description,
    })
    .onConflictDoNothing()
    .returning({ id: rewardsTransactions.id });
  if (written.length === 0) return false;
  if (!(await moveCache(tx, a.userId, { points: a.points }))) {
    await addPointsMakingBalance(tx, a.userId, a.points);
  }
  return true;
}

/** Writes a customer's cashback on a merchant's UPI payment as pending (a 'cashback' row); answers the row's id. */
export async function recordPendingCashback(
  tx: Tx,
  a: { customerUserId: string; points: number; description: string },
): Promise<string> {
  assertPoints(a.points);
  const [id] = await moveBalancesWithLedger(tx, a.customerUserId, { pendingPoints: a.points }, [
    { transactionType: 'cashback', pendingPoints: a.points, description: a.description },
  ]);
  if (!id) throw new AppError('NOT_FOUND', rewardsMessages.customerNotFound);
  return id;
}

/**
 * Releases ('released') or voids ('voided') those of the given pending cashback rows that are still
 * open, one customer at a time under the customer's lock (so a release and a void never both end the
 * same row); answers the rows ended and their points. The caller chose the rows: the merchant's rules
 * decide when. A release tells each customer, per `sources[row id]` ('cashback from Ravi Stores').
 */
export async function closePendingCashback(
  db: DbOrTx,
  a: { ids: string[]; action: 'release' | 'void'; sources?: Record<string, string> },
): Promise<PendingEnded> {
  if (a.ids.length === 0) return { rows: 0, points: 0 };
  return closeMatching(
    db,
    sql`e.id in ${a.ids} and e.transaction_type = 'cashback'`,
    a.action === 'release'
      ? {
          type: 'released',
          describe: (e) => `${e.description}: now available`,
          source: (e) => a.sources?.[e.id] ?? 'cashback',
        }
      : { type: 'voided', describe: (e) => `${e.description}: cancelled, the merchant is not verified` },
  );
}
