import { z } from 'zod';
import { isIsoDate, todayInIndia } from '../domain/age';
import { isWholeBasisPoints } from '../domain/money';
import { stepUpCodeSchema } from './admin-lists.contract';
import { blankToUndefined, pageQuerySchema, pageSchema } from './common.contract';

// The rates settlement uses, kept by the super admin as rows with the date from
// which each applies (commission rules, TCS/TDS and the GST rate of unclassified goods, the HSN list
// with its GST rates). Rates travel as percentages (8.5) and are stored as basis points (850).

export const rateMessages = {
  ratePercent: 'Enter a rate from 0 to 100 %',
  rateDecimals: 'A rate can have at most two decimals',
  effectiveFrom: 'Enter the date from which the rate applies',
  pastDate: 'The date must be today or later: a rate never changes the past',
  scope: 'Choose global, category or vendor',
  chooseCategory: 'Choose a category from the list',
  chooseVendor: 'Choose a vendor from the list',
  unknownCategory: 'That category does not exist',
  unknownVendor: 'That vendor does not exist',
  duplicateRule: 'A rule for this scope and target from that date already exists: choose another date',
  ruleAdded: 'Commission rule added',
  ruleFailed: 'Failed to add the commission rule',
  kind: 'Choose which rate this is',
  source: 'Say where the rate comes from (a notification or a section of an act)',
  duplicateTaxRate: 'A rate of this kind from that date already exists: choose another date',
  taxRateAdded: 'Tax rate added',
  taxRateFailed: 'Failed to add the tax rate',
  hsnCode: 'An HSN code has 4, 6 or 8 digits',
  hsnDescription: 'Describe the goods of this code',
  hsnExists: 'That HSN code is already on the list: change its rate instead',
  hsnUnknown: 'That HSN code is not on the list',
  duplicateHsnRate: 'This code already has a rate from that date: choose another date',
  hsnAdded: 'HSN code added',
  hsnAddFailed: 'Failed to add the HSN code',
  hsnRateAdded: 'GST rate scheduled',
  hsnRateFailed: 'Failed to change the GST rate',
  chooseHsn: 'Choose an HSN code from the list',
} as const;
const m = rateMessages;

export const HSN_DESCRIPTION_MAX = 200;
export const TAX_SOURCE_MAX = 300;
export const HSN_CODE_PATTERN = /^\d{4}(\d{2}){0,2}$/;

/** A rate typed in a form (a string) or sent as JSON (a number): 0 to 100 %, at most two decimals. */
export const ratePercentSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
  z
    .number({ error: m.ratePercent })
    .min(0, m.ratePercent)
    .max(100, m.ratePercent)
    .refine(isWholeBasisPoints, m.rateDecimals),
);

/** YYYY-MM-DD, a real date, today in India or later: a new rate never rewrites what already applied. */
export const effectiveFromSchema = z
  .string({ error: m.effectiveFrom })
  .trim()
  .refine(isIsoDate, m.effectiveFrom)
  .refine((d) => d >= todayInIndia(), m.pastDate);

/** Where a rate stands today: the one that applies, one that starts later, or one a later rule replaced. */
export const rateStatuses = ['in_force', 'scheduled', 'superseded'] as const;
export type RateStatus = (typeof rateStatuses)[number];
export const rateStatusLabels: Record<RateStatus, string> = {
  in_force: 'In force',
  scheduled: 'Scheduled',
  superseded: 'Superseded',
};

/** The answer of every add: the new row's id (an HSN code's own code) and the message to show. */
export const rateAddedSchema = z.object({ id: z.string(), message: z.string() });
export type RateAdded = z.infer<typeof rateAddedSchema>;

// ---- Commission rules

export const commissionScopes = ['global', 'category', 'vendor'] as const;
export type CommissionScope = (typeof commissionScopes)[number];
export const commissionScopeLabels: Record<CommissionScope, string> = {
  global: 'Global default',
  category: 'Category',
  vendor: 'Vendor',
};

/** `POST /api/admin/commission-rules`: a new rule (rules are never edited; a later one supersedes). */
export const addCommissionRuleSchema = z
  .object({
    scope: z.enum(commissionScopes, { error: m.scope }),
    categoryId: z.preprocess(blankToUndefined, z.uuid(m.chooseCategory).nullish()),
    vendorUserId: z.preprocess(blankToUndefined, z.uuid(m.chooseVendor).nullish()),
    ratePercent: ratePercentSchema,
    effectiveFrom: effectiveFromSchema,
    code: stepUpCodeSchema,
  })
  .superRefine((v, ctx) => {
    if (v.scope === 'category' && !v.categoryId)
      ctx.addIssue({ code: 'custom', path: ['categoryId'], message: m.chooseCategory });
    if (v.scope === 'vendor' && !v.vendorUserId)
      ctx.addIssue({ code: 'custom', path: ['vendorUserId'], message: m.chooseVendor });
  });
export type AddCommissionRuleInput = z.input<typeof addCommissionRuleSchema>;
export type AddCommissionRuleData = z.output<typeof addCommissionRuleSchema>;

export const commissionRuleSchema = z.object({
  id: z.uuid(),
  scope: z.enum(commissionScopes),
  categoryId: z.uuid().nullable(),
  categoryName: z.string().nullable(),
  vendorUserId: z.uuid().nullable(),
  vendorName: z.string().nullable(),
  rateBp: z.number().int(),
  ratePercent: z.number(),
  effectiveFrom: z.string(),
  status: z.enum(rateStatuses),
  createdAt: z.string(),
});
export type CommissionRule = z.infer<typeof commissionRuleSchema>;
export const commissionRuleQuerySchema = pageQuerySchema;
export const commissionRulePageSchema = pageSchema(commissionRuleSchema);
export type CommissionRulePage = z.infer<typeof commissionRulePageSchema>;

// ---- Tax rates

export const taxRateKinds = ['tcs', 'tds_with_pan', 'tds_without_pan', 'gst_unclassified'] as const;
export type TaxRateKind = (typeof taxRateKinds)[number];
export const taxRateKindLabels: Record<TaxRateKind, string> = {
  tcs: 'TCS (GST section 52)',
  tds_with_pan: 'TDS 194-O, with PAN',
  tds_without_pan: 'TDS 194-O, without PAN',
  gst_unclassified: 'GST of goods with no HSN code',
};

/** `POST /api/admin/tax-rates`: a new dated rate of one kind. */
export const addTaxRateSchema = z.object({
  kind: z.enum(taxRateKinds, { error: m.kind }),
  ratePercent: ratePercentSchema,
  effectiveFrom: effectiveFromSchema,
  source: z
    .string({ error: m.source })
    .trim()
    .min(3, m.source)
    .max(TAX_SOURCE_MAX, `Source must be at most ${TAX_SOURCE_MAX} characters`),
  code: stepUpCodeSchema,
});
export type AddTaxRateInput = z.input<typeof addTaxRateSchema>;
export type AddTaxRateData = z.output<typeof addTaxRateSchema>;

export const taxRateSchema = z.object({
  id: z.uuid(),
  kind: z.enum(taxRateKinds),
  rateBp: z.number().int(),
  ratePercent: z.number(),
  effectiveFrom: z.string(),
  source: z.string(),
  status: z.enum(rateStatuses),
  createdAt: z.string(),
});
export type TaxRate = z.infer<typeof taxRateSchema>;
/** Every tax rate row, by kind, newest date first within a kind. */
export const taxRateListSchema = z.object({ items: z.array(taxRateSchema) });
export type TaxRateList = z.infer<typeof taxRateListSchema>;

// ---- HSN codes and their GST rates

const hsnCodeField = z.string({ error: m.hsnCode }).trim().regex(HSN_CODE_PATTERN, m.hsnCode);

/** `POST /api/admin/hsn-codes`: a new code with its first GST rate. (`code` is the fresh two-factor code.) */
export const addHsnCodeSchema = z.object({
  hsnCode: hsnCodeField,
  description: z
    .string({ error: m.hsnDescription })
    .trim()
    .min(2, m.hsnDescription)
    .max(HSN_DESCRIPTION_MAX, `Description must be at most ${HSN_DESCRIPTION_MAX} characters`),
  ratePercent: ratePercentSchema,
  effectiveFrom: effectiveFromSchema,
  code: stepUpCodeSchema,
});
export type AddHsnCodeInput = z.input<typeof addHsnCodeSchema>;
export type AddHsnCodeData = z.output<typeof addHsnCodeSchema>;

/** `POST /api/admin/hsn-rates`: a new GST rate for a code on the list, from a date. */
export const addHsnRateSchema = z.object({
  hsnCode: hsnCodeField,
  ratePercent: ratePercentSchema,
  effectiveFrom: effectiveFromSchema,
  code: stepUpCodeSchema,
});
export type AddHsnRateInput = z.input<typeof addHsnRateSchema>;
export type AddHsnRateData = z.output<typeof addHsnRateSchema>;

const datedRateSchema = z.object({ ratePercent: z.number(), effectiveFrom: z.string() });
export type DatedRate = z.infer<typeof datedRateSchema>;

/** One code of the list: the GST rate in force today (null before its first rate starts) and the next scheduled one. */
export const hsnCodeSchema = z.object({
  hsnCode: z.string(),
  description: z.string(),
  current: datedRateSchema.nullable(),
  next: datedRateSchema.nullable(),
});
export type HsnCode = z.infer<typeof hsnCodeSchema>;

/** The HSN list (by code), and the GST rate in force for products with no code chosen (the 'gst_unclassified' tax rate). */
export const hsnCodeListSchema = z.object({ items: z.array(hsnCodeSchema), unclassified: datedRateSchema.nullable() });
export type HsnCodeList = z.infer<typeof hsnCodeListSchema>;

/** "6204 — Women's suits, kurtas… — GST 5%", as the product form's select shows a code. */
export function hsnOptionLabel(c: HsnCode, formatDate: (isoDate: string) => string = (d) => d): string {
  const description = c.description.length > 60 ? `${c.description.slice(0, 59)}…` : c.description;
  const rate = c.current
    ? `GST ${c.current.ratePercent}%`
    : c.next
      ? `GST ${c.next.ratePercent}% from ${formatDate(c.next.effectiveFrom)}`
      : 'no GST rate yet';
  return `${c.hsnCode} — ${description} — ${rate}`;
}

/** A product's HSN code in the product form: a code of the list, or none (blank or null). */
export const productHsnCodeSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string({ error: m.chooseHsn }).trim().regex(HSN_CODE_PATTERN, m.chooseHsn).nullish(),
);
