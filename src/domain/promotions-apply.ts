// The promotions a cart gets: the best combination for the shopper (at most one coupon, the
// stackable automatic promotions, or one automatic promotion that does not combine, alone), each
// discount shared out across its lines in proportion to their value, exact to the paisa, and an
// explanation for every promotion applied or not. Then points pay part of what remains.
// docs/promotions.md.
import { pointsToPaise, wholePointsIn, formatRupees } from './money';
import { SHIPPING_FEE_PAISE, shippingPaise } from './pricing';
import {
  benefitText,
  checkEligibility,
  discountOn,
  findCoupon,
  promotionLabel,
  refusalMessage,
  type PromoCartLine,
  type PromoCustomer,
  type PromotionFunder,
  type PromotionRefusal,
  type PromotionWithUsage,
} from './promotions';

/**
 * `total` shared in proportion to `weights`, in whole paise: each share rounded down, the paise
 * left going one each to the largest remainders (the earlier entry on a tie). The shares add up to
 * `total` exactly, and a share is never above its weight when total <= the sum of the weights.
 */
export function shareInProportion(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`not an amount in paise: ${total}`);
  const sum = weights.reduce((s, w) => s + w, 0);
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0)) throw new RangeError('not weights in paise');
  if (sum === 0) {
    if (total > 0) throw new RangeError('nothing to share an amount over');
    return weights.map(() => 0);
  }
  // One weight takes the whole amount (a card's single line): the same answer, without BigInt.
  if (weights.length === 1) return [total];
  // BigInt: total x weight can pass 2^53 on large carts.
  const parts = weights.map((w, i) => {
    const exact = BigInt(total) * BigInt(w);
    return { i, floor: Number(exact / BigInt(sum)), remainder: exact % BigInt(sum) };
  });
  let left = total - parts.reduce((s, p) => s + p.floor, 0);
  const order = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1,
  );
  for (const p of order) {
    if (left === 0) break;
    p.floor += 1;
    left -= 1;
  }
  return parts.map((p) => p.floor);
}

/** One promotion's discount on one line, with who pays it. */
export type LineDiscountShare = { promotionId: string; funder: PromotionFunder; paise: number };

/** A cart line after promotions: full price = discount + paid, and the discount's shares by promotion. */
export type DiscountedLine = {
  lineId: string;
  grossPaise: number;
  discountPaise: number;
  /** Of the discount, what vendors fund (on the vendor's invoice) and what Haat funds (Haat's cost). */
  vendorFundedPaise: number;
  haatFundedPaise: number;
  paidPaise: number;
  shares: LineDiscountShare[];
};

export type AppliedPromotion = {
  promotionId: string;
  label: string;
  funder: PromotionFunder;
  discountPaise: number;
  explanation: string;
};

export type RejectedPromotion = {
  promotionId: string | null;
  label: string;
  refusal: PromotionRefusal;
  explanation: string;
};

export type CartPromotions = {
  applied: AppliedPromotion[];
  rejected: RejectedPromotion[];
  lines: DiscountedLine[];
  discountPaise: number;
};

/**
 * At most this many stackable automatic promotions are tried in every combination (those saving most
 * alone): 2^6 x 2 sets; any others are then added one by one to the best set when they save more.
 */
export const MAX_STACKABLE_TRIED = 6;

type Candidate = { p: PromotionWithUsage; lineIds: string[] };

/**
 * A set of promotions applied to a cart: the automatic ones first, then the coupon, each in the
 * order of its id, each taking its discount from what is still to pay for its lines (so two
 * discounts never take a line below zero), shared across its lines in proportion to that.
 */
function applySet(cart: readonly PromoCartLine[], set: readonly Candidate[]) {
  const left = new Map(cart.map((l) => [l.lineId, l.unitPricePaise * l.quantity]));
  const ordered = [...set].sort((a, b) =>
    a.p.kind === b.p.kind ? (a.p.id < b.p.id ? -1 : a.p.id > b.p.id ? 1 : 0) : a.p.kind === 'automatic' ? -1 : 1,
  );
  const results = ordered.map(({ p, lineIds }) => {
    const values = lineIds.map((id) => left.get(id) ?? 0);
    const discount = discountOn(
      p,
      values.reduce((s, v) => s + v, 0),
    );
    const shares = shareInProportion(discount, values);
    lineIds.forEach((id, i) => left.set(id, (left.get(id) ?? 0) - shares[i]));
    return { p, discount, lines: lineIds.map((lineId, i) => ({ lineId, paise: shares[i] })) };
  });
  return { results, total: results.reduce((s, r) => s + r.discount, 0) };
}

/** Stackable automatic promotions, those saving most alone first (then by id). */
function byOwnSaving(cart: readonly PromoCartLine[], automatics: readonly Candidate[]): Candidate[] {
  const own = new Map(automatics.map((c) => [c.p.id, applySet(cart, [c]).total]));
  return automatics
    .filter((c) => c.p.stackable)
    .sort((a, b) => (own.get(b.p.id) ?? 0) - (own.get(a.p.id) ?? 0) || (a.p.id < b.p.id ? -1 : 1));
}

/**
 * The sets a shopper may get: any of the first MAX_STACKABLE_TRIED stackable automatics with or
 * without the coupon, or one non-stackable alone.
 */
function possibleSets(coupon: Candidate | null, automatics: readonly Candidate[], stackable: readonly Candidate[]) {
  const tried = stackable.slice(0, MAX_STACKABLE_TRIED);
  const sets: Candidate[][] = [];
  for (let mask = 0; mask < 1 << tried.length; mask++) {
    const chosen = tried.filter((_, i) => mask & (1 << i));
    if (chosen.length > 0) sets.push(chosen);
    if (coupon) sets.push([...chosen, coupon]);
  }
  for (const c of automatics.filter((c) => !c.p.stackable)) sets.push([c]);
  return sets;
}

const idsOf = (set: readonly Candidate[]) =>
  set
    .map((c) => c.p.id)
    .sort()
    .join(',');

type Refused = { p: PromotionWithUsage | null; label: string; refusal: PromotionRefusal };
type ApplyInput = {
  cart: readonly PromoCartLine[];
  customer: PromoCustomer;
  today: string;
  automatics: readonly PromotionWithUsage[];
  coupon: { typed: string; found: readonly PromotionWithUsage[] } | null;
};

/**
 * The combination applyPromotions chooses, before any explanation is written: the promotions that
 * take something off (in the order they apply, with their discounts and lines), the eligible
 * candidates, and the refusals of those not eligible. Every combination allowed is tried; the one
 * saving most wins; on a tie, the one with fewer promotions (a coupon's use is kept for later), then
 * the smaller list of ids.
 */
function chooseBest(a: ApplyInput) {
  const refused: Refused[] = [];
  const candidate = (p: PromotionWithUsage): Candidate | null => {
    const e = checkEligibility(p, a.cart, a.customer, a.today);
    if (e.ok) return { p, lineIds: e.lineIds };
    refused.push({ p, label: promotionLabel(p), refusal: e.refusal });
    return null;
  };
  let coupon: Candidate | null = null;
  if (a.coupon) {
    const found = findCoupon(a.coupon.typed, a.coupon.found);
    if (found.ok) coupon = candidate(found.promotion);
    else
      refused.push({
        p: null,
        label: found.refusal.reason === 'unknown_code' ? found.refusal.code : a.coupon.typed,
        refusal: found.refusal,
      });
  }
  const automatics = a.automatics.filter((p) => p.kind === 'automatic').flatMap((p) => candidate(p) ?? []);

  let best: { set: Candidate[]; applied: ReturnType<typeof applySet> } | null = null;
  const stackable = byOwnSaving(a.cart, automatics);
  for (const set of possibleSets(coupon, automatics, stackable)) {
    const applied = applySet(a.cart, set);
    const better =
      !best ||
      applied.total > best.applied.total ||
      (applied.total === best.applied.total &&
        (set.length < best.set.length || (set.length === best.set.length && idsOf(set) < idsOf(best.set))));
    if (better) best = { set, applied };
  }
  // Stackable promotions beyond those tried together join the best set one by one, each if it saves more.
  if (best && best.set.every((c) => c.p.stackable || c.p.kind === 'coupon'))
    for (const extra of stackable.slice(MAX_STACKABLE_TRIED)) {
      const set: Candidate[] = [...best.set, extra];
      const applied = applySet(a.cart, set);
      if (applied.total > best.applied.total) best = { set, applied };
    }
  const chosen = (best?.applied.results ?? []).filter((r) => r.discount > 0);
  return { chosen, bestTotal: best?.applied.total ?? 0, coupon, automatics, refused };
}

/**
 * The promotions applyPromotions applies and their discount, without its explanations nor its lines:
 * the ids in the order they apply (its `applied`) and the sum of their discounts (its `discountPaise`).
 * What a product card's offer needs, for every card of a page (promotions-offer.ts).
 */
export function bestPromotions(a: ApplyInput): { promotionIds: string[]; discountPaise: number } {
  const { chosen } = chooseBest(a);
  return { promotionIds: chosen.map((r) => r.p.id), discountPaise: chosen.reduce((s, r) => s + r.discount, 0) };
}

/**
 * The promotions a cart gets. `automatics`: the automatic promotions in force to consider;
 * `coupon`: the code the shopper typed and the coupons found for it (the caller's lookup by
 * normaliseCouponCode), or null. The combination is chooseBest's; each promotion applied or not is
 * explained.
 */
export function applyPromotions(a: ApplyInput): CartPromotions {
  const rejected: RejectedPromotion[] = [];
  const reject = (p: PromotionWithUsage | null, label: string, refusal: PromotionRefusal) =>
    rejected.push({ promotionId: p?.id ?? null, label, refusal, explanation: refusalMessage(label, refusal) });
  const { chosen, bestTotal, coupon, automatics, refused } = chooseBest(a);
  for (const r of refused) reject(r.p, r.label, r.refusal);
  const chosenIds = new Set(chosen.map((r) => r.p.id));
  const winner = chosen.some((r) => !r.p.stackable && r.p.kind === 'automatic');
  for (const c of [...(coupon ? [coupon] : []), ...automatics]) {
    if (chosenIds.has(c.p.id)) continue;
    const own = applySet(a.cart, [c]).total;
    const label = promotionLabel(c.p);
    // Left out because of a promotion that combines with nothing (the winner, or this one itself).
    if (own < bestTotal && (winner || (c.p.kind === 'automatic' && !c.p.stackable)))
      reject(c.p, label, {
        reason: 'better_offer',
        betterNames: chosen.map((r) => promotionLabel(r.p)),
        betterPaise: bestTotal,
        ownPaise: own,
      });
    else reject(c.p, label, { reason: 'adds_nothing' });
  }

  const lines = a.cart.map((l): DiscountedLine => {
    const grossPaise = l.unitPricePaise * l.quantity;
    const shares = chosen.flatMap((r) =>
      r.lines
        .filter((x) => x.lineId === l.lineId && x.paise > 0)
        .map((x) => ({ promotionId: r.p.id, funder: r.p.funder, paise: x.paise })),
    );
    const sum = (by: 'vendor' | 'haat') => shares.filter((s) => s.funder.by === by).reduce((t, s) => t + s.paise, 0);
    const vendorFundedPaise = sum('vendor');
    const haatFundedPaise = sum('haat');
    const discountPaise = vendorFundedPaise + haatFundedPaise;
    return {
      lineId: l.lineId,
      grossPaise,
      discountPaise,
      vendorFundedPaise,
      haatFundedPaise,
      paidPaise: grossPaise - discountPaise,
      shares,
    };
  });
  const applied = chosen.map((r): AppliedPromotion => ({
    promotionId: r.p.id,
    label: promotionLabel(r.p),
    funder: r.p.funder,
    discountPaise: r.discount,
    explanation: appliedText(
      promotionLabel(r.p),
      benefitText(r.p.benefit),
      itemsText(r.lines.length, a.cart.length),
      r.discount,
    ),
  }));
  return { applied, rejected, lines, discountPaise: applied.reduce((s, x) => s + x.discountPaise, 0) };
}

const appliedText = (label: string, benefit: string, on: string, paise: number) =>
  `${label}: ${benefit} on ${on}, you save ${formatRupees(paise)}`;

function itemsText(covered: number, all: number): string {
  if (covered === all) return all === 1 ? 'your item' : 'your cart';
  return covered === 1 ? '1 item in your cart' : `${covered} items in your cart`;
}

/** The amounts of an order with promotions: promotions first, then points on what remains. */
export type DiscountedTotals = {
  subtotalPaise: number;
  discountPaise: number;
  /** What the items cost after promotions: the base of delivery's free threshold and of points. */
  itemsPayablePaise: number;
  shippingPaise: number;
  pointsUsed: number;
  /** itemsPayable + shipping - points, floored at 0. */
  totalPaise: number;
};

/**
 * Promotions first, then points: the free delivery threshold is on what the items cost after
 * promotions (the shopper pays that), and points pay part of what remains, at most the whole of it.
 */
export function totalsAfterPromotions(
  lines: readonly Pick<DiscountedLine, 'grossPaise' | 'discountPaise'>[],
  pointsWanted: number,
  pointsBalance: number,
): DiscountedTotals {
  const subtotalPaise = lines.reduce((s, l) => s + l.grossPaise, 0);
  const discountPaise = lines.reduce((s, l) => s + l.discountPaise, 0);
  const itemsPayablePaise = subtotalPaise - discountPaise;
  // Delivery is charged on a cart whose items promotions made free, as on any cart within the threshold.
  const shipping =
    itemsPayablePaise > 0 ? shippingPaise(itemsPayablePaise) : subtotalPaise > 0 ? SHIPPING_FEE_PAISE : 0;
  const most = Math.max(0, Math.min(Math.floor(pointsBalance), wholePointsIn(itemsPayablePaise + shipping)));
  const pointsUsed = Math.max(0, Math.min(Math.floor(pointsWanted), most));
  return {
    subtotalPaise,
    discountPaise,
    itemsPayablePaise,
    shippingPaise: shipping,
    pointsUsed,
    totalPaise: Math.max(0, itemsPayablePaise + shipping - pointsToPaise(pointsUsed)),
  };
}

/** The most points a shopper may use on lines after their promotions: the balance, at most what is left to pay. */
export const pointsUsableAfterPromotions = (
  lines: readonly Pick<DiscountedLine, 'grossPaise' | 'discountPaise'>[],
  balance: number,
): number => totalsAfterPromotions(lines, Number.MAX_SAFE_INTEGER, balance).pointsUsed;
