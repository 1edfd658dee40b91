import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from '../../platform/columns';
import { users } from '../auth/auth.tables';
import { orderItems, orderParts, orders } from '../orders/orders.tables';

/**
 * A coupon code or an automatic discount, as src/domain/promotions.ts reads it (docs/promotions.md):
 * its definition in columns, and the flags a super admin sets by hand (paused, ended). Its status is
 * computed from these and the India date. A coupon's code is unique among the promotions not ended
 * by hand; a promotion past its last day is ended by hand when another takes its code.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: id(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    /** Normalised (normaliseCouponCode); null for an automatic promotion. */
    code: text('code'),
    benefitType: text('benefit_type').notNull(),
    /** A percentage off, in basis points; null for a fixed amount off. */
    percentBp: integer('percent_bp'),
    capPaise: bigint('cap_paise', { mode: 'number' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }),
    scopeType: text('scope_type').notNull(),
    /** The ids the scope names: { categoryIds, shopIds, productIds, variantIds }. */
    scopeIds: jsonb('scope_ids')
      .$type<{ categoryIds: string[]; shopIds: string[]; productIds: string[]; variantIds: string[] }>()
      .notNull(),
    fundedBy: text('funded_by').notNull(),
    /** The vendor (user) who pays for a vendor-funded promotion. */
    vendorId: uuid('vendor_id'),
    minimumPaise: bigint('minimum_paise', { mode: 'number' }).notNull().default(0),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    budgetType: text('budget_type').notNull().default('none'),
    /** Paise for a rupee budget, a count for a budget in uses. */
    budgetLimit: bigint('budget_limit', { mode: 'number' }),
    perCustomerLimit: integer('per_customer_limit'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    stackable: boolean('stackable').notNull().default(false),
    paused: boolean('paused').notNull().default(false),
    endedAt: tstz('ended_at'),
    /** The super admin or staff member who created it (no foreign key, as the audit log's actor). */
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('promotions_code_not_ended_unique')
      .on(t.code)
      .where(sql`${t.endedAt} is null and ${t.code} is not null`),
    check('promotions_kind_check', sql`${t.kind} in ('coupon', 'automatic')`),
    check('promotions_code_check', sql`(${t.kind} = 'coupon') = (${t.code} is not null)`),
    check('promotions_benefit_check', sql`${t.benefitType} in ('percent', 'fixed')`),
    check('promotions_scope_check', sql`${t.scopeType} in ('cart', 'categories', 'shops', 'products')`),
    check('promotions_funded_by_check', sql`${t.fundedBy} in ('haat', 'vendor')`),
    check('promotions_budget_check', sql`${t.budgetType} in ('none', 'paise', 'uses')`),
    check('promotions_dates_check', sql`${t.endsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
  ],
);

/**
 * One promotion used on one order by one customer, and its discount: 'held' while the order's online
 * payment is pending, 'used' once placed or paid, 'released' when the payment failed or expired or the
 * whole order was cancelled before any part shipped. Uses and spend count every row not released.
 */
export const promotionUses = pgTable(
  'promotion_uses',
  {
    id: id(),
    promotionId: uuid('promotion_id')
      .notNull()
      .references(() => promotions.id),
    /** The order, once placed; null while its online payment is pending. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** The online payment it is held for (the payment's id, set before the payment row exists). */
    paymentId: uuid('payment_id'),
    /** A held use counts until then (the payment's stock hold), as if released after it. */
    heldUntil: tstz('held_until'),
    customerUserId: uuid('customer_user_id')
      .notNull()
      .references(() => users.id),
    /**
     * The mailbox of the customer's email when the use was recorded (mailboxOf: lowercase, no `+tag`,
     * no dots for Gmail), so a per-customer limit holds across one person's accounts; null for rows
     * written before it was kept (they still count by user id).
     */
    customerMailbox: text('customer_mailbox'),
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull(),
    state: text('state').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('promotion_uses_order_unique').on(t.promotionId, t.orderId),
    uniqueIndex('promotion_uses_payment_unique').on(t.promotionId, t.paymentId),
    check('promotion_uses_for_check', sql`${t.orderId} is not null or ${t.paymentId} is not null`),
    check('promotion_uses_held_check', sql`${t.state} <> 'held' or ${t.heldUntil} is not null`),
    index('promotion_uses_customer_idx').on(t.promotionId, t.customerUserId),
    index('promotion_uses_mailbox_idx').on(t.promotionId, t.customerMailbox),
    index('promotion_uses_order_idx').on(t.orderId),
    check('promotion_uses_state_check', sql`${t.state} in ('held', 'used', 'released')`),
    check('promotion_uses_discount_check', sql`${t.discountPaise} >= 0`),
  ],
);

/**
 * Haat's promotion cost as a ledger: what Haat owes for a Haat-funded discount, one line per order
 * item and promotion, 'granted' when the order is placed and 'given back' when the item's part is
 * cancelled or units of it are returned (their share, as refunds share the discount). For any month,
 * granted - given back is the Haat-funded discount of the items kept. Rows are only ever added; the
 * reference makes each written once (granted:<item>:<promotion>, cancel:<item>:<promotion>,
 * return:<return>:<item>:<promotion>).
 */
export const promotionCostEntries = pgTable(
  'promotion_cost_entries',
  {
    id: id(),
    reference: text('reference').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderPartId: uuid('order_part_id')
      .notNull()
      .references(() => orderParts.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    promotionId: uuid('promotion_id')
      .notNull()
      .references(() => promotions.id),
    kind: text('kind').notNull(),
    /** Always positive: the kind says which way it goes. */
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** The India date it was written, and its month (YYYY-MM), which the monthly report reads. */
    on: date('on_date', { mode: 'string' }).notNull(),
    month: text('month').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promotion_cost_entries_reference_unique').on(t.reference),
    index('promotion_cost_entries_month_idx').on(t.month, t.promotionId),
    index('promotion_cost_entries_order_idx').on(t.orderId),
    index('promotion_cost_entries_item_idx').on(t.orderItemId),
    check('promotion_cost_entries_kind_check', sql`${t.kind} in ('granted', 'given back')`),
    check('promotion_cost_entries_amount_check', sql`${t.amountPaise} > 0`),
    check('promotion_cost_entries_month_check', sql`${t.month} = to_char(${t.on}, 'YYYY-MM')`),
  ],
);
