import { isUuid } from '../../../contracts/checkout.contract';
import { orderMessages, type CancelPreview } from '../../../contracts/orders.contract';
import { isCancellable } from '../../../domain/order-status';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/db';
import { lockCustomer } from '../auth';
import { lockCustomerOrder } from '../orders';
import { cancelOrderParts, planCancel, type PartsCancelled } from './fulfilment.part-cancel';

export type CancelResult = { orderId: string } & PartsCancelled;

/** The parts a customer's cancel takes now: those not moved on yet; refused (409) when the order or every part has. */
function cancellableParts<O extends Awaited<ReturnType<typeof lockCustomerOrder>>>(order: O): O['parts'] {
  const parts = order.parts.filter((p) => isCancellable(p.status));
  if (!isCancellable(order.status) || parts.length === 0) throw new AppError('CONFLICT', orderMessages.notCancellable);
  return parts;
}

/**
 * Cancels the customer's own order while it is pending, confirmed or processing, in one
 * transaction: every part that can still be cancelled is cancelled (with history), its stock goes
 * back, its pending points are voided, the points used are refunded (in proportion when a part
 * has already moved on), and a paid order is marked for refund.
 */
export async function cancelOrder({
  db,
  customerUserId,
  orderId,
}: {
  db: Db;
  customerUserId: string;
  orderId: string;
}): Promise<CancelResult> {
  if (!isUuid(orderId)) throw new AppError('NOT_FOUND', orderMessages.notFound);
  return db.transaction(async (tx) => {
    await lockCustomer(tx, customerUserId);
    const order = await lockCustomerOrder(tx, { orderId, customerUserId });
    const parts = cancellableParts(order);

    const done = await cancelOrderParts(tx, {
      order,
      parts,
      customerUserId,
      actor: { userId: customerUserId, role: 'customer' },
      note: 'Cancelled by the customer',
    });
    return { orderId: order.id, ...done };
  });
}

/** What cancelling the customer's own order would do now (the parts, units, points and money), by the rules the cancel applies; nothing is written. */
export async function previewCancel({
  db,
  customerUserId,
  orderId,
}: {
  db: Db;
  customerUserId: string;
  orderId: string;
}): Promise<CancelPreview> {
  if (!isUuid(orderId)) throw new AppError('NOT_FOUND', orderMessages.notFound);
  return db.transaction(async (tx) => {
    const order = await lockCustomerOrder(tx, { orderId, customerUserId });
    const parts = cancellableParts(order);
    const plan = await planCancel(tx, { order, parts, customerUserId });
    const partial = parts.length < order.parts.filter((p) => p.status !== 'cancelled').length;
    return {
      parts: parts.map(({ id, storeName, subtotalPaise }) => ({ id, storeName, subtotalPaise })),
      partial,
      ...plan,
    };
  });
}
