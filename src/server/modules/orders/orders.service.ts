import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { isUuid } from '../../../contracts/common.contract';
import type { PaymentStatus } from '../../../contracts/orders.contract';
import { orderMessages } from '../../../contracts/orders.contract';
import { codDueByPart } from '../../../domain/cod';
import { overallStatus, type OrderStatus } from '../../../domain/order-status';
import { AppError } from '../../platform/app-error';
import { writeAtOnce, type DbOrTx, type ModuleWrite, type Tx } from '../../platform/db';
import { shopRows } from '../shops';
import { orderShown } from './orders.conditions';
import { noticePartMoved } from './orders.notices';
import { orderItems, orderParts, orders, orderStatusHistory } from './orders.tables';

export type NewOrderLine = {
  productId: string;
  /** The variant bought, its label ('Size: M') and SKU, for a product with options. */
  variantId?: string | null;
  variantLabel?: string | null;
  sku?: string | null;
  storeId: string;
  productName: string;
  quantity: number;
  pricePaise: number;
  pointsEarned: number;
  /** The promotions' discount on the line (all units) and who pays it; absent for none. */
  discount?: { discountPaise: number; haatFundedPaise: number; vendorFundedPaise: number };
};

export type NewOrder = {
  /** The order's id when the caller chose it first (the payment it settles was marked with it); else a new one. */
  id?: string;
  customerUserId: string;
  shippingAddress: string;
  /** The delivery address's state: GST's place of supply. */
  placeOfSupplyState: string | null;
  subtotalPaise: number;
  shippingPaise: number;
  totalAmountPaise: number;
  pointsUsed: number;
  /** cash_on_delivery: each part's share of the amount payable is written as the cash its shop collects. */
  paymentStatus: Extract<PaymentStatus, 'paid' | 'not_required' | 'cash_on_delivery'>;
  /** Our payments row id (unique: one payment never makes two orders); null when nothing was due. */
  paymentId: string | null;
  /** Paid through the built-in test gateway: no money moved. */
  testPayment: boolean;
  lines: NewOrderLine[];
  /** The promotions applied, as the order shows them (none when absent). */
  promotions?: { promotionId: string; name: string; code: string | null; savedPaise: number }[];
};

export type PlacedPart = {
  id: string;
  storeId: string;
  subtotalPaise: number;
  pointsEarned: number;
  /** Cash on delivery: the cash its shop collects (else null). */
  codDuePaise: number | null;
};
export type PlacedItem = {
  id: string;
  orderPartId: string;
  productId: string;
  storeId: string;
  quantity: number;
  pricePaise: number;
};

export type Actor = { userId: string | null; role: string };

/**
 * Writes an order in the caller's transaction, in one statement: the order, one part per shop (with
 * the cash its shop collects, for cash on delivery), its items in the lines' order, and a 'pending'
 * history row per part. The ids are made here, so that the statement needs to answer nothing: the
 * order id, the parts in the order of their shops' first lines, and the items in the lines' order.
 */
export async function insertOrder(
  tx: Tx,
  o: NewOrder,
): Promise<{ orderId: string; parts: PlacedPart[]; items: PlacedItem[] }> {
  const { write, ...placed } = orderWrite(tx, o);
  await writeAtOnce(tx, write);
  return placed;
}

/**
 * insertOrder's writes, for a caller's one statement (writeAtOnce): the order, its parts, items and
 * first history rows, written together; the ids are made here and answered beside them.
 */
export function orderWrite(
  tx: Tx,
  o: NewOrder,
): { orderId: string; parts: PlacedPart[]; items: PlacedItem[]; write: ModuleWrite } {
  if (o.lines.length === 0) throw new Error('insertOrder: an order needs at least one line');
  const byStore = new Map<string, NewOrderLine[]>();
  for (const l of o.lines) byStore.set(l.storeId, [...(byStore.get(l.storeId) ?? []), l]);
  const pointsEarned = o.lines.reduce((s, l) => s + l.pointsEarned, 0);
  const discountOf = (lines: NewOrderLine[]) => lines.reduce((s, l) => s + (l.discount?.discountPaise ?? 0), 0);

  const orderId = o.id ?? randomUUID();
  const parts = [...byStore].map(([storeId, lines]) => ({
    id: randomUUID(),
    storeId,
    subtotalPaise: lines.reduce((s, l) => s + l.pricePaise * l.quantity, 0),
    discountPaise: discountOf(lines),
    pointsEarned: lines.reduce((s, l) => s + l.pointsEarned, 0),
  }));
  // Cash on delivery: each shop collects its share of what is payable, in proportion to what its items
  // cost after promotions.
  const codDue =
    o.paymentStatus === 'cash_on_delivery'
      ? codDueByPart(
          parts.map((p) => ({ id: p.id, subtotalPaise: p.subtotalPaise - p.discountPaise })),
          o.totalAmountPaise,
        )
      : new Map<string, number>();
  const placedParts: PlacedPart[] = parts.map(({ discountPaise: _, ...p }) => ({
    ...p,
    codDuePaise: codDue.get(p.id) ?? null,
  }));
  const partOf = new Map(parts.map((p) => [p.storeId, p.id]));
  const items = o.lines.map((l) => ({ id: randomUUID(), orderPartId: partOf.get(l.storeId)!, line: l }));

  const order = tx.insert(orders).values({
    id: orderId,
    customerId: o.customerUserId,
    subtotalPaise: o.subtotalPaise,
    shippingPaise: o.shippingPaise,
    totalAmountPaise: o.totalAmountPaise,
    pointsUsed: o.pointsUsed,
    pointsEarned,
    discountPaise: discountOf(o.lines),
    promotions: o.promotions ?? [],
    shippingAddress: o.shippingAddress,
    placeOfSupplyState: o.placeOfSupplyState,
    status: 'pending',
    paymentStatus: o.paymentStatus,
    paymentId: o.paymentId,
    testPayment: o.testPayment,
  });
  const partRows = tx.insert(orderParts).values(
    parts.map((p) => ({
      id: p.id,
      orderId,
      storeId: p.storeId,
      status: 'pending',
      subtotalPaise: p.subtotalPaise,
      discountPaise: p.discountPaise,
      pointsEarned: p.pointsEarned,
      codDuePaise: codDue.get(p.id) ?? null,
    })),
  );
  const itemRows = tx.insert(orderItems).values(
    items.map(({ id, orderPartId, line: l }) => ({
      id,
      orderId,
      orderPartId,
      productId: l.productId,
      variantId: l.variantId ?? null,
      variantLabel: l.variantLabel ?? null,
      sku: l.sku ?? null,
      storeId: l.storeId,
      productName: l.productName,
      quantity: l.quantity,
      pricePaise: l.pricePaise,
      pointsEarned: l.pointsEarned,
      discountPaise: l.discount?.discountPaise ?? 0,
      haatFundedPaise: l.discount?.haatFundedPaise ?? 0,
      vendorFundedPaise: l.discount?.vendorFundedPaise ?? 0,
    })),
  );
  const history = tx.insert(orderStatusHistory).values(
    parts.map((p) => ({
      orderId,
      orderPartId: p.id,
      status: 'pending',
      note: 'Order placed',
      actorUserId: o.customerUserId,
      actorRole: 'customer',
    })),
  );
  // One statement: the foreign keys between its rows are checked at its end, when all are written.
  const write: ModuleWrite = {
    writes: [
      { name: 'order_row', body: order.getSQL() },
      { name: 'order_part_rows', body: partRows.getSQL() },
      { name: 'order_item_rows', body: itemRows.getSQL() },
      { name: 'order_status_rows', body: history.getSQL() },
    ],
  };
  return {
    write,
    orderId,
    parts: placedParts,
    items: items.map(({ id, orderPartId, line: l }) => ({
      id,
      orderPartId,
      productId: l.productId,
      storeId: l.storeId,
      quantity: l.quantity,
      pricePaise: l.pricePaise,
    })),
  };
}

export type LockedOrder = {
  id: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  pointsUsed: number;
  subtotalPaise: number;
  /** The promotions' discount on the items: the items cost the customer subtotal - discount. */
  discountPaise: number;
  totalAmountPaise: number;
  refundDuePaise: number;
  parts: {
    id: string;
    status: OrderStatus;
    storeName: string;
    subtotalPaise: number;
    /** The promotions' discount on this part's items. */
    discountPaise: number;
    pointsEarned: number;
    /** Cash on delivery: the cash the shop collects (null for a prepaid order). */
    codDuePaise: number | null;
    items: { productId: string; variantId: string | null; quantity: number }[];
  }[];
};

/** The user id of the customer who placed the order, or null for an unknown order. */
export async function findOrderCustomer(db: DbOrTx, orderId: string): Promise<string | null> {
  const [row] = await db.select({ customerUserId: orders.customerId }).from(orders).where(eq(orders.id, orderId));
  return row?.customerUserId ?? null;
}

/** Locks a customer's own order (FOR UPDATE) and answers it with its parts and items; NOT_FOUND for anyone else's, and for a deleted one. */
export async function lockCustomerOrder(tx: Tx, a: { orderId: string; customerUserId: string }): Promise<LockedOrder> {
  if (!isUuid(a.orderId)) throw new AppError('NOT_FOUND', orderMessages.notFound);
  const [order] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      pointsUsed: orders.pointsUsed,
      subtotalPaise: orders.subtotalPaise,
      discountPaise: orders.discountPaise,
      totalAmountPaise: orders.totalAmountPaise,
      refundDuePaise: orders.refundDuePaise,
    })
    .from(orders)
    .where(and(eq(orders.id, a.orderId), eq(orders.customerId, a.customerUserId), orderShown))
    .for('update');
  if (!order) throw new AppError('NOT_FOUND', orderMessages.notFound);
  const parts = await tx
    .select({
      id: orderParts.id,
      status: orderParts.status,
      storeName: shopRows.shopName,
      subtotalPaise: orderParts.subtotalPaise,
      discountPaise: orderParts.discountPaise,
      pointsEarned: orderParts.pointsEarned,
      codDuePaise: orderParts.codDuePaise,
    })
    .from(orderParts)
    .innerJoin(shopRows, eq(shopRows.id, orderParts.storeId))
    .where(eq(orderParts.orderId, order.id))
    .orderBy(asc(orderParts.createdAt), asc(orderParts.id))
    // The parts only: locking the joined shops too would queue every order of those shops behind
    // this one, and deadlock against a checkout that inserts parts of the same shops.
    .for('update', { of: orderParts });
  const items = await tx
    .select({
      partId: orderItems.orderPartId,
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  return {
    ...order,
    status: order.status as OrderStatus,
    paymentStatus: order.paymentStatus as PaymentStatus,
    parts: parts.map((p) => ({
      ...p,
      codDuePaise: p.codDuePaise === null ? null : Number(p.codDuePaise),
      status: p.status as OrderStatus,
      items: items
        .filter((i) => i.partId === p.id)
        .map(({ productId, variantId, quantity }) => ({ productId, variantId, quantity })),
    })),
  };
}

/**
 * Moves one shop's part to a status in the caller's transaction: records the change with actor and
 * time, sets delivered_at when it becomes delivered, and recomputes the order's status from its parts.
 */
export async function setPartStatus(
  tx: Tx,
  a: { partId: string; status: OrderStatus; actor: Actor; note?: string | null; trackingNote?: string | null },
): Promise<{ orderId: string; previousStatus: OrderStatus; orderStatus: OrderStatus }> {
  // Lock the order first, then the part: the same order every writer of an order follows.
  const [order] = await tx
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(sql`${orders.id} = (select ${orderParts.orderId} from ${orderParts} where ${orderParts.id} = ${a.partId})`)
    .for('update');
  if (!order) throw new AppError('NOT_FOUND', orderMessages.notFound);
  const parts = await tx
    .select({ id: orderParts.id, status: orderParts.status })
    .from(orderParts)
    .where(eq(orderParts.orderId, order.id))
    .for('update');
  const part = parts.find((p) => p.id === a.partId)!;
  const previousStatus = part.status as OrderStatus;
  if (previousStatus !== a.status || a.trackingNote !== undefined) {
    await tx
      .update(orderParts)
      .set({
        status: a.status,
        updatedAt: new Date(),
        ...(previousStatus !== a.status ? { deliveredAt: a.status === 'delivered' ? new Date() : null } : {}),
        ...(a.trackingNote !== undefined ? { trackingNote: a.trackingNote } : {}),
      })
      .where(eq(orderParts.id, a.partId));
  }
  if (previousStatus !== a.status) {
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      orderPartId: a.partId,
      status: a.status,
      note: a.note ?? null,
      actorUserId: a.actor.userId,
      actorRole: a.actor.role,
    });
    // Whoever moved it (the vendor, the super admin), the customer hears of it with the change.
    await noticePartMoved(tx, { partId: a.partId, status: a.status, trackingNote: a.trackingNote });
  }
  const orderStatus = overallStatus(parts.map((p) => (p.id === a.partId ? a.status : (p.status as OrderStatus))));
  if (orderStatus !== order.status) {
    await tx.update(orders).set({ status: orderStatus, updatedAt: new Date() }).where(eq(orders.id, order.id));
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      orderPartId: null,
      status: orderStatus,
      note: a.note ?? null,
      actorUserId: a.actor.userId,
      actorRole: a.actor.role,
    });
  }
  return { orderId: order.id, previousStatus, orderStatus };
}

/** Sets an order's payment status (paid, refund pending, ...) in the caller's transaction. */
export async function setPaymentStatus(tx: Tx, a: { orderId: string; paymentStatus: PaymentStatus }): Promise<void> {
  await tx
    .update(orders)
    .set({ paymentStatus: a.paymentStatus, updatedAt: new Date() })
    .where(eq(orders.id, a.orderId));
}

/** Adds money owed back to the customer (a cancellation of a paid order) and marks the order's payment refund pending. */
export async function addRefundDue(tx: Tx, a: { orderId: string; paise: number }): Promise<void> {
  await tx
    .update(orders)
    .set({
      paymentStatus: 'refund_pending',
      refundDuePaise: sql`${orders.refundDuePaise} + ${a.paise}`,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, a.orderId));
}

/**
 * Hides an order the super admin deleted, in the caller's transaction (which holds the order's lock
 * and has settled its open parts): it leaves every list and view, while its rows, history and every
 * ledger row that names it stay. Answers when; NOT_FOUND when it is unknown or already hidden.
 */
export async function hideOrder(tx: Tx, a: { orderId: string; adminId: string }): Promise<Date> {
  const now = new Date();
  const [row] = await tx
    .update(orders)
    .set({ hiddenAt: now, hiddenBy: a.adminId, updatedAt: now })
    .where(and(eq(orders.id, a.orderId), orderShown))
    .returning({ id: orders.id });
  if (!row) throw new AppError('NOT_FOUND', orderMessages.notFound);
  return now;
}

/** Whether any order ever named this product (a product with orders is withdrawn, never deleted). */
export async function isProductOrdered(db: DbOrTx, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.productId, productId))
    .limit(1);
  return row !== undefined;
}

/** The id of one of the customer's orders in which this product was delivered, or null. */
export async function findDeliveredOrderWithProduct(
  db: DbOrTx,
  a: { customerUserId: string; productId: string },
): Promise<string | null> {
  const [row] = await db
    .select({ orderId: orders.id })
    .from(orderItems)
    .innerJoin(orderParts, eq(orderParts.id, orderItems.orderPartId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.customerId, a.customerUserId),
        eq(orderItems.productId, a.productId),
        eq(orderParts.status, 'delivered'),
      ),
    )
    .limit(1);
  return row?.orderId ?? null;
}

/**
 * Records the cash a shop received for its cash on delivery part, in the caller's transaction (the
 * one that marks the part delivered, under the order's lock). The amount must be the part's cash due.
 */
export async function recordCashCollected(tx: Tx, a: { partId: string; cashPaise: number }): Promise<void> {
  const rows = await tx
    .update(orderParts)
    .set({ cashCollectedPaise: a.cashPaise, cashCollectedAt: new Date(), updatedAt: new Date() })
    .where(
      and(eq(orderParts.id, a.partId), eq(orderParts.codDuePaise, a.cashPaise), isNull(orderParts.cashCollectedPaise)),
    )
    .returning({ id: orderParts.id });
  if (rows.length !== 1)
    throw new Error(`recordCashCollected: part ${a.partId} has no such cash due, or it was recorded already`);
}

/** Marks a cancelled cash on delivery part as returned to its seller (refused at the door), in the caller's transaction. */
export async function markReturnedToSeller(tx: Tx, a: { partId: string }): Promise<void> {
  await tx
    .update(orderParts)
    .set({ returnedToSellerAt: new Date(), updatedAt: new Date() })
    .where(eq(orderParts.id, a.partId));
}
