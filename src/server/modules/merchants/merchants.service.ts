import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db';
import { merchants } from './merchants.tables';

export type NewMerchant = {
  userId: string;
  businessName: string;
  email: string;
  mobileNumber: string;
  upiId: string;
  whatsappNumber?: string;
  website?: string;
  cashbackPercentage: number;
  referralCode: string;
  referredByUserId: string | null;
};

/** Writes the merchants row of a new merchant account, inside the registration transaction. */
export async function createMerchant(tx: Tx, m: NewMerchant): Promise<void> {
  await tx.insert(merchants).values({
    userId: m.userId,
    name: m.businessName,
    businessName: m.businessName,
    email: m.email,
    mobileNumber: m.mobileNumber,
    upiId: m.upiId,
    whatsappNumber: m.whatsappNumber ?? m.mobileNumber,
    website: m.website ?? null,
    cashbackPercentage: m.cashbackPercentage,
    referralCode: m.referralCode,
    referredByUserId: m.referredByUserId,
  });
}

/** The business name of a merchant account, or null when the user is no merchant. */
export async function getMerchantBusinessName(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ businessName: merchants.businessName }).from(merchants).where(eq(merchants.userId, userId)).limit(1);
  return row?.businessName ?? null;
}

/** Keeps the merchant row's copy of the sign-in email in step with the account. */
export async function setMerchantEmail(tx: Tx, userId: string, email: string): Promise<void> {
  await tx.update(merchants).set({ email, updatedAt: new Date() }).where(eq(merchants.userId, userId));
}
