// GST tax invoices and credit notes: the financial year a document belongs to and its
// number. Each vendor has its own series per financial year (April to March), one for invoices and
// one for credit notes, numbered 1, 2, 3… without gaps; the number is at most 16 characters of
// letters, digits, '/' and '-', as GST rule 46(b) requires. A seller without a GSTIN issues bills of
// supply instead of invoices (CGST Rules, rule 49; unregistered-supplier.ts), in a third series of
// its own (BOS/…); a credit note against a bill of supply takes the vendor's one credit-note series.

export type TaxDocumentKind = 'invoice' | 'bill_of_supply' | 'credit_note';

/** The Indian financial year of a date (YYYY-MM-DD): 1 April to 31 March, e.g. '2026-27'. */
export function financialYearOf(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

const PREFIX: Record<TaxDocumentKind, string> = { invoice: 'INV', bill_of_supply: 'BOS', credit_note: 'CN' };

/** A document's number: 'INV/26-27/000001', 'BOS/26-27/000001' or 'CN/26-27/000001'. */
export function taxDocumentNumber(kind: TaxDocumentKind, financialYear: string, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 999_999)
    throw new RangeError(`Not a document sequence: ${sequence}`);
  return `${PREFIX[kind]}/${financialYear.slice(2)}/${String(sequence).padStart(6, '0')}`;
}
