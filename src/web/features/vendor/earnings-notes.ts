import { formatRate, type EarningsStatementRow } from '../../../contracts/earnings.contract';
import { formatRupees } from '../../../domain/money';

/** One sentence per deduction of a statement row: what it is a percentage of, and why. */
export function deductionNotes(r: EarningsStatementRow): string[] {
  const commission =
    r.commissionBp === null
      ? `Commission at each item's own rate, on the price ${formatRupees(r.grossPaise)}`
      : `Commission ${formatRate(r.commissionBp)} of the price ${formatRupees(r.grossPaise)}`;
  const tcs =
    r.tcsPaise === 0
      ? 'No TCS: it is collected only from vendors with a GSTIN'
      : `TCS ${r.tcsBp === null ? '' : `${formatRate(r.tcsBp)} `}of the taxable value ${formatRupees(r.taxablePaise)} (GST section 52)`;
  const tds = `TDS ${r.tdsBp === null ? 'at each item’s rate' : formatRate(r.tdsBp)} of the price (Income-tax section 194-O)`;
  return [commission, tcs, tds];
}
