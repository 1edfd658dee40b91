import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db';
import { merchants } from './merchants.tables';

export type MerchantVerificationChange = { merchantUserId: string; verified: boolean };

/**
 * Sets a merchant's verified mark, answering 'changed', 'unchanged' when it already has that mark,
 * or 'missing' when the user is no merchant; the conditional update holds the row until the caller's transaction ends.
 */
export async function setMerchantVerified(
  tx: Tx,
  { merchantUserId, verified }: MerchantVerificationChange,
): Promise<'changed' | 'unchanged' | 'missing'> {
  const [row] = await tx
    .update(merchants)
    // Verifying clears the notice of an earlier unverify; unverifying dates it (the voided points follow, noteVoidedCashback).
    .set({
      isVerified: verified,
      updatedAt: new Date(),
      unverifiedAt: verified ? null : new Date(),
      cashbackVoidedPoints: null,
    })
    .where(and(eq(merchants.userId, merchantUserId), ne(merchants.isVerified, verified)))
    .returning({ id: merchants.id });
  if (row) return 'changed';
  const [exists] = await tx
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.userId, merchantUserId))
    .limit(1);
  return exists ? 'unchanged' : 'missing';
}

/** Records how many pending cashback points an unverify voided, for the merchant's dashboard. */
export async function noteVoidedCashback(tx: Tx, merchantUserId: string, points: number): Promise<void> {
  await tx.update(merchants).set({ cashbackVoidedPoints: points }).where(eq(merchants.userId, merchantUserId));
}

/** The merchant's business name and email, or null when the user is no merchant. */
export async function getMerchantContact(
  db: DbOrTx,
  merchantUserId: string,
): Promise<{ businessName: string; email: string } | null> {
  const [row] = await db
    .select({ businessName: merchants.businessName, email: merchants.email })
    .from(merchants)
    .where(eq(merchants.userId, merchantUserId));
  return row ?? null;
}

/**
 * Clears a deleted merchant's business contact details (the row stays for its recorded payments)
 * and takes away its verification.
 */
export async function anonymiseMerchant(tx: Tx, { userId, email }: { userId: string; email: string }): Promise<void> {
  await tx
    .update(merchants)
    .set({
      name: 'Deleted merchant',
      businessName: 'Deleted merchant',
      email,
      mobileNumber: '',
      upiId: '',
      whatsappNumber: null,
      website: null,
      latitude: null,
      longitude: null,
      isVerified: false,
      updatedAt: new Date(),
    })
    .where(eq(merchants.userId, userId));
}
