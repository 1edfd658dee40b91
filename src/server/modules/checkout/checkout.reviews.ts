import { checkoutMessages } from '../../../contracts/checkout.contract';
import { isUuid } from '../../../contracts/common.contract';
import { orderMessages } from '../../../contracts/orders.contract';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/db';
import { addReview, getProductSeller, hasReviewed } from '../catalog';
import { notify } from '../notifications';
import { findDeliveredOrderWithProduct } from '../orders';

/**
 * Saves a customer's review of a product delivered to them: 1 to 5 stars and a comment, one per
 * customer per product; updates the product's average rating and tells its vendor in the same transaction.
 */
export async function addProductReview(a: {
  db: Db;
  customerUserId: string;
  productId: string;
  rating: number;
  comment: string;
}): Promise<{ id: string; message: string }> {
  if (!isUuid(a.productId)) throw new AppError('NOT_FOUND', 'Product not found');
  return a.db.transaction(async (tx) => {
    const orderId = await findDeliveredOrderWithProduct(tx, {
      customerUserId: a.customerUserId,
      productId: a.productId,
    });
    if (!orderId) throw new AppError('FORBIDDEN', checkoutMessages.reviewNotAllowed);
    if (await hasReviewed(tx, { customerUserId: a.customerUserId, productId: a.productId }))
      throw new AppError('CONFLICT', orderMessages.reviewDuplicate);
    const { id } = await addReview(tx, {
      productId: a.productId,
      customerUserId: a.customerUserId,
      orderId,
      rating: a.rating,
      comment: a.comment,
    });
    // The product's vendor hears of the review with it.
    const seller = await getProductSeller(tx, a.productId);
    if (seller) {
      await notify(tx, {
        kind: 'vendor-new-review',
        to: { userId: seller.vendorUserId },
        data: {
          productName: seller.name,
          productId: a.productId,
          rating: a.rating,
          comment: a.comment.trim() ? `"${a.comment.trim()}"` : 'The customer left no comment.',
        },
      });
    }
    return { id, message: checkoutMessages.reviewSaved };
  });
}
