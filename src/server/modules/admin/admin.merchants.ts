import {
  merchantActionMessages as m,
  type AdminMerchant,
  type MerchantCashbackAtStake,
} from '../../../contracts/admin-merchants.contract';
import { formatRupees, pointsToPaise } from '../../../domain/money';
import { AppError } from '../../platform/app-error';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import {
  cashbackAtStake,
  getMerchantContact,
  noteVoidedCashback,
  releaseCashback,
  setMerchantVerified,
  voidPendingCashback,
} from '../merchants';
import { notify } from '../notifications';
import { getAdminMerchant } from './admin.merchants.read-model';
import type { SensitiveTx } from './admin.step-up';

export type SetMerchantVerificationArgs = {
  db: Db;
  config: Config;
  sensitiveTx: SensitiveTx;
  merchantUserId: string;
  verified: boolean;
};

/** What happened to the customers' cashback, in one sentence of the merchant's notice. */
function cashbackSentence(verified: boolean, points: number): string {
  if (points === 0) return 'No cashback was waiting.';
  const amount = formatRupees(pointsToPaise(points));
  return verified
    ? `Cashback of ${amount} held for your customers is released to them.`
    : `Pending cashback of ${amount} for your customers is voided.`;
}

/**
 * Verifies or unverifies a merchant with a fresh code, in one transaction with its audit entry and
 * the merchant's notice: verifying releases the customers' cashback already past the return window,
 * unverifying voids the cashback still pending. Already in that state answers 409 and spends no code.
 */
export async function setAdminMerchantVerification({
  db,
  config,
  sensitiveTx,
  merchantUserId,
  verified,
}: SetMerchantVerificationArgs): Promise<AdminMerchant> {
  await sensitiveTx(async (tx) => {
    const outcome = await setMerchantVerified(tx, { merchantUserId, verified });
    if (outcome === 'missing') throw new AppError('NOT_FOUND', m.notFound);
    if (outcome === 'unchanged') throw new AppError('CONFLICT', verified ? m.alreadyVerified : m.alreadyUnverified);
    // Cashback waits for verification: verifying releases what is past the return window; unverifying voids what is still pending.
    const ended = verified
      ? await releaseCashback(tx, { returnWindowDays: config.RETURN_WINDOW_DAYS, merchantUserId })
      : await voidPendingCashback(tx, merchantUserId);
    if (!verified) await noteVoidedCashback(tx, merchantUserId, ended.points);
    const cashback = verified
      ? { released: ended.rows, points: ended.points }
      : { voided: ended.rows, points: ended.points };
    const merchant = await getMerchantContact(tx, merchantUserId);
    await notify(tx, {
      kind: verified ? 'merchant-verified' : 'merchant-unverified',
      to: { userId: merchantUserId },
      data: {
        businessName: merchant?.businessName ?? 'Your business',
        cashback: cashbackSentence(verified, ended.points),
      },
    });
    return {
      audit: {
        action: verified ? 'merchant_verified' : 'merchant_unverified',
        resourceType: 'merchant',
        resourceId: merchantUserId,
        newData: {
          businessName: merchant?.businessName,
          email: merchant?.email,
          isVerified: verified,
          cashbackPayments: cashback,
        },
      },
    };
  });
  return getAdminMerchant(db, merchantUserId);
}

/** What Verify and Unverify would do to the merchant's customers' cashback now (the dialogs state it). */
export async function merchantCashbackAtStake({
  db,
  config,
  merchantUserId,
}: {
  db: Db;
  config: Config;
  merchantUserId: string;
}): Promise<MerchantCashbackAtStake> {
  const stake = await cashbackAtStake(db, { merchantUserId, returnWindowDays: config.RETURN_WINDOW_DAYS });
  if (!stake) throw new AppError('NOT_FOUND', m.notFound);
  return {
    releasePayments: stake.releasePayments,
    releasePaise: pointsToPaise(stake.releasePoints),
    voidPayments: stake.voidPayments,
    voidPaise: pointsToPaise(stake.voidPoints),
    returnWindowDays: config.RETURN_WINDOW_DAYS,
  };
}
