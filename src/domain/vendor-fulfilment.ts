import { isCancellable, orderStatuses, type OrderStatus } from './order-status';

/** The statuses a vendor may set on its own part of an order (never back to pending). */
export const vendorPartStatuses = ['confirmed', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type VendorPartStatus = (typeof vendorPartStatuses)[number];

const chain: OrderStatus[] = ['pending', 'confirmed', 'processing', 'shipped', 'delivered'];

/** The next step of a part along pending → confirmed → processing → shipped → delivered, or null at the end (or when cancelled). */
export function nextPartStatus(from: OrderStatus): VendorPartStatus | null {
  const i = chain.indexOf(from);
  return i >= 0 && i < chain.length - 1 ? (chain[i + 1] as VendorPartStatus) : null;
}

/**
 * Why a vendor may not move its part from one status to another, or null when it may: only forward
 * along the chain (a step may be skipped, e.g. pending → shipped), never after delivered or
 * cancelled, and cancelled only while the part is pending, confirmed or processing.
 */
export function partTransitionRefusal(from: OrderStatus, to: OrderStatus): string | null {
  if (from === 'cancelled') return 'This order has been cancelled; its status can no longer change';
  if (from === 'delivered') return 'This order has been delivered; its status can no longer change';
  if (to === from) return `This order is already ${from}`;
  if (to === 'cancelled')
    return isCancellable(from) ? null : `This order has already been ${from}, so it can no longer be cancelled`;
  if (to === 'pending' || chain.indexOf(to) < chain.indexOf(from))
    return `This order is already ${from}; it cannot go back to ${to}`;
  return null;
}

/**
 * Why the super admin may not move a part from one status to another, or null when it may: the
 * vendor's rules, except that a shipped part may still be cancelled (anything not yet delivered).
 */
export function adminPartTransitionRefusal(from: OrderStatus, to: OrderStatus): string | null {
  if (from === 'shipped' && to === 'cancelled') return null;
  return partTransitionRefusal(from, to);
}

/** The statuses the super admin may move a part in this status to (empty once delivered or cancelled). */
export const adminNextStatuses = (from: OrderStatus): OrderStatus[] =>
  orderStatuses.filter((to) => adminPartTransitionRefusal(from, to) === null);
