// The offer a product card and a product page show: the price one unit costs, bought alone, with the
// automatic promotions in force, the promotion's name and its last day. It is checkout's own answer
// (applyPromotions) for a cart of that one unit without a coupon, from promotions whose conditions
// hold for anyone: a promotion only for a first order is left out (the card does not know who looks),
// and one whose minimum is above the price does not apply to one unit. docs/promotions.md.
import { coversLine, type PromoCartLine, type PromotionWithUsage } from './promotions';
import { bestPromotions } from './promotions-apply';

/** One item as a card or a page prices it: the product (and variant), where it sits, its price. */
export type OfferItem = {
  productId: string;
  /** The variant priced; null for the product as its card shows it (a promotion on one variant only: not shown). */
  variantId: string | null;
  categoryId: string | null;
  shopId: string;
  /** The shop's vendor; null when not known (a promotion a vendor pays for is then not shown). */
  vendorId: string | null;
  /** The selling price of one unit, GST included. */
  pricePaise: number;
};

/** The offer shown: the price after promotions, the promotions' names ('Festive + Diwali Sale'), the first last day. */
export type CardOffer = { pricePaise: number; name: string; endsOn: string | null };

/** Whether a promotion may be shown on a card at all: automatic, and not only for a first order. */
export const shownOnCards = (p: PromotionWithUsage): boolean => p.kind === 'automatic' && !p.firstOrderOnly;

/**
 * The best offer for one unit of `item` bought alone on `today` (India date), or null when none takes
 * anything off. `automatics`: the automatic promotions in force with their usage (a rupee budget caps
 * the discount; a used-up budget shows nothing). A per-customer limit is not known for whoever looks,
 * so it is counted as not used. When several stackable promotions combine, their names are joined
 * with ' + ' in the order they apply, and the offer ends on the earliest of their last days.
 */
export function cardOffer(automatics: readonly PromotionWithUsage[], item: OfferItem, today: string): CardOffer | null {
  const line: PromoCartLine = {
    lineId: 'item',
    productId: item.productId,
    variantId: item.variantId,
    categoryId: item.categoryId,
    shopId: item.shopId,
    vendorId: item.vendorId ?? '',
    unitPricePaise: item.pricePaise,
    quantity: 1,
  };
  const candidates = automatics
    .filter((p) => shownOnCards(p) && (p.funder.by === 'haat' || item.vendorId !== null) && coversLine(p, line))
    .map((p) => ({ ...p, usage: { ...p.usage, customerUses: 0 } }));
  if (candidates.length === 0 || item.pricePaise <= 0) return null;
  // Checkout's choice (applyPromotions), without the explanations a card does not show.
  const result = bestPromotions({
    cart: [line],
    customer: { earlierOrders: 0 },
    today,
    automatics: candidates,
    coupon: null,
  });
  if (result.discountPaise === 0) return null;
  const byId = new Map(candidates.map((p) => [p.id, p]));
  const applied = result.promotionIds.map((id) => byId.get(id)!);
  const ends = applied.flatMap((p) => (p.endsOn === null ? [] : [p.endsOn])).sort();
  return {
    pricePaise: item.pricePaise - result.discountPaise,
    name: applied.map((p) => p.name).join(' + '),
    endsOn: ends[0] ?? null,
  };
}

/**
 * The promotions shown on cards, by what their scope names, built once when the promotions are read
 * (promotions.offers.ts) so that a card looks up the few that may cover it instead of testing every
 * one: the whole-cart ones, and those naming its product, its variant, its shop or its category.
 */
export type OfferIndex = {
  cart: readonly PromotionWithUsage[];
  byProduct: ReadonlyMap<string, readonly PromotionWithUsage[]>;
  byVariant: ReadonlyMap<string, readonly PromotionWithUsage[]>;
  byShop: ReadonlyMap<string, readonly PromotionWithUsage[]>;
  byCategory: ReadonlyMap<string, readonly PromotionWithUsage[]>;
  /** Each promotion's place in the list indexed: a card's candidates are given to cardOffer in that order. */
  position: ReadonlyMap<PromotionWithUsage, number>;
};

export function indexOffers(automatics: readonly PromotionWithUsage[]): OfferIndex {
  const cart: PromotionWithUsage[] = [];
  const [byProduct, byVariant, byShop, byCategory] = [0, 1, 2, 3].map(() => new Map<string, PromotionWithUsage[]>());
  const position = new Map<PromotionWithUsage, number>();
  const add = (map: Map<string, PromotionWithUsage[]>, id: string, p: PromotionWithUsage) => {
    const list = map.get(id);
    if (!list) map.set(id, [p]);
    else if (list[list.length - 1] !== p) list.push(p);
  };
  automatics.forEach((p, i) => {
    if (!shownOnCards(p)) return;
    position.set(p, i);
    const s = p.scope;
    if (s.type === 'cart') cart.push(p);
    else if (s.type === 'categories') for (const id of s.categoryIds) add(byCategory, id, p);
    else if (s.type === 'shops') for (const id of s.shopIds) add(byShop, id, p);
    else {
      for (const id of s.productIds) add(byProduct, id, p);
      for (const id of s.variantIds) add(byVariant, id, p);
    }
  });
  return { cart, byProduct, byVariant, byShop, byCategory, position };
}

/**
 * cardOffer's answer from the promotions of `index` that may cover `item` (the same answer as
 * cardOffer over all of them: those left out cover nothing of the item).
 */
export function indexedCardOffer(index: OfferIndex, item: OfferItem, today: string): CardOffer | null {
  const found = new Set<PromotionWithUsage>(index.cart);
  const from = (map: ReadonlyMap<string, readonly PromotionWithUsage[]>, id: string | null) => {
    if (id !== null) for (const p of map.get(id) ?? []) found.add(p);
  };
  from(index.byProduct, item.productId);
  from(index.byVariant, item.variantId);
  from(index.byShop, item.shopId);
  from(index.byCategory, item.categoryId);
  if (found.size === 0) return null;
  const candidates = [...found].sort((a, b) => index.position.get(a)! - index.position.get(b)!);
  return cardOffer(candidates, item, today);
}
