import type { Cart } from '../../../contracts/cart.contract';
import { todayInIndia } from '../../../domain/age';
import { pointsEarnedOnPaid } from '../../../domain/pricing';
import { totalsAfterPromotions } from '../../../domain/promotions-apply';
import type { DbOrTx } from '../../platform/db';
import { promoCartOf, promotionCustomer, quoteCartPromotions } from '../promotions';

/** A cart line as read, with what the promotion rules ask of it: its category and its shop's vendor. */
export type CartLineForOffers = Omit<Cart['items'][number], 'discountPaise' | 'offers' | 'pointsEarned'> & {
  categoryId: string;
  vendorId: string;
};

/**
 * The cart's lines with the automatic promotions they get now, as checkout quotes them without a
 * coupon (the same candidates, the same choice and shares): each available line's discount, the
 * promotions taking from it and the points it earns on what is paid after them; and the totals of
 * the available lines, promotions first, then delivery on what the items cost after them.
 */
export async function withOffers(
  db: DbOrTx,
  customerUserId: string,
  read: readonly CartLineForOffers[],
): Promise<Pick<Cart, 'items' | 'totals' | 'promotions'>> {
  const available = read.filter((l) => l.available);
  const quote =
    available.length === 0
      ? null
      : await quoteCartPromotions(db, {
          customer: await promotionCustomer(db, customerUserId),
          cart: promoCartOf(available, (_, i) => available[i].id),
          couponCode: null,
          today: todayInIndia(),
        });
  const discounted = new Map(quote?.cart.lines.map((l) => [l.lineId, l]));
  const nameOf = (id: string) => quote?.known.get(id)?.name ?? 'Offer';
  const items = read.map(({ categoryId: _c, vendorId: _v, ...l }) => {
    const d = l.available ? discounted.get(l.id) : undefined;
    const discountPaise = d?.discountPaise ?? 0;
    return {
      ...l,
      discountPaise,
      offers: [...new Set((d?.shares ?? []).filter((s) => s.paise > 0).map((s) => nameOf(s.promotionId)))],
      pointsEarned: l.available ? pointsEarnedOnPaid(l.pricePaise, l.rewardPercentage, l.quantity, discountPaise) : 0,
    };
  });
  const counted = items.filter((l) => l.available);
  const t = totalsAfterPromotions(
    counted.map((l) => ({ grossPaise: l.pricePaise * l.quantity, discountPaise: l.discountPaise })),
    0,
    0,
  );
  return {
    items,
    totals: {
      subtotalPaise: t.subtotalPaise,
      discountPaise: t.discountPaise,
      shippingPaise: t.shippingPaise,
      pointsUsed: 0,
      totalPaise: t.totalPaise,
      pointsEarned: counted.reduce((s, l) => s + l.pointsEarned, 0),
    },
    promotions: (quote?.cart.applied ?? []).map((p) => ({
      name: nameOf(p.promotionId),
      savedPaise: p.discountPaise,
      explanation: p.explanation,
    })),
  };
}
