export const orderStatuses = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

const rank: Record<Exclude<OrderStatus, 'cancelled'>, number> = {
  pending: 0,
  confirmed: 1,
  processing: 2,
  shipped: 3,
  delivered: 4,
};

/** A customer may cancel while the order (or a part) is pending, confirmed or processing. */
export const isCancellable = (s: OrderStatus): boolean => s === 'pending' || s === 'confirmed' || s === 'processing';

/** A part still on its way to the customer: neither delivered nor cancelled. */
export const isOpen = (s: OrderStatus): boolean => s !== 'delivered' && s !== 'cancelled';

/**
 * The order's status follows from its shops' parts: cancelled when every part is cancelled, else
 * the least advanced status among the parts that are not cancelled.
 */
export function overallStatus(parts: OrderStatus[]): OrderStatus {
  const live = parts.filter((p): p is Exclude<OrderStatus, 'cancelled'> => p !== 'cancelled');
  if (live.length === 0) return 'cancelled';
  return live.reduce((min, p) => (rank[p] < rank[min] ? p : min));
}

/** Vendor dashboard: 'pending' counts pending or processing parts. */
export const countsAsVendorPending = (s: OrderStatus): boolean => s === 'pending' || s === 'processing';
