import { isNull, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { orderItems, orderParts, orders } from './orders.tables';

// Read-only row sources over orders' tables, for other modules' reads that join them in one
// statement (a vendor's order list, its earnings statement, a list of returns, a referral's
// qualification, the super admin's lists): `innerJoin(orderPartRows, eq(orderPartRows.id, x.orderPartId))`,
// or `${orderPartRows}` in raw SQL, which names its columns `${orderPartRows.storeId}`. PostgreSQL pulls a
// plain subquery up into the join, so the plan is the one a join with the table itself gets.

/** Orders: who placed one and when, where it goes, what was paid and how, and whether the super admin hid it. */
export const orderRows = new QueryBuilder()
  .select({
    id: orders.id,
    customerId: orders.customerId,
    status: orders.status,
    paymentStatus: orders.paymentStatus,
    testPayment: orders.testPayment,
    pointsUsed: orders.pointsUsed,
    totalAmountPaise: orders.totalAmountPaise,
    refundDuePaise: orders.refundDuePaise,
    shippingAddress: orders.shippingAddress,
    hiddenAt: orders.hiddenAt,
    createdAt: orders.createdAt,
  })
  .from(orders)
  .as('order_rows');

/** True for an order the super admin has not deleted (as `orderShown`), on a statement that joins `orderRows`. */
export const orderRowShown: SQL = isNull(orderRows.hiddenAt);

/** What a part of an order is read as: one shop's part, where it stands, what it is worth, its cash on delivery. */
export const orderPartFields = {
  id: orderParts.id,
  orderId: orderParts.orderId,
  storeId: orderParts.storeId,
  status: orderParts.status,
  subtotalPaise: orderParts.subtotalPaise,
  pointsEarned: orderParts.pointsEarned,
  trackingNote: orderParts.trackingNote,
  deliveredAt: orderParts.deliveredAt,
  codDuePaise: orderParts.codDuePaise,
  cashCollectedPaise: orderParts.cashCollectedPaise,
  returnedToSellerAt: orderParts.returnedToSellerAt,
};

/** Parts of orders: one shop's part, where it stands, what it is worth, and its cash on delivery. */
export const orderPartRows = new QueryBuilder()
  .select({ ...orderPartFields, updatedAt: orderParts.updatedAt })
  .from(orderParts)
  .as('order_part_rows');

/** Items of orders: what was bought, as it was at placement (name, size or colour, SKU, quantity, price). */
export const orderItemRows = new QueryBuilder()
  .select({
    id: orderItems.id,
    orderPartId: orderItems.orderPartId,
    productId: orderItems.productId,
    productName: orderItems.productName,
    variantId: orderItems.variantId,
    variantLabel: orderItems.variantLabel,
    sku: orderItems.sku,
    quantity: orderItems.quantity,
    pricePaise: orderItems.pricePaise,
    /** The vendor-funded promotions' discount on the item (on the vendor's invoice). */
    vendorFundedPaise: orderItems.vendorFundedPaise,
    /** The Haat-funded promotions' discount on the item (Haat's cost). */
    haatFundedPaise: orderItems.haatFundedPaise,
  })
  .from(orderItems)
  .as('order_item_rows');
