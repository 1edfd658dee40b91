import { eq, sql } from 'drizzle-orm';
import { queryRows, type NamedWrite, type Tx } from '../../platform/db';
import { ensureCustomerRow, lockCustomer } from '../auth';
import { rewardBalances, rewardsTransactions } from './rewards.tables';

// reward_balances caches the ledger's sums (rewards_transactions): these are its only writes, each
// inside the caller's transaction beside its ledger row. A customers row opens its balance row.

/**
 * Locks the customer's row, then their balance row, for the rest of the transaction; false when the
 * user has no customers row. A writer that reads a balance before changing it holds both, in this
 * order (the order every writer locking the customer takes), so no other write comes between.
 */
export async function lockBalance(tx: Tx, userId: string): Promise<boolean> {
  if (!(await lockCustomer(tx, userId))) return false;
  const rows = await tx
    .select({ userId: rewardBalances.userId })
    .from(rewardBalances)
    .where(eq(rewardBalances.userId, userId))
    .for('update');
  return rows.length > 0;
}

/** Changes the cached balances by the given deltas; false when the user has no balance (no customers) row. */
export async function moveBalances(
  tx: Tx,
  userId: string,
  d: { points?: number; pendingPoints?: number },
): Promise<boolean> {
  const rows = await tx
    .update(rewardBalances)
    .set({
      availablePoints: sql`${rewardBalances.availablePoints} + ${d.points ?? 0}`,
      pendingPoints: sql`${rewardBalances.pendingPoints} + ${d.pendingPoints ?? 0}`,
      updatedAt: new Date(),
    })
    .where(eq(rewardBalances.userId, userId))
    .returning({ userId: rewardBalances.userId });
  return rows.length > 0;
}

/**
 * Takes points from the available balance with one conditional update (never below 0); false when
 * there are not enough (or no row).
 */
export async function takeAvailablePoints(tx: Tx, userId: string, points: number): Promise<boolean> {
  const rows = await tx
    .update(rewardBalances)
    .set({ availablePoints: sql`${rewardBalances.availablePoints} - ${points}`, updatedAt: new Date() })
    .where(sql`${rewardBalances.userId} = ${userId} and ${rewardBalances.availablePoints} >= ${points}`)
    .returning({ userId: rewardBalances.userId });
  return rows.length > 0;
}

/** A ledger row of the balance's user (rewards_transactions' columns; a column left out takes its default). */
export type LedgerLine = {
  orderId?: string | null;
  orderPartId?: string | null;
  transactionType: string;
  points?: number;
  pendingPoints?: number;
  relatedTransactionId?: string | null;
  reference?: string | null;
  description: string;
};

/**
 * Changes the cached balances by the given deltas and writes their ledger rows in one statement: the
 * update of the balance row, and the rows inserted only for the balance row it changed. With
 * `whenAvailable`, the balance changes only while its available points are at least that (a
 * conditional update, never below 0). Answers the new rows' ids in the lines' order; none, and nothing
 * written, when the user has no balance (no customers) row or not enough available points.
 */
export async function moveBalancesWithLedger(
  tx: Tx,
  userId: string,
  d: { points?: number; pendingPoints?: number; whenAvailable?: number },
  lines: readonly LedgerLine[],
): Promise<string[]> {
  const w = balancesWithLedgerWrites('ledger', userId, d, lines);
  const rows = await queryRows<{ id: string }>(tx, sql`with ledger_balance as (${w.balance.body}) ${w.rows.body}`);
  return rows.map((r) => r.id);
}

/**
 * moveBalancesWithLedger's two writes, named `<prefix>_balance` and `<prefix>_rows` (counted), for a
 * caller's one statement (writeAtOnce): the ledger rows are inserted only for the balance row changed.
 */
export function balancesWithLedgerWrites(
  prefix: string,
  userId: string,
  d: { points?: number; pendingPoints?: number; whenAvailable?: number },
  lines: readonly LedgerLine[],
): { balance: NamedWrite; rows: NamedWrite } {
  if (lines.length === 0) throw new Error('moveBalancesWithLedger: no ledger rows');
  const enough = d.whenAvailable === undefined ? sql`` : sql`and available_points >= ${d.whenAvailable}`;
  const values = sql.join(
    lines.map(
      (l, n) => sql`(${l.orderId ?? null}::uuid, ${l.orderPartId ?? null}::uuid, ${l.transactionType}::text,
        ${l.points ?? 0}::integer, ${l.pendingPoints ?? 0}::integer, ${l.relatedTransactionId ?? null}::uuid,
        ${l.reference ?? null}::text, ${l.description}::text, ${n}::integer)`,
    ),
    sql`, `,
  );
  const balanceName = `${prefix}_balance`;
  return {
    balance: {
      name: balanceName,
      body: sql`update ${rewardBalances}
          set available_points = available_points + ${d.points ?? 0},
              pending_points = pending_points + ${d.pendingPoints ?? 0},
              updated_at = ${new Date().toISOString()}::timestamptz
          where user_id = ${userId} ${enough}
          returning user_id`,
    },
    rows: {
      name: `${prefix}_rows`,
      counted: true,
      body: sql`insert into ${rewardsTransactions} (customer_id, order_id, order_part_id, transaction_type, points,
          pending_points, related_transaction_id, reference, description)
        select b.user_id, l.order_id, l.order_part_id, l.transaction_type, l.points, l.pending_points,
          l.related_transaction_id, l.reference, l.description
        from ${sql.raw(balanceName)} as b
        cross join (values ${values}) as l(order_id, order_part_id, transaction_type, points, pending_points,
          related_transaction_id, reference, description, n)
        order by l.n
        returning id`,
    },
  };
}

/** The available points of a user (0 without a balance row), as the caller's transaction sees them. */
export async function availablePointsOf(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ points: rewardBalances.availablePoints })
    .from(rewardBalances)
    .where(eq(rewardBalances.userId, userId));
  return Number(row?.points ?? 0);
}

/**
 * Adds available points to a user who may have no balance row yet (a vendor or merchant referrer):
 * auth gives them a customers row (which opens the balance row) when they have none, then the
 * points are added.
 */
export async function addPointsMakingBalance(tx: Tx, userId: string, points: number): Promise<void> {
  await ensureCustomerRow(tx, userId);
  if (!(await moveBalances(tx, userId, { points }))) {
    throw new Error(`addPointsMakingBalance: no balance row for ${userId}`);
  }
}
