import { eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { ledgerHasReference } from '../rewards';
import { referralRewardReferenceOf } from './referrals.qualification';
import { referrals } from './referrals.tables';

export type ReferralStatusValue = 'active' | 'qualified' | 'redeemed';
export type ReferralStatusChange = { referralId: string; status: ReferralStatusValue };

/**
 * True when the referral has paid its referrer a reward: points recorded as awarded, or a reward
 * row in the ledger under its reference. Such a referral stays on record (deleteUnpaidReferral).
 */
export const referralPaid: SQL<boolean> = sql<boolean>`(${referrals.pointsAwarded} > 0 or ${ledgerHasReference(referralRewardReferenceOf(referrals.id))})`;

/** A referral as its deletion reports it. */
export type DeletedReferral = {
  referrerUserId: string;
  referredUserId: string;
  referredUserType: string;
  referralCode: string;
  status: string;
};

/**
 * Deletes a referral that has paid nothing, in the caller's transaction, under the row's lock (so a
 * qualification running at once either pays first, and the referral stays, or finds it gone).
 * Answers it with `deleted` false when it paid a reward (and stays), or null when there is none.
 */
export async function deleteUnpaidReferral(
  tx: Tx,
  referralId: string,
): Promise<(DeletedReferral & { deleted: boolean }) | null> {
  const [row] = await tx
    .select({
      referrerUserId: referrals.referrerUserId,
      referredUserId: referrals.referredUserId,
      referredUserType: referrals.referredUserType,
      referralCode: referrals.referralCode,
      status: referrals.status,
      paid: referralPaid,
    })
    .from(referrals)
    .where(eq(referrals.id, referralId))
    .for('update');
  if (!row) return null;
  const { paid, ...referral } = row;
  if (paid) return { ...referral, deleted: false };
  await tx.delete(referrals).where(eq(referrals.id, referralId));
  return { ...referral, deleted: true };
}

/**
 * Sets a referral's status (qualified and redeemed stamp their dates when empty) and answers the
 * status it had, or null when there is no such referral; it awards no points.
 */
export async function setReferralStatus(
  tx: Tx,
  { referralId, status }: ReferralStatusChange,
): Promise<{ from: ReferralStatusValue } | null> {
  // The row is locked first, so the status reported as 'from' is the one this change replaced.
  const [current] = await tx
    .select({ status: referrals.status })
    .from(referrals)
    .where(eq(referrals.id, referralId))
    .for('update');
  if (!current) return null;
  const qualifies = status === 'qualified' || status === 'redeemed';
  await tx
    .update(referrals)
    .set({
      status,
      ...(qualifies ? { qualificationDate: sql`coalesce(${referrals.qualificationDate}, now())` } : {}),
      ...(status === 'redeemed' ? { redemptionDate: sql`coalesce(${referrals.redemptionDate}, now())` } : {}),
    })
    .where(eq(referrals.id, referralId));
  return { from: current.status as ReferralStatusValue };
}
