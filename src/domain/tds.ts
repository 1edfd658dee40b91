// TDS under income tax section 194-O, beyond the rate of one line (domain/settlement.ts): what a
// return does to the TDS already deducted, and the ₹5 lakh exemption of section 194-O(2).
//
// Returns (CBDT Circular 20/2023 of 28 December 2023, question 4): TDS deducted on a sale that is
// later returned and refunded is not given back; it stays deposited in the vendor's name and may be
// adjusted against the TDS on the same vendor's next credit(s) in the same financial year. What is
// not adjusted by 31 March lapses for Haat: the vendor claims it in its own income tax return.
//
// Exemption (section 194-O(2)): no TDS on a vendor that is an individual or HUF, has given its PAN or
// Aadhaar, and whose gross sales through Haat in the financial year do not exceed ₹5,00,000. Haat's
// reading: decided at each sale credit on the year's gross so far (returns taken off) plus that
// credit; the credit that takes the year above the limit is taxed, and carries the TDS forgone on
// the year's earlier exempt sales (a catch-up), since the condition then fails for the whole year.

import { formatRupeesWithPaise } from './money';
import { financialYearOf } from './tax-documents';

/** ₹5,00,000 in paise: the year's gross sales at or below which section 194-O(2) exempts an individual or HUF. */
export const TDS_194O_EXEMPTION_LIMIT_PAISE = 50_000_000;

/** The first day of a financial year ('2026-27' → 2026-04-01) and the first day of the next one. */
export function financialYearBounds(financialYear: string): { from: string; to: string } {
  const m = /^(\d{4})-(\d{2})$/.exec(financialYear);
  const start = m ? Number(m[1]) : NaN;
  if (!m || (start + 1) % 100 !== Number(m[2])) throw new RangeError(`Not a financial year: ${financialYear}`);
  return { from: `${start}-04-01`, to: `${start + 1}-04-01` };
}

export { financialYearOf };

/**
 * The TDS a vendor may still have adjusted in a financial year: what was kept deposited on its
 * returns that year less what its credits that year already had adjusted (never below zero).
 */
export function tdsAdjustmentAvailable(a: { keptOnReturnsPaise: number; adjustedPaise: number }): number {
  return Math.max(0, a.keptOnReturnsPaise - a.adjustedPaise);
}

/** How much of a sale credit's TDS the returns' TDS reduces: the whole of it, up to what is available. */
export function tdsAdjustmentOfCredit(a: { availablePaise: number; creditTdsPaise: number }): number {
  return Math.max(0, Math.min(a.availablePaise, a.creditTdsPaise));
}

export type ExemptionAtCredit =
  /** Within the limit: the credit's TDS is not taken (credited back to the vendor). */
  | { exempt: true; tdsBackPaise: number; yearGrossPaise: number }
  /** Above the limit (or no exemption): the credit keeps its TDS, and carries the TDS forgone on the year's earlier exempt sales. */
  | { exempt: false; catchUpPaise: number; yearGrossPaise: number };

/**
 * Section 194-O(2) at one sale credit. `yearGrossBeforePaise`: the vendor's gross sales credited this
 * financial year before this one, less returns; `exemptTdsOutstandingPaise`: the TDS not taken on the
 * year's exempt sales still standing (not returned, not caught up). `exemptionLost`: a credit earlier
 * this year already went above the limit (Haat's reading: the exemption is then gone for the year).
 */
export function exemptionAtCredit(a: {
  declared: boolean;
  exemptionLost: boolean;
  yearGrossBeforePaise: number;
  creditGrossPaise: number;
  creditTdsPaise: number;
  exemptTdsOutstandingPaise: number;
}): ExemptionAtCredit {
  const yearGrossPaise = a.yearGrossBeforePaise + a.creditGrossPaise;
  // Not declared (or the declaration withdrawn): the credit keeps its TDS and carries what was forgone earlier this year.
  if (!a.declared) return { exempt: false, catchUpPaise: Math.max(0, a.exemptTdsOutstandingPaise), yearGrossPaise };
  if (!a.exemptionLost && yearGrossPaise <= TDS_194O_EXEMPTION_LIMIT_PAISE)
    return { exempt: true, tdsBackPaise: a.creditTdsPaise, yearGrossPaise };
  return { exempt: false, catchUpPaise: Math.max(0, a.exemptTdsOutstandingPaise), yearGrossPaise };
}

/** What the vendor's statement says of each TDS entry of its ledger. */
export function tdsNote(kind: 'tds_kept' | 'tds_adjusted' | 'tds_exempt' | 'tds_catch_up', paise: number): string {
  const amount = formatRupeesWithPaise(Math.abs(paise));
  if (kind === 'tds_kept')
    return `TDS of ${amount} on returned items kept deposited in your name; it will reduce the TDS on your next sales this financial year`;
  if (kind === 'tds_adjusted') return `TDS adjusted for returns: +${amount}`;
  if (kind === 'tds_exempt' && paise < 0) return `TDS not taken on the returned items, given back: -${amount}`;
  if (kind === 'tds_exempt')
    return `No TDS under section 194-O(2) (your sales this financial year are within ₹5,00,000): +${amount}`;
  return `TDS on this financial year's earlier exempt sales (your sales passed ₹5,00,000): -${amount}`;
}
