import { z } from 'zod';
import { stepUpCodeSchema } from './admin-lists.contract';
import { isIsoDate } from '../domain/age';
import { isWholeBasisPoints, parseRupees, percentToBasisPoints, toPaise } from '../domain/money';
import {
  COUPON_CODE_MAX,
  COUPON_CODE_MIN,
  couponCodeProblem,
  normaliseCouponCode,
  type Promotion,
} from '../domain/promotions';
import { blankToUndefined, searchTextSchema, typedRupees } from './common.contract';

// Creating or editing a promotion (a coupon code or an automatic discount), as the super admin's
// and the vendor's forms send it and the server checks it: one schema for both. The fields are flat,
// as a form has them; the result is the promotion as the rules of src/domain/promotions.ts read it
// (amounts in paise, the percentage in basis points). docs/promotions.md.

export const promotionMessages = {
  name: 'Give the promotion a name shoppers will understand (3 to 80 characters)',
  kind: 'Choose a coupon code or an automatic promotion',
  codeRequired: 'Enter the coupon code shoppers will type',
  codeForCouponOnly: 'An automatic promotion has no code: leave it empty or make it a coupon',
  benefitType: 'Choose a percentage off or a fixed amount off',
  percent: 'Enter a percentage from 1 to 100',
  percentDecimals: 'A percentage can have at most two decimals',
  percentOnly: 'A fixed amount off has no percentage',
  cap: 'Enter the most the percentage may take off, in rupees (at least ₹1), or leave it empty for no cap',
  capForPercentOnly: 'Only a percentage off has a cap',
  amount: 'Enter the amount off in rupees, at least ₹1',
  amountForFixedOnly: 'A percentage off has no fixed amount: use the cap to limit it',
  scope: 'Choose what the promotion covers: the whole cart, categories, shops, or products',
  chooseCategories: 'Choose at least one category',
  chooseShops: 'Choose at least one shop',
  chooseProducts: 'Choose at least one product or variant',
  unknownItem: 'Choose from the list',
  fundedBy: 'Choose who pays for the discount: Haat or a vendor',
  chooseVendor: 'Choose the vendor who pays for the discount',
  vendorForVendorOnly: 'A promotion Haat pays for names no vendor',
  minimum: 'Enter the minimum cart value in rupees, or leave it empty for none',
  startsOn: 'Enter the first day of the promotion',
  endsOn: 'Enter the last day of the promotion, or leave it empty for no end',
  endsBeforeStart: 'The last day cannot be before the first day',
  budgetType: 'Choose a budget in rupees, in uses, or none',
  budgetRupees: 'Enter the budget in rupees, at least ₹1',
  budgetUses: 'Enter the number of uses, a whole number of at least 1',
  perCustomer: 'Enter the uses allowed to each customer, a whole number of at least 1, or leave it empty for no limit',
  stackableAutomaticOnly: 'Only an automatic promotion can be combined with others: a coupon always combines',
} as const;
const m = promotionMessages;

/** The largest amount typed in rupees: 8 digits, ₹9,99,99,999. */
const MAX_RUPEE_DIGITS = 8;

const optionalText = z.preprocess(blankToUndefined, z.string().trim().optional());

/** Rupees as typed ('499', '1,499.50') or a JSON number, to paise; empty is undefined; at least ₹1. */
const optionalRupees = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .union([z.string(), z.number()], { error: message })
      .transform(typedRupees({ invalid: message }, MAX_RUPEE_DIGITS))
      .refine((p) => p === undefined || p >= toPaise(1), message)
      .optional(),
  );

/** A whole number of at least 1, typed or sent as JSON; empty is undefined. */
const optionalCount = (message: string) =>
  z.preprocess(blankToUndefined, z.coerce.number({ error: message }).int(message).min(1, message).optional());

const isoDate = (message: string) => z.string({ error: message }).trim().refine(isIsoDate, message);

const ids = z.array(z.uuid(m.unknownItem)).default([]);

/** A coupon code, normalised (trimmed, in capitals): 6 to 20 letters and digits; also the code typed at checkout. */
export const couponCodeSchema = z
  .string({ error: m.codeRequired })
  .trim()
  .min(1, m.codeRequired)
  .superRefine((v, ctx) => {
    const problem = couponCodeProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normaliseCouponCode);

export { COUPON_CODE_MAX, COUPON_CODE_MIN };

/** A promotion as the rules read it, before it has an id. */
export type PromotionDefinition = Omit<Promotion, 'id'>;

/** `POST /api/.../promotions` and its edit: the form's fields, checked together, to a PromotionDefinition. */
export const promotionInputSchema = z
  .object({
    name: z.string({ error: m.name }).trim().min(3, m.name).max(80, m.name),
    kind: z.enum(['coupon', 'automatic'], { error: m.kind }),
    couponCode: optionalText,
    benefitType: z.enum(['percent', 'fixed'], { error: m.benefitType }),
    percent: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: m.percent })
        .min(1, m.percent)
        .max(100, m.percent)
        .refine(isWholeBasisPoints, m.percentDecimals)
        .optional(),
    ),
    maxDiscount: optionalRupees(m.cap),
    amount: optionalRupees(m.amount),
    scope: z.enum(['cart', 'categories', 'shops', 'products'], { error: m.scope }),
    categoryIds: ids,
    shopIds: ids,
    productIds: ids,
    variantIds: ids,
    fundedBy: z.enum(['haat', 'vendor'], { error: m.fundedBy }),
    vendorId: z.preprocess(blankToUndefined, z.uuid(m.chooseVendor).optional()),
    minimumCart: optionalRupees(m.minimum),
    startsOn: isoDate(m.startsOn),
    endsOn: z.preprocess(blankToUndefined, isoDate(m.endsOn).optional()),
    budgetType: z.enum(['none', 'rupees', 'uses'], { error: m.budgetType }).default('none'),
    budgetRupees: optionalRupees(m.budgetRupees),
    budgetUses: optionalCount(m.budgetUses),
    perCustomerLimit: optionalCount(m.perCustomer),
    firstOrderOnly: z.boolean().default(false),
    stackable: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.kind === 'coupon') {
      if (!v.couponCode) issue('couponCode', m.codeRequired);
      else {
        const problem = couponCodeProblem(v.couponCode);
        if (problem) issue('couponCode', problem);
      }
      if (v.stackable) issue('stackable', m.stackableAutomaticOnly);
    } else if (v.couponCode) issue('couponCode', m.codeForCouponOnly);
    if (v.benefitType === 'percent') {
      if (v.percent === undefined) issue('percent', m.percent);
      if (v.amount !== undefined) issue('amount', m.amountForFixedOnly);
    } else {
      if (v.amount === undefined) issue('amount', m.amount);
      if (v.percent !== undefined) issue('percent', m.percentOnly);
      if (v.maxDiscount !== undefined) issue('maxDiscount', m.capForPercentOnly);
    }
    if (v.scope === 'categories' && v.categoryIds.length === 0) issue('categoryIds', m.chooseCategories);
    if (v.scope === 'shops' && v.shopIds.length === 0) issue('shopIds', m.chooseShops);
    if (v.scope === 'products' && v.productIds.length + v.variantIds.length === 0)
      issue('productIds', m.chooseProducts);
    if (v.fundedBy === 'vendor' && !v.vendorId) issue('vendorId', m.chooseVendor);
    if (v.fundedBy === 'haat' && v.vendorId) issue('vendorId', m.vendorForVendorOnly);
    if (v.endsOn !== undefined && v.endsOn < v.startsOn) issue('endsOn', m.endsBeforeStart);
    if (v.budgetType === 'rupees' && v.budgetRupees === undefined) issue('budgetRupees', m.budgetRupees);
    if (v.budgetType === 'uses' && v.budgetUses === undefined) issue('budgetUses', m.budgetUses);
  })
  .transform((v): PromotionDefinition => ({
    name: v.name,
    kind: v.kind,
    code: v.kind === 'coupon' && v.couponCode ? normaliseCouponCode(v.couponCode) : null,
    benefit:
      v.benefitType === 'percent'
        ? { type: 'percent', bp: percentToBasisPoints(v.percent ?? 0), capPaise: v.maxDiscount ?? null }
        : { type: 'fixed', amountPaise: v.amount ?? 0 },
    scope:
      v.scope === 'cart'
        ? { type: 'cart' }
        : v.scope === 'categories'
          ? { type: 'categories', categoryIds: v.categoryIds }
          : v.scope === 'shops'
            ? { type: 'shops', shopIds: v.shopIds }
            : { type: 'products', productIds: v.productIds, variantIds: v.variantIds },
    funder: v.fundedBy === 'vendor' && v.vendorId ? { by: 'vendor', vendorId: v.vendorId } : { by: 'haat' },
    minimumPaise: v.minimumCart ?? 0,
    startsOn: v.startsOn,
    endsOn: v.endsOn ?? null,
    budget:
      v.budgetType === 'rupees' && v.budgetRupees !== undefined
        ? { type: 'paise', limitPaise: v.budgetRupees }
        : v.budgetType === 'uses' && v.budgetUses !== undefined
          ? { type: 'uses', limit: v.budgetUses }
          : null,
    perCustomerLimit: v.perCustomerLimit ?? null,
    firstOrderOnly: v.firstOrderOnly,
    stackable: v.kind === 'automatic' && v.stackable,
  }));
export type PromotionInput = z.input<typeof promotionInputSchema>;

// --- Responses ----------------------------------------------------------------------------------

/**
 * Where a promotion stands, from its dates and flags on the India date: 'scheduled' (its first day is
 * later), 'active', 'paused' (by hand, resumable), 'ended' (by hand, or past its last day).
 */
export const promotionStatuses = ['scheduled', 'active', 'paused', 'ended'] as const;
export type PromotionStatus = (typeof promotionStatuses)[number];
export const promotionStatusSchema = z.enum(promotionStatuses);

/** The promotion as its form has it, for the edit form to prefill (z.input of promotionInputSchema). */
export const promotionFormSchema = z.object({
  name: z.string(),
  kind: z.enum(['coupon', 'automatic']),
  couponCode: z.string(),
  benefitType: z.enum(['percent', 'fixed']),
  percent: z.string(),
  maxDiscount: z.string(),
  amount: z.string(),
  scope: z.enum(['cart', 'categories', 'shops', 'products']),
  categoryIds: z.array(z.string()),
  shopIds: z.array(z.string()),
  productIds: z.array(z.string()),
  variantIds: z.array(z.string()),
  fundedBy: z.enum(['haat', 'vendor']),
  vendorId: z.string(),
  minimumCart: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  budgetType: z.enum(['none', 'rupees', 'uses']),
  budgetRupees: z.string(),
  budgetUses: z.string(),
  perCustomerLimit: z.string(),
  firstOrderOnly: z.boolean(),
  stackable: z.boolean(),
}) satisfies z.ZodType<PromotionInput>;
export type PromotionForm = z.infer<typeof promotionFormSchema>;

/** One promotion in the admin's list, with its uses and spend so far (uses held or used, not released). */
export const promotionRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(['coupon', 'automatic']),
  code: z.string().nullable(),
  /** What it gives: '20% off, up to ₹300', '₹100 off'. */
  offer: z.string(),
  /** What it covers: 'Whole cart', '2 categories', '1 shop', '3 products'. */
  covers: z.string(),
  fundedBy: z.enum(['haat', 'vendor']),
  vendorName: z.string().nullable(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  status: promotionStatusSchema,
  /** Orders that used it (held while a payment is pending, or used), not released. */
  uses: z.number().int(),
  /** The discount granted so far (held or used, not released). */
  spentPaise: z.number().int(),
  /** Orders placed with it (its use not released). */
  orders: z.number().int(),
  /** What those orders were worth after their discount: their parts not cancelled, before points and delivery. */
  revenuePaise: z.number().int(),
  /** '₹5,000' or '100 uses'; null when it has none. */
  budget: z.string().nullable(),
  minimumPaise: z.number().int(),
  perCustomerLimit: z.number().int().nullable(),
  firstOrderOnly: z.boolean(),
  stackable: z.boolean(),
  input: promotionFormSchema,
});
export type PromotionRow = z.infer<typeof promotionRowSchema>;

/** GET /api/admin/promotions (and its .csv): a status filter and a search on the name or code. */
export const promotionListQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, promotionStatusSchema.optional()),
  q: z.preprocess(blankToUndefined, z.string().trim().max(80).optional()),
});
export type PromotionListQuery = z.infer<typeof promotionListQuerySchema>;

export const promotionListSchema = z.object({ promotions: z.array(promotionRowSchema) });
export type PromotionList = z.infer<typeof promotionListSchema>;

/** Created, edited, paused, resumed or ended: the promotion as it is now. */
export const promotionResultSchema = z.object({ promotion: promotionRowSchema });
export type PromotionResult = z.infer<typeof promotionResultSchema>;

export const promotionRouteMessages = {
  codeTaken: (code: string) => `The coupon code ${code} is already used by another promotion that has not ended`,
  startedNoEdit: 'A promotion cannot be edited once it has started: pause or end it instead',
  vendorCreatesOwn: 'A promotion a vendor pays for is created by that vendor, in its dashboard: choose Haat',
  notYourShops: 'Choose only your own shops',
  notYourProducts: 'Choose only your own products',
  notFound: 'Promotion not found',
  alreadyEnded: 'This promotion has ended',
  notPaused: 'This promotion is not paused',
} as const;

/** `GET /api/admin/promotions/products?q=` and `/shops?q=`: what a promotion may cover, found by name. */
export const promotionProductsQuerySchema = z.object({
  q: searchTextSchema,
});

/** Its answer: up to 10 products with their shop and their variants on sale (none for a product without). */
export const promotionProductChoicesSchema = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      shopName: z.string(),
      variants: z.array(z.object({ id: z.uuid(), option1Value: z.string(), option2Value: z.string().nullable() })),
    }),
  ),
});
export type PromotionProductChoices = z.infer<typeof promotionProductChoicesSchema>;

/** `GET /api/admin/promotions/shops?q=`: up to 10 shops whose name holds the text, by name. */
export const promotionShopChoicesSchema = z.object({
  items: z.array(z.object({ id: z.uuid(), shopName: z.string() })),
});
export type PromotionShopChoices = z.infer<typeof promotionShopChoicesSchema>;

/**
 * What the admin's create and edit routes read: the form, and the fresh authenticator code
 * (`stepUpCode`: the parsed form's `code` is the coupon's) that a large Haat-funded promotion needs.
 */
export const promotionSaveSchema = promotionInputSchema.and(z.object({ stepUpCode: stepUpCodeSchema }));

/** Rupees with up to 9 digits, as PROMOTION_FRESH_CODE_ABOVE_RUPEES allows. */
const FRESH_CODE_RUPEE_DIGITS = 9;

export const promotionSettingsMessages = {
  amountInvalid: 'Enter an amount in rupees, 0 or more (0: every promotion Haat pays for needs the code)',
  saved: 'Saved',
  failed: 'Failed to save',
} as const;

/**
 * `GET /api/admin/settings/promotions`: saving a promotion Haat pays for that can take more than
 * `freshCodeAbovePaise` off one order needs a fresh code; `defaultPaise` is PROMOTION_FRESH_CODE_ABOVE_RUPEES.
 */
export const promotionSettingsSchema = z.object({
  freshCodeAbovePaise: z.number().int().min(0),
  defaultPaise: z.number().int().min(0),
});
export type PromotionSettings = z.infer<typeof promotionSettingsSchema>;

/** The fresh-code amount typed in rupees ('1000', '2500.50'), in paise; null when it is not an amount. */
export const freshCodeAbovePaise = (typed: string) => parseRupees(typed.trim(), FRESH_CODE_RUPEE_DIGITS);

/** `PUT /api/admin/settings/promotions`: the amount in rupees as typed, and a fresh code. */
export const savePromotionSettingsSchema = z.object({
  freshCodeAboveRupees: z
    .string({ error: promotionSettingsMessages.amountInvalid })
    .trim()
    .refine((v) => freshCodeAbovePaise(v) !== null, promotionSettingsMessages.amountInvalid),
  code: stepUpCodeSchema,
});
export type SavePromotionSettingsInput = z.input<typeof savePromotionSettingsSchema>;

// --- Checkout and orders ------------------------------------------------------------------------

/** Checkout refuses coupon codes for a while after too many unknown ones (429, Retry-After). */
export const couponGuessesMessage = (minutes: number) =>
  `Too many coupon codes tried. Try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`;

/** The coupon code a shopper typed, optional: on GET /api/checkout/summary's query and POST /api/checkout's body. */
export const couponCodeFields = { couponCode: z.preprocess(blankToUndefined, couponCodeSchema.optional()) };

export const appliedPromotionSchema = z.object({
  promotionId: z.uuid(),
  name: z.string(),
  code: z.string().nullable(),
  savedPaise: z.number().int(),
  /** 'SAVE20: 20% off, up to ₹300 on your item, you save ₹300'. */
  explanation: z.string(),
});
export const notAppliedPromotionSchema = z.object({
  promotionId: z.uuid().nullable(),
  name: z.string(),
  code: z.string().nullable(),
  /** Why not: the refusal message ('SAVE10 has been fully claimed by other shoppers'). */
  explanation: z.string(),
});

/** The `promotions` part of GET /api/checkout/summary. */
export const checkoutPromotionsSchema = z.object({
  /** The code as normalised, when one was sent. */
  couponCode: z.string().nullable(),
  /** Why the coupon does not apply, when it does not; else null. */
  couponMessage: z.string().nullable(),
  applied: z.array(appliedPromotionSchema),
  notApplied: z.array(notAppliedPromotionSchema),
});
export type CheckoutPromotions = z.infer<typeof checkoutPromotionsSchema>;

/** Added to a priced checkout line and to an order's item: its share of the discounts. */
export const lineDiscountFields = { discountPaise: z.number().int() };
/** Added to the checkout amounts: the discount (0 when none); totalPaise = subtotal - discount + shipping - points. */
export const amountsDiscountFields = { discountPaise: z.number().int() };

/** A promotion as an order shows it. */
export const orderPromotionSchema = z.object({
  name: z.string(),
  code: z.string().nullable(),
  savedPaise: z.number().int(),
});
export type OrderPromotion = z.infer<typeof orderPromotionSchema>;
/** Added to an order (detail and list): its discount and the promotions applied. */
export const orderDiscountFields = { discountPaise: z.number().int(), promotions: z.array(orderPromotionSchema) };
