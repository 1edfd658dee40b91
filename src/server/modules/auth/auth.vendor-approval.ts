import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db';
import { vendors } from './auth.tables';

/**
 * SQL, the vendor's approval as a new shop copies it (true when the user has no vendors row). FOR
 * SHARE makes the statement wait for an approval change in progress (which locks the vendor's row),
 * so the shop never misses a rejection.
 */
export const vendorApprovalNow = (vendorUserId: string): SQL<boolean> =>
  sql<boolean>`coalesce((select ${vendors.isApproved} from ${vendors} where ${vendors.userId} = ${vendorUserId} for share), true)`;

export type VendorApprovalChange = { vendorUserId: string; approved: boolean; reason: string | null };

/**
 * Approves or rejects a vendor (a rejection keeps its reason, an approval clears it). Answers
 * 'changed', 'unchanged' when the vendor already is in that state, or 'missing' when there is no
 * such vendor; the conditional update locks the vendor's row until the caller's transaction ends,
 * so a shop opened meanwhile waits and copies the new state.
 */
export async function setVendorApproval(
  tx: Tx,
  { vendorUserId, approved, reason }: VendorApprovalChange,
): Promise<'changed' | 'unchanged' | 'missing'> {
  const [row] = await tx
    .update(vendors)
    .set({
      isApproved: approved,
      rejectionReason: approved ? null : reason,
      ...(approved ? { approvedAt: new Date() } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(vendors.userId, vendorUserId), ne(vendors.isApproved, approved)))
    .returning({ id: vendors.id });
  if (row) return 'changed';
  const [exists] = await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, vendorUserId)).limit(1);
  return exists ? 'unchanged' : 'missing';
}

/** Why the super admin rejected the vendor ('' when no reason was kept), or null while approved. */
export async function getVendorRejection(db: DbOrTx, vendorUserId: string): Promise<string | null> {
  const [row] = await db
    .select({ isApproved: vendors.isApproved, reason: vendors.rejectionReason })
    .from(vendors)
    .where(eq(vendors.userId, vendorUserId));
  return row && !row.isApproved ? (row.reason ?? '') : null;
}

/** The vendor's business name and email, or null when there is no such vendor. */
export async function getVendorContact(
  db: DbOrTx,
  vendorUserId: string,
): Promise<{ businessName: string; email: string } | null> {
  const [row] = await db
    .select({ businessName: vendors.businessName, email: vendors.email })
    .from(vendors)
    .where(eq(vendors.userId, vendorUserId));
  return row ?? null;
}

/** The business names of the given vendors, by user id (a user that is not a vendor is left out). */
export async function vendorBusinessNames(db: DbOrTx, vendorUserIds: readonly string[]): Promise<Map<string, string>> {
  if (vendorUserIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: vendors.userId, businessName: vendors.businessName })
    .from(vendors)
    .where(inArray(vendors.userId, [...vendorUserIds]));
  return new Map(rows.map((r) => [r.userId, r.businessName]));
}
