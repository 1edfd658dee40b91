import { productReviewMessages as m } from '../../../contracts/product-review.contract';
import type { AdminUser } from '../../platform/auth-guards';
import type { Db } from '../../platform/db';
import { recordAudit } from '../audit';
import { decideProductRevision } from '../catalog';
import { notify } from '../notifications';

/**
 * A moderator approves or rejects a waiting submission (not sensitive: no code), in one transaction
 * with its audit entry and the vendor's notice: approved, or rejected with the reason they see.
 */
export async function decideAdminProductReview({
  db,
  admin,
  revisionId,
  approve,
  reason,
  from,
}: {
  db: Db;
  admin: AdminUser;
  revisionId: string;
  approve: boolean;
  reason: string | null;
  from: { ip: string; userAgent: string | null };
}): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const d = await decideProductRevision(tx, { revisionId, approve, reason });
    const what = d.kind === 'new' ? 'Your new product' : 'Your change to';
    await notify(
      tx,
      approve
        ? {
            kind: 'vendor-product-approved',
            to: { userId: d.vendorUserId },
            data: { productName: d.productName, what },
          }
        : {
            kind: 'vendor-product-rejected',
            to: { userId: d.vendorUserId },
            data: {
              productName: d.productName,
              what,
              reason: reason ?? '',
              next:
                d.kind === 'new'
                  ? 'Edit it in your Products tab to send it for review again.'
                  : 'The product stays on sale as it was; edit it in your Products tab to propose the change again.',
            },
          },
    );
    await recordAudit(tx, {
      actorType: 'admin',
      actorId: admin.id,
      action: approve ? 'product_review_approved' : 'product_review_rejected',
      resourceType: 'product',
      resourceId: d.productId,
      newData: { revisionId, kind: d.kind, name: d.productName, ...(approve ? {} : { reason }) },
      ipAddress: from.ip,
      userAgent: from.userAgent,
    });
    return { message: approve ? (d.kind === 'new' ? m.approved : m.changeApproved) : m.rejected };
  });
}
