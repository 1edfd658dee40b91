import { sql } from 'drizzle-orm';
import { check, integer, pgTable, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../platform/columns';
import { users } from '../auth/auth.tables';
import { products, productVariants } from '../catalog/catalog.tables';

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The chosen variant of a product with options (null for a product without). */
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    // One line per product and variant (a product without options has one line: null is not distinct).
    unique('cart_items_customer_product_variant_unique').on(t.customerId, t.productId, t.variantId).nullsNotDistinct(),
    check('cart_items_quantity_check', sql`${t.quantity} >= 1`),
  ],
);
