import { QueryBuilder } from 'drizzle-orm/pg-core';
import { rewardBalances, withdrawalRequests } from './rewards.tables';

// Read-only row sources over rewards' tables, for other modules' reads that join them in one
// statement. PostgreSQL pulls a plain subquery up into the join, so the plan is the one a join with
// the table itself gets.

/** Withdrawal requests: whose, how many points to which UPI ID, and what became of them. */
export const withdrawalRows = new QueryBuilder()
  .select({
    id: withdrawalRequests.id,
    customerId: withdrawalRequests.customerId,
    upiId: withdrawalRequests.upiId,
    points: withdrawalRequests.points,
    status: withdrawalRequests.status,
    upiReference: withdrawalRequests.upiReference,
    rejectReason: withdrawalRequests.rejectReason,
    createdAt: withdrawalRequests.createdAt,
    processedAt: withdrawalRequests.processedAt,
  })
  .from(withdrawalRequests)
  .as('withdrawal_rows');

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
