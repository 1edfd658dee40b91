import { z } from 'zod';
import { taxReportQuerySchema } from './tax-reports.contract';

// The super admin's monthly promotion cost report (docs/promotions.md): per promotion Haat pays for,
// what its ledger granted and gave back in an India month, and the net Haat owes for it. Money in
// paise; net = granted - given back, below zero when a month gives back more than it grants.

export const promotionCostMessages = {
  loadFailed: 'Failed to load the promotion cost',
} as const;

/**
 * `GET /api/admin/promotions/cost?month=YYYY-MM` (and `/api/admin/promotions/cost.csv`): this month in
 * India when not given.
 */
export const promotionCostQuerySchema = taxReportQuerySchema;
export type PromotionCostQuery = z.output<typeof promotionCostQuerySchema>;

export const promotionCostRowSchema = z.object({
  promotionId: z.uuid(),
  name: z.string(),
  code: z.string().nullable(),
  /** Orders granted a discount by it in the month. */
  orders: z.number().int(),
  grantedPaise: z.number().int(),
  givenBackPaise: z.number().int(),
  netPaise: z.number().int(),
});
export type PromotionCostRow = z.infer<typeof promotionCostRowSchema>;

const totalsSchema = z.object({
  orders: z.number().int(),
  grantedPaise: z.number().int(),
  givenBackPaise: z.number().int(),
  netPaise: z.number().int(),
});

export const promotionCostReportSchema = z.object({
  month: z.string(),
  rows: z.array(promotionCostRowSchema),
  totals: totalsSchema,
});
export type PromotionCostReport = z.infer<typeof promotionCostReportSchema>;
