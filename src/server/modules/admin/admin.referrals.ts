import {
  referralActionMessages as m,
  type AdminReferral,
  type ReferralStatus,
} from '../../../contracts/admin-merchants.contract';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/db';
import { setReferralStatus } from '../referrals';
import { getAdminReferral } from './admin.referrals.read-model';
import type { SensitiveTx } from './admin.step-up';

export type SetReferralStatusArgs = {
  db: Db;
  sensitiveTx: SensitiveTx;
  referralId: string;
  status: ReferralStatus;
};

/**
 * Sets a referral's status with a fresh code, in one transaction with its audit entry; qualified and
 * redeemed stamp their dates when empty, and no points are awarded. The same status answers 409 and spends no code.
 */
export async function setAdminReferralStatus({
  db,
  sensitiveTx,
  referralId,
  status,
}: SetReferralStatusArgs): Promise<AdminReferral> {
  await sensitiveTx(async (tx) => {
    const changed = await setReferralStatus(tx, { referralId, status });
    if (!changed) throw new AppError('NOT_FOUND', m.notFound);
    if (changed.from === status) throw new AppError('CONFLICT', m.unchanged);
    return {
      audit: {
        action: 'referral_status_changed',
        resourceType: 'referral',
        resourceId: referralId,
        newData: { from: changed.from, to: status },
      },
    };
  });
  return getAdminReferral(db, referralId);
}
