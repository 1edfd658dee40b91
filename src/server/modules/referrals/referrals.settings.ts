import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { referralSettings } from './referrals.tables';

export type ReferralThresholds = {
  minTransactions: number;
  minTransactionVolumePaise: number;
  referralPointsAwarded: number;
};
const defaults: ReferralThresholds = {
  minTransactions: 5,
  minTransactionVolumePaise: 50_000,
  referralPointsAwarded: 100,
};

/** The referral thresholds: the single settings row, or SPEC.md's defaults when none was saved. */
export async function getReferralSettings(db: DbOrTx): Promise<ReferralThresholds> {
  const [row] = await db.select().from(referralSettings).where(eq(referralSettings.id, 1));
  return row
    ? {
        minTransactions: row.minTransactions,
        minTransactionVolumePaise: row.minTransactionVolumePaise,
        referralPointsAwarded: row.referralPointsAwarded,
      }
    : defaults;
}

/** Writes the single settings row (inserted the first time). */
export async function saveReferralSettings(tx: DbOrTx, values: ReferralThresholds): Promise<ReferralThresholds> {
  await tx
    .insert(referralSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: referralSettings.id, set: { ...values, updatedAt: new Date() } });
  return values;
}
