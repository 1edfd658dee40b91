import { z } from 'zod';
import { BASIS_POINTS } from '../domain/money';
import {
  blankToUndefined,
  pageQuerySchema,
  pageSchema,
  YEAR_MONTH_MESSAGE,
  YEAR_MONTH_PATTERN,
} from './common.contract';

// The vendor's Earnings tab: what Haat owes the vendor (pending, payable, paid),
// a statement per order part with every deduction, and the payouts so far.

export const earningsMessages = {
  loadFailed: 'Failed to load your earnings',
  badMonth: YEAR_MONTH_MESSAGE,
  noPayouts: 'No payouts yet',
} as const;

/** Where the money of one order part stands. */
export const earningStatuses = ['not_delivered', 'pending', 'payable', 'reversed'] as const;
export type EarningStatus = (typeof earningStatuses)[number];

/** `GET /api/vendor/earnings/statement?page&pageSize&month`: parts of the vendor's orders, newest order first; `month` (YYYY-MM, India time) keeps the orders placed in it. */
export const earningsQuerySchema = pageQuerySchema.extend({
  month: z.preprocess(
    blankToUndefined,
    z.string({ error: earningsMessages.badMonth }).regex(YEAR_MONTH_PATTERN, earningsMessages.badMonth).optional(),
  ),
});
export type EarningsQuery = z.output<typeof earningsQuerySchema>;

/** `GET /api/vendor/earnings.csv?month`: the whole statement (or one month's) as CSV. */
export const earningsCsvQuerySchema = earningsQuerySchema.pick({ month: true });
export type EarningsCsvQuery = z.output<typeof earningsCsvQuerySchema>;

/** The vendor's balances: pending (waiting for the return window), payable (Haat owes it; below zero a debit carried into the next payout), paid. */
export const earningsTotalsSchema = z.object({
  pendingPaise: z.number().int(),
  payablePaise: z.number().int(),
  paidPaise: z.number().int(),
});
export type EarningsTotals = z.infer<typeof earningsTotalsSchema>;

/**
 * One part of an order (the vendor's own items of one shop) with the sums of its items' settlement
 * lines, written when the order was placed. A rate is null when the part's items had different ones.
 * gross = commission + TCS + TDS + vendor net; gross = taxable + GST.
 */
export const earningsStatementRowSchema = z.object({
  orderId: z.uuid(),
  /** The order as the customer and the vendor see it, e.g. #1A2B3C4D. */
  orderRef: z.string(),
  partId: z.uuid(),
  shopName: z.string(),
  orderedAt: z.string(),
  deliveredAt: z.string().nullable(),
  status: z.enum(earningStatuses),
  /** The day (India) the return window ends, while the money is pending. */
  pendingUntil: z.string().nullable(),
  statusLabel: z.string(),
  itemCount: z.number().int(),
  /** The vendor's own promotions' discount on the part: its invoice shows it, and gross is after it. */
  discountPaise: z.number().int(),
  grossPaise: z.number().int(),
  taxablePaise: z.number().int(),
  gstPaise: z.number().int(),
  commissionBp: z.number().int().nullable(),
  commissionPaise: z.number().int(),
  tcsBp: z.number().int().nullable(),
  tcsPaise: z.number().int(),
  tdsBp: z.number().int().nullable(),
  /** TDS is taken on the taxable value when the vendor has a GSTIN (its invoice shows GST; CBDT Circular 20/2023, Q3), else on the gross. */
  tdsOn: z.enum(['taxable', 'gross']),
  tdsPaise: z.number().int(),
  vendorNetPaise: z.number().int(),
  /**
   * Cash on delivery: the cash the shop collected at the door (null for a prepaid part, or before
   * delivery). The shop keeps Haat's money, so it is deducted from the payable balance (the ledger's
   * 'cod_collected'): the part lowers what Haat owes by the cash less the net, and payable can go below zero.
   */
  cashCollectedPaise: z.number().int().nullable(),
  /** Items returned: the part of the net given back for them (0 for none); the rest of the net stands. */
  returnedPaise: z.number().int(),
  /**
   * TDS under section 194-O moved on this part after its credit, oldest first: TDS on returned items
   * kept deposited in the vendor's name (paise < 0), or adjusted at this sale for earlier returns (paise > 0;
   * CBDT Circular 20/2023, Q4). Each moves the payable balance by `paise`.
   */
  tdsNotes: z.array(z.object({ text: z.string(), paise: z.number().int() })),
});
export type EarningsStatementRow = z.infer<typeof earningsStatementRowSchema>;

export const earningsStatementPageSchema = pageSchema(earningsStatementRowSchema);
export type EarningsStatementPage = z.infer<typeof earningsStatementPageSchema>;

// 'transferring': a Razorpay Route transfer has been asked for and its answer is awaited.
export const payoutStatuses = ['created', 'transferring', 'paid', 'cancelled'] as const;

/** One payout of Haat to the vendor. */
export const earningsPayoutSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  periodFrom: z.string(),
  periodTo: z.string(),
  amountPaise: z.number().int(),
  method: z.string().nullable(),
  reference: z.string().nullable(),
  status: z.enum(payoutStatuses),
});
export type EarningsPayout = z.infer<typeof earningsPayoutSchema>;

/** What a payout's status reads to the vendor: 'Being paid', 'Paid 21 Nov 2026 — ref UTR123', 'Cancelled'. */
export function payoutStatusText(p: Pick<EarningsPayout, 'status' | 'paidAt' | 'reference'>): string {
  if (p.status === 'created') return 'Being paid';
  if (p.status === 'transferring') return 'Being transferred';
  if (p.status === 'cancelled') return 'Cancelled';
  return `Paid${p.paidAt ? ` ${formatDay(p.paidAt)}` : ''}${p.reference ? ` — ref ${p.reference}` : ''}`;
}

/** `GET /api/vendor/earnings`: the totals, the statement's first page and the payout history. */
export const vendorEarningsSchema = z.object({
  totals: earningsTotalsSchema,
  statement: earningsStatementPageSchema,
  payouts: z.array(earningsPayoutSchema),
  /** Days after delivery before a part's money becomes payable (RETURN_WINDOW_DAYS). */
  returnWindowDays: z.number().int(),
});
export type VendorEarnings = z.infer<typeof vendorEarningsSchema>;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date YYYY-MM-DD as UI.md writes dates: `3 Dec 2026`. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** What the statement says of a part's money: 'Not delivered yet', 'Pending until 3 Dec 2026', 'Payable', 'Reversed'. */
export function earningStatusLabel(status: EarningStatus, pendingUntil: string | null): string {
  if (status === 'pending') return pendingUntil ? `Pending until ${formatDay(pendingUntil)}` : 'Pending';
  return { not_delivered: 'Not delivered yet', payable: 'Payable', reversed: 'Reversed' }[status];
}

const percent = new Intl.NumberFormat('en-IN', { style: 'percent', maximumFractionDigits: 2 });

/** A rate in basis points as a percentage: 850 -> '8.5%', 10 -> '0.1%'. */
export const formatRate = (bp: number): string => percent.format(bp / BASIS_POINTS);
