import { applyPromotions, type CartPromotions } from '../../../domain/promotions-apply';
import type { PromoCartLine, PromotionWithUsage } from '../../../domain/promotions';
import type { DbOrTx } from '../../platform/db';
import { earlierOrdersOf } from '../orders';
import { checkoutCandidates, type CheckoutCandidates, type PromotionCustomer } from './promotions.service';

// What a customer's cart gets from the promotions now: the candidates and the customer's facts read
// here, the choice and the shares made by the domain (promotions-apply.ts). The cart page quotes the
// automatic promotions with it, checkout the coupon too: the same lines, the same discount.

/** A cart line as the promotion rules ask of it: what it is, where it is sold, its price and quantity. */
export type LineForPromotions = {
  productId: string;
  variantId: string | null;
  categoryId: string;
  storeId: string;
  vendorId: string;
  pricePaise: number;
  quantity: number;
};

/** The cart as the promotion rules see it: one line per line given, named by `idOf` (by default its index). */
export const promoCartOf = (
  lines: readonly LineForPromotions[],
  idOf: (line: LineForPromotions, index: number) => string = (_, i) => String(i),
): PromoCartLine[] =>
  lines.map((l, i) => ({
    lineId: idOf(l, i),
    productId: l.productId,
    variantId: l.variantId,
    categoryId: l.categoryId,
    shopId: l.storeId,
    vendorId: l.vendorId,
    unitPricePaise: l.pricePaise,
    quantity: l.quantity,
  }));

export type PromotionsQuote = {
  couponCode: string | null;
  cart: CartPromotions;
  /** The names and codes of the promotions considered, by id. */
  known: Map<string, { name: string; code: string | null }>;
};

/** The promotions applied to a cart from the candidates given (the domain's choice, nothing read). */
export function quoteOf(
  cart: readonly PromoCartLine[],
  a: {
    today: string;
    earlierOrders: number;
    couponCode: string | null;
    automatics: PromotionWithUsage[];
    coupons: PromotionWithUsage[];
  },
): PromotionsQuote {
  const applied = applyPromotions({
    cart,
    customer: { earlierOrders: a.earlierOrders },
    today: a.today,
    automatics: a.automatics,
    coupon: a.couponCode ? { typed: a.couponCode, found: a.coupons } : null,
  });
  const known = new Map([...a.automatics, ...a.coupons].map((p) => [p.id, { name: p.name, code: p.code }]));
  return { couponCode: a.couponCode, cart: applied, known };
}

/**
 * The customer's earlier orders, read only when a promotion considered is for first orders: the
 * only rule that asks (promotionRefusal), so a cart without one reads nothing more.
 */
export const earlierOrdersFor = async (
  db: DbOrTx,
  customerUserId: string,
  considered: readonly PromotionWithUsage[],
): Promise<number> => (considered.some((p) => p.firstOrderOnly) ? earlierOrdersOf(db, customerUserId) : 0);

/**
 * The promotions a customer's cart gets now (nothing locked): the automatic ones, and the coupon
 * typed (`couponCode`, null for none).
 */
export async function quoteCartPromotions(
  db: DbOrTx,
  a: {
    customer: PromotionCustomer;
    cart: readonly PromoCartLine[];
    couponCode: string | null;
    today: string;
    /** The candidates when the caller read them already (checkoutCandidatesColumn: same customer, code, day). */
    candidates?: CheckoutCandidates;
  },
): Promise<PromotionsQuote> {
  const { automatics, coupons } = a.candidates ?? (await checkoutCandidates(db, a));
  const earlierOrders = await earlierOrdersFor(db, a.customer.userId, [...automatics, ...coupons]);
  return quoteOf(a.cart, { ...a, earlierOrders, automatics, coupons });
}
