import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from '../../platform/columns';
import { customers, users } from '../auth/auth.tables';
import { orderParts, orders } from '../orders/orders.tables';

/**
 * Each customer's points balances: a cache of the ledger's sums (rewards_transactions), changed by
 * the same delta in the same transaction as each ledger row, and only by this module. Every customers
 * row has one, opened at zero by a trigger when the customers row is inserted, and gone with it.
 */
export const rewardBalances = pgTable(
  'reward_balances',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => customers.userId, { onDelete: 'cascade' }),
    /** Available points: what can be spent at checkout or withdrawn. */
    availablePoints: integer('available_points').notNull().default(0),
    /** Points earned (on orders, as cashback) that are not yet released. */
    pendingPoints: integer('pending_points').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('reward_balances_available_points_check', sql`${t.availablePoints} >= 0`),
    check('reward_balances_pending_points_check', sql`${t.pendingPoints} >= 0`),
  ],
);

/**
 * The points ledger: the truth for every balance. Rows are never edited or deleted; releasing,
 * voiding or reversing a row writes a new row that points at it (relatedTransactionId).
 */
export const rewardsTransactions = pgTable(
  'rewards_transactions',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    orderId: uuid('order_id').references(() => orders.id),
    /** For earned, released and voided rows: the shop's part of the order the points belong to. */
    orderPartId: uuid('order_part_id').references(() => orderParts.id),
    transactionType: text('transaction_type').notNull(),
    /** Change of the available balance (what can be spent or withdrawn). */
    points: integer('points').notNull().default(0),
    /** Change of the pending balance (earned, not yet released). */
    pendingPoints: integer('pending_points').notNull().default(0),
    relatedTransactionId: uuid('related_transaction_id').references((): AnyPgColumn => rewardsTransactions.id),
    description: text('description').notNull().default(''),
    /**
     * What a one-time award answers to, e.g. 'referral:{referral id}': unique, so that the same
     * award can never be written twice, however many processes try at once.
     */
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('rewards_transactions_reference_unique')
      .on(t.reference)
      .where(sql`${t.reference} is not null`),
    index('rewards_transactions_customer_idx').on(t.customerId, t.createdAt),
    index('rewards_transactions_order_idx').on(t.orderId),
    index('rewards_transactions_part_idx').on(t.orderPartId),
    index('rewards_transactions_related_idx').on(t.relatedTransactionId),
    check(
      'rewards_transactions_type_check',
      sql`${t.transactionType} in ('earned', 'spent', 'withdrawn', 'released', 'voided', 'refunded', 'reversed', 'referral', 'cashback', 'withdrawal_returned', 'return_refund')`,
    ),
  ],
);

export const withdrawalRequests = pgTable(
  'withdrawal_requests',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    points: integer('points').notNull(),
    upiId: text('upi_id').notNull(),
    status: text('status').notNull().default('pending'),
    upiReference: text('upi_reference'),
    rejectReason: text('reject_reason'),
    processedAt: tstz('processed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('withdrawal_requests_customer_idx').on(t.customerId, t.createdAt),
    check('withdrawal_requests_points_check', sql`${t.points} >= 100`),
    check('withdrawal_requests_status_check', sql`${t.status} in ('pending', 'paid', 'rejected')`),
  ],
);
