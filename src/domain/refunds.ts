import { pointsToPaise } from './money';

/** What an order looks like to the refund rule. */
export type RefundableOrder = {
  subtotalPaise: number;
  /** What the customer paid through the gateway (subtotal + shipping - points used). */
  totalAmountPaise: number;
  pointsUsed: number;
  /** Whether money was paid at all (nothing to refund when points covered everything). */
  paid: boolean;
  /** Money already due back from earlier cancellations. */
  refundDueSoFarPaise: number;
};

/**
 * The money that comes back when parts are cancelled: their subtotal less the points refunded for
 * them (those come back as points), never below 0; once every part is cancelled, all that was paid
 * (shipping included) less what earlier cancellations already gave back.
 */
export function moneyBackPaise(
  order: RefundableOrder,
  a: { cancellingSubtotalPaise: number; pointsRefunded: number; allCancelledAfter: boolean },
): number {
  if (!order.paid) return 0;
  if (a.allCancelledAfter) return Math.max(0, order.totalAmountPaise - order.refundDueSoFarPaise);
  const due = Math.max(0, a.cancellingSubtotalPaise - pointsToPaise(a.pointsRefunded));
  return Math.min(due, Math.max(0, order.totalAmountPaise - order.refundDueSoFarPaise));
}
