import { Package } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { orderTabs, type Order, type OrderTab } from '../../../contracts/orders.contract';
import type { OrderReturn } from '../../../contracts/returns.contract';
import { formatRupees } from '../../../domain/money';
import { RequireRole } from '../../layout/RequireRole';
import { ConfirmDialog, Modal } from '../../ui/Modal';
import { notify } from '../../ui/notify';
import { Page } from '../../ui/Page';
import { Pagination } from '../../ui/Pagination';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { Tabs } from '../../ui/Tabs';
import { OrderCard } from './order-card';
import { OrderDetailsModal, shortId, TrackOrderModal } from './order-details';
import { DisputeReturnModal } from './order-returns-section';
import { ReturnRequestModal, type ReturnTarget } from './return-request-modal';
import { ReviewModal, type ReviewTarget } from './review-modal';
import { useCancelOrder, useCancelPreview, useOrder, useOrders } from './use-orders';

const PAGE_SIZE = 10;
const tabLabels: Record<OrderTab, string> = {
  all: 'All',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
};
const emptyText: Record<OrderTab, string> = {
  all: 'You have not placed any orders yet.',
  processing: 'No orders are being processed right now.',
  shipped: 'No orders are on their way right now.',
  delivered: 'No orders have been delivered yet.',
};
const startLink =
  'inline-flex items-center rounded-lg bg-violet-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-violet-800';

function OrdersSkeleton() {
  return (
    <LoadingRegion label="Loading your orders">
      <div className="space-y-4">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-44 w-full" />
        ))}
      </div>
    </LoadingRegion>
  );
}

/** What cancelling will do, as the server computes it by the rules the cancel applies, named before the customer confirms. */
function CancelText({ orderId }: { orderId: string }) {
  const preview = useCancelPreview(orderId);
  if (preview.isPending) {
    return (
      <LoadingRegion label="Working out what comes back">
        <div className="space-y-2">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      </LoadingRegion>
    );
  }
  if (preview.isError) return <ErrorState message={preview.error.message} onRetry={() => void preview.refetch()} />;
  const p = preview.data;
  const items = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'item goes' : 'items go'}`;
  return (
    <div className="space-y-2">
      <p>
        {p.partial
          ? 'Only the items from shops that have not shipped yet are cancelled: '
          : 'Every item in this order is cancelled: '}
        {p.parts.map((part) => `${part.storeName} (${formatRupees(part.subtotalPaise)})`).join(', ')}.
      </p>
      <ul className="list-disc space-y-1 pl-5">
        {p.refundPaise > 0 && (
          <li>
            <strong>{formatRupees(p.refundPaise)}</strong> comes back to your original payment method (refunds take 3-5
            business days).
          </li>
        )}
        {p.pointsRefunded > 0 && (
          <li>
            <strong>{p.pointsRefunded.toLocaleString('en-IN')} points</strong> you used come back to your wallet.
          </li>
        )}
        {p.pointsVoided > 0 && (
          <li>The {p.pointsVoided.toLocaleString('en-IN')} pending points these items would earn are removed.</li>
        )}
        <li>{items(p.stockReturned)} back to the shops.</li>
        {p.partial && <li>Items that have shipped or been delivered stay in your order.</li>}
      </ul>
      <p>This cannot be undone.</p>
    </div>
  );
}

/**
 * The order that `?order=<id>` opens (where a notification links): from the loaded page when it is
 * there, else fetched on its own once the page has loaded.
 */
function useLinkedOrder(orderId: string | null, loaded: Order[] | undefined) {
  const onPage = orderId ? (loaded?.find((o) => o.id === orderId) ?? null) : null;
  const fetched = useOrder(orderId && loaded && !onPage ? orderId : null);
  return { order: onPage ?? (orderId ? (fetched.data ?? null) : null), fetched };
}

function OrdersContent() {
  const [params, setParams] = useSearchParams();
  const tab = (orderTabs as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as OrderTab)
    : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const orders = useOrders(tab, page, PAGE_SIZE);
  const cancel = useCancelOrder();
  const [chosen, setChosen] = useState<Order | null>(null);
  const linkedId = params.get('order');
  const linked = useLinkedOrder(linkedId, orders.data?.items);
  // The order chosen on the page, else the one the address names.
  const details = chosen ?? linked.order;
  // Closing the details (or leaving them for another dialog) also takes `?order=` off the address.
  const closeDetails = () => {
    setChosen(null);
    if (!linkedId) return;
    const p = new URLSearchParams(params);
    p.delete('order');
    setParams(p, { replace: true });
  };
  const [tracking, setTracking] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [reviewing, setReviewing] = useState<ReviewTarget | null>(null);
  // Returns open from the order's details, which close meanwhile (one dialog at a time) and open again after.
  const [returning, setReturning] = useState<(ReturnTarget & { order: Order }) | null>(null);
  const [disputing, setDisputing] = useState<{ target: OrderReturn; order: Order } | null>(null);
  // The same query as the dialog's text: Cancel Order is offered once the customer can read what it does.
  const cancelPreviewReady = useCancelPreview(cancelling?.id ?? null).isSuccess;

  // Closing a return's dialog (sent or not) goes back to the order's details, where the returns are.
  const backFromReturn = () => {
    const order = returning?.order ?? disputing?.order ?? null;
    setReturning(null);
    setDisputing(null);
    setChosen(order);
  };

  const go = (next: { tab?: OrderTab; page?: number }) => {
    const p = new URLSearchParams(params);
    const t = next.tab ?? tab;
    if (t === 'all') p.delete('tab');
    else p.set('tab', t);
    if ((next.page ?? 1) > 1) p.set('page', String(next.page));
    else p.delete('page');
    setParams(p);
  };

  const confirmCancel = async () => {
    if (!cancelling) return;
    try {
      const done = await cancel.mutateAsync(cancelling.id);
      const bits = [
        done.refundPaise > 0 ? `${formatRupees(done.refundPaise)} to be refunded to your payment method` : '',
        done.pointsRefunded > 0 ? `${done.pointsRefunded} points refunded` : '',
        done.stockReturned > 0 ? 'stock returned to the shops' : '',
      ].filter(Boolean);
      notify.success(bits.length ? `${done.message}: ${bits.join(', ')}.` : `${done.message}.`, {
        action: 'order-cancel',
      });
      setCancelling(null);
      if (details?.id === done.order.id) setChosen(done.order);
    } catch (e) {
      notify.error(e instanceof Error ? e.message : 'Failed to cancel the order', { action: 'order-cancel' });
      setCancelling(null);
    }
  };

  const counts = orders.data?.counts;
  return (
    <div className="space-y-6">
      <Tabs
        label="Order status"
        fill
        active={tab}
        onChange={(t) => go({ tab: t })}
        tabs={orderTabs.map((k) => ({ key: k, label: tabLabels[k], count: counts?.[k] }))}
      />
      <div role="tabpanel" aria-label={`${tabLabels[tab]} orders`}>
        {orders.isPending ? (
          <OrdersSkeleton />
        ) : orders.isError ? (
          <ErrorState message="We could not load your orders." onRetry={() => orders.refetch()} />
        ) : orders.data.items.length === 0 ? (
          <EmptyState
            title={tab === 'all' ? 'No orders yet' : `No ${tabLabels[tab].toLowerCase()} orders`}
            icon={<Package className="h-10 w-10 text-slate-400" aria-hidden="true" />}
            action={
              <Link to="/search" className={startLink}>
                Start Shopping
              </Link>
            }
          >
            {emptyText[tab]}
          </EmptyState>
        ) : (
          <>
            <div className="space-y-4">
              {orders.data.items.map((o) => (
                <OrderCard
                  key={o.id}
                  order={o}
                  onDetails={() => setChosen(o)}
                  onTrack={() => setTracking(o.id)}
                  onCancel={() => setCancelling(o)}
                  onReview={setReviewing}
                />
              ))}
            </div>
            <Pagination page={page} pageSize={PAGE_SIZE} total={orders.data.total} onPage={(p) => go({ page: p })} />
          </>
        )}
      </div>

      <OrderDetailsModal
        order={details ? (orders.data?.items.find((o) => o.id === details.id) ?? details) : null}
        onClose={closeDetails}
        onReview={(t) => {
          closeDetails();
          setReviewing(t);
        }}
        onReturn={(part) => {
          if (!details) return;
          setReturning({ orderId: details.id, part, order: details });
          closeDetails();
        }}
        onDispute={(target) => {
          if (!details) return;
          setDisputing({ target, order: details });
          closeDetails();
        }}
      />
      {/* An order the address names that is not on this page: loading, or why it cannot be shown. */}
      <Modal
        open={
          !details &&
          linkedId !== null &&
          (linked.fetched.isPending ? linked.fetched.fetchStatus !== 'idle' : linked.fetched.isError)
        }
        onClose={closeDetails}
        title={linkedId ? `Order #${shortId(linkedId)}` : 'Order'}
        wide
      >
        {linked.fetched.isError ? (
          <ErrorState message={linked.fetched.error.message} onRetry={() => void linked.fetched.refetch()} />
        ) : (
          <LoadingRegion label="Loading the order">
            <div className="space-y-3">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-32 w-full" />
            </div>
          </LoadingRegion>
        )}
      </Modal>
      {returning && (
        <ReturnRequestModal
          key={returning.part.partId}
          target={returning}
          onClose={backFromReturn}
          onDone={backFromReturn}
        />
      )}
      {disputing && (
        <DisputeReturnModal
          key={disputing.target.id}
          target={disputing.target}
          onClose={backFromReturn}
          onDone={backFromReturn}
        />
      )}
      <TrackOrderModal orderId={tracking} onClose={() => setTracking(null)} />
      <ReviewModal target={reviewing} onClose={() => setReviewing(null)} />
      <ConfirmDialog
        open={cancelling !== null}
        title={cancelling ? `Cancel order #${shortId(cancelling.id)}?` : 'Cancel order?'}
        confirmLabel="Cancel Order"
        busy={cancel.isPending}
        confirmDisabled={!cancelPreviewReady}
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(null)}
      >
        {cancelling && <CancelText orderId={cancelling.id} />}
      </ConfirmDialog>
    </div>
  );
}

/** /orders: the signed-in customer's real orders, by status, with details, tracking, cancel and reviews. */
export function OrdersPage() {
  return (
    <RequireRole roles={['customer']}>
      <Page
        title="My Orders"
        lead="Track, cancel and review what you bought. Each shop ships its own part of an order."
      >
        <OrdersContent />
      </Page>
    </RequireRole>
  );
}
