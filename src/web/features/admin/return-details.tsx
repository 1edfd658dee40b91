import type {
  OrderReturn,
  RefundMethod,
  RefundStatus,
  ReturnFilter,
  ReturnRefund,
  ReturnStatus,
} from '../../../contracts/returns.contract';
import { formatDateTime } from '../../ui/format-date';
import { Money } from '../../ui/Money';
import { PhotoThumbnails } from '../../ui/PhotoThumbnails';
import { PointsBadge } from '../../ui/PointsBadge';
import { StatusBadge } from '../../ui/StatusBadge';

// The cells of the super admin's Returns tab: what was returned, why, where it
// stands and where the money went.

/** The status filter's choices ('With Haat (disputed)': a shop's rejection the customer sent to the Haat team). */
export const returnFilterLabels: Record<ReturnFilter, string> = {
  all: 'All',
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  disputed: 'With Haat (disputed)',
  received: 'Received',
  refunded: 'Refunded',
};

/** The filter's status in a sentence, after 'returns' ('3 returns with the Haat team'). */
export const returnFilterWords: Record<ReturnFilter, string> = {
  all: '',
  requested: 'requested',
  approved: 'approved',
  rejected: 'rejected',
  disputed: 'with the Haat team',
  received: 'received',
  refunded: 'refunded',
};

/** The badge colour of each status, from StatusBadge's palette (waiting yellow, done green, refused red, with the team blue). */
const statusTones: Record<ReturnStatus, string> = {
  requested: 'pending',
  approved: 'approved',
  rejected: 'rejected',
  disputed: 'review',
  received: 'confirmed',
  refunded: 'paid',
};

export const refundMethodLabels: Record<RefundMethod, string> = {
  razorpay: 'Razorpay',
  test: 'Test gateway',
  points: 'Points (cash on delivery)',
};
const refundStatusLabels: Record<RefundStatus, string> = {
  pending: 'Refund pending',
  processed: 'Refunded',
  failed: 'Refund failed',
};
const refundTones: Record<RefundStatus, string> = { pending: 'pending', processed: 'paid', failed: 'failed' };

/** The super admin decides a return the shop has not answered, or one whose rejection the customer disputed. */
export const canDecide = (r: OrderReturn): boolean => r.status === 'requested' || r.status === 'disputed';
/** A received return whose gateway refund failed can be sent again. */
export const canRetryRefund = (r: OrderReturn): boolean => r.status === 'received' && r.refund?.status === 'failed';

const by = (r: OrderReturn) => (r.decidedBy === 'admin' ? 'the Haat team' : 'the shop');

/** The order it came from and when it was asked for. */
export function ReturnOrder({ ret: r }: { ret: OrderReturn }) {
  return (
    <>
      <span className="font-mono font-semibold text-slate-900">{r.orderRef}</span>
      <span className="block text-xs text-slate-500">Requested {formatDateTime(r.requestedAt)}</span>
    </>
  );
}

/** The items, each with its quantity, and their value at the price paid. */
export function ReturnItems({ ret: r }: { ret: OrderReturn }) {
  return (
    <>
      <ul className="space-y-0.5">
        {r.items.map((i) => (
          <li key={i.orderItemId}>
            {i.productName}
            {i.variantLabel && <span className="text-slate-600"> ({i.variantLabel})</span>} ×{' '}
            {i.quantity.toLocaleString('en-IN')}
          </li>
        ))}
      </ul>
      <span className="mt-1 block text-xs text-slate-600">
        Value <Money paise={r.valuePaise} className="font-medium text-slate-900" />
      </span>
    </>
  );
}

/** The customer's reason, comment and photos (each a thumbnail that opens the full picture). */
export function ReturnReason({ ret: r }: { ret: OrderReturn }) {
  return (
    <>
      <span className="font-medium text-slate-900">{r.reason}</span>
      {r.comment && <span className="block whitespace-pre-line break-words text-slate-700">“{r.comment}”</span>}
      <PhotoThumbnails
        urls={r.photos}
        size={56}
        alt={(n, count) => `Photo ${n} of ${count} from the customer (opens full size)`}
        label={`Photos of the return of order ${r.orderRef}`}
        className="mt-2 flex-wrap"
      />
    </>
  );
}

/** Where the return stands: its status, who decided, the rejection's reason and the customer's dispute note. */
export function ReturnState({ ret: r }: { ret: OrderReturn }) {
  return (
    <>
      <StatusBadge status={statusTones[r.status]} text={r.statusLabel} />
      {r.decidedAt && (
        <span className="mt-1 block text-xs text-slate-500">
          {r.rejectionReason ? 'Rejected' : 'Approved'} by {by(r)}, {formatDateTime(r.decidedAt)}
        </span>
      )}
      {r.rejectionReason && (
        <span className="mt-1 block break-words text-slate-700">
          <span className="font-medium">Rejection reason:</span> {r.rejectionReason}
        </span>
      )}
      {r.disputedAt && (
        <span className="mt-1 block break-words text-slate-700">
          <span className="font-medium">Dispute note:</span>{' '}
          {r.disputeComment ? r.disputeComment : <span className="text-slate-500">none</span>}
          <span className="block text-xs text-slate-500">Sent to the Haat team {formatDateTime(r.disputedAt)}</span>
        </span>
      )}
      {r.receivedAt && (
        <span className="mt-1 block text-xs text-slate-500">Received back {formatDateTime(r.receivedAt)}</span>
      )}
    </>
  );
}

/** What was refunded: the money (or points, for cash on delivery), how, its gateway reference or why it failed; the credit note. */
export function ReturnRefundSummary({ ret: r }: { ret: OrderReturn }) {
  const f: ReturnRefund | null = r.refund;
  return (
    <>
      {f ? (
        <>
          <StatusBadge status={refundTones[f.status]} text={refundStatusLabels[f.status]} />
          <span className="mt-1 block">
            {f.method === 'points' ? (
              <PointsBadge points={f.refundPoints} />
            ) : (
              <Money paise={f.amountPaise} className="font-medium text-slate-900" />
            )}{' '}
            <span className="text-slate-600">by {refundMethodLabels[f.method]}</span>
          </span>
          {f.pointsReturned > 0 && (
            <span className="block text-xs text-slate-600">
              {f.pointsReturned.toLocaleString('en-IN')} points used on the order given back
            </span>
          )}
          {f.pointsVoided + f.pointsTakenBack > 0 && (
            <span className="block text-xs text-slate-600">
              {(f.pointsVoided + f.pointsTakenBack).toLocaleString('en-IN')} points earned taken back
            </span>
          )}
          {f.keptForSpentPointsPaise > 0 && (
            <span className="block text-xs text-slate-600">
              <Money paise={f.keptForSpentPointsPaise} /> kept for earned points already spent
            </span>
          )}
          {f.reference && <span className="block break-all font-mono text-xs text-slate-700">Ref {f.reference}</span>}
          {f.failureReason && (
            <span className="mt-1 block break-words text-sm text-red-700">
              <span className="font-medium">Failed:</span> {f.failureReason}
            </span>
          )}
        </>
      ) : (
        <span className="text-slate-500">
          {r.status === 'rejected' ? 'No refund' : 'Not yet: when the shop receives it back'}
        </span>
      )}
      {r.creditNoteNumber && (
        <span className="mt-1 block text-xs text-slate-600">
          Credit note <span className="font-mono text-slate-800">{r.creditNoteNumber}</span>
        </span>
      )}
    </>
  );
}
