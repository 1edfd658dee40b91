import { inArray, lte } from 'drizzle-orm';
import type { CommissionRule } from '../../../domain/settlement';
import type { DbOrTx } from '../../platform/db';
import { commissionRules, vendorPayoutDetails } from './settlement.tables';

export type StoredCommissionRule = CommissionRule & { id: string };

/** Every commission rule that has come into force by `day` (pickCommissionRate chooses among them). */
export async function commissionRulesBy(db: DbOrTx, day: string): Promise<StoredCommissionRule[]> {
  const rows = await db.select().from(commissionRules).where(lte(commissionRules.effectiveFrom, day));
  return rows.map((r) => ({
    id: r.id,
    scope: r.scope as CommissionRule['scope'],
    targetId: r.scope === 'vendor' ? r.vendorUserId : r.scope === 'category' ? r.categoryId : null,
    rateBp: r.rateBp,
    effectiveFrom: r.effectiveFrom,
  }));
}

/** The PAN and GSTIN each vendor has given (none: both null). */
export async function vendorTaxIds(
  db: DbOrTx,
  vendorUserIds: string[],
): Promise<Map<string, { pan: string | null; gstin: string | null; enrolmentNumber: string | null }>> {
  const ids = new Map<string, { pan: string | null; gstin: string | null; enrolmentNumber: string | null }>();
  if (vendorUserIds.length === 0) return ids;
  const rows = await db
    .select({
      vendorUserId: vendorPayoutDetails.vendorUserId,
      pan: vendorPayoutDetails.pan,
      gstin: vendorPayoutDetails.gstin,
      enrolmentNumber: vendorPayoutDetails.enrolmentNumber,
    })
    .from(vendorPayoutDetails)
    .where(inArray(vendorPayoutDetails.vendorUserId, [...new Set(vendorUserIds)]));
  for (const r of rows) ids.set(r.vendorUserId, { pan: r.pan, gstin: r.gstin, enrolmentNumber: r.enrolmentNumber });
  return ids;
}
