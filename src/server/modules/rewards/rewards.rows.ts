import { QueryBuilder } from 'drizzle-orm/pg-core';
import { rewardBalances } from './rewards.tables';

/**
 * The customers' points balances as other modules' reads join them, in one statement: a read-only
 * row source (`leftJoin(balanceRows, eq(balanceRows.userId, ...))`). PostgreSQL pulls a plain
 * subquery up into the join, so the plan is the one a join with reward_balances itself gets.
 */
export const balanceRows = new QueryBuilder()
  .select({
    userId: rewardBalances.userId,
    availablePoints: rewardBalances.availablePoints,
    pendingPoints: rewardBalances.pendingPoints,
  })
  .from(rewardBalances)
  .as('balance_rows');
