import { isUuid } from '../../../contracts/common.contract';
import {
  codToasts,
  vendorOrderMessages as m,
  vendorStatusChanged,
  type VendorOrderCounts,
  type VendorOrderList,
  type VendorOrderListQuery,
  type VendorOrderPart,
  type VendorPartUpdated,
} from '../../../contracts/vendor-orders.contract';
import { codMessages } from '../../../domain/cod';
import { countsAsVendorPending, orderStatuses, type OrderStatus } from '../../../domain/order-status';
import { partTransitionRefusal, type VendorPartStatus } from '../../../domain/vendor-fulfilment';
import { AppError } from '../../platform/app-error';
import type { Db, DbOrTx } from '../../platform/db';
import { lockCustomer } from '../auth';
import { lockCustomerOrder, markReturnedToSeller, recordCashCollected, setPartStatus } from '../orders';
import { orderRef } from '../rewards';
import { settlePartMoved } from '../settlement';
import { cancelOrderParts } from './fulfilment.part-cancel';
import { countVendorPartsByStatus, findVendorPartOrder, selectVendorParts } from './fulfilment.read-model';

// A vendor's parts of orders: one row per part of an order for a shop the vendor owns. Access is
// limited inside every query by the shop's vendor_id (fulfilment.read-model.ts).

export type ListVendorOrdersArgs = { db: DbOrTx; vendorUserId: string; query: VendorOrderListQuery };

/**
 * Lists the vendor's parts of orders (only its own items and their amount), newest first, filtered
 * by status, with counts per status over all its parts.
 */
export async function listVendorOrders({ db, vendorUserId, query }: ListVendorOrdersArgs): Promise<VendorOrderList> {
  const filter = query.status === 'all' ? { vendorUserId } : { vendorUserId, status: query.status };
  const [items, byStatus] = await Promise.all([
    selectVendorParts(db, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    countVendorPartsByStatus(db, vendorUserId),
  ]);
  const counts: VendorOrderCounts = {
    all: 0,
    pending: 0,
    confirmed: 0,
    processing: 0,
    shipped: 0,
    delivered: 0,
    cancelled: 0,
    pendingOrProcessing: 0,
  };
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
export async function getVendorOrderPart({
  db,
  vendorUserId,
  partId,
}: {
  db: DbOrTx;
  vendorUserId: string;
  partId: string;
}): Promise<VendorOrderPart> {
  if (!isUuid(partId)) throw new AppError('NOT_FOUND', m.notFound);
  const [part] = await selectVendorParts(db, { vendorUserId, partId });
  if (!part) throw new AppError('NOT_FOUND', m.notFound);
  return part;
}

export type UpdateVendorPartStatusArgs = {
  db: Db;
  vendorUserId: string;
  partId: string;
  status: VendorPartStatus;
  trackingNote?: string;
  cashCollectedPaise?: number;
};

/**
 * Moves the vendor's own part of an order forward (confirmed, processing, shipped with an optional
 * tracking note, delivered) or cancels it, in one transaction: history with actor and time, the
 * order's status recomputed from its parts; a cancel also returns the part's stock, voids its
 * pending points and refunds the points used as the customer's cancel does. CONFLICT for a move
 * back, after delivery or cancellation, or a cancel after shipping; NOT_FOUND for anyone else's part.
 */
export async function updateVendorPartStatus({
  db,
  vendorUserId,
  partId,
  status,
  trackingNote,
  cashCollectedPaise,
}: UpdateVendorPartStatusArgs): Promise<VendorPartUpdated> {
  if (!isUuid(partId)) throw new AppError('NOT_FOUND', m.notFound);
  await db.transaction(async (tx) => {
    const owned = await findVendorPartOrder(tx, { vendorUserId, partId });
    if (!owned) throw new AppError('NOT_FOUND', m.notFound);
    const actor = { userId: vendorUserId, role: 'vendor' };
    // The customer's row first, then the order: the lock order of checkout and the customer's cancel.
    if (status === 'cancelled') await lockCustomer(tx, owned.customerUserId);
    const order = await lockCustomerOrder(tx, { orderId: owned.orderId, customerUserId: owned.customerUserId });
    const part = order.parts.find((p) => p.id === partId)!;
    const refusal = partTransitionRefusal(part.status, status);
    if (refusal) throw new AppError('CONFLICT', refusal);
    const cash = cashOnDelivery(part, status, cashCollectedPaise);
    if (status === 'cancelled') {
      await cancelOrderParts(tx, {
        order,
        parts: [part],
        customerUserId: owned.customerUserId,
        actor,
        note: m.cancelNote,
      });
    } else {
      const shipping = status === 'shipped';
      await setPartStatus(tx, {
        partId,
        status,
        actor,
        note: shipping && trackingNote ? `Tracking: ${trackingNote}` : null,
        ...(shipping ? { trackingNote: trackingNote ?? null } : {}),
      });
      if (cash !== null) await recordCashCollected(tx, { partId, cashPaise: cash });
      await settlePartMoved(tx, {
        orderPartId: partId,
        status,
        orderRef: orderRef(order.id),
        ...(cash !== null ? { cash: { vendorUserId, paise: cash } } : {}),
      });
    }
  });
  const message =
    status === 'delivered' && cashCollectedPaise !== undefined ? codToasts.collected : vendorStatusChanged[status];
  return { part: await getVendorOrderPart({ db, vendorUserId, partId }), message };
}

/**
 * The cash a move records (null for none): a cash on delivery part is delivered only with the cash
 * received, which must be its cash due; a prepaid part has no cash to record.
 */
function cashOnDelivery(
  part: { codDuePaise: number | null },
  status: VendorPartStatus,
  cashPaise: number | undefined,
): number | null {
  if (part.codDuePaise === null) {
    if (cashPaise !== undefined)
      throw new AppError('VALIDATION_FAILED', codMessages.notCod, { cashCollected: codMessages.notCod });
    return null;
  }
  if (status !== 'delivered') return null;
  if (cashPaise === undefined)
    throw new AppError('VALIDATION_FAILED', codMessages.deliveredNotice, { cashCollected: codMessages.cashRequired });
  if (cashPaise !== part.codDuePaise)
    throw new AppError('VALIDATION_FAILED', codMessages.cashMismatch(part.codDuePaise), {
      cashCollected: codMessages.cashMismatch(part.codDuePaise),
    });
  return cashPaise;
}

/**
 * A shipped cash on delivery part refused at the door: cancelled as a cancel is (its stock back, its
 * pending points voided, the points used refunded in proportion; no money to refund, none was paid)
 * and marked "Returned to seller", in one transaction. CONFLICT for a prepaid part or one not shipped.
 */
export async function markPartReturnedToSeller({
  db,
  vendorUserId,
  partId,
}: {
  db: Db;
  vendorUserId: string;
  partId: string;
}): Promise<VendorPartUpdated> {
  if (!isUuid(partId)) throw new AppError('NOT_FOUND', m.notFound);
  await db.transaction(async (tx) => {
    const owned = await findVendorPartOrder(tx, { vendorUserId, partId });
    if (!owned) throw new AppError('NOT_FOUND', m.notFound);
    await lockCustomer(tx, owned.customerUserId);
    const order = await lockCustomerOrder(tx, { orderId: owned.orderId, customerUserId: owned.customerUserId });
    const part = order.parts.find((p) => p.id === partId)!;
    if (part.codDuePaise === null) throw new AppError('CONFLICT', codMessages.notCod);
    if (part.status !== 'shipped') throw new AppError('CONFLICT', codMessages.returnOnlyShipped);
    await cancelOrderParts(tx, {
      order,
      parts: [part],
      customerUserId: owned.customerUserId,
      actor: { userId: vendorUserId, role: 'vendor' },
      note: codMessages.returnedNote,
    });
    await markReturnedToSeller(tx, { partId });
  });
  return { part: await getVendorOrderPart({ db, vendorUserId, partId }), message: codToasts.returned };
}
