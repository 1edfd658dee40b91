// Promotions: coupon codes and automatic discounts. This file holds what a promotion is, its code,
// and whether one promotion applies to a cart (and how much it takes off); promotions-apply.ts
// chooses the best combination and shares it out across the lines; promotions-tax.ts says what a
// discounted line does to GST, TCS, TDS, commission, settlement and refunds. docs/promotions.md.
//
// All amounts are integer paise, rates integer basis points (money.ts). Dates are India dates
// (YYYY-MM-DD, age.ts todayInIndia), a promotion's window inclusive of both days.
import { formatDate } from './india-time';
import { basisPointsToPercent, formatRupees, ofBasisPoints } from './money';

/** A coupon is applied by its code; an automatic promotion applies by itself. */
export type PromotionKind = 'coupon' | 'automatic';

/** Who pays for the discount: Haat, or a vendor (whose promotion covers only its own products). */
export type PromotionFunder = { by: 'haat' } | { by: 'vendor'; vendorId: string };

/** Percentage off (in basis points, with an optional cap), or a fixed amount off. */
export type PromotionBenefit =
  { type: 'percent'; bp: number; capPaise: number | null } | { type: 'fixed'; amountPaise: number };

/** What a promotion covers: the whole cart, or the items of chosen categories, shops, products or variants. */
export type PromotionScope =
  | { type: 'cart' }
  | { type: 'categories'; categoryIds: string[] }
  | { type: 'shops'; shopIds: string[] }
  /** A product listed covers all its variants; a variant listed covers only itself. */
  | { type: 'products'; productIds: string[]; variantIds: string[] };

/** A budget for the whole promotion: rupees given away, or a number of uses. */
export type PromotionBudget = { type: 'paise'; limitPaise: number } | { type: 'uses'; limit: number };

export type Promotion = {
  id: string;
  /** What the shopper reads: 'Diwali Sale', 'Welcome offer'. */
  name: string;
  kind: PromotionKind;
  /** Normalised (normaliseCouponCode) for a coupon; null for an automatic promotion. */
  code: string | null;
  benefit: PromotionBenefit;
  scope: PromotionScope;
  funder: PromotionFunder;
  /** The least value (at full price) of the items covered; 0 for none. */
  minimumPaise: number;
  /** First and last day, India dates, inclusive; endsOn null for no end. */
  startsOn: string;
  endsOn: string | null;
  budget: PromotionBudget | null;
  /** Uses allowed to one customer; null for no limit. */
  perCustomerLimit: number | null;
  firstOrderOnly: boolean;
  /** An automatic promotion that combines with a coupon and other stackable ones. Coupons: ignored. */
  stackable: boolean;
};

/** Where a promotion stands: uses and rupees given so far, and this customer's uses. */
export type PromotionUsage = { uses: number; spentPaise: number; customerUses: number };

export type PromotionWithUsage = Promotion & { usage: PromotionUsage };

/** One line of a cart as the promotion rules see it. */
export type PromoCartLine = {
  lineId: string;
  productId: string;
  variantId: string | null;
  categoryId: string | null;
  shopId: string;
  vendorId: string;
  /** The selling price, GST included, as the cart shows it. */
  unitPricePaise: number;
  quantity: number;
};

export type PromoCustomer = {
  /** Orders placed before this one and not wholly cancelled. */
  earlierOrders: number;
};

// --- Codes ------------------------------------------------------------------------------------

export const COUPON_CODE_MIN = 6;
export const COUPON_CODE_MAX = 20;
const CODE_PATTERN = /^[A-Z0-9]+$/;

/** A code as it is kept and compared: without surrounding spaces, in capitals ('  diwali26 ' → 'DIWALI26'). */
export function normaliseCouponCode(text: string): string {
  return text.trim().toUpperCase();
}

/** Why a code cannot be a coupon code (null when it can): 6 to 20 letters and digits once normalised. */
export function couponCodeProblem(text: string): string | null {
  const code = normaliseCouponCode(text);
  if (code.length < COUPON_CODE_MIN || code.length > COUPON_CODE_MAX)
    return `A coupon code has ${COUPON_CODE_MIN} to ${COUPON_CODE_MAX} characters`;
  if (!CODE_PATTERN.test(code)) return 'A coupon code has only letters and digits';
  return null;
}

// --- Refusals ---------------------------------------------------------------------------------

/** Why a promotion does not apply, with what the shopper needs to know. */
export type PromotionRefusal =
  | { reason: 'unknown_code'; code: string }
  | { reason: 'not_yet_valid'; startsOn: string }
  | { reason: 'expired'; endedOn: string }
  | { reason: 'budget_used_up' }
  | { reason: 'already_used'; limit: number }
  | { reason: 'first_order_only' }
  | { reason: 'not_for_these_items' }
  | { reason: 'minimum_not_met'; minimumPaise: number; shortByPaise: number; wholeCart: boolean }
  /** Valid, but another offer that does not combine with it saves more (promotions-apply.ts). */
  | { reason: 'better_offer'; betterNames: string[]; betterPaise: number; ownPaise: number }
  /** Valid, but adds nothing to the saving of the offers chosen (a tie keeps a coupon's use for later). */
  | { reason: 'adds_nothing' };

/** The sentence a shopper reads for a refusal of `label` (a code, or a promotion's name). */
export function refusalMessage(label: string, r: PromotionRefusal): string {
  switch (r.reason) {
    case 'unknown_code':
      return `There is no coupon with the code ${r.code}: check the spelling`;
    case 'not_yet_valid':
      return `${label} can be used from ${formatDate(r.startsOn)}`;
    case 'expired':
      return `${label} expired on ${formatDate(r.endedOn)}`;
    case 'budget_used_up':
      return `${label} has been fully claimed by other shoppers`;
    case 'already_used':
      return r.limit === 1
        ? `You have already used ${label}`
        : `You have already used ${label} ${r.limit} times, as many as it allows`;
    case 'first_order_only':
      return `${label} is only for your first order`;
    case 'not_for_these_items':
      return `${label} does not apply to any item in your cart`;
    case 'minimum_not_met': {
      const [add, minimum] = [formatRupees(r.shortByPaise), formatRupees(r.minimumPaise)];
      return r.wholeCart
        ? `Add ${add} more to your cart to use ${label} (minimum ${minimum})`
        : `Add ${add} more of the items ${label} covers to use it (minimum ${minimum})`;
    }
    case 'better_offer': {
      const save = `${formatRupees(r.betterPaise)}, more than ${label} (${formatRupees(r.ownPaise)})`;
      return r.betterNames.length === 1
        ? `${r.betterNames[0]} saves you ${save}, and they cannot be combined`
        : `${listOf(r.betterNames)} together save you ${save}, which cannot be combined with them`;
    }
    case 'adds_nothing':
      return `Your other offers already save you as much without ${label}, so it is not used`;
  }
}

/** 'A', 'A and B', 'A, B and C'. */
function listOf(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** What a promotion gives, in words: '20% off, up to ₹300' or '₹100 off'. */
export function benefitText(b: PromotionBenefit): string {
  if (b.type === 'fixed') return `${formatRupees(b.amountPaise)} off`;
  const off = `${basisPointsToPercent(b.bp)}% off`;
  return b.capPaise === null ? off : `${off}, up to ${formatRupees(b.capPaise)}`;
}

/** The name a shopper knows a promotion by: its code for a coupon, else its name. */
export const promotionLabel = (p: Promotion): string => (p.kind === 'coupon' && p.code ? p.code : p.name);

// --- One promotion ----------------------------------------------------------------------------

/** Whether a line is one the promotion covers: its scope, and for a vendor's promotion that vendor's products. */
export function coversLine(p: Promotion, line: PromoCartLine): boolean {
  if (p.funder.by === 'vendor' && line.vendorId !== p.funder.vendorId) return false;
  const s = p.scope;
  switch (s.type) {
    case 'cart':
      return true;
    case 'categories':
      return line.categoryId !== null && s.categoryIds.includes(line.categoryId);
    case 'shops':
      return s.shopIds.includes(line.shopId);
    case 'products':
      return (
        s.productIds.includes(line.productId) || (line.variantId !== null && s.variantIds.includes(line.variantId))
      );
  }
}

/** What is left of a rupee budget (null for none or a budget in uses). */
export function budgetLeftPaise(p: PromotionWithUsage): number | null {
  return p.budget?.type === 'paise' ? Math.max(0, p.budget.limitPaise - p.usage.spentPaise) : null;
}

export type Eligibility =
  { ok: true; lineIds: string[]; coveredPaise: number } | { ok: false; refusal: PromotionRefusal };

/**
 * Whether one promotion applies to a cart for a customer on a day (India date), and to which lines.
 * The checks run in a fixed order and the first that fails is the answer: the dates, the budget,
 * this customer's uses, first order, the items covered, the minimum (on the covered items at full price).
 */
export function checkEligibility(
  p: PromotionWithUsage,
  cart: readonly PromoCartLine[],
  customer: PromoCustomer,
  today: string,
): Eligibility {
  if (today < p.startsOn) return { ok: false, refusal: { reason: 'not_yet_valid', startsOn: p.startsOn } };
  if (p.endsOn !== null && today > p.endsOn) return { ok: false, refusal: { reason: 'expired', endedOn: p.endsOn } };
  const usedUp =
    p.budget?.type === 'uses' ? p.usage.uses >= p.budget.limit : p.budget?.type === 'paise' && budgetLeftPaise(p) === 0;
  if (usedUp) return { ok: false, refusal: { reason: 'budget_used_up' } };
  if (p.perCustomerLimit !== null && p.usage.customerUses >= p.perCustomerLimit)
    return { ok: false, refusal: { reason: 'already_used', limit: p.perCustomerLimit } };
  if (p.firstOrderOnly && customer.earlierOrders > 0) return { ok: false, refusal: { reason: 'first_order_only' } };
  const covered = cart.filter((l) => l.quantity > 0 && coversLine(p, l));
  if (covered.length === 0) return { ok: false, refusal: { reason: 'not_for_these_items' } };
  const coveredPaise = covered.reduce((s, l) => s + l.unitPricePaise * l.quantity, 0);
  if (coveredPaise < p.minimumPaise) {
    const wholeCart = p.scope.type === 'cart' && p.funder.by === 'haat';
    const refusal = { reason: 'minimum_not_met' as const, minimumPaise: p.minimumPaise, wholeCart };
    return { ok: false, refusal: { ...refusal, shortByPaise: p.minimumPaise - coveredPaise } };
  }
  return { ok: true, lineIds: covered.map((l) => l.lineId), coveredPaise };
}

/**
 * The coupon a shopper typed, looked up by its normalised code among `coupons` (the caller's
 * lookup), or the refusal 'unknown_code' when none has it.
 */
export function findCoupon<P extends Promotion>(
  typed: string,
  coupons: readonly P[],
): { ok: true; promotion: P } | { ok: false; refusal: PromotionRefusal } {
  const code = normaliseCouponCode(typed);
  const promotion = coupons.find((c) => c.kind === 'coupon' && c.code === code);
  return promotion ? { ok: true, promotion } : { ok: false, refusal: { reason: 'unknown_code', code } };
}

/**
 * The discount a promotion gives on `basePaise` (what is left to pay for the items it covers): a
 * percentage rounded half up to the paisa and held to its cap, or the fixed amount; never more
 * than the base, nor than what is left of a rupee budget.
 */
export function discountOn(p: PromotionWithUsage, basePaise: number): number {
  const b = p.benefit;
  const raw = b.type === 'fixed' ? b.amountPaise : ofBasisPoints(basePaise, b.bp);
  const capped = b.type === 'percent' && b.capPaise !== null ? Math.min(raw, b.capPaise) : raw;
  const left = budgetLeftPaise(p);
  return Math.max(0, Math.min(capped, basePaise, left ?? Infinity));
}

/**
 * The most a promotion can take off one order: a fixed amount, or a percentage's cap; null when a
 * percentage has no cap (no bound: a large enough cart takes any amount).
 */
export function mostOffPerOrderPaise(benefit: PromotionBenefit): number | null {
  return benefit.type === 'fixed' ? benefit.amountPaise : benefit.capPaise;
}

/**
 * Whether saving a promotion needs a fresh authenticator code: Haat pays for it and the most it can
 * take off one order is above `abovePaise` (a percentage without a cap counts as above).
 */
export function needsFreshCodeToSave(
  p: { funder: PromotionFunder; benefit: PromotionBenefit },
  abovePaise: number,
): boolean {
  if (p.funder.by !== 'haat') return false;
  const most = mostOffPerOrderPaise(p.benefit);
  return most === null || most > abovePaise;
}
