import type { MyReferrals } from '../../../contracts/referrals.contract';
import { maskName } from '../../../domain/mask';
import { AppError } from '../../platform/app-error';
import type { OwnPageArgs } from '../../platform/db';
import { readMyReferralPage, readMyReferralTotals } from './referrals.read-model';

/** The signed-in user's referral code, totals, and one page of the referrals they made (names masked), newest first. */
export async function listMyReferrals({ db, userId, page, pageSize }: OwnPageArgs): Promise<MyReferrals> {
  const me = await readMyReferralTotals(db, userId);
  if (!me) throw new AppError('NOT_FOUND', 'Account not found');
  const rows = await readMyReferralPage(db, userId, page, pageSize);
  return {
    referralCode: me.code,
    totals: { made: Number(me.made), qualified: Number(me.qualified), pointsEarned: Number(me.points) },
    items: rows.map((r) => ({
      id: r.id,
      referredName: maskName(r.name),
      referredType: r.type,
      status: r.status,
      pointsAwarded: Number(r.points),
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total: Number(me.made),
    page,
    pageSize,
  };
}
