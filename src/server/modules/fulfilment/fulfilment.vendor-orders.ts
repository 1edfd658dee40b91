import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../../contracts/checkout.contract';
import {
  vendorOrderMessages as m,
  vendorStatusChanged,
  type VendorOrderCounts,
  type VendorOrderList,
  type VendorOrderListQuery,
  type VendorOrderPart,
  type VendorPartUpdated,
} from '../../../contracts/vendor-orders.contract';
import { countsAsVendorPending, orderStatuses, type OrderStatus } from '../../../domain/order-status';
import { partTransitionRefusal, type VendorPartStatus } from '../../../domain/vendor-fulfilment';
import { AppError } from '../../platform/app-error';
import type { Db, DbOrTx } from '../../platform/db';
import { customers, lockCustomer, users } from '../auth';
import { products } from '../catalog';
import { lockCustomerOrder, orderItems, orderParts, orders, setPartStatus } from '../orders';
import { vendorShops } from '../shops';
import { cancelOrderParts } from './fulfilment.part-cancel';

// A vendor's parts of orders: one row per part of an order for a shop the vendor owns. Access is
// limited inside every query by the shop's vendor_id.

const ownedBy = (vendorUserId: string) => eq(vendorShops.vendorId, vendorUserId);

/** Parts of the vendor's shops matching `where`, newest order first, with their items (two queries). */
async function selectParts(db: DbOrTx, where: SQL, page?: { limit: number; offset: number }): Promise<VendorOrderPart[]> {
  const base = db
    .select({
      orderId: orderParts.orderId,
      partId: orderParts.id,
      storeId: orderParts.storeId,
      storeName: vendorShops.shopName,
      customerName: customers.fullName,
      customerEmail: sql<string>`coalesce(${customers.email}, ${users.email})`,
      shippingAddress: orders.shippingAddress,
      amountPaise: orderParts.subtotalPaise,
      testPayment: orders.testPayment,
      status: orderParts.status,
      trackingNote: orderParts.trackingNote,
      createdAt: orders.createdAt,
      updatedAt: orderParts.updatedAt,
    })
    .from(orderParts)
    .innerJoin(vendorShops, eq(vendorShops.id, orderParts.storeId))
    .innerJoin(orders, eq(orders.id, orderParts.orderId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .leftJoin(customers, eq(customers.userId, orders.customerId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orderParts.id));
  const rows = page ? await base.limit(page.limit).offset(page.offset) : await base;
  if (rows.length === 0) return [];
  const items = await db
    .select({
      id: orderItems.id,
      partId: orderItems.orderPartId,
      productId: orderItems.productId,
      productName: orderItems.productName,
      imageUrl: products.imageUrl,
      quantity: orderItems.quantity,
      pricePaise: orderItems.pricePaise,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderPartId, rows.map((r) => r.partId)))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  return rows.map((r) => ({
    ...r,
    customerName: r.customerName ?? 'Customer',
    amountPaise: Number(r.amountPaise),
    status: r.status as OrderStatus,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    items: items.filter((i) => i.partId === r.partId).map(({ partId: _partId, ...i }) => ({ ...i, pricePaise: Number(i.pricePaise) })),
  }));
}

export type ListVendorOrdersArgs = { db: DbOrTx; vendorUserId: string; query: VendorOrderListQuery };

/**
 * Lists the vendor's parts of orders (only its own items and their amount), newest first, filtered
 * by status, with counts per status over all its parts.
 */
export async function listVendorOrders({ db, vendorUserId, query }: ListVendorOrdersArgs): Promise<VendorOrderList> {
  const where = query.status === 'all' ? ownedBy(vendorUserId) : and(ownedBy(vendorUserId), eq(orderParts.status, query.status))!;
  const [items, byStatus] = await Promise.all([
    selectParts(db, where, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    db
      .select({ status: orderParts.status, n: sql<number>`count(*)::int` })
      .from(orderParts)
      .innerJoin(vendorShops, eq(vendorShops.id, orderParts.storeId))
      .where(ownedBy(vendorUserId))
      .groupBy(orderParts.status),
  ]);
  const counts: VendorOrderCounts = { all: 0, pending: 0, confirmed: 0, processing: 0, shipped: 0, delivered: 0, cancelled: 0, pendingOrProcessing: 0 };
  for (const row of byStatus) {
    const status = row.status as OrderStatus;
    const n = Number(row.n);
    if (!orderStatuses.includes(status)) continue;
    counts[status] = n;
    counts.all += n;
    if (countsAsVendorPending(status)) counts.pendingOrProcessing += n;
  }
  const total = query.status === 'all' ? counts.all : counts[query.status];
  return { items, total, page: query.page, pageSize: query.pageSize, counts };
}

/** One of the vendor's parts, or NOT_FOUND (for another vendor's part too). */
export async function getVendorOrderPart({ db, vendorUserId, partId }: { db: DbOrTx; vendorUserId: string; partId: string }): Promise<VendorOrderPart> {
  if (!isUuid(partId)) throw new AppError('NOT_FOUND', m.notFound);
  const [part] = await selectParts(db, and(ownedBy(vendorUserId), eq(orderParts.id, partId))!);
  if (!part) throw new AppError('NOT_FOUND', m.notFound);
  return part;
}

export type UpdateVendorPartStatusArgs = { db: Db; vendorUserId: string; partId: string; status: VendorPartStatus; trackingNote?: string };

/**
 * Moves the vendor's own part of an order forward (confirmed, processing, shipped with an optional
 * tracking note, delivered) or cancels it, in one transaction: history with actor and time, the
 * order's status recomputed from its parts; a cancel also returns the part's stock, voids its
 * pending points and refunds the points used as the customer's cancel does. CONFLICT for a move
 * back, after delivery or cancellation, or a cancel after shipping; NOT_FOUND for anyone else's part.
 */
export async function updateVendorPartStatus({ db, vendorUserId, partId, status, trackingNote }: UpdateVendorPartStatusArgs): Promise<VendorPartUpdated> {
  if (!isUuid(partId)) throw new AppError('NOT_FOUND', m.notFound);
  await db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ orderId: orderParts.orderId, customerUserId: orders.customerId })
      .from(orderParts)
      .innerJoin(vendorShops, eq(vendorShops.id, orderParts.storeId))
      .innerJoin(orders, eq(orders.id, orderParts.orderId))
      .where(and(ownedBy(vendorUserId), eq(orderParts.id, partId)));
    if (!owned) throw new AppError('NOT_FOUND', m.notFound);
    const actor = { userId: vendorUserId, role: 'vendor' };
    // The customer's row first, then the order: the lock order of checkout and the customer's cancel.
    if (status === 'cancelled') await lockCustomer(tx, owned.customerUserId);
    const order = await lockCustomerOrder(tx, { orderId: owned.orderId, customerUserId: owned.customerUserId });
    const part = order.parts.find((p) => p.id === partId)!;
    const refusal = partTransitionRefusal(part.status, status);
    if (refusal) throw new AppError('CONFLICT', refusal);
    if (status === 'cancelled') {
      await cancelOrderParts(tx, { order, parts: [part], customerUserId: owned.customerUserId, actor, note: m.cancelNote });
    } else {
      const shipping = status === 'shipped';
      await setPartStatus(tx, {
        partId,
        status,
        actor,
        note: shipping && trackingNote ? `Tracking: ${trackingNote}` : null,
        ...(shipping ? { trackingNote: trackingNote ?? null } : {}),
      });
    }
  });
  return { part: await getVendorOrderPart({ db, vendorUserId, partId }), message: vendorStatusChanged[status] };
}
