import { eq, sql, type SQL } from 'drizzle-orm';
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

export type MerchantBusiness = Pick<
  NewMerchant,
  'businessName' | 'mobileNumber' | 'upiId' | 'whatsappNumber' | 'website' | 'cashbackPercentage'
>;

/** The columns of the business fields, at sign-up and on the dashboard: the name follows the business name, WhatsApp defaults to the mobile number. */
export const businessColumns = (b: MerchantBusiness) => ({
  name: b.businessName,
  businessName: b.businessName,
  mobileNumber: b.mobileNumber,
  upiId: b.upiId,
  whatsappNumber: b.whatsappNumber ?? b.mobileNumber,
  website: b.website ?? null,
  cashbackPercentage: b.cashbackPercentage,
});

/** Writes the merchants row of a new merchant account, inside the registration transaction. */
export async function createMerchant(tx: Tx, m: NewMerchant): Promise<void> {
  await tx.insert(merchants).values({
    userId: m.userId,
    email: m.email,
    ...businessColumns(m),
    referralCode: m.referralCode,
    referredByUserId: m.referredByUserId,
  });
}

/** The business name of a merchant account, or null when the user is no merchant. */
export async function getMerchantBusinessName(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ businessName: merchants.businessName })
    .from(merchants)
    .where(eq(merchants.userId, userId))
    .limit(1);
  return row?.businessName ?? null;
}

/** Keeps the merchant row's copy of the sign-in email in step with the account. */
export async function setMerchantEmail(tx: Tx, userId: string, email: string): Promise<void> {
  await tx.update(merchants).set({ email, updatedAt: new Date() }).where(eq(merchants.userId, userId));
}

/** SQL, true when the user paid a merchant who recorded it, or is a merchant with recorded payments: history an account's deletion keeps. */
export const merchantsHistoryOf = (
  userId: string,
): SQL => sql`exists (select 1 from merchant_transactions mt where mt.customer_user_id = ${userId}
             or mt.merchant_id in (select id from merchants where user_id = ${userId}))`;
