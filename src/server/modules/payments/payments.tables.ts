import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/columns';
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
    customerId: uuid('customer_id').notNull().references(() => users.id),
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
  (t) => [check('cod_settings_single_row', sql`${t.id} = 1`), check('cod_settings_limit_check', sql`${t.limitPaise} >= 0`)],
);

/** Categories whose products are never sold cash on delivery. */
export const codExcludedCategories = pgTable('cod_excluded_categories', {
  categoryId: uuid('category_id')
    .primaryKey()
    .references(() => categories.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
