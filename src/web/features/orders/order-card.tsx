import { TestPaymentBadge } from '../../ui/TestPaymentBadge';
import { Store } from 'lucide-react';
import { paymentStatusLabels, type Order } from '../../../contracts/orders.contract';
import { formatRupees } from '../../../domain/money';
import { Button } from '../../ui/Button';
import { formatDate } from '../../ui/format-date';
import { Money } from '../../ui/Money';
import { PointsBadge } from '../../ui/PointsBadge';
import { orderStatusOf, PartStatusBadge } from '../../ui/StatusBadge';
import { liveEarned, shortId } from './order-details';
import { codPartNote, isCodOrder } from './order-payment';
import type { ReviewTarget } from './review-modal';

type Props = {
  order: Order;
  onDetails: () => void;
  onTrack: () => void;
  onCancel: () => void;
  onReview: (target: ReviewTarget) => void;
};

/** One order on /orders: id, date, status, total, points, the shops' parts (with the cash to pay at the door for cash on delivery) and the actions. */
export function OrderCard({ order, onDetails, onTrack, onCancel, onReview }: Props) {
  // One review per product, whichever sizes were bought.
  const toReview = [
    ...new Map(
      order.parts
        .filter((p) => p.status === 'delivered')
        .flatMap((p) => p.items.filter((i) => !i.reviewed).map((i) => [i.productId, i] as const)),
    ).values(),
  ];
  const names = order.parts.flatMap((p) =>
    p.items.map((i) => (i.variantLabel ? `${i.productName} (${i.variantLabel})` : i.productName)),
  );
  const earned = liveEarned(order);
  return (
    <article
      aria-label={`Order #${shortId(order.id)}`}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="font-semibold text-slate-900">Order #{shortId(order.id)}</h2>
          <p className="text-sm text-slate-600">Placed on {formatDate(order.createdAt)}</p>
        </div>
        <PartStatusBadge part={orderStatusOf(order)} />
      </header>

      <p className="mt-3 line-clamp-2 text-sm text-slate-700">
        {names.slice(0, 3).join(', ')}
        {names.length > 3 ? ` and ${names.length - 3} more` : ''}
      </p>

      <ul className="mt-3 flex flex-wrap gap-2" aria-label="Shops in this order">
        {order.parts.map((p) => {
          const cash = codPartNote(p);
          return (
            <li
              key={p.id}
              className="inline-flex flex-wrap items-center gap-1.5 rounded-lg border border-slate-200 px-2 py-1 text-xs text-slate-700"
            >
              <Store className="h-3.5 w-3.5 text-slate-500" aria-hidden="true" />
              {p.storeName}
              <PartStatusBadge part={p} />
              {cash && <span className="font-medium text-slate-900">{cash}</span>}
            </li>
          );
        })}
      </ul>

      <dl className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <div>
          <dt className="text-slate-500">Total</dt>
          <dd className="font-semibold text-slate-900">
            <Money paise={order.totalAmountPaise} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Points used</dt>
          <dd className="font-medium text-slate-800">{order.pointsUsed.toLocaleString('en-IN')}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Points earned</dt>
          <dd>
            <PointsBadge points={earned} />
          </dd>
        </div>
        {isCodOrder(order) && (
          <div>
            <dt className="text-slate-500">Payment</dt>
            <dd className="font-medium text-slate-800">{paymentStatusLabels.cash_on_delivery}</dd>
          </div>
        )}
        {order.testPayment && (
          <div>
            <dt className="text-slate-500">Payment</dt>
            <dd>
              <TestPaymentBadge />
            </dd>
          </div>
        )}
        {order.paymentStatus === 'refund_pending' && (
          <div>
            <dt className="text-slate-500">Payment</dt>
            <dd className="font-medium text-amber-800">
              {paymentStatusLabels.refund_pending}
              {order.refundDuePaise > 0 && `: ${formatRupees(order.refundDuePaise)}`}
            </dd>
          </div>
        )}
      </dl>

      <div className="mt-4 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onDetails}>
          View Details
        </Button>
        <Button size="sm" variant="secondary" onClick={onTrack}>
          Track Order
        </Button>
        {toReview.length > 0 && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => (toReview.length === 1 ? onReview(toReview[0]) : onDetails())}
          >
            Write Review
          </Button>
        )}
        {order.cancellable && (
          <Button size="sm" variant="danger" onClick={onCancel}>
            Cancel Order
          </Button>
        )}
      </div>
    </article>
  );
}
