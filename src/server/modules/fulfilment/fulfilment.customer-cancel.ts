import { isUuid } from '../../../contracts/common.contract';
import { orderMessages, type CancelPreview } from '../../../contracts/orders.contract';
import { isCancellable } from '../../../domain/order-status';
import { AppError } from '../../platform/app-error';
import type { Db, Tx } from '../../platform/db';
import { lockCustomer } from '../auth';
import { lockCustomerOrder } from '../orders';
import { cancelOrderParts, planCancel, type PartsCancelled } from './fulfilment.part-cancel';

export type CancelResult = { orderId: string } & PartsCancelled;

/** The parts a customer's cancel takes now: those not moved on yet; refused (409) when the order or every part has. */
function cancellableParts(order: CustomerOrder): CustomerOrder['parts'] {
  const parts = order.parts.filter((p) => isCancellable(p.status));
  if (!isCancellable(order.status) || parts.length === 0) throw new AppError('CONFLICT', orderMessages.notCancellable);
  return parts;
}

type CustomerOrderArgs = { db: Db; customerUserId: string; orderId: string };
type CustomerOrder = Awaited<ReturnType<typeof lockCustomerOrder>>;

/**
 * In one transaction, the customer's own order locked with the parts a cancel takes now (404 for an
 * id that is not one, 409 when nothing can be cancelled): the cancel and its preview apply the same
 * rules. The cancel, which writes, locks the customer first (`lockCustomer`); the preview writes nothing.
 */
async function onCancellableParts<T>(
  { db, customerUserId, orderId }: CustomerOrderArgs,
  lockCustomerFirst: boolean,
  then: (tx: Tx, order: CustomerOrder, parts: CustomerOrder['parts']) => Promise<T>,
): Promise<T> {
  if (!isUuid(orderId)) throw new AppError('NOT_FOUND', orderMessages.notFound);
  return db.transaction(async (tx) => {
    if (lockCustomerFirst) await lockCustomer(tx, customerUserId);
    const order = await lockCustomerOrder(tx, { orderId, customerUserId });
    return then(tx, order, cancellableParts(order));
  });
}

/**
 * Cancels the customer's own order while it is pending, confirmed or processing, in one
 * transaction: every part that can still be cancelled is cancelled (with history), its stock goes
 * back, its pending points are voided, the points used are refunded (in proportion when a part
 * has already moved on), and a paid order is marked for refund.
 */
export async function cancelOrder(a: CustomerOrderArgs): Promise<CancelResult> {
  const { customerUserId } = a;
  return onCancellableParts(a, true, async (tx, order, parts) => {
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
export async function previewCancel(a: CustomerOrderArgs): Promise<CancelPreview> {
  return onCancellableParts(a, false, async (tx, order, parts) => {
    const plan = await planCancel(tx, { order, parts, customerUserId: a.customerUserId });
    const partial = parts.length < order.parts.filter((p) => p.status !== 'cancelled').length;
    return {
      parts: parts.map(({ id, storeName, subtotalPaise }) => ({ id, storeName, subtotalPaise })),
      partial,
      ...plan,
    };
  });
}
