import { adminOrderMessages as m } from '../../../contracts/admin-orders.contract';
import { codMessages } from '../../../domain/cod';
import { adminPartTransitionRefusal } from '../../../domain/vendor-fulfilment';
import { isUuid } from '../../../contracts/common.contract';
import { isOpen, orderStatuses, type OrderStatus } from '../../../domain/order-status';
import { AppError } from '../../platform/app-error';
import type { Tx } from '../../platform/db';
import { lockCustomer } from '../auth';
import { findOrderCustomer, lockCustomerOrder, setPartStatus, type Actor } from '../orders';
import { orderRef } from '../rewards';
import { settlePartMoved } from '../settlement';
import { cancelOrderParts, type PartsCancelled } from './fulfilment.part-cancel';

// The super admin's status change of an order, in the caller's transaction (which also spends the
// step-up code and writes the audit entry): forward moves by the vendor's rules through
// setPartStatus, cancels through the same cancelOrderParts as the customer's and the vendor's cancel.

export type AdminPartChange = { partId: string; storeName: string; from: OrderStatus; to: OrderStatus };
export type AdminStatusResult = { orderId: string; changes: AdminPartChange[]; cancelled: PartsCancelled | null };

/**
 * Moves one part of any order (or, without `partId`, every part still open) to a status as the
 * super admin: CONFLICT for a move the rules refuse, NOT_FOUND for an unknown order or part; a
 * cancel returns stock and points exactly as the customer's cancel does.
 */
export async function setOrderStatusAsAdmin(
  tx: Tx,
  a: { orderId: string; partId?: string; status: OrderStatus; note?: string; actor: Actor; cancelNote: string },
): Promise<AdminStatusResult> {
  if (!isUuid(a.orderId)) throw new AppError('NOT_FOUND', m.notFound);
  const customerUserId = await findOrderCustomer(tx, a.orderId);
  if (!customerUserId) throw new AppError('NOT_FOUND', m.notFound);
  // The customer's row first, then the order: the lock order of checkout and the customer's cancel.
  if (a.status === 'cancelled') await lockCustomer(tx, customerUserId);
  const order = await lockCustomerOrder(tx, { orderId: a.orderId, customerUserId });

  let targets: typeof order.parts;
  if (a.partId) {
    const part = order.parts.find((p) => p.id === a.partId);
    if (!part) throw new AppError('NOT_FOUND', m.notFound);
    targets = [part];
  } else {
    const open = order.parts.filter((p) => isOpen(p.status));
    if (open.length === 0) throw new AppError('CONFLICT', m.nothingOpen);
    // Parts already there stay as they are; when all are, the refusal below says so.
    const moving = open.filter((p) => p.status !== a.status);
    targets = moving.length > 0 ? moving : open;
  }
  for (const part of targets) {
    // The cash is the shop's to record: it marks its own cash on delivery part delivered, with the amount.
    const refusal =
      part.codDuePaise !== null && a.status === 'delivered'
        ? codMessages.adminDeliveredCod
        : adminPartTransitionRefusal(part.status, a.status);
    if (refusal) throw new AppError('CONFLICT', order.parts.length > 1 ? `${refusal} (${part.storeName})` : refusal);
  }

  const changes = targets.map((p) => ({ partId: p.id, storeName: p.storeName, from: p.status, to: a.status }));
  if (a.status === 'cancelled') {
    const cancelled = await cancelOrderParts(tx, {
      order,
      parts: targets,
      customerUserId,
      actor: a.actor,
      note: a.note ?? a.cancelNote,
    });
    return { orderId: order.id, changes, cancelled };
  }
  const shipping = a.status === 'shipped';
  // The most advanced part first: the order then moves once, when its least advanced part does.
  const byRank = [...targets].sort((x, y) => orderStatuses.indexOf(y.status) - orderStatuses.indexOf(x.status));
  for (const part of byRank) {
    await setPartStatus(tx, {
      partId: part.id,
      status: a.status,
      actor: a.actor,
      note: shipping && a.note ? `Tracking: ${a.note}` : (a.note ?? null),
      ...(shipping ? { trackingNote: a.note ?? null } : {}),
    });
    await settlePartMoved(tx, { orderPartId: part.id, status: a.status, orderRef: orderRef(order.id) });
  }
  return { orderId: order.id, changes, cancelled: null };
}
