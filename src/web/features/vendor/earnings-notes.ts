import { formatRate, type EarningsStatementRow } from '../../../contracts/earnings.contract';
import { formatRupees } from '../../../domain/money';

/** One sentence per deduction of a statement row: what it is a percentage of, and why; for cash on delivery, what the cash collected does to the payout. */
export function deductionNotes(r: EarningsStatementRow): string[] {
  const commission =
    r.commissionBp === null
      ? `Commission at each item's own rate, on the price ${formatRupees(r.grossPaise)}`
      : `Commission ${formatRate(r.commissionBp)} of the price ${formatRupees(r.grossPaise)}`;
  const tcs =
    r.tcsPaise === 0
      ? 'No TCS: it is collected only from vendors with a GSTIN'
      : `TCS ${r.tcsBp === null ? '' : `${formatRate(r.tcsBp)} `}of the taxable value ${formatRupees(r.taxablePaise)} (GST section 52)`;
  const base =
    r.tdsOn === 'taxable'
      ? `the taxable value ${formatRupees(r.taxablePaise)}`
      : `the price ${formatRupees(r.grossPaise)}`;
  const tds = `TDS ${r.tdsBp === null ? 'at each item’s rate' : formatRate(r.tdsBp)} of ${base} (Income-tax section 194-O)`;
  const cod = cashCollectedNote(r);
  return cod ? [commission, tcs, tds, cod] : [commission, tcs, tds];
}

/**
 * A cash on delivery part: the shop kept the cash it collected at the door, Haat's share included,
 * so the cash is deducted from its payout and the part moves what Haat pays by the net less the cash
 * (usually below zero). Null for a prepaid part.
 */
export function cashCollectedNote(
  r: Pick<EarningsStatementRow, 'cashCollectedPaise' | 'vendorNetPaise'>,
): string | null {
  if (r.cashCollectedPaise === null) return null;
  const difference = r.vendorNetPaise - r.cashCollectedPaise;
  const effect =
    difference < 0
      ? `takes ${formatRupees(-difference)} off what Haat pays you`
      : difference > 0
        ? `adds ${formatRupees(difference)} to what Haat pays you`
        : 'evens out';
  return `Cash on delivery: you collected ${formatRupees(r.cashCollectedPaise)} and kept it, so it is deducted from your payout; with your net of ${formatRupees(r.vendorNetPaise)}, this order ${effect}`;
}
