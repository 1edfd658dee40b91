import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { isUuid } from '../../../contracts/common.contract';
import type {
  OrderCounts,
  OrderDetail,
  OrderHistoryEntry,
  OrderList,
  OrderTab,
  PaymentStatus,
} from '../../../contracts/orders.contract';
import { orderMessages } from '../../../contracts/orders.contract';
import { isCancellable, type OrderStatus } from '../../../domain/order-status';
import { AppError } from '../../platform/app-error';
import { queryRows, type DbOrTx } from '../../platform/db';
import { itemPicture, productRows, reviewRows, variantRows } from '../catalog';
import { shopIdsOfVendor, shopRows } from '../shops';
import { orderShown } from './orders.conditions';
import { orderPartFields } from './orders.rows';
import { orderItems, orderParts, orders, orderStatusHistory } from './orders.tables';

/** The statuses each tab of /orders shows ('Processing' = pending, confirmed or processing). */
export const tabStatuses: Record<OrderTab, OrderStatus[] | null> = {
  all: null,
  processing: ['pending', 'confirmed', 'processing'],
  shipped: ['shipped'],
  delivered: ['delivered'],
};

type OrderRow = typeof orders.$inferSelect;
type Order = OrderList['items'][number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Parts (with shop names) and items (with image, size or colour, and whether the customer reviewed it) of some orders, in two queries. */
async function withParts(db: DbOrTx, customerUserId: string, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const parts = await db
    .select({ ...orderPartFields, storeName: shopRows.shopName })
    .from(orderParts)
    .innerJoin(shopRows, eq(shopRows.id, orderParts.storeId))
    .where(inArray(orderParts.orderId, ids))
    .orderBy(asc(orderParts.createdAt), asc(shopRows.shopName));
  const items = await db
    .select({
      id: orderItems.id,
      partId: orderItems.orderPartId,
      productId: orderItems.productId,
      productName: orderItems.productName,
      variantId: orderItems.variantId,
      variantLabel: orderItems.variantLabel,
      imageUrl: itemPicture(),
      quantity: orderItems.quantity,
      pricePaise: orderItems.pricePaise,
      pointsEarned: orderItems.pointsEarned,
      discountPaise: orderItems.discountPaise,
      reviewed: sql<boolean>`${reviewRows.id} is not null`,
    })
    .from(orderItems)
    .leftJoin(productRows, eq(productRows.id, orderItems.productId))
    .leftJoin(variantRows, eq(variantRows.id, orderItems.variantId))
    .leftJoin(
      reviewRows,
      and(eq(reviewRows.productId, orderItems.productId), eq(reviewRows.customerUserId, customerUserId)),
    )
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));

  return rows.map((o) => {
    const own = parts.filter((p) => p.orderId === o.id);
    const shaped = own.map((p) => ({
      id: p.id,
      storeId: p.storeId,
      storeName: p.storeName,
      status: p.status as OrderStatus,
      subtotalPaise: p.subtotalPaise,
      pointsEarned: p.pointsEarned,
      trackingNote: p.trackingNote,
      deliveredAt: iso(p.deliveredAt),
      codDuePaise: p.codDuePaise === null ? null : Number(p.codDuePaise),
      cashCollectedPaise: p.cashCollectedPaise === null ? null : Number(p.cashCollectedPaise),
      returnedToSeller: p.returnedToSellerAt !== null,
      items: items
        .filter((i) => i.partId === p.id)
        .map(({ partId: _partId, reviewed, ...i }) => ({ ...i, reviewed: Boolean(reviewed) })),
    }));
    return {
      id: o.id,
      createdAt: o.createdAt.toISOString(),
      status: o.status as OrderStatus,
      paymentStatus: o.paymentStatus as PaymentStatus,
      testPayment: o.testPayment,
      subtotalPaise: o.subtotalPaise,
      shippingPaise: o.shippingPaise,
      totalAmountPaise: o.totalAmountPaise,
      pointsUsed: o.pointsUsed,
      pointsEarned: o.pointsEarned,
      shippingAddress: o.shippingAddress,
      itemCount: shaped.reduce((s, p) => s + p.items.reduce((n, i) => n + i.quantity, 0), 0),
      refundDuePaise: o.refundDuePaise,
      cancellable: isCancellable(o.status as OrderStatus),
      discountPaise: o.discountPaise,
      promotions: o.promotions.map(({ name, code, savedPaise }) => ({ name, code, savedPaise })),
      parts: shaped,
    };
  });
}

/** How many of the customer's orders each tab of /orders holds. */
export async function countOrders(db: DbOrTx, customerUserId: string): Promise<OrderCounts> {
  const rows = await db
    .select({ status: orders.status, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.customerId, customerUserId), orderShown))
    .groupBy(orders.status);
  const n = (list: OrderStatus[] | null) =>
    rows.filter((r) => !list || list.includes(r.status as OrderStatus)).reduce((s, r) => s + Number(r.n), 0);
  return {
    all: n(tabStatuses.all),
    processing: n(tabStatuses.processing),
    shipped: n(tabStatuses.shipped),
    delivered: n(tabStatuses.delivered),
  };
}

/** A page of the customer's own orders (not deleted ones), newest first, for one tab, with the real count of every tab. */
export async function listOrders(a: {
  db: DbOrTx;
  customerUserId: string;
  tab: OrderTab;
  page: number;
  pageSize: number;
}): Promise<OrderList> {
  const { db, customerUserId, tab, page, pageSize } = a;
  const statuses = tabStatuses[tab];
  const where = and(
    eq(orders.customerId, customerUserId),
    orderShown,
    statuses ? inArray(orders.status, statuses) : undefined,
  );
  const [counts, rows] = await Promise.all([
    countOrders(db, customerUserId),
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { items: await withParts(db, customerUserId, rows), total: counts[tab], page, pageSize, counts };
}

/** The status history of an order, oldest first, with the shop of each part's change. */
export async function getOrderHistory(db: DbOrTx, orderId: string): Promise<OrderHistoryEntry[]> {
  const rows = await db
    .select({
      id: orderStatusHistory.id,
      status: orderStatusHistory.status,
      note: orderStatusHistory.note,
      storeName: shopRows.shopName,
      actorRole: orderStatusHistory.actorRole,
      createdAt: orderStatusHistory.createdAt,
    })
    .from(orderStatusHistory)
    .leftJoin(orderParts, eq(orderParts.id, orderStatusHistory.orderPartId))
    .leftJoin(shopRows, eq(shopRows.id, orderParts.storeId))
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), sql`${orderStatusHistory.orderPartId} is null`, asc(shopRows.shopName));
  return rows.map((r) => ({ ...r, status: r.status as OrderStatus, createdAt: r.createdAt.toISOString() }));
}

/** One of the customer's own orders with items, parts, address, amounts, points, payment status and history; NOT_FOUND otherwise (a deleted order too). */
export async function getOrder(a: { db: DbOrTx; customerUserId: string; orderId: string }): Promise<OrderDetail> {
  if (!isUuid(a.orderId)) throw new AppError('NOT_FOUND', orderMessages.notFound);
  const rows = await a.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, a.orderId), eq(orders.customerId, a.customerUserId), orderShown));
  if (rows.length === 0) throw new AppError('NOT_FOUND', orderMessages.notFound);
  const [order] = await withParts(a.db, a.customerUserId, rows);
  return { ...order, history: await getOrderHistory(a.db, order.id) };
}

/** Up to `limit` of a vendor's order parts neither delivered nor cancelled, oldest first, each row with the count of them all. */
export async function openPartsOfVendor(
  db: DbOrTx,
  vendorUserId: string,
  limit: number,
): Promise<{ orderId: string; total: number }[]> {
  const rows = await queryRows<{ order_id: string; total: number }>(
    db,
    sql`select p.order_id, count(*) over ()::int as total from order_parts p
        where p.store_id in ${shopIdsOfVendor(vendorUserId)} and p.status not in ('delivered', 'cancelled') order by p.created_at limit ${limit}`,
  );
  return rows.map((r) => ({ orderId: r.order_id, total: Number(r.total) }));
}

/** What a tax invoice of an order part needs from the order: its shop, customer, delivery address and place of supply, and its items. */
export type PartForDocument = {
  orderId: string;
  orderPartId: string;
  storeId: string;
  status: OrderStatus;
  customerUserId: string;
  shippingAddress: string;
  placeOfSupplyState: string | null;
  /** `productName` as the documents describe the item: with its size or colour, 'Kurta (Size: M)'. */
  items: {
    orderItemId: string;
    productName: string;
    quantity: number;
    pricePaise: number;
    /** The vendor-funded promotions' discount on the item, which its invoice shows. */
    vendorFundedPaise: number;
  }[];
};

/** An order part as its tax documents print it, or null when there is no such part. */
export async function partForDocument(db: DbOrTx, orderPartId: string): Promise<PartForDocument | null> {
  if (!isUuid(orderPartId)) return null;
  const [row] = await db
    .select({
      orderId: orders.id,
      orderPartId: orderParts.id,
      storeId: orderParts.storeId,
      status: orderParts.status,
      customerUserId: orders.customerId,
      shippingAddress: orders.shippingAddress,
      placeOfSupplyState: orders.placeOfSupplyState,
    })
    .from(orderParts)
    .innerJoin(orders, eq(orders.id, orderParts.orderId))
    .where(eq(orderParts.id, orderPartId));
  if (!row) return null;
  const items = await db
    .select({
      orderItemId: orderItems.id,
      productName: orderItems.productName,
      variantLabel: orderItems.variantLabel,
      quantity: orderItems.quantity,
      pricePaise: orderItems.pricePaise,
      vendorFundedPaise: orderItems.vendorFundedPaise,
    })
    .from(orderItems)
    .where(eq(orderItems.orderPartId, orderPartId))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  return {
    ...row,
    status: row.status as OrderStatus,
    items: items.map(({ variantLabel, ...i }) => ({
      ...i,
      productName: variantLabel ? `${i.productName} (${variantLabel})` : i.productName,
    })),
  };
}

/** The customer who placed the order of a part, or null for an unknown part (or one of a deleted order). */
export async function partCustomer(db: DbOrTx, orderPartId: string): Promise<string | null> {
  if (!isUuid(orderPartId)) return null;
  const [row] = await db
    .select({ customerUserId: orders.customerId })
    .from(orderParts)
    .innerJoin(orders, eq(orders.id, orderParts.orderId))
    .where(and(eq(orderParts.id, orderPartId), orderShown));
  return row?.customerUserId ?? null;
}

/** A part as returns see it: its order's money, its shop, and its items with what each earned. */
export type PartForReturn = {
  orderId: string;
  orderPartId: string;
  customerUserId: string;
  storeId: string;
  storeName: string;
  vendorUserId: string;
  status: OrderStatus;
  deliveredAt: Date | null;
  codDuePaise: number | null;
  order: {
    subtotalPaise: number;
    /** The promotions' discount on the order's items. */
    discountPaise: number;
    totalAmountPaise: number;
    pointsUsed: number;
    refundDuePaise: number;
    paymentStatus: PaymentStatus;
    paymentId: string | null;
    testPayment: boolean;
  };
  items: {
    orderItemId: string;
    productId: string;
    variantId: string | null;
    productName: string;
    variantLabel: string | null;
    imageUrl: string | null;
    quantity: number;
    pricePaise: number;
    pointsEarned: number;
    /** The line's promotions' discount (all its units), by who pays it. */
    haatFundedPaise: number;
    vendorFundedPaise: number;
  }[];
};

/**
 * A part with its order and items (null for an unknown part). With `lock` (in a transaction), the
 * order row is locked first and then the part, as every writer of an order does.
 */
export async function partForReturn(
  db: DbOrTx,
  orderPartId: string,
  opts: { lock?: boolean } = {},
): Promise<PartForReturn | null> {
  if (!isUuid(orderPartId)) return null;
  const orderQuery = db
    .select({
      id: orders.id,
      customerUserId: orders.customerId,
      subtotalPaise: orders.subtotalPaise,
      discountPaise: orders.discountPaise,
      totalAmountPaise: orders.totalAmountPaise,
      pointsUsed: orders.pointsUsed,
      refundDuePaise: orders.refundDuePaise,
      paymentStatus: orders.paymentStatus,
      paymentId: orders.paymentId,
      testPayment: orders.testPayment,
    })
    .from(orders)
    .where(
      sql`${orders.id} = (select ${orderParts.orderId} from ${orderParts} where ${orderParts.id} = ${orderPartId})`,
    );
  const [order] = opts.lock ? await orderQuery.for('update') : await orderQuery;
  if (!order) return null;
  const partQuery = db
    .select({
      id: orderParts.id,
      storeId: orderParts.storeId,
      storeName: shopRows.shopName,
      vendorUserId: shopRows.vendorId,
      status: orderParts.status,
      deliveredAt: orderParts.deliveredAt,
      codDuePaise: orderParts.codDuePaise,
    })
    .from(orderParts)
    .innerJoin(shopRows, eq(shopRows.id, orderParts.storeId))
    .where(eq(orderParts.id, orderPartId));
  const [part] = opts.lock ? await partQuery.for('update', { of: orderParts }) : await partQuery;
  const items = await db
    .select({
      orderItemId: orderItems.id,
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      productName: orderItems.productName,
      variantLabel: orderItems.variantLabel,
      imageUrl: itemPicture(),
      quantity: orderItems.quantity,
      pricePaise: orderItems.pricePaise,
      pointsEarned: orderItems.pointsEarned,
      haatFundedPaise: orderItems.haatFundedPaise,
      vendorFundedPaise: orderItems.vendorFundedPaise,
    })
    .from(orderItems)
    .leftJoin(productRows, eq(productRows.id, orderItems.productId))
    .leftJoin(variantRows, eq(variantRows.id, orderItems.variantId))
    .where(eq(orderItems.orderPartId, orderPartId))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  return {
    orderId: order.id,
    orderPartId: part.id,
    customerUserId: order.customerUserId,
    storeId: part.storeId,
    storeName: part.storeName,
    vendorUserId: part.vendorUserId,
    status: part.status as OrderStatus,
    deliveredAt: part.deliveredAt,
    codDuePaise: part.codDuePaise === null ? null : Number(part.codDuePaise),
    order: {
      subtotalPaise: Number(order.subtotalPaise),
      discountPaise: Number(order.discountPaise),
      totalAmountPaise: Number(order.totalAmountPaise),
      pointsUsed: order.pointsUsed,
      refundDuePaise: Number(order.refundDuePaise),
      paymentStatus: order.paymentStatus as PaymentStatus,
      paymentId: order.paymentId,
      testPayment: order.testPayment,
    },
    items: items.map((i) => ({
      ...i,
      pricePaise: Number(i.pricePaise),
      haatFundedPaise: Number(i.haatFundedPaise),
      vendorFundedPaise: Number(i.vendorFundedPaise),
    })),
  };
}

/** The ids of an order's delivered parts, when the order is the customer's and not deleted (null otherwise). */
export async function deliveredPartIds(
  db: DbOrTx,
  a: { orderId: string; customerUserId: string },
): Promise<string[] | null> {
  if (!isUuid(a.orderId)) return null;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, a.orderId), eq(orders.customerId, a.customerUserId), orderShown));
  if (!order) return null;
  const rows = await db
    .select({ id: orderParts.id })
    .from(orderParts)
    .where(and(eq(orderParts.orderId, a.orderId), eq(orderParts.status, 'delivered')))
    .orderBy(asc(orderParts.createdAt), asc(orderParts.id));
  return rows.map((r) => r.id);
}

/** A customer's orders not wholly cancelled: the promotions' "first order only" counts them. */
export async function earlierOrdersOf(db: DbOrTx, customerUserId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.customerId, customerUserId), ne(orders.status, 'cancelled')));
  return Number(row?.n ?? 0);
}
