import { QueryBuilder } from 'drizzle-orm/pg-core';
import { isNull, type SQL } from 'drizzle-orm';
import { orderItems, orderParts, orders } from './orders.tables';

// Read-only row sources over orders' tables, for other modules' reads that join them in one
// statement (a list of every shop's part of every order, a vendor's totals). PostgreSQL pulls a
// plain subquery up into the join, so the plan is the one a join with the table itself gets.

/** Orders: who placed one, when, what was paid and how, and whether the super admin hid it. */
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
    hiddenAt: orders.hiddenAt,
    createdAt: orders.createdAt,
  })
  .from(orders)
  .as('order_rows');

/** An order the super admin deleted is hidden, never listed (orderShown, on a join with orderRows). */
export const orderRowShown: SQL = isNull(orderRows.hiddenAt);

/** Parts of orders: one shop's share of an order, its status, amounts and cash on delivery. */
export const orderPartRows = new QueryBuilder()
  .select({
    id: orderParts.id,
    orderId: orderParts.orderId,
    storeId: orderParts.storeId,
    status: orderParts.status,
    subtotalPaise: orderParts.subtotalPaise,
    pointsEarned: orderParts.pointsEarned,
    codDuePaise: orderParts.codDuePaise,
    cashCollectedPaise: orderParts.cashCollectedPaise,
    returnedToSellerAt: orderParts.returnedToSellerAt,
  })
  .from(orderParts)
  .as('order_part_rows');

/** Items of a part: the product's name, size or colour and SKU as ordered, and the quantity. */
export const orderItemRows = new QueryBuilder()
  .select({
    id: orderItems.id,
    orderPartId: orderItems.orderPartId,
    productName: orderItems.productName,
    variantLabel: orderItems.variantLabel,
    sku: orderItems.sku,
    quantity: orderItems.quantity,
  })
  .from(orderItems)
  .as('order_item_rows');
