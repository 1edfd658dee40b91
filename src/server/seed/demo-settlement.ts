import { gstinCheckChar } from '../../domain/india-ids';
import type { Tx } from '../platform/db';
import { commissionRules, vendorPayoutDetails } from '../modules/settlement/settlement.tables';
import type { CategorySlug } from './demo-products';

// Issue 22's demo data: commission rates, the HSN codes of the products a vendor has classified, and
// the payout and tax details of two of the three vendors (the third has none, so its statement shows
// TDS at 5 % and no TCS).

/** Rates from the start of the financial year 2025-26. */
const FROM = '2025-04-01';

/**
 * The HSN code a demo product's vendor chose, by what it is (GST since 22 September 2025); null:
 * not chosen yet, taxed at the rate for unclassified goods (18 %). Clothing and footwear codes carry
 * 5 % only up to ₹2,500 a piece, so dearer ones are left unclassified (18 %, the rate above it).
 */
export function demoHsnCode(p: { name: string; category: CategorySlug; pricePaise: number }): string | null {
  const n = p.name.toLowerCase();
  if (p.category === 'books') return '4901';
  if (/earbuds|speaker|headset/.test(n)) return '8518';
  if (/smartphone|router/.test(n)) return '8517';
  if (/laptop/.test(n)) return '8471';
  if (/saree/.test(n)) return '5007';
  if (/soap/.test(n)) return '3401';
  const upTo2500 = p.pricePaise <= 250_000;
  if (/kurta|anarkali/.test(n) && upTo2500) return '6204';
  if (/jutti/.test(n) && upTo2500) return '6403';
  return null;
}

const gstin = (stateCode: string, pan: string): string => {
  const first14 = `${stateCode}${pan}1Z`;
  return first14 + gstinCheckChar(first14);
};

/** Commission rules (a 10 % default, Fashion 8 %, Books 5 %, Jaipur Handloom House's own 6 %) and two vendors' payout details. */
export async function seedSettlement(tx: Tx, a: { vendorIds: string[]; categoryIds: Map<string, string> }): Promise<void> {
  const category = (slug: CategorySlug) => {
    const id = a.categoryIds.get(slug);
    if (!id) throw new Error(`Demo data refers to an unknown category: ${slug}`);
    return id;
  };
  const [sharma, jaipur] = a.vendorIds;
  await tx.insert(commissionRules).values([
    { scope: 'global', rateBp: 1000, effectiveFrom: FROM },
    { scope: 'category', categoryId: category('fashion'), rateBp: 800, effectiveFrom: FROM },
    { scope: 'category', categoryId: category('books'), rateBp: 500, effectiveFrom: FROM },
    { scope: 'vendor', vendorUserId: jaipur, rateBp: 600, effectiveFrom: FROM },
  ]);
  // Sharma (Delhi, GST state 07): a bank account, a PAN and a GSTIN; Jaipur Handloom: UPI and a PAN, not registered for GST.
  const sharmaPan = 'AAKPS4321K';
  await tx.insert(vendorPayoutDetails).values([
    { vendorUserId: sharma, method: 'bank', accountHolderName: 'Sharma Electronics', bankAccountNumber: '50100234567890', ifsc: 'HDFC0000123', pan: sharmaPan, gstin: gstin('07', sharmaPan) },
    { vendorUserId: jaipur, method: 'upi', upiId: 'jaipurhandloom@okicici', pan: 'BKMPM2468L' },
  ]);
}
