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
