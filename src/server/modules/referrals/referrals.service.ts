import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { referrals } from './referrals.tables';

export type NewReferral = {
  referrerUserId: string;
  referredUserId: string;
  referredUserType: 'customer' | 'vendor' | 'merchant';
  referralCode: string;
};

/** Records who referred whom (status active), inside the registration transaction. */
export async function createReferral(tx: Tx, r: NewReferral): Promise<void> {
  await tx.insert(referrals).values({ ...r, status: 'active' });
}

/** SQL, true when the user referred someone or was referred: history an account's deletion keeps. */
export const referralsHistoryOf = (userId: string): SQL =>
  sql`exists (select 1 from referrals where referrer_user_id = ${userId} or referred_user_id = ${userId})`;
