import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from '../../platform/columns';
import { users } from '../auth/auth.tables';
import { categories } from '../catalog/catalog.tables';

/** The card payment provider's settings (a single row); secrets are encrypted at rest. */
export const paymentGatewaySettings = pgTable(
  'payment_gateway_settings',
  {
    id: integer('id').primaryKey().default(1),
    provider: text('provider').notNull().default('razorpay'),
    keyId: text('key_id'),
    keySecretEncrypted: text('key_secret_encrypted'),
    webhookSecretEncrypted: text('webhook_secret_encrypted'),
    isEnabled: boolean('is_enabled').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check('payment_gateway_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * One payment attempt for a checkout: created before the customer pays, confirmed by the browser's
 * signed response or the provider's webhook (whichever comes first; both are idempotent).
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    gateway: text('gateway').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status').notNull().default('created'),
    /** What is being bought: address, points to use and the cart lines with the prices quoted. */
    checkout: jsonb('checkout').notNull(),
    orderId: uuid('order_id'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_order_unique').on(t.gateway, t.providerOrderId),
    uniqueIndex('payments_provider_payment_unique').on(t.gateway, t.providerPaymentId),
    uniqueIndex('payments_order_unique').on(t.orderId),
    index('payments_customer_idx').on(t.customerId, t.createdAt),
    check('payments_gateway_check', sql`${t.gateway} in ('test', 'razorpay')`),
    check('payments_status_check', sql`${t.status} in ('created', 'paid', 'failed')`),
    check('payments_amount_check', sql`${t.amountPaise} > 0`),
  ],
);

/** Cash on delivery's rules, set by the super admin (a single row): the order value limit. */
export const codSettings = pgTable(
  'cod_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** The largest order value (items and delivery, before points) that may be paid in cash on delivery. */
    limitPaise: bigint('limit_paise', { mode: 'number' }).notNull().default(1_000_000),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('cod_settings_single_row', sql`${t.id} = 1`),
    check('cod_settings_limit_check', sql`${t.limitPaise} >= 0`),
  ],
);

/** Categories whose products are never sold cash on delivery. */
export const codExcludedCategories = pgTable('cod_excluded_categories', {
  categoryId: uuid('category_id')
    .primaryKey()
    .references(() => categories.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/**
 * Money given back to a customer for a return: through Razorpay (a refund of the order's
 * payment), the test gateway (a record, no money moved), or as points for a cash on delivery order.
 * One per return (unique), so two clicks never refund twice; a gateway refund is written 'pending'
 * before the gateway is asked (with this row's id as its idempotency key) and 'processed' or
 * 'failed' after.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: uuid('order_id').notNull(),
    /** The return it pays back (order_returns.id). */
    returnId: uuid('return_id').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    method: text('method').notNull(),
    /** Money to the payment method (0 for points). */
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull().default(0),
    /** Points credited (cash on delivery). */
    points: integer('points').notNull().default(0),
    status: text('status').notNull().default('pending'),
    /** Our payments row the refund goes against (gateway refunds). */
    paymentId: uuid('payment_id').references(() => payments.id),
    providerRefundId: text('provider_refund_id'),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    processedAt: tstz('processed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refunds_return_unique').on(t.returnId),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_status_idx').on(t.status),
    check('refunds_method_check', sql`${t.method} in ('razorpay', 'test', 'points')`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'processed', 'failed')`),
    check('refunds_amounts_check', sql`${t.amountPaise} >= 0 and ${t.points} >= 0`),
    check(
      'refunds_method_amount_check',
      sql`(${t.method} = 'points' and ${t.amountPaise} = 0 and ${t.paymentId} is null) or (${t.method} <> 'points' and ${t.points} = 0 and ${t.paymentId} is not null)`,
    ),
    check('refunds_processed_check', sql`(${t.status} = 'processed') = (${t.processedAt} is not null)`),
  ],
);
