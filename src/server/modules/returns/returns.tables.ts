import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from '../../platform/columns';
import { users } from '../auth/auth.tables';
import { orderItems, orderParts, orders } from '../orders/orders.tables';

// A customer's return of items of one delivered order part, from request to refund.

export const orderReturns = pgTable(
  'order_returns',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    orderPartId: uuid('order_part_id')
      .notNull()
      .references(() => orderParts.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('requested'),
    reason: text('reason').notNull(),
    comment: text('comment').notNull().default(''),
    /** Up to 3 uploaded pictures (/uploads/….webp) of the customer's. */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    /** Who approved or rejected it: the shop, or the super admin (a dispute, or deciding for the shop). */
    decidedByRole: text('decided_by_role'),
    decidedByUserId: uuid('decided_by_user_id'),
    decidedAt: tstz('decided_at'),
    rejectionReason: text('rejection_reason'),
    disputedAt: tstz('disputed_at'),
    disputeComment: text('dispute_comment'),
    receivedAt: tstz('received_at'),
    refundedAt: tstz('refunded_at'),
    /** What receiving it back gave back, written in that transaction. */
    valuePaise: bigint('value_paise', { mode: 'number' }).notNull().default(0),
    /** The money owed back (the value less the points share and earned points already spent), before it is paid: to the payment method, or as points for cash on delivery. */
    refundPaise: bigint('refund_paise', { mode: 'number' }).notNull().default(0),
    pointsReturned: integer('points_returned').notNull().default(0),
    pointsVoided: integer('points_voided').notNull().default(0),
    pointsTakenBack: integer('points_taken_back').notNull().default(0),
    keptForSpentPointsPaise: bigint('kept_for_spent_points_paise', { mode: 'number' }).notNull().default(0),
    vendorReversedPaise: bigint('vendor_reversed_paise', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('order_returns_part_idx').on(t.orderPartId),
    index('order_returns_order_idx').on(t.orderId),
    index('order_returns_customer_idx').on(t.customerId, t.createdAt),
    index('order_returns_created_idx').on(t.createdAt),
    check(
      'order_returns_status_check',
      sql`${t.status} in ('requested', 'approved', 'rejected', 'disputed', 'received', 'refunded')`,
    ),
    check('order_returns_decided_check', sql`${t.decidedByRole} is null or ${t.decidedByRole} in ('vendor', 'admin')`),
    check(
      'order_returns_rejected_check',
      sql`${t.status} not in ('rejected', 'disputed') or ${t.rejectionReason} is not null`,
    ),
    check(
      'order_returns_received_check',
      sql`(${t.status} in ('received', 'refunded')) = (${t.receivedAt} is not null)`,
    ),
    check('order_returns_refunded_check', sql`(${t.status} = 'refunded') = (${t.refundedAt} is not null)`),
    check(
      'order_returns_photos_check',
      sql`jsonb_typeof(${t.photos}) = 'array' and jsonb_array_length(${t.photos}) <= 3`,
    ),
    check(
      'order_returns_amounts_check',
      sql`${t.valuePaise} >= 0 and ${t.refundPaise} >= 0 and ${t.pointsReturned} >= 0 and ${t.pointsVoided} >= 0 and ${t.pointsTakenBack} >= 0 and ${t.keptForSpentPointsPaise} >= 0 and ${t.vendorReversedPaise} >= 0`,
    ),
  ],
);

export const orderReturnItems = pgTable(
  'order_return_items',
  {
    returnId: uuid('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.orderItemId] }),
    index('order_return_items_item_idx').on(t.orderItemId),
    check('order_return_items_quantity_check', sql`${t.quantity} >= 1`),
  ],
);
