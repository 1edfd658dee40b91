import { pointsToPaise } from './money';

// What a return is and what receiving it back gives back. Pure functions,
// known-answer tests in returns.test.ts; the server applies them under the order's lock.

export const returnStatuses = ['requested', 'approved', 'rejected', 'disputed', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

/** The reasons a customer chooses from. */
export const returnReasons = [
  'Wrong size or fit',
  'Damaged or defective',
  'Not as described',
  'Wrong item sent',
  'Quality not as expected',
  'No longer needed',
  'Other',
] as const;
export type ReturnReason = (typeof returnReasons)[number];

/** A return still counts against the quantities that can be returned unless it was rejected. */
export const holdsQuantity = (status: ReturnStatus): boolean => status !== 'rejected';

/** A return still under way: asked for, approved, disputed, or received and not yet refunded (rejected and refunded are settled). */
export const inProgress = (status: ReturnStatus): boolean => status !== 'rejected' && status !== 'refunded';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment a return of a part delivered at `deliveredAt` can be asked for. */
export const returnWindowEnds = (deliveredAt: Date, windowDays: number): Date =>
  new Date(deliveredAt.getTime() + windowDays * DAY_MS);

/**
 * The share of `total` that belongs to units `from` (exclusive) to `to` (inclusive) of `of`, rounded
 * down cumulatively: the shares of any split of all the units add up to `total` exactly.
 */
export function cumulativeShare(total: number, from: number, to: number, of: number): number {
  if (of <= 0) return 0;
  const upTo = (n: number) => Number((BigInt(total) * BigInt(n)) / BigInt(of));
  return upTo(to) - upTo(from);
}

/** One order item as a return sees it: what was bought, and how much of it earlier returns took. */
export type ReturnLine = {
  orderItemId: string;
  pricePaise: number;
  /** Bought. */
  quantity: number;
  /** Received back by earlier returns. */
  returnedBefore: number;
  /** Coming back now. */
  returning: number;
  pointsEarned: number;
};

/** The order as the refund rule sees it. */
export type ReturnOrder = {
  subtotalPaise: number;
  pointsUsed: number;
  /** Gross value of everything received back by earlier returns of the order. */
  returnedBeforePaise: number;
  /** The most money that may still go back to the payment method (paid less refunds due or made). */
  moneyLeftPaise: number;
  /** 'gateway' (Razorpay or the test gateway), 'points' (cash on delivery: the money comes back as points), 'none' (paid with points only). */
  paidBy: 'gateway' | 'points' | 'none';
};

export type ReturnRefundPlan = {
  /** The items' value at the price paid. */
  valuePaise: number;
  /** Points used on the order that come back for these items (their share of the subtotal). */
  pointsReturned: number;
  /** Points the returned units had earned (voided if pending, taken back if available). */
  pointsEarnedBack: number;
  /** Money owed back: the value less the points share, within what is left to refund. */
  moneyPaise: number;
};

/**
 * What receiving a return gives back. The items' value is their price paid; the points used on
 * the order come back in proportion to the subtotal (cumulatively, so that returning everything
 * gives back every point); the rest is money, never more than is left to refund. Delivery is not
 * refunded: it was done.
 */
export function planReturnRefund(order: ReturnOrder, lines: ReturnLine[]): ReturnRefundPlan {
  const valuePaise = lines.reduce((s, l) => s + l.pricePaise * l.returning, 0);
  return { valuePaise, pointsEarnedBack: earnedPointsBack(lines), ...refundOfValue(order, valuePaise) };
}

/** The points earned on the units coming back, each line's share cumulative over its returns. */
export function earnedPointsBack(
  lines: readonly { pointsEarned: number; quantity: number; returnedBefore: number; returning: number }[],
): number {
  return lines.reduce(
    (s, l) => s + cumulativeShare(l.pointsEarned, l.returnedBefore, l.returnedBefore + l.returning, l.quantity),
    0,
  );
}

/**
 * What a return worth `valuePaise` (what was paid for its items, before points) gives back: the
 * points used on the order in proportion to the subtotal (cumulatively), the rest as money within
 * what is left to refund (none when the order was paid with points only).
 */
export function refundOfValue(order: ReturnOrder, valuePaise: number): { pointsReturned: number; moneyPaise: number } {
  const pointsReturned = cumulativeShare(
    order.pointsUsed,
    order.returnedBeforePaise,
    order.returnedBeforePaise + valuePaise,
    order.subtotalPaise,
  );
  const moneyPaise =
    order.paidBy === 'none'
      ? 0
      : Math.min(Math.max(0, valuePaise - pointsToPaise(pointsReturned)), Math.max(0, order.moneyLeftPaise));
  return { pointsReturned, moneyPaise };
}

/**
 * Earned points already available and spent cannot be taken back from the wallet: their value (₹1
 * a point) is kept from the money refunded. Answers the money refunded and what was kept.
 */
export function moneyAfterSpentPoints(
  moneyPaise: number,
  pointsNotTakenBack: number,
): { moneyPaise: number; keptPaise: number } {
  const keptPaise = Math.min(moneyPaise, pointsToPaise(pointsNotTakenBack));
  return { moneyPaise: moneyPaise - keptPaise, keptPaise };
}

/** Who may move a return from one status to another. */
export type ReturnMove = 'approve' | 'reject' | 'receive' | 'dispute' | 'admin_approve' | 'admin_reject';

/** Whether the move is allowed from the status (and, for a dispute, whether the shop rejected it). */
export function returnMoveAllowed(
  move: ReturnMove,
  status: ReturnStatus,
  decidedBy: 'vendor' | 'admin' | null,
): boolean {
  switch (move) {
    case 'approve':
    case 'reject':
      return status === 'requested';
    case 'receive':
      return status === 'approved';
    case 'dispute':
      return status === 'rejected' && decidedBy === 'vendor';
    case 'admin_approve':
    case 'admin_reject':
      return status === 'requested' || status === 'disputed';
  }
}
