// Haat's own commission invoice: once a month Haat bills each vendor for the commission it took,
// plus GST on that service (the commission is Haat's supply of a service to the vendor, taxable at
// 18 %). The place of supply of a service to a registered person is the recipient's location (IGST
// Act section 12(2)): the vendor's GSTIN state, else its shop's state. CGST + SGST when that is Haat's
// own registered state, else IGST. Numbered from Haat's own series per financial year, apart from
// the vendors' series, at most 16 characters (GST rule 46(b)).
import { isMonth } from './age';
import { isIntraState, splitTax, type TaxSplit } from './gst';
import { gstinState } from './india-ids';
import { ofBasisPoints } from './money';

/**
 * The SAC code of Haat's service to vendors: 998599 "Other support services n.e.c." (services
 * classification, heading 9985 "Support services"), the heading marketplaces use for their fees.
 */
export const COMMISSION_SAC = '998599';

/** GST on Haat's commission: 18 % (Notification 11/2017-Central Tax (Rate), heading 9985), in basis points. */
export const COMMISSION_GST_BP = 1800;

export type CommissionDocumentKind = 'invoice' | 'credit_note';

/** The figures of a commission invoice or credit note: taxable value (the commission), the GST on it, split by place of supply, and the total. */
export type CommissionAmounts = TaxSplit & { taxablePaise: number; taxPaise: number; totalPaise: number };

/**
 * GST at 18 % on a commission (a taxable value in paise, GST not included), rounded half up to the
 * paisa once, then split into CGST + SGST halves (CGST taking an odd paisa) within a state, or all
 * IGST between states. ₹84.92 commission: 18 % = 1528.56 paise -> ₹15.29 = ₹7.65 CGST + ₹7.64 SGST.
 */
export function commissionGst(commissionPaise: number, intraState: boolean): CommissionAmounts {
  if (!Number.isSafeInteger(commissionPaise) || commissionPaise < 0)
    throw new RangeError(`not a commission in paise: ${commissionPaise}`);
  const taxPaise = ofBasisPoints(commissionPaise, COMMISSION_GST_BP);
  return {
    taxablePaise: commissionPaise,
    taxPaise,
    ...splitTax(taxPaise, intraState),
    totalPaise: commissionPaise + taxPaise,
  };
}

/** The place of supply of Haat's service to a vendor: its GSTIN's state when it has one, else its shop's state (IGST Act section 12(2)). */
export function commissionPlaceOfSupply(vendorGstin: string | null, shopState: string | null): string | null {
  return (vendorGstin ? gstinState(vendorGstin) : null) ?? shopState ?? null;
}

/** Whether Haat's commission to a vendor is taxed within a state (CGST + SGST): Haat's registered state is the place of supply. */
export const commissionIntraState = (haatState: string | null, placeOfSupply: string | null): boolean =>
  isIntraState(haatState, placeOfSupply);

const PREFIX: Record<CommissionDocumentKind, string> = { invoice: 'HC', credit_note: 'HCN' };

/** A commission document's number: 'HC/26-27/000001' (15 characters) or 'HCN/26-27/000001' (16). */
export function commissionDocumentNumber(
  kind: CommissionDocumentKind,
  financialYear: string,
  sequence: number,
): string {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 999_999)
    throw new RangeError(`Not a document sequence: ${sequence}`);
  return `${PREFIX[kind]}/${financialYear.slice(2)}/${String(sequence).padStart(6, '0')}`;
}

/** The first moment of a month in India (midnight IST, 5:30 ahead of UTC), as a UTC instant. */
export function monthStartInIndia(month: string): Date {
  if (!isMonth(month)) throw new RangeError(`not a month YYYY-MM: ${month}`);
  return new Date(`${month}-01T00:00:00+05:30`);
}

/** The month after a month: '2026-12' -> '2027-01'. */
export function nextMonth(month: string): string {
  if (!isMonth(month)) throw new RangeError(`not a month YYYY-MM: ${month}`);
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The month (YYYY-MM) of an instant in India. */
export const monthInIndia = (at: Date): string => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 7);

/** The last day of a month (YYYY-MM-DD): the date its commission invoice is for. */
export function lastDayOfMonth(month: string): string {
  const next = monthStartInIndia(nextMonth(month));
  return new Date(next.getTime() + 330 * 60_000 - 86_400_000).toISOString().slice(0, 10);
}
