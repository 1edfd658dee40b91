import { z } from 'zod';
import { todayInIndia } from '../domain/age';
import { blankToUndefined, YEAR_MONTH_MESSAGE, YEAR_MONTH_PATTERN } from './common.contract';

// The super admin's monthly tax reports: TCS (GSTR-8), TDS (194-O) and
// commission earned. A month counts the tax documents issued in it (India date): invoices add,
// credit notes subtract (GSTR-8's "supplies returned"), so a month's net can be below zero when a
// part invoiced in an earlier month is cancelled in it. Money in paise, rates in basis points.

export const taxReportMessages = {
  badMonth: YEAR_MONTH_MESSAGE,
  loadFailed: 'Failed to load the tax report',
} as const;

export const taxReportKinds = ['tcs', 'tds', 'commission'] as const;
export type TaxReportKind = (typeof taxReportKinds)[number];

/** The month in India today, YYYY-MM. */
export const currentIndiaMonth = (now = new Date()) => todayInIndia(now).slice(0, 7);

/** `GET /api/admin/reports/{tcs,tds,commission}?month=YYYY-MM` (and `/export`): the month, this month in India when not given. */
export const taxReportQuerySchema = z.object({
  month: z.preprocess(
    blankToUndefined,
    z
      .string({ error: taxReportMessages.badMonth })
      .regex(YEAR_MONTH_PATTERN, taxReportMessages.badMonth)
      .default(() => currentIndiaMonth()),
  ),
});
export type TaxReportQuery = z.output<typeof taxReportQuerySchema>;

/** Invoices of the month (`gross`), credit notes of the month (`returned`), and their difference (`net`). */
const grossReturnedNet = {
  grossPaise: z.number().int(),
  returnedPaise: z.number().int(),
  netPaise: z.number().int(),
};

const tcsAmounts = {
  tcsIgstPaise: z.number().int(),
  tcsCgstPaise: z.number().int(),
  tcsSgstPaise: z.number().int(),
};

/**
 * One row of GSTR-8 table 3: a supplier's GSTIN and a place of supply; values are taxable values
 * (GST excluded): gross value of supplies (invoices), supplies returned (credit notes), net amount
 * liable for TCS, and the TCS collected on it, net of credit notes.
 */
export const tcsSupplierRowSchema = z.object({
  vendorUserId: z.uuid(),
  vendorName: z.string(),
  gstin: z.string(),
  /** The state of the vendor's GSTIN (where it supplies from). */
  supplierState: z.string().nullable(),
  placeOfSupplyState: z.string().nullable(),
  ...grossReturnedNet,
  ...tcsAmounts,
});
export type TcsSupplierRow = z.infer<typeof tcsSupplierRowSchema>;

/** The TCS of a month by place of supply and TCS rate: net taxable value and TCS. */
export const tcsStateRateRowSchema = z.object({
  placeOfSupplyState: z.string().nullable(),
  tcsBp: z.number().int(),
  netPaise: z.number().int(),
  ...tcsAmounts,
});
export type TcsStateRateRow = z.infer<typeof tcsStateRateRowSchema>;

/** `GET /api/admin/reports/tcs`: GSTR-8 for a month, only vendors with a GSTIN (TCS is collected only from them). */
export const tcsReportSchema = z.object({
  month: z.string(),
  suppliers: z.array(tcsSupplierRowSchema),
  byStateAndRate: z.array(tcsStateRateRowSchema),
  totals: z.object({ ...grossReturnedNet, ...tcsAmounts }),
});
export type TcsReport = z.infer<typeof tcsReportSchema>;

/**
 * One vendor at one TDS rate (0.1 % with a PAN, 5 % without) and one base: the amounts TDS was taken
 * on (`tdsOn`: the taxable value where the documents show GST, the vendor having a GSTIN, CBDT
 * Circular 20/2023 Q3; else the gross amount), and the TDS deducted, net of credit notes.
 */
/**
 * What a TDS row is: 'sales' (the documents issued in the month, net of credit notes); 'tds_kept'
 * (TDS on items returned in the month, which stays deposited in the vendor's name, CBDT Circular
 * 20/2023 Q4: it adds back what the credit notes took off); 'tds_adjusted' (TDS of the month's sale
 * credits reduced by earlier returns' TDS); 'exempt' (the month's credits exempt under section
 * 194-O(2), TDS not taken; the amount columns name those sales); 'catch_up' (the TDS on the year's
 * earlier exempt sales, taken when the ₹5,00,000 limit was passed). Only 'sales' rows add to the
 * totals' amount columns; every row adds to the TDS total.
 */
export const tdsLines = ['sales', 'tds_kept', 'tds_adjusted', 'exempt', 'catch_up'] as const;
export type TdsLine = (typeof tdsLines)[number];
export const tdsLineLabels: Record<TdsLine, string> = {
  sales: 'Sales',
  tds_kept: 'TDS kept on returns',
  tds_adjusted: 'TDS adjusted for returns',
  exempt: 'Exempt under 194-O(2)',
  catch_up: 'Catch-up on exempt sales',
};

export const tdsRowSchema = z.object({
  line: z.enum(tdsLines),
  vendorUserId: z.uuid(),
  vendorName: z.string(),
  /** The PAN on the documents; null: the vendor had given none (5 %). */
  pan: z.string().nullable(),
  tdsBp: z.number().int(),
  tdsOn: z.enum(['taxable', 'gross']),
  ...grossReturnedNet,
  tdsPaise: z.number().int(),
});
export type TdsRow = z.infer<typeof tdsRowSchema>;

/** `GET /api/admin/reports/tds`: TDS under Income-tax section 194-O for a month. */
export const tdsReportSchema = z.object({
  month: z.string(),
  rows: z.array(tdsRowSchema),
  totals: z.object({ ...grossReturnedNet, tdsPaise: z.number().int() }),
});
export type TdsReport = z.infer<typeof tdsReportSchema>;

/** One vendor's sales (GST included) and Haat's commission on them, net of credit notes; the effective rate is commission ÷ net sales (null when nothing is left). */
export const commissionRowSchema = z.object({
  vendorUserId: z.uuid(),
  vendorName: z.string(),
  ...grossReturnedNet,
  commissionPaise: z.number().int(),
  effectiveRateBp: z.number().int().nullable(),
});
export type CommissionRow = z.infer<typeof commissionRowSchema>;

/** `GET /api/admin/reports/commission`: Haat's commission earned in a month. */
export const commissionReportSchema = z.object({
  month: z.string(),
  rows: z.array(commissionRowSchema),
  totals: z.object({
    ...grossReturnedNet,
    commissionPaise: z.number().int(),
    effectiveRateBp: z.number().int().nullable(),
  }),
});
export type CommissionReport = z.infer<typeof commissionReportSchema>;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A month YYYY-MM as words: '2026-11' -> 'November 2026'. */
export function monthName(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}
