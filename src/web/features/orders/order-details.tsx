import { TestPaymentBadge } from '../../ui/TestPaymentBadge';
import { MapPin, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { OrderReturn, ReturnablePart } from '../../../contracts/returns.contract';
import {
  paymentStatusLabels,
  type Order,
  type OrderHistoryEntry,
  type OrderItem,
} from '../../../contracts/orders.contract';
import { taxDocumentMessages } from '../../../contracts/tax-documents.contract';
import type { OrderPromotion } from '../../../contracts/promotions.contract';
import { codMessages } from '../../../domain/cod';
import { formatRupees } from '../../../domain/money';
import { isCancellable } from '../../../domain/order-status';
import { Button } from '../../ui/Button';
import { formatDate, formatDateTime } from '../../ui/format-date';
import { Modal } from '../../ui/Modal';
import { Money } from '../../ui/Money';
import { PointsBadge } from '../../ui/PointsBadge';
import { ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { orderStatusOf, PartStatusBadge } from '../../ui/StatusBadge';
import { codPartNote, codStillDuePaise, isCodOrder } from './order-payment';
import { TaxDocumentLinks } from './tax-document-links';
import { PartReturnNote, ReturnsSection } from './order-returns-section';
import { useOrder, useOrderDocuments } from './use-orders';
import { useOrderReturns } from './use-returns';

/** Points still to come from an order: a cancelled part's points are voided. */
export const liveEarned = (order: Order) =>
  order.parts.filter((p) => p.status !== 'cancelled').reduce((s, p) => s + p.pointsEarned, 0);

/** The first 8 characters of an order id, as the customer and the shops quote it. */
export const shortId = (id: string) => id.slice(0, 8).toUpperCase();

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div
      className={
        strong
          ? 'flex justify-between border-t border-slate-200 pt-2 font-semibold text-slate-900'
          : 'flex justify-between text-slate-700'
      }
    >
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

type ReviewTarget = { productId: string; productName: string };

/** What the order's details offer besides showing it: reviews, returns and asking Haat to review a rejected return. */
export type OrderDetailsActions = {
  onReview?: (item: ReviewTarget) => void;
  onReturn?: (part: ReturnablePart) => void;
  onDispute?: (r: OrderReturn) => void;
};

/** An order's promotions: its discount and the promotions used (none from a server that records none). */
export const orderDiscountOf = (order: Order): { discountPaise: number; promotions: OrderPromotion[] } => {
  const o = order as Order & { discountPaise?: number; promotions?: OrderPromotion[] };
  return { discountPaise: o.discountPaise ?? 0, promotions: o.promotions ?? [] };
};

/** The discount line of the amounts and, under it, each promotion used with what it saved: 'SAVE10 · ₹190'. */
export function OrderDiscountRows({ order }: { order: Order }) {
  const { discountPaise, promotions } = orderDiscountOf(order);
  if (discountPaise <= 0) return null;
  return (
    <>
      <Row label="Discount">
        <span className="font-medium text-green-700">{`−${formatRupees(discountPaise)}`}</span>
      </Row>
      {promotions.map((p, i) => (
        <div key={`${p.code ?? p.name}-${i}`} className="mt-0.5 flex justify-between gap-3 pl-3 text-xs text-slate-600">
          <dt>{p.code ? `${p.code} (${p.name})` : p.name}</dt>
          <dd>{`−${formatRupees(p.savedPaise)}`}</dd>
        </div>
      ))}
    </>
  );
}

/**
 * Items grouped by shop part with each part's status, tracking note, cash to pay at the door (cash on
 * delivery), return window and tax invoice, the order's returns, the address, the amounts and the payment status.
 */
export function OrderDetailsBody({ order, onReview, onReturn, onDispute }: { order: Order } & OrderDetailsActions) {
  const documents = useOrderDocuments(order.id);
  const anyDelivered = order.parts.some((p) => p.status === 'delivered');
  const returns = useOrderReturns(order.id, anyDelivered);
  const cod = isCodOrder(order);
  const cashDue = codStillDuePaise(order);
  return (
    <div className="space-y-5 text-sm">
      {order.parts.map((part) => {
        const cash = codPartNote(part);
        return (
          <section key={part.id} aria-label={`From ${part.storeName}`} className="rounded-lg border border-slate-200">
            <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-slate-50 px-3 py-2">
              <h3 className="flex items-center gap-1.5 font-medium text-slate-900">
                <Store className="h-4 w-4 text-slate-500" aria-hidden="true" />
                {part.storeName}
              </h3>
              <PartStatusBadge part={part} />
            </header>
            <ul className="divide-y divide-slate-100 px-3">
              {part.items.map((item: OrderItem) => (
                <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <Link
                      to={`/product/${item.productId}${item.variantId ? `?variant=${item.variantId}` : ''}`}
                      className="font-medium text-slate-900 hover:text-violet-700 hover:underline"
                    >
                      {item.productName}
                    </Link>
                    {item.variantLabel && <p className="text-xs text-slate-700">{item.variantLabel}</p>}
                    <p className="text-xs text-slate-500">
                      {item.quantity} × <Money paise={item.pricePaise} />
                      {item.pointsEarned > 0 && <PointsBadge points={item.pointsEarned} className="ml-2" />}
                    </p>
                  </div>
                  {part.status === 'delivered' &&
                    onReview &&
                    (item.reviewed ? (
                      <span className="text-xs font-medium text-green-700">Reviewed</span>
                    ) : (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => onReview({ productId: item.productId, productName: item.productName })}
                      >
                        Write Review
                      </Button>
                    ))}
                </li>
              ))}
            </ul>
            {cash && <p className="border-t border-slate-100 px-3 py-2 text-sm font-medium text-slate-900">{cash}</p>}
            {(part.trackingNote || part.deliveredAt) && (
              <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-600">
                {part.trackingNote && <span className="block">Tracking: {part.trackingNote}</span>}
                {part.deliveredAt && <span className="block">Delivered on {formatDate(part.deliveredAt)}</span>}
              </p>
            )}
            {part.status === 'delivered' && !returns.isError && (
              <PartReturnNote
                part={returns.data?.returnable.find((p) => p.partId === part.id)}
                isPending={returns.isPending}
                onReturn={onReturn}
              />
            )}
            {isCancellable(part.status) ? (
              <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-500">
                {taxDocumentMessages.pending}
              </p>
            ) : (
              <TaxDocumentLinks
                className="border-t border-slate-100 px-3 py-2"
                documents={documents.data?.filter((d) => d.partId === part.id)}
                isPending={documents.isPending}
                isError={documents.isError}
                onRetry={() => void documents.refetch()}
                hrefOf={(d) => `/api/orders/${order.id}/documents/${d.id}.pdf`}
              />
            )}
          </section>
        );
      })}
      {anyDelivered && <ReturnsSection query={returns} onDispute={onDispute} />}
      <section aria-label="Delivery address" className="flex gap-2 text-slate-700">
        <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
        <p>
          <span className="block font-medium text-slate-900">Delivery address</span>
          {order.shippingAddress}
        </p>
      </section>
      <dl className="space-y-1.5">
        <Row label="Subtotal">
          <Money paise={order.subtotalPaise} />
        </Row>
        <OrderDiscountRows order={order} />
        <Row label="Shipping">{order.shippingPaise === 0 ? 'Free' : <Money paise={order.shippingPaise} />}</Row>
        <Row label="Points used">
          {order.pointsUsed > 0 ? `−${order.pointsUsed.toLocaleString('en-IN')} pts` : 'None'}
        </Row>
        <Row label="Total" strong>
          <Money paise={order.totalAmountPaise} />
        </Row>
        <Row label="Points earned">
          <PointsBadge points={liveEarned(order)} />
          {liveEarned(order) < order.pointsEarned && (
            <span className="ml-2 text-xs text-slate-500">(cancelled items earn none)</span>
          )}
        </Row>
        <Row label="Payment">
          <span
            className={
              order.paymentStatus === 'refund_pending'
                ? 'font-medium text-amber-800'
                : cod
                  ? 'font-medium text-slate-900'
                  : 'font-medium text-green-700'
            }
          >
            {paymentStatusLabels[order.paymentStatus]}
          </span>
          {order.testPayment && (
            <span className="ml-2">
              <TestPaymentBadge />
            </span>
          )}
        </Row>
        {cashDue > 0 && (
          <Row label="Cash due at delivery">
            <Money paise={cashDue} className="font-medium text-slate-900" />
          </Row>
        )}
        {!cod && order.refundDuePaise > 0 && (
          <Row label="Refund due">
            <span className="font-medium text-amber-800">
              <Money paise={order.refundDuePaise} /> to your original payment method
            </span>
          </Row>
        )}
      </dl>
    </div>
  );
}

/** View Details: the whole order in a dialog. */
export function OrderDetailsModal({
  order,
  onClose,
  ...actions
}: { order: Order | null; onClose: () => void } & OrderDetailsActions) {
  return (
    <Modal open={order !== null} onClose={onClose} title={order ? `Order #${shortId(order.id)}` : 'Order'} wide>
      {order && (
        <>
          <p className="mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            Placed on {formatDateTime(order.createdAt)} <PartStatusBadge part={orderStatusOf(order)} />
          </p>
          <OrderDetailsBody order={order} {...actions} />
        </>
      )}
    </Modal>
  );
}

/** A step of the status history: its label, and whether it is a cash on delivery part refused at the door (its badge then reads 'Returned to seller'). */
export function historyStep(h: Pick<OrderHistoryEntry, 'status' | 'note'>) {
  const returnedToSeller = h.status === 'cancelled' && h.note === codMessages.returnedNote;
  const label = returnedToSeller
    ? codMessages.returnedLabel
    : h.status === 'pending'
      ? 'Order placed'
      : h.status.charAt(0).toUpperCase() + h.status.slice(1);
  return { label, status: h.status, returnedToSeller };
}

/** Track Order: the status history with times, loaded when the dialog opens. */
export function TrackOrderModal({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const order = useOrder(orderId);
  let body;
  if (order.isPending) {
    body = (
      <LoadingRegion label="Loading the order history">
        <div className="space-y-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      </LoadingRegion>
    );
  } else if (order.isError) {
    body = <ErrorState message={order.error.message} onRetry={() => order.refetch()} />;
  } else {
    body = (
      <ol className="relative space-y-4 border-l-2 border-violet-200 pl-5">
        {order.data.history.map((h) => (
          <li key={h.id} className="relative">
            <span
              className="absolute -left-[27px] top-1 h-3 w-3 rounded-full border-2 border-white bg-violet-600"
              aria-hidden="true"
            />
            <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
              {historyStep(h).label} <PartStatusBadge part={historyStep(h)} />
            </p>
            <p className="text-xs text-slate-600">
              <time dateTime={h.createdAt}>{formatDateTime(h.createdAt)}</time>
              {h.storeName ? ` · ${h.storeName}` : ' · Whole order'}
              {h.note && h.note !== 'Order placed' ? ` · ${h.note}` : ''}
            </p>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <Modal
      open={orderId !== null}
      onClose={onClose}
      title={orderId ? `Track order #${shortId(orderId)}` : 'Track order'}
    >
      {body}
    </Modal>
  );
}
