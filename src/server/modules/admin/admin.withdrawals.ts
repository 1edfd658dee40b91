import type { AdminWithdrawal } from '../../../contracts/admin-lists.contract';
import type { Db } from '../../platform/db';
import { eq } from 'drizzle-orm';
import { pointsToPaise } from '../../../domain/money';
import { AppError } from '../../platform/app-error';
import { markWithdrawalPaid, rejectWithdrawal, withdrawalRows } from '../rewards';
import { secondPersonGate } from './admin.money-out';
import { getAdminWithdrawal } from './admin.withdrawals.read-model';
import type { SensitiveTx } from './admin.step-up';

type ActionArgs = { db: Db; sensitiveTx: SensitiveTx; withdrawalId: string };

/**
 * Mark paid: with a fresh code, the UPI reference of the transfer is stored and the request closes,
 * once. Above the two-person amount, the first click only prepares it (`prepared`), and another staff
 * member's click pays it with the reference the first one typed.
 */
export async function payAdminWithdrawal({
  db,
  sensitiveTx,
  withdrawalId,
  upiReference,
}: ActionArgs & { upiReference: string }): Promise<AdminWithdrawal & { prepared: boolean }> {
  const done = await sensitiveTx(async (tx, admin) => {
    const [request] = await tx
      .select({ points: withdrawalRows.points, status: withdrawalRows.status })
      .from(withdrawalRows)
      .where(eq(withdrawalRows.id, withdrawalId));
    if (!request) throw new AppError('NOT_FOUND', 'Withdrawal request not found');
    if (request.status !== 'pending')
      throw new AppError('CONFLICT', 'This withdrawal request has already been processed');
    const amountPaise = pointsToPaise(request.points);
    const gate = await secondPersonGate(tx, admin, {
      kind: 'withdrawal',
      resourceId: withdrawalId,
      amountPaise,
      reference: upiReference,
    });
    if (gate.outcome === 'prepared')
      return {
        result: { prepared: true },
        audit: {
          action: 'withdrawal_prepared',
          resourceType: 'withdrawal',
          resourceId: withdrawalId,
          newData: { upiReference, points: request.points },
        },
      };
    const reference = gate.reference ?? upiReference;
    const paid = await markWithdrawalPaid({ db: tx, withdrawalId, upiReference: reference });
    return {
      result: { prepared: false },
      audit: {
        action: 'withdrawal_paid',
        resourceType: 'withdrawal',
        resourceId: withdrawalId,
        newData: { upiReference: reference, points: paid.points },
      },
    };
  });
  return { ...(await getAdminWithdrawal(db, withdrawalId)), ...done };
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
