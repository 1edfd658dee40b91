import { sql } from 'drizzle-orm';
import { check, integer, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../platform/columns';
import { users } from '../auth/auth.tables';
import { products } from '../catalog/catalog.tables';

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    customerId: uuid('customer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cart_items_customer_product_unique').on(t.customerId, t.productId), check('cart_items_quantity_check', sql`${t.quantity} >= 1`)],
);
