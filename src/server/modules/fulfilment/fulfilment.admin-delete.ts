import { adminOrderMessages as m } from '../../../contracts/admin-orders.contract';
import { orderInTransitMessage, orderReturnOpenMessage } from '../../../contracts/admin-lists.contract';
import { isUuid } from '../../../contracts/common.contract';
import { isCancellable, isOpen, type OrderStatus } from '../../../domain/order-status';
import { AppError } from '../../platform/app-error';
import type { Tx } from '../../platform/db';
import { lockCustomer } from '../auth';
import { findOrderCustomer, hideOrder, lockCustomerOrder } from '../orders';
import { partsWithReturnInProgress } from '../returns';
import { cancelOrderParts, type PartsCancelled } from './fulfilment.part-cancel';

// The super admin's deletion of an order, in the caller's transaction (which also spends the
// step-up code and writes the audit entry). An order is never destroyed: its open parts are
// cancelled through the same cancelOrderParts as every other cancel, then it is hidden.

export type CancelledPart = { partId: string; shop: string; from: OrderStatus };
export type OrderDeleted = { orderId: string; cancelledParts: CancelledPart[]; refund: PartsCancelled; hiddenAt: Date };

const nothingCancelled: PartsCancelled = { stockReturned: 0, pointsVoided: 0, pointsRefunded: 0, refundPaise: 0 };

/**
 * Deletes an order as the super admin: under the locks of the customer's cancel, every part that
 * can still be cancelled (pending, confirmed, processing) is cancelled with its refunds, stock,
 * points, notices and history (the super admin as actor), and the order is hidden from every list;
 * delivered and cancelled parts stay as they are, and nothing is removed. A shipped part, or a
 * return under way, refuses the whole deletion (CONFLICT naming the shop); an unknown or already
 * deleted order is NOT_FOUND.
 */
export async function deleteOrderAsAdmin(
  tx: Tx,
  a: { orderId: string; adminId: string; cancelNote: string },
): Promise<OrderDeleted> {
  if (!isUuid(a.orderId)) throw new AppError('NOT_FOUND', m.notFound);
  const customerUserId = await findOrderCustomer(tx, a.orderId);
  if (!customerUserId) throw new AppError('NOT_FOUND', m.notFound);
  // The customer's row first, then the order: the lock order of checkout and every cancel.
  await lockCustomer(tx, customerUserId);
  const order = await lockCustomerOrder(tx, { orderId: a.orderId, customerUserId });

  // On its way: the goods are out of the shop's hands, so someone must decide what happens to them first.
  const inTransit = order.parts.find((p) => isOpen(p.status) && !isCancellable(p.status));
  if (inTransit) throw new AppError('CONFLICT', orderInTransitMessage(inTransit.storeName));
  const returning = new Set(await partsWithReturnInProgress(tx, order.id));
  const withReturn = order.parts.find((p) => returning.has(p.id));
  if (withReturn) throw new AppError('CONFLICT', orderReturnOpenMessage(withReturn.storeName));

  const open = order.parts.filter((p) => isCancellable(p.status));
  const refund =
    open.length > 0
      ? await cancelOrderParts(tx, {
          order,
          parts: open,
          customerUserId,
          actor: { userId: a.adminId, role: 'super_admin' },
          note: a.cancelNote,
        })
      : nothingCancelled;
  const hiddenAt = await hideOrder(tx, { orderId: order.id, adminId: a.adminId });
  return {
    orderId: order.id,
    cancelledParts: open.map((p) => ({ partId: p.id, shop: p.storeName, from: p.status })),
    refund,
    hiddenAt,
  };
}
