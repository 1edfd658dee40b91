import { QueryBuilder } from 'drizzle-orm/pg-core';
import { refunds } from './payments.tables';

// Read-only row sources over payments' tables, for other modules' reads that join them in one
// statement (a list of returns with their refunds). PostgreSQL pulls a plain subquery up into the
// join, so the plan is the one a join with the table itself gets.

/** What a refund of a return is read as (its id aside): how, how much, where it stands. */
export const refundFields = {
  returnId: refunds.returnId,
  method: refunds.method,
  status: refunds.status,
  amountPaise: refunds.amountPaise,
  points: refunds.points,
  providerRefundId: refunds.providerRefundId,
  failureReason: refunds.failureReason,
  processedAt: refunds.processedAt,
};

/** The refunds of returns: how, how much, where each stands. */
export const refundRows = new QueryBuilder().select(refundFields).from(refunds).as('refund_rows');
