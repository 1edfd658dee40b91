import type { Order, OrderPart } from '../../../contracts/orders.contract';
import { formatRupees } from '../../../domain/money';
import { isOpen } from '../../../domain/order-status';

// How the customer's order views speak of cash on delivery.

/** Paid in cash at the door, shop by shop. */
export const isCodOrder = (order: Pick<Order, 'paymentStatus'>) => order.paymentStatus === 'cash_on_delivery';

/**
 * The cash line of one shop's part: what to pay at the door until it is delivered, then what was paid.
 * Null for a prepaid part and for a cancelled one (returned to seller or not: nothing is paid).
 */
export function codPartNote(part: Pick<OrderPart, 'status' | 'codDuePaise' | 'cashCollectedPaise'>): string | null {
  if (part.codDuePaise === null || part.status === 'cancelled') return null;
  if (part.status === 'delivered') return `Paid ${formatRupees(part.cashCollectedPaise ?? part.codDuePaise)} in cash`;
  return `Pay ${formatRupees(part.codDuePaise)} in cash at delivery`;
}

/** The cash still to pay at the door: the parts neither delivered nor cancelled. */
export const codStillDuePaise = (order: Pick<Order, 'parts'>) =>
  order.parts.filter((p) => p.codDuePaise !== null && isOpen(p.status)).reduce((s, p) => s + (p.codDuePaise ?? 0), 0);
