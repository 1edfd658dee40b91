import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { referrals } from './referrals.tables';

export type ReferralStatusValue = 'active' | 'qualified' | 'redeemed';
export type ReferralStatusChange = { referralId: string; status: ReferralStatusValue };

/**
 * Sets a referral's status (qualified and redeemed stamp their dates when empty) and answers the
 * status it had, or null when there is no such referral; it awards no points.
 */
export async function setReferralStatus(tx: Tx, { referralId, status }: ReferralStatusChange): Promise<{ from: ReferralStatusValue } | null> {
  // The row is locked first, so the status reported as 'from' is the one this change replaced.
  const [current] = await tx.select({ status: referrals.status }).from(referrals).where(eq(referrals.id, referralId)).for('update');
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
