import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from '../../platform/columns';
import { users } from '../auth/auth.tables';
import { products, productVariants } from '../catalog/catalog.tables';
import { vendorShops } from '../shops/shops.tables';

const statusCheck = (col: unknown) =>
  sql`${col} in ('pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled')`;

export const orders = pgTable(
  'orders',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    subtotalPaise: bigint('subtotal_paise', { mode: 'number' }).notNull(),
    shippingPaise: bigint('shipping_paise', { mode: 'number' }).notNull().default(0),
    totalAmountPaise: bigint('total_amount_paise', { mode: 'number' }).notNull(),
    pointsUsed: integer('points_used').notNull().default(0),
    pointsEarned: integer('points_earned').notNull().default(0),
    shippingAddress: text('shipping_address').notNull(),
    /** The delivery address's state: GST's place of supply (null for orders placed before it was kept). */
    placeOfSupplyState: text('place_of_supply_state'),
    status: text('status').notNull().default('pending'),
    paymentStatus: text('payment_status').notNull().default('not_required'),
    paymentId: text('payment_id'),
    /** Paid through the built-in test gateway: no money moved. */
    testPayment: boolean('test_payment').notNull().default(false),
    /** Money owed back to the customer's payment method by cancellations (refund_pending until paid out). */
    refundDuePaise: bigint('refund_due_paise', { mode: 'number' }).notNull().default(0),
    /** The promotions' discount on the items (the sum of the items' discount_paise); subtotal stays at full price. */
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull().default(0),
    /** The promotions applied, as the order shows them: name, code, what each saved. */
    promotions: jsonb('promotions')
      .$type<{ promotionId: string; name: string; code: string | null; savedPaise: number }[]>()
      .notNull()
      .default([]),
    /** Set when the super admin deleted the order: its open parts were cancelled and refunded, and it is gone from every list; its rows, history and ledger stay. */
    hiddenAt: tstz('hidden_at'),
    /** The super admin account that deleted it (no foreign key, as the status history's actor). */
    hiddenBy: uuid('hidden_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    // The admin Orders tab's default order (newest first).
    index('orders_created_idx').on(t.createdAt),
    check('orders_status_check', statusCheck(t.status)),
    check(
      'orders_payment_status_check',
      sql`${t.paymentStatus} in ('not_required', 'paid', 'refund_pending', 'refunded', 'cash_on_delivery')`,
    ),
    check(
      'orders_amounts_check',
      sql`${t.subtotalPaise} >= 0 and ${t.shippingPaise} >= 0 and ${t.totalAmountPaise} >= 0`,
    ),
    check('orders_refund_due_check', sql`${t.refundDuePaise} >= 0 and ${t.refundDuePaise} <= ${t.totalAmountPaise}`),
    check('orders_points_check', sql`${t.pointsUsed} >= 0 and ${t.pointsEarned} >= 0`),
    uniqueIndex('orders_payment_id_unique').on(t.paymentId),
    check('orders_hidden_check', sql`(${t.hiddenAt} is null) = (${t.hiddenBy} is null)`),
  ],
);

/** One shop's part of an order: each shop fulfils its own part. */
export const orderParts = pgTable(
  'order_parts',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => vendorShops.id),
    status: text('status').notNull().default('pending'),
    subtotalPaise: bigint('subtotal_paise', { mode: 'number' }).notNull(),
    /** The promotions' discount on this part's items: what the customer paid for them is subtotal - discount. */
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull().default(0),
    pointsEarned: integer('points_earned').notNull().default(0),
    trackingNote: text('tracking_note'),
    /** Set when the part is delivered: earned points are released once the return window has passed. */
    deliveredAt: tstz('delivered_at'),
    /** Cash on delivery: the cash the shop collects for this part (its share of the order's amount payable), null for a prepaid order. */
    codDuePaise: bigint('cod_due_paise', { mode: 'number' }),
    /** Cash on delivery: the cash the shop recorded as received, in the transaction that marked the part delivered. */
    cashCollectedPaise: bigint('cash_collected_paise', { mode: 'number' }),
    cashCollectedAt: tstz('cash_collected_at'),
    /** Cash on delivery refused at the door: the part is cancelled (stock back, no money to refund) and shown as "Returned to seller". */
    returnedToSellerAt: tstz('returned_to_seller_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('order_parts_order_store_unique').on(t.orderId, t.storeId),
    index('order_parts_store_idx').on(t.storeId, t.createdAt),
    check('order_parts_status_check', statusCheck(t.status)),
    check('order_parts_cod_due_check', sql`${t.codDuePaise} is null or ${t.codDuePaise} >= 0`),
    check(
      'order_parts_cash_collected_check',
      sql`${t.cashCollectedPaise} is null or (${t.codDuePaise} is not null and ${t.cashCollectedPaise} = ${t.codDuePaise} and ${t.cashCollectedAt} is not null)`,
    ),
    check(
      'order_parts_returned_check',
      sql`${t.returnedToSellerAt} is null or (${t.status} = 'cancelled' and ${t.codDuePaise} is not null)`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderPartId: uuid('order_part_id')
      .notNull()
      .references(() => orderParts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    storeId: uuid('store_id')
      .notNull()
      .references(() => vendorShops.id),
    productName: text('product_name').notNull(),
    /** The variant bought (a product with options), never deleted while this row refers to it. */
    variantId: uuid('variant_id').references(() => productVariants.id),
    /** The variant as the customer chose it, at placement: 'Size: M · Colour: Indigo'. */
    variantLabel: text('variant_label'),
    /** The variant's SKU at placement. */
    sku: text('sku'),
    quantity: integer('quantity').notNull(),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    pointsEarned: integer('points_earned').notNull().default(0),
    /** The promotions' discount on the line (all units): paid = price x quantity - discount. */
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull().default(0),
    /** Of the discount, what Haat pays (its promotion cost; the vendor is paid the full price). */
    haatFundedPaise: bigint('haat_funded_paise', { mode: 'number' }).notNull().default(0),
    /** Of the discount, what the vendor pays (on its invoice); always 0 until vendors fund promotions. */
    vendorFundedPaise: bigint('vendor_funded_paise', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    // The items of a page of parts (admin Orders), and the cascade of the part's foreign key.
    index('order_items_part_idx').on(t.orderPartId),
    check('order_items_quantity_check', sql`${t.quantity} >= 1`),
    check('order_items_price_check', sql`${t.pricePaise} >= 0`),
    check(
      'order_items_discount_check',
      sql`${t.haatFundedPaise} >= 0 and ${t.vendorFundedPaise} >= 0
        and ${t.discountPaise} = ${t.haatFundedPaise} + ${t.vendorFundedPaise}
        and ${t.discountPaise} <= ${t.pricePaise} * ${t.quantity}`,
    ),
  ],
);

/** Every status change of an order or of one of its parts, with time and actor. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderPartId: uuid('order_part_id').references(() => orderParts.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note'),
    actorUserId: uuid('actor_user_id'),
    actorRole: text('actor_role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_status_history_order_idx').on(t.orderId, t.createdAt),
    check('order_status_history_status_check', statusCheck(t.status)),
  ],
);
