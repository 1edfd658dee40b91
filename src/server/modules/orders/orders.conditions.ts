import { isNull, sql, type SQL } from 'drizzle-orm';
import { shopIdsOfVendor } from '../shops';
import { orders } from './orders.tables';

// SQL building blocks over the orders' tables, for other modules' statements that must stay one
// statement (a ledger release, an account's deletion, a read model's list): each is a boolean expression.

/**
 * True for an order the super admin has not deleted (hideOrder): the one condition every list and
 * view of orders (the customer's, the vendor's, the Orders tab) adds, on a statement that names `orders`.
 */
export const orderShown: SQL = isNull(orders.hiddenAt);

/** True when the order part `partId` is delivered and its return window has passed (its earned points are due). */
export const partDueForRelease = (partId: SQL, returnWindowDays: number): SQL =>
  sql`exists (select 1 from order_parts p where p.id = ${partId} and p.status = 'delivered' and p.delivered_at is not null and p.delivered_at <= now() - ${returnWindowDays}::int * interval '1 day')`;

/** True when the user placed orders, or when order parts name one of the user's shops: history an account's deletion keeps. */
export const ordersHistoryOf = (userId: string): SQL =>
  sql`exists (select 1 from orders where customer_id = ${userId})
  or exists (select 1 from order_parts p where p.store_id in ${shopIdsOfVendor(userId)})`;
