import { percentToBasisPoints, pointsToPaise, toRupees, wholePointsIn } from './money';

/** SPEC section 9: shipping is free when the subtotal exceeds ₹999, otherwise ₹99. */
export const FREE_SHIPPING_ABOVE_PAISE = 99900;
export const SHIPPING_FEE_PAISE = 9900;

/** What every page says about delivery: the rule `shippingPaise` charges, in words (₹99 per order, free above ₹999). */
export const DELIVERY_TERMS = `Delivery ₹${toRupees(SHIPPING_FEE_PAISE)} per order, free on orders above ₹${toRupees(FREE_SHIPPING_ABOVE_PAISE)}`;

/** What a shop that does not deliver says, wherever its products are shown. */
export const noDeliveryMessage = (shopName: string) =>
  `${shopName} does not deliver, so its products cannot be ordered online`;

/** Shipping for a cart subtotal (nothing for an empty cart). */
export function shippingPaise(subtotalPaise: number): number {
  if (subtotalPaise <= 0) return 0;
  return subtotalPaise > FREE_SHIPPING_ABOVE_PAISE ? 0 : SHIPPING_FEE_PAISE;
}

/**
 * Points earned for one order line: floor(price x percentage / 100) x quantity, with the price in
 * rupees. Integer arithmetic: the percentage has at most two decimals (numeric(5,2)).
 */
export function pointsEarned(pricePaise: number, rewardPercentage: number, quantity: number): number {
  const basisPoints = Math.round(rewardPercentage * 100);
  return Math.floor((pricePaise * basisPoints) / 1_000_000) * quantity;
}

/**
 * Points earned for one order line on what is paid for it after its promotions' discount (points used
 * are a way to pay, not a discount, so they do not lower it): per item floor(unit paid price x
 * percentage / 100), times the quantity, where the unit paid price is (price x quantity - discount) /
 * quantity in rupees. Without a discount it is pointsEarned's SPEC rule, to the point. Exact integer
 * arithmetic: floor(paid paise x basis points / (quantity x 1,000,000)), so a unit price with a
 * fraction of a paisa is never rounded before the percentage is taken. docs/promotions.md.
 */
export function pointsEarnedOnPaid(
  pricePaise: number,
  rewardPercentage: number,
  quantity: number,
  discountPaise: number,
): number {
  const paidPaise = pricePaise * quantity - discountPaise;
  if (!Number.isSafeInteger(paidPaise) || paidPaise < 0 || discountPaise < 0)
    throw new RangeError(`not a line's paid amount in paise: ${pricePaise} x ${quantity} - ${discountPaise}`);
  if (quantity <= 0) return 0;
  const basisPoints = percentToBasisPoints(rewardPercentage);
  const numerator = paidPaise * basisPoints;
  const denominator = quantity * 1_000_000;
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator))
    throw new RangeError(`too large to compute points exactly: ${paidPaise} x ${basisPoints}`);
  const perItem = (numerator - (numerator % denominator)) / denominator; // exact: both sides are integers
  return perItem * quantity;
}

export type PricedLine = { pricePaise: number; quantity: number; rewardPercentage: number };

export type OrderTotals = {
  subtotalPaise: number;
  shippingPaise: number;
  pointsUsed: number;
  /** subtotal + shipping - points, floored at 0. */
  totalPaise: number;
  pointsEarned: number;
};

/** The largest number of points usable: the smaller of the balance and the total including shipping. */
export function maxPointsUsable(balance: number, subtotalPaise: number): number {
  const due = subtotalPaise + shippingPaise(subtotalPaise);
  return Math.max(0, Math.min(Math.floor(balance), wholePointsIn(due)));
}

/** The amounts of a cart or order, the same in the browser and on the server. */
export function orderTotals(lines: PricedLine[], pointsUsed = 0): OrderTotals {
  const subtotal = lines.reduce((s, l) => s + l.pricePaise * l.quantity, 0);
  const shipping = shippingPaise(subtotal);
  const points = Math.max(0, Math.floor(pointsUsed));
  return {
    subtotalPaise: subtotal,
    shippingPaise: shipping,
    pointsUsed: points,
    totalPaise: Math.max(0, subtotal + shipping - pointsToPaise(points)),
    pointsEarned: lines.reduce((s, l) => s + pointsEarned(l.pricePaise, l.rewardPercentage, l.quantity), 0),
  };
}
