import type { CheckoutPromotions } from '../../../contracts/promotions.contract';
import type { DiscountedLine } from '../../../domain/promotions-apply';
import { AppError } from '../../platform/app-error';
import type { DbOrTx, Tx } from '../../platform/db';
import {
  earlierOrdersFor,
  lockPromotionsForOrder,
  promoCartOf,
  quoteCartPromotions,
  quoteOf,
  type CheckoutCandidates,
  type PromotionCustomer,
  type PromotionsQuote,
} from '../promotions';
import type { PricedCartLine } from './checkout.pricing';

export type { PromotionsQuote };

// Promotions at checkout: the candidates and the customer's facts are read through the promotions
// and orders modules; the domain (promotions-apply.ts) chooses and shares the discount. At
// placement the promotions applied are locked and checked again with the counts read under the
// lock, so a budget or a per-customer limit holds however many orders race. docs/promotions.md.

/** What a checkout's promotions were when the customer saw its total: checked again at placement. */
export type SnapshotPromotions = {
  /** The coupon code typed (normalised), or null. */
  couponCode: string | null;
  /** The promotions applied (the coupon's id among them, or null), and their discount together. */
  appliedIds: string[];
  couponId: string | null;
  discountPaise: number;
};

/** The promotions a customer's cart gets now (nothing locked): for the summary and before placing. */
export async function quotePromotions(
  db: DbOrTx,
  a: {
    customer: PromotionCustomer;
    lines: readonly PricedCartLine[];
    couponCode: string | null;
    today: string;
    /** The candidates when read already (with the products). */
    candidates?: CheckoutCandidates;
  },
): Promise<PromotionsQuote> {
  return quoteCartPromotions(db, { ...a, cart: promoCartOf(a.lines) });
}

/** The coupon code typed is no coupon's (what the guessing limit counts). */
export const couponUnknown = (q: PromotionsQuote): boolean =>
  q.couponCode !== null && q.cart.rejected.some((r) => r.refusal.reason === 'unknown_code');

/** What a checkout stores of its promotions, to check them again at placement. */
export const snapshotOf = (q: PromotionsQuote): SnapshotPromotions => ({
  couponCode: q.couponCode,
  appliedIds: q.cart.applied.map((p) => p.promotionId),
  couponId: q.cart.applied.find((p) => q.known.get(p.promotionId)?.code != null)?.promotionId ?? null,
  discountPaise: q.cart.discountPaise,
});

/**
 * In the placing transaction: locks the promotions the customer was quoted (FOR UPDATE, through the
 * promotions module) and applies them again with their uses counted under the lock. The same
 * discount answers the lines' shares; the coupon refused now (its budget gone, its use taken by
 * another order meanwhile) answers 409 with its refusal, and nothing is charged or placed; any other
 * change 409 with the new amount's message. `releasingPaymentId`: the payment whose held uses this
 * placement replaces. `whileLocked`: the caller's work once the promotions are locked, before their
 * uses are counted and checked (a checkout takes its stock there: promotions, then products, the
 * placement's lock order; and a shortage is refused before the promotions are).
 */
export async function confirmPromotionsTx(
  tx: Tx,
  a: {
    customer: PromotionCustomer;
    lines: readonly PricedCartLine[];
    quoted: SnapshotPromotions;
    today: string;
    releasingPaymentId?: string;
    whileLocked?: () => Promise<void>;
  },
): Promise<PromotionsQuote> {
  const locked = await lockPromotionsForOrder(tx, {
    ids: a.quoted.appliedIds,
    customer: a.customer,
    releasingPaymentId: a.releasingPaymentId,
    whileLocked: a.whileLocked,
  });
  const q = quoteOf(promoCartOf(a.lines), {
    today: a.today,
    earlierOrders: await earlierOrdersFor(tx, a.customer.userId, locked),
    couponCode: a.quoted.couponId ? a.quoted.couponCode : null,
    automatics: locked.filter((p) => p.kind === 'automatic'),
    coupons: locked.filter((p) => p.kind === 'coupon'),
  });
  const now = q.cart.applied.map((p) => p.promotionId).sort();
  const same = now.join(',') === [...a.quoted.appliedIds].sort().join(',');
  if (same && q.cart.discountPaise === a.quoted.discountPaise) return q;
  const couponRefused = a.quoted.couponId
    ? q.cart.rejected.find((r) => r.promotionId === null || r.promotionId === a.quoted.couponId)
    : undefined;
  const refused =
    couponRefused ?? q.cart.rejected.find((r) => r.promotionId !== null && a.quoted.appliedIds.includes(r.promotionId));
  throw new AppError('CONFLICT', refused?.explanation ?? offersChangedMessage);
}

/** The promotions applied changed between the total shown and the placement, for no refusal a shopper can read. */
export const offersChangedMessage = 'The offers on your cart have changed. Please check the new total and try again.';

/** The `promotions` part of the checkout summary. */
export function promotionsSummary(q: PromotionsQuote): CheckoutPromotions {
  const nameOf = (id: string | null, label: string) => (id ? (q.known.get(id)?.name ?? label) : label);
  const codeOf = (id: string | null) => (id ? (q.known.get(id)?.code ?? null) : q.couponCode);
  const couponRefusal = q.couponCode
    ? q.cart.rejected.find((r) => r.promotionId === null || codeOf(r.promotionId) === q.couponCode)
    : undefined;
  return {
    couponCode: q.couponCode,
    couponMessage: couponRefusal?.explanation ?? null,
    applied: q.cart.applied.map((p) => ({
      promotionId: p.promotionId,
      name: nameOf(p.promotionId, p.label),
      code: codeOf(p.promotionId),
      savedPaise: p.discountPaise,
      explanation: p.explanation,
    })),
    // An automatic promotion on none of the cart's items is not news to the shopper: left out.
    notApplied: q.cart.rejected
      .filter((r) => r.refusal.reason !== 'not_for_these_items' || codeOf(r.promotionId) !== null)
      .map((r) => ({
        promotionId: r.promotionId,
        name: nameOf(r.promotionId, r.label),
        code: codeOf(r.promotionId),
        explanation: r.explanation,
      })),
  };
}

/** The promotions an order shows: name, code, what each saved. */
export const orderPromotionsOf = (q: PromotionsQuote) =>
  q.cart.applied.map((p) => ({
    promotionId: p.promotionId,
    name: q.known.get(p.promotionId)?.name ?? p.label,
    code: q.known.get(p.promotionId)?.code ?? null,
    savedPaise: p.discountPaise,
  }));

/** The line's discount by index (all zero without promotions). */
export const discountOfLine = (q: PromotionsQuote | null, i: number): DiscountedLine | null => q?.cart.lines[i] ?? null;
