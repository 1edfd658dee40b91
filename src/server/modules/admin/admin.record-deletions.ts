import { deletionMessages as m, type AdminDeletion } from '../../../contracts/admin-lists.contract';
import { referralActionMessages } from '../../../contracts/admin-merchants.contract';
import { adminOrderMessages } from '../../../contracts/admin-orders.contract';
import { AppError } from '../../platform/app-error';
import type { AdminUser } from '../../platform/auth-guards';
import type { Tx } from '../../platform/db';
import { deleteProductByAdmin } from '../catalog';
import { deleteOrderAsAdmin } from '../fulfilment';
import { isProductOrdered } from '../orders';
import { deleteUnpaidReferral } from '../referrals';

// The deletions of records that are no account: an order (hidden, its open parts cancelled), a
// referral that paid nothing, and a product (withdrawn when it was ever ordered).

export type RecordDeletion = { outcome: AdminDeletion['outcome']; detail: string; audit: Record<string, unknown> };

/** Deletes an order, a referral or a product in the caller's transaction; what it did, for the audit entry. */
export async function deleteRecord(
  tx: Tx,
  admin: AdminUser,
  kind: 'order' | 'referral' | 'product',
  id: string,
  notFound: string,
): Promise<RecordDeletion> {
  if (kind === 'order') {
    const cancelNote = adminOrderMessages.cancelNote;
    const o = await deleteOrderAsAdmin(tx, { orderId: id, adminId: admin.id, cancelNote });
    const detail = o.cancelledParts.length > 0 ? m.orderCancelled : m.orderHidden;
    const audit = { cancelledParts: o.cancelledParts, refund: o.refund, hiddenAt: o.hiddenAt.toISOString() };
    return { outcome: 'hidden', detail, audit };
  }
  if (kind === 'referral') {
    const r = await deleteUnpaidReferral(tx, id);
    if (!r) throw new AppError('NOT_FOUND', notFound);
    if (!r.deleted) throw new AppError('CONFLICT', referralActionMessages.paidReward);
    const { deleted: _deleted, ...referral } = r;
    return { outcome: 'removed', detail: m.referralRemoved, audit: referral };
  }
  const p = await deleteProductByAdmin(tx, id, isProductOrdered);
  const detail = p.outcome === 'withdrawn' ? m.productWithdrawn : m.productRemoved;
  return { outcome: p.outcome, detail, audit: { name: p.name, outcome: p.outcome } };
}
