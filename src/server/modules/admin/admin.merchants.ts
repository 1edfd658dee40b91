import { merchantActionMessages as m, type AdminMerchant } from '../../../contracts/admin-merchants.contract';
import { AppError } from '../../platform/app-error';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { getMerchantContact, releaseDueCashback, setMerchantVerified, voidPendingCashback } from '../merchants';
import { getAdminMerchant } from './admin.read-model';
import type { SensitiveTx } from './admin.step-up';

export type SetMerchantVerificationArgs = {
  db: Db;
  config: Config;
  sensitiveTx: SensitiveTx;
  merchantUserId: string;
  verified: boolean;
};

/**
 * Verifies or unverifies a merchant with a fresh code, in one transaction with its audit entry:
 * verifying releases the customers' cashback already past the return window, unverifying voids the
 * cashback still pending. Already in that state answers 409 and spends no code.
 */
export async function setAdminMerchantVerification({ db, config, sensitiveTx, merchantUserId, verified }: SetMerchantVerificationArgs): Promise<AdminMerchant> {
  await sensitiveTx(async (tx) => {
    const outcome = await setMerchantVerified(tx, { merchantUserId, verified });
    if (outcome === 'missing') throw new AppError('NOT_FOUND', m.notFound);
    if (outcome === 'unchanged') throw new AppError('CONFLICT', verified ? m.alreadyVerified : m.alreadyUnverified);
    // Cashback waits for verification: verifying releases what is past the return window; unverifying voids what is still pending.
    const cashback = verified
      ? { released: await releaseDueCashback(tx, { returnWindowDays: config.RETURN_WINDOW_DAYS, merchantUserId }) }
      : { voided: await voidPendingCashback(tx, merchantUserId) };
    const merchant = await getMerchantContact(tx, merchantUserId);
    return {
      audit: {
        action: verified ? 'merchant_verified' : 'merchant_unverified',
        resourceType: 'merchant',
        resourceId: merchantUserId,
        newData: { businessName: merchant?.businessName, email: merchant?.email, isVerified: verified, cashbackPayments: cashback },
      },
    };
  });
  return getAdminMerchant(db, merchantUserId);
}
