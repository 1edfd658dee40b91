import type { AdminWithdrawal } from '../../../contracts/admin-lists.contract';
import type { Db } from '../../platform/db';
import { markWithdrawalPaid, rejectWithdrawal } from '../rewards';
import { getAdminWithdrawal } from './admin.withdrawals.read-model';
import type { SensitiveTx } from './admin.step-up';

type ActionArgs = { db: Db; sensitiveTx: SensitiveTx; withdrawalId: string };

/** Mark paid: with a fresh code, the UPI reference of the transfer is stored and the request closes, once. */
export async function payAdminWithdrawal({
  db,
  sensitiveTx,
  withdrawalId,
  upiReference,
}: ActionArgs & { upiReference: string }): Promise<AdminWithdrawal> {
  const done = await sensitiveTx(async (tx) => {
    const paid = await markWithdrawalPaid({ db: tx, withdrawalId, upiReference });
    return {
      result: paid,
      audit: {
        action: 'withdrawal_paid',
        resourceType: 'withdrawal',
        resourceId: withdrawalId,
        newData: { upiReference, points: paid.points },
      },
    };
  });
  return getAdminWithdrawal(db, done.id);
}

/** Reject: with a fresh code and a reason, the request closes and its points return to the wallet through the ledger, once. */
export async function rejectAdminWithdrawal({
  db,
  sensitiveTx,
  withdrawalId,
  reason,
}: ActionArgs & { reason: string }): Promise<AdminWithdrawal> {
  const done = await sensitiveTx(async (tx) => {
    const rejected = await rejectWithdrawal({ db: tx, withdrawalId, reason });
    return {
      result: rejected,
      audit: {
        action: 'withdrawal_rejected',
        resourceType: 'withdrawal',
        resourceId: withdrawalId,
        newData: { reason, points: rejected.points },
      },
    };
  });
  return getAdminWithdrawal(db, done.id);
}
