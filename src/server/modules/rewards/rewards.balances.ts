import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { ensureCustomerRow, lockCustomer } from '../auth';
import { rewardBalances } from './rewards.tables';

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
