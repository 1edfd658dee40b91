import { and, eq } from 'drizzle-orm';
import { checkoutMessages, isUuid } from '../../../contracts/checkout.contract';
import { orderMessages, type CancelPreview } from '../../../contracts/orders.contract';
import { isCancellable } from '../../../domain/order-status';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/db';
import { addReview, reviews } from '../catalog';
import { findDeliveredOrderWithProduct, lockCustomerOrder } from '../orders';
import { lockCustomer } from './checkout.pricing';
import { cancelOrderParts, planCancel, type PartsCancelled } from './part-cancel';

export type CancelResult = { orderId: string } & PartsCancelled;

/**
 * Cancels the customer's own order while it is pending, confirmed or processing, in one
 * transaction: every part that can still be cancelled is cancelled (with history), its stock goes
 * back, its pending points are voided, the points used are refunded (in proportion when a part
 * has already moved on), and a paid order is marked for refund.
 */
export async function cancelOrder({ db, customerUserId, orderId }: { db: Db; customerUserId: string; orderId: string }): Promise<CancelResult> {
  if (!isUuid(orderId)) throw new AppError('NOT_FOUND', orderMessages.notFound);
  return db.transaction(async (tx) => {
    await lockCustomer(tx, customerUserId);
    const order = await lockCustomerOrder(tx, { orderId, customerUserId });
    const parts = order.parts.filter((p) => isCancellable(p.status));
    if (!isCancellable(order.status) || parts.length === 0) throw new AppError('CONFLICT', orderMessages.notCancellable);

    const done = await cancelOrderParts(tx, { order, parts, customerUserId, actor: { userId: customerUserId, role: 'customer' }, note: 'Cancelled by the customer' });
    return { orderId: order.id, ...done };
  });
}

/** What cancelling the customer's own order would do now (the parts, units, points and money), by the rules the cancel applies; nothing is written. */
export async function previewCancel({ db, customerUserId, orderId }: { db: Db; customerUserId: string; orderId: string }): Promise<CancelPreview> {
  if (!isUuid(orderId)) throw new AppError('NOT_FOUND', orderMessages.notFound);
  return db.transaction(async (tx) => {
    const order = await lockCustomerOrder(tx, { orderId, customerUserId });
    const parts = order.parts.filter((p) => isCancellable(p.status));
    if (!isCancellable(order.status) || parts.length === 0) throw new AppError('CONFLICT', orderMessages.notCancellable);
    const plan = await planCancel(tx, { order, parts, customerUserId });
    const partial = parts.length < order.parts.filter((p) => p.status !== 'cancelled').length;
    return { parts: parts.map(({ id, storeName, subtotalPaise }) => ({ id, storeName, subtotalPaise })), partial, ...plan };
  });
}

/**
 * Saves a customer's review of a product delivered to them: 1 to 5 stars and a comment, one per
 * customer per product; updates the product's average rating in the same transaction.
 */
export async function addProductReview(a: { db: Db; customerUserId: string; productId: string; rating: number; comment: string }): Promise<{ id: string; message: string }> {
  if (!isUuid(a.productId)) throw new AppError('NOT_FOUND', 'Product not found');
  return a.db.transaction(async (tx) => {
    const orderId = await findDeliveredOrderWithProduct(tx, { customerUserId: a.customerUserId, productId: a.productId });
    if (!orderId) throw new AppError('FORBIDDEN', checkoutMessages.reviewNotAllowed);
    const [existing] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.customerUserId, a.customerUserId), eq(reviews.productId, a.productId)));
    if (existing) throw new AppError('CONFLICT', orderMessages.reviewDuplicate);
    const { id } = await addReview(tx, { productId: a.productId, customerUserId: a.customerUserId, orderId, rating: a.rating, comment: a.comment });
    return { id, message: checkoutMessages.reviewSaved };
  });
}
