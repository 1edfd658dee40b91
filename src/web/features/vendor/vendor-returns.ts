import {
  rejectReturnSchema,
  type OrderReturn,
  type ReturnFilter,
  type ReturnRefund,
  type ReturnStatus,
} from '../../../contracts/returns.contract';
import { formatRupees } from '../../../domain/money';

// The vendor's Returns tab: the filter's labels, which buttons a return has,
// the check of a rejection's reason (the server's contract), and what receiving it back did, in
// words, from the return's own fields only.

export const returnFilterLabels: Record<ReturnFilter, string> = {
  all: 'All',
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  disputed: 'With Haat',
  received: 'Received',
  refunded: 'Refunded',
};

/** The empty list's title under a filter: 'No requested returns', 'No returns with Haat'. */
export const emptyFilterTitle = (filter: ReturnFilter): string =>
  filter === 'all'
    ? 'No returns yet'
    : filter === 'disputed'
      ? 'No returns with Haat'
      : `No ${returnFilterLabels[filter].toLowerCase()} returns`;

/** The texts of the tab's buttons and dialogs (the browser tests find them by these names). */
export const vendorReturnTexts = {
  approve: 'Approve',
  reject: 'Reject',
  receive: 'Mark received',
  rejectTitle: 'Reject return',
  rejectLabel: 'Reason for the customer',
  rejectSubmit: 'Reject return',
  rejectHint: 'The customer reads this reason. They can ask the Haat team to review your decision.',
  receiveTitle: 'Mark received',
  receiveConfirm: 'Yes, received',
  loadFailed: 'Your returns could not be loaded.',
  updateFailed: 'The return could not be updated. Please try again.',
} as const;

export type VendorReturnAction = 'approve' | 'reject' | 'receive';

/** What the shop can do with a return in this status: answer a request, or mark an approved one received back. */
export function vendorReturnActions(status: ReturnStatus): VendorReturnAction[] {
  if (status === 'requested') return ['approve', 'reject'];
  if (status === 'approved') return ['receive'];
  return [];
}

/** The badge colour of each status, from the shared palette (StatusBadge's tones). */
export const returnBadgeTone: Record<ReturnStatus, string> = {
  requested: 'pending',
  approved: 'approved',
  rejected: 'rejected',
  disputed: 'review',
  received: 'processing',
  refunded: 'completed',
};

/** Why the reason typed cannot be sent, with the server's messages, or null. */
export function rejectReasonError(reason: string): string | null {
  const parsed = rejectReturnSchema.safeParse({ reason });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

const points = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'point' : 'points'}`;

/** Where a gateway refund went, by its status. */
function moneyLine(refund: ReturnRefund): string {
  const amount = formatRupees(refund.amountPaise);
  const to = refund.method === 'test' ? "the customer's test payment" : "the customer's original payment (Razorpay)";
  if (refund.status === 'processed') return `${amount} refunded to ${to}`;
  if (refund.status === 'pending') return `${amount} being refunded to ${to}`;
  return `${amount} refund to ${to} could not be sent yet: the Haat team will send it again`;
}

/**
 * What receiving the return back did, one sentence each: the customer's refund (money to the way
 * they paid, or points for cash on delivery), the points that moved, and the credit note. Only the
 * return's own fields; nothing when it has not been received.
 */
export function receiptLines(r: Pick<OrderReturn, 'refund' | 'creditNoteNumber'>): string[] {
  const { refund } = r;
  if (!refund) return [];
  const lines: string[] = [];
  if (refund.method !== 'points') lines.push(moneyLine(refund));
  else if (refund.refundPoints > 0)
    lines.push(`${points(refund.refundPoints)} refunded to the customer's wallet (cash on delivery)`);
  else lines.push('No money to refund: the items were paid for with points');
  if (refund.status === 'failed' && refund.failureReason) lines.push(`Gateway said: ${refund.failureReason}`);
  if (refund.pointsReturned > 0)
    lines.push(`${points(refund.pointsReturned)} the customer used on the order given back`);
  if (refund.pointsVoided > 0) lines.push(`${points(refund.pointsVoided)} the items would have earned cancelled`);
  if (refund.pointsTakenBack > 0) lines.push(`${points(refund.pointsTakenBack)} the items had earned taken back`);
  if (refund.keptForSpentPointsPaise > 0)
    lines.push(`${formatRupees(refund.keptForSpentPointsPaise)} kept from the refund for earned points already spent`);
  if (r.creditNoteNumber) lines.push(`Credit note ${r.creditNoteNumber} issued`);
  return lines;
}

/** Whether the server's answer to "Mark received" says the refund is still to be sent (its message says so too). */
export const refundNotSent = (r: Pick<OrderReturn, 'refund'>): boolean => r.refund?.status === 'failed';
