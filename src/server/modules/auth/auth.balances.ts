import { eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { customers } from './auth.tables';

// customers.reward_points / pending_points cache the rewards ledger (the rewards module owns the
// ledger and decides every change); these are the only writes to them, each inside the caller's
// transaction beside its ledger row.

/** Changes the cached balances by the given deltas; false when the user has no customers row. */
export async function moveCustomerBalances(tx: Tx, userId: string, d: { points?: number; pendingPoints?: number }): Promise<boolean> {
  const rows = await tx
    .update(customers)
    .set({
      rewardPoints: sql`${customers.rewardPoints} + ${d.points ?? 0}`,
      pendingPoints: sql`${customers.pendingPoints} + ${d.pendingPoints ?? 0}`,
      updatedAt: new Date(),
    })
    .where(eq(customers.userId, userId))
    .returning({ id: customers.id });
  return rows.length > 0;
}

/** Takes points from the available balance with one conditional update (never below 0); false when there are not enough (or no row). */
export async function takeAvailablePoints(tx: Tx, userId: string, points: number): Promise<boolean> {
  const rows = await tx
    .update(customers)
    .set({ rewardPoints: sql`${customers.rewardPoints} - ${points}`, updatedAt: new Date() })
    .where(sql`${customers.userId} = ${userId} and ${customers.rewardPoints} >= ${points}`)
    .returning({ id: customers.id });
  return rows.length > 0;
}

/**
 * Adds available points to a user who may have no balance row yet (a vendor or merchant referrer):
 * the row is made, named as the admin's withdrawal queue shows it (the person's name, else the
 * business, else the email), or added to when another writer made it meanwhile.
 */
export async function addPointsMakingBalance(tx: Tx, userId: string, points: number): Promise<void> {
  await tx.execute(sql`insert into customers (user_id, full_name, email, reward_points)
                       select u.id, coalesce(nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), ''), v.business_name, u.email), u.email, ${points}
                       from users u left join user_profiles p on p.user_id = u.id left join vendors v on v.user_id = u.id where u.id = ${userId}
                       on conflict (user_id) do update set reward_points = customers.reward_points + excluded.reward_points`);
}

/**
 * The cached balances as a row source for one statement (user_id, reward_points, pending_points),
 * for a reader that joins them with its own rows: `from ${customerBalances} c`.
 */
export const customerBalances: SQL = sql`(select user_id, reward_points, pending_points from customers)`;
