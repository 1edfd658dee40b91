import type { ProductCard, ProductDetail } from '../../../contracts/catalog.contract';
import { pointsEarnedOnPaid } from '../../../domain/pricing';
import type { CardOffer, OfferItem } from '../../../domain/promotions-offer';
import type { DbOrTx } from '../../platform/db';

// The promotion offers on the catalog's cards and product pages (docs/promotions.md). The promotions
// module reads the promotions and keeps them in memory; app.ts hands its reader to the catalog's routes
// (the catalog does not import promotions, which depends on orders, which depends on the catalog).

/** The offer of one item bought alone, or null. */
export type OffersFor = (item: OfferItem) => CardOffer | null;

/** Where the catalog's routes get the offers in force: the promotions module's offersNow, wired in app.ts. */
export type OffersNow = (db: DbOrTx) => Promise<OffersFor>;

/** No promotions: every offer null (a catalog without the promotions module). */
export const noOffers: OffersNow = async () => () => null;

/**
 * An offer as the storefront shows it: with the points one unit earns at the offer price, since points
 * are earned on what is paid after promotions (pointsEarnedOnPaid).
 */
function shownOffer(offer: CardOffer | null, fullPricePaise: number, rewardPercentage: number) {
  if (!offer) return null;
  const discountPaise = fullPricePaise - offer.pricePaise;
  return { ...offer, pointsEarned: pointsEarnedOnPaid(fullPricePaise, rewardPercentage, 1, discountPaise) };
}

/**
 * A card with its offer, on the price the card shows (the lowest of its sizes' when they differ, 'From').
 * A promotion on one variant only is not on the card (the product page shows it on that variant).
 * A promotion a vendor pays for is found through the card's shop (the promotions module knows their vendors).
 */
export function cardWithOffer<C extends ProductCard>(card: C, offers: OffersFor): C {
  const pricePaise = card.priceFromPaise ?? card.pricePaise;
  const offer = offers({
    productId: card.id,
    variantId: null,
    categoryId: card.categoryId,
    shopId: card.storeId,
    vendorId: null,
    pricePaise,
  });
  return { ...card, offer: shownOffer(offer, pricePaise, card.rewardPercentage) };
}

/** A product page with the offer on the product and on each of its variants (at its own price). */
export function productWithOffers(p: ProductDetail, offers: OffersFor): ProductDetail {
  const item = { productId: p.id, categoryId: p.categoryId, shopId: p.storeId, vendorId: null };
  return {
    ...cardWithOffer(p, offers),
    variants: p.variants.map((v) => ({
      ...v,
      offer: shownOffer(
        offers({ ...item, variantId: v.id, pricePaise: v.pricePaise }),
        v.pricePaise,
        p.rewardPercentage,
      ),
    })),
  };
}
