import { TestPaymentBadge } from '../../ui/TestPaymentBadge';
import { ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  vendorOrderFilters,
  vendorOrderMessages as m,
  type VendorOrderCounts,
  type VendorOrderFilter,
  type VendorOrderPart,
} from '../../../contracts/vendor-orders.contract';
import { isCancellable } from '../../../domain/order-status';
import type { VendorPartStatus } from '../../../domain/vendor-fulfilment';
import { ApiError } from '../../api/client';
import { Button } from '../../ui/Button';
import { formatDate } from '../../ui/format-date';
import { Money } from '../../ui/Money';
import { notify } from '../../ui/notify';
import { Pagination } from '../../ui/Pagination';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { StatusBadge } from '../../ui/StatusBadge';
import { Tabs } from '../../ui/Tabs';
import { downloadDocument } from '../../api/document-download';
import { TaxDocumentLinks } from '../../ui/TaxDocumentLinks';
import {
  CancelPartDialog,
  CodBadge,
  CollectCashDialog,
  ReturnToSellerDialog,
  ShipDialog,
  shortOrderId,
  VendorOrderActions,
  type PartAction,
} from './vendor-order-actions';
import { cashReceivedError, partStatusText } from './vendor-order-cod';
import { useReturnToSeller, useSetPartStatus, useVendorOrders, useVendorPartDocuments } from './vendor-orders-api';

const filterLabels: Record<VendorOrderFilter, string> = {
  all: 'All',
  pending: 'Pending',
  confirmed: 'Confirmed',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
const isFilter = (v: string | null): v is VendorOrderFilter =>
  (vendorOrderFilters as readonly string[]).includes(v ?? '');

/** The status filter and page of the Orders tab, kept in the address (?tab=orders&status=&page=). */
function useOrderFilters() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const filters = { status: isFilter(raw) ? raw : 'all', page: Math.max(1, Number(params.get('page')) || 1) };
  const set = (change: { status?: VendorOrderFilter; page?: number }) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        const status = change.status ?? filters.status;
        const page = change.status !== undefined ? 1 : (change.page ?? filters.page);
        if (status === 'all') next.delete('status');
        else next.set('status', status);
        if (page === 1) next.delete('page');
        else next.set('page', String(page));
        return next;
      },
      { replace: true },
    );
  return [filters, set] as const;
}

type RowProps = {
  part: VendorOrderPart;
  busy: PartAction | null;
  onMove: (p: VendorOrderPart, s: VendorPartStatus) => void;
  onShip: (p: VendorOrderPart) => void;
  onCancel: (p: VendorOrderPart) => void;
  onCollect: (p: VendorOrderPart) => void;
  onReturn: (p: VendorOrderPart) => void;
};

/** The part's status; a part refused at the door reads "Returned to seller". */
function PartStatus({ part }: { part: VendorOrderPart }) {
  return <StatusBadge status={part.status} text={partStatusText(part)} />;
}

function Items({ part }: { part: VendorOrderPart }) {
  return (
    <ul className="space-y-0.5 text-sm text-slate-700">
      {part.items.map((i) => (
        <li key={i.id}>
          {i.productName} <span className="text-slate-500">× {i.quantity}</span>
          {(i.variantLabel || i.sku) && (
            <span className="block text-xs text-slate-600">
              {i.variantLabel}
              {i.variantLabel && i.sku && ' · '}
              {i.sku && `SKU ${i.sku}`}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function Tracking({ part }: { part: VendorOrderPart }) {
  return part.trackingNote ? <p className="mt-1 text-xs text-slate-600">Tracking: {part.trackingNote}</p> : null;
}

/** The part's tax invoice and credit note downloads, once it has shipped (Haat issues them on the vendor's behalf). */
function PartDocuments({ part }: { part: VendorOrderPart }) {
  const shipped = !isCancellable(part.status);
  const documents = useVendorPartDocuments(part.partId, shipped);
  if (!shipped) return null;
  return (
    <TaxDocumentLinks
      className="mt-2"
      documents={documents.data}
      isPending={documents.isPending}
      isError={documents.isError}
      onRetry={() => void documents.refetch()}
      hrefOf={(d) => `/api/vendor/orders/parts/${part.partId}/documents/${d.id}.pdf`}
      download={downloadDocument}
    />
  );
}

/** Phones: one card per part. */
function OrderPartCard({ part, ...actions }: RowProps) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-sm font-semibold text-slate-900">{shortOrderId(part.orderId)}</p>
          <p className="truncate text-sm text-slate-700">{part.customerName}</p>
          <p className="text-xs text-slate-500">
            {formatDate(part.createdAt)} · {part.storeName}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <Money paise={part.amountPaise} className="font-semibold text-slate-900" />
          <PartStatus part={part} />
          {part.testPayment && <TestPaymentBadge />}
        </div>
      </div>
      <div className="mt-3 border-t border-slate-100 pt-3">
        <CodBadge part={part} className="mb-2" />
        <Items part={part} />
        <Tracking part={part} />
        <PartDocuments part={part} />
      </div>
      <div className="mt-3">
        <VendorOrderActions part={part} {...actions} />
      </div>
    </li>
  );
}

function OrderPartRow({ part, ...actions }: RowProps) {
  return (
    <tr className="align-top">
      <td className="py-3 pr-3 font-mono font-semibold text-slate-900">{shortOrderId(part.orderId)}</td>
      <td className="py-3 pr-3">
        <p className="text-slate-900">{part.customerName}</p>
        <p className="text-xs text-slate-500">{part.customerEmail}</p>
      </td>
      <td className="py-3 pr-3">
        <Items part={part} />
        <p className="mt-0.5 text-xs text-slate-500">{part.storeName}</p>
        <Tracking part={part} />
        <PartDocuments part={part} />
      </td>
      <td className="py-3 pr-3 text-right font-medium text-slate-900">
        <Money paise={part.amountPaise} />
        {part.testPayment && (
          <span className="mt-1 block">
            <TestPaymentBadge />
          </span>
        )}
        {part.codDuePaise !== null && (
          <span className="mt-1 block">
            <CodBadge part={part} />
          </span>
        )}
      </td>
      <td className="py-3 pr-3">
        <PartStatus part={part} />
      </td>
      <td className="whitespace-nowrap py-3 pr-3 text-slate-700">{formatDate(part.createdAt)}</td>
      <td className="py-3">
        <VendorOrderActions part={part} {...actions} />
      </td>
    </tr>
  );
}

function OrdersSkeleton() {
  return (
    <LoadingRegion label="Loading your orders">
      <div className="space-y-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28 w-full sm:h-14" />
        ))}
      </div>
    </LoadingRegion>
  );
}

const errorText = (e: unknown) => (e instanceof ApiError && e.status !== 500 ? e.message : m.updateFailed);

/**
 * The Orders tab: the vendor's parts of orders (its own items and amount only) filtered by status
 * with counts, a table on wide screens and cards on phones, and the fulfilment actions.
 */
export function VendorOrdersTab() {
  const [filters, setFilters] = useOrderFilters();
  const orders = useVendorOrders(filters);
  const setStatus = useSetPartStatus();
  const returnToSeller = useReturnToSeller();
  const [shipping, setShipping] = useState<VendorOrderPart | null>(null);
  const [cancelling, setCancelling] = useState<VendorOrderPart | null>(null);
  const [collecting, setCollecting] = useState<VendorOrderPart | null>(null);
  const [returning, setReturning] = useState<VendorOrderPart | null>(null);
  const [shipError, setShipError] = useState<string | undefined>();
  const [cashError, setCashError] = useState<string | undefined>();

  const move = (
    part: VendorOrderPart,
    status: VendorPartStatus,
    extra: { trackingNote?: string; cashCollected?: string } = {},
    done?: () => void,
  ) =>
    setStatus.mutate(
      {
        partId: part.partId,
        status,
        ...(extra.trackingNote ? { trackingNote: extra.trackingNote } : {}),
        ...(extra.cashCollected ? { cashCollected: extra.cashCollected } : {}),
      },
      {
        onSuccess: (res) => {
          notify.success(res.message, { action: 'vendor-order-status' });
          done?.();
        },
        onError: (e) => {
          if (e instanceof ApiError && e.fields.trackingNote) setShipError(e.fields.trackingNote);
          else if (e instanceof ApiError && e.fields.cashCollected && extra.cashCollected !== undefined)
            setCashError(e.fields.cashCollected);
          else notify.error(errorText(e), { action: 'vendor-order-status' });
        },
      },
    );
  /** "Delivered and cash collected": the cash typed is checked as the server checks it before it is sent. */
  const collect = (part: VendorOrderPart, cash: string) => {
    const problem = cashReceivedError(cash, part.codDuePaise ?? 0);
    setCashError(problem ?? undefined);
    if (!problem) move(part, 'delivered', { cashCollected: cash }, () => setCollecting(null));
  };
  const returned = (part: VendorOrderPart) =>
    returnToSeller.mutate(
      { partId: part.partId },
      {
        onSuccess: (res) => {
          notify.success(res.message, { action: 'vendor-order-status' });
          setReturning(null);
        },
        onError: (e) => notify.error(errorText(e), { action: 'vendor-order-status' }),
      },
    );
  const busyFor = (part: VendorOrderPart): PartAction | null => {
    if (setStatus.isPending && setStatus.variables?.partId === part.partId) return setStatus.variables.status;
    if (returnToSeller.isPending && returnToSeller.variables?.partId === part.partId) return 'returned';
    return null;
  };
  const openShip = (part: VendorOrderPart) => {
    setShipError(undefined);
    setShipping(part);
  };
  const openCollect = (part: VendorOrderPart) => {
    setCashError(undefined);
    setCollecting(part);
  };
  const rowActions = {
    onMove: (p: VendorOrderPart, s: VendorPartStatus) => move(p, s),
    onShip: openShip,
    onCancel: setCancelling,
    onCollect: openCollect,
    onReturn: setReturning,
  };

  const counts: VendorOrderCounts | undefined = orders.data?.counts;
  let body;
  if (orders.isPending) body = <OrdersSkeleton />;
  else if (orders.isError) body = <ErrorState message={m.loadFailed} onRetry={() => orders.refetch()} />;
  else if (orders.data.items.length === 0) {
    body =
      filters.status === 'all' ? (
        <EmptyState
          title="No orders yet"
          icon={<ShoppingBag className="h-10 w-10 text-slate-400" aria-hidden="true" />}
        >
          Orders for your shops&apos; products appear here as soon as customers place them.
        </EmptyState>
      ) : (
        <EmptyState
          title={`No ${filterLabels[filters.status].toLowerCase()} orders`}
          action={
            <Button variant="secondary" onClick={() => setFilters({ status: 'all' })}>
              Show all orders
            </Button>
          }
        >
          Orders of your shops move here when they reach this status.
        </EmptyState>
      );
  } else {
    const { items, page, pageSize, total } = orders.data;
    body = (
      <div className={orders.isPlaceholderData ? 'opacity-60' : undefined}>
        <ul className="space-y-3 md:hidden" aria-label="Orders">
          {items.map((p) => (
            <OrderPartCard key={p.partId} part={p} busy={busyFor(p)} {...rowActions} />
          ))}
        </ul>
        <div className="hidden rounded-lg border border-slate-200 bg-white px-4 shadow-sm md:block">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Your parts of orders</caption>
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Order
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Customer
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Items
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Status
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Date
                </th>
                <th scope="col" className="py-2 font-medium">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((p) => (
                <OrderPartRow key={p.partId} part={p} busy={busyFor(p)} {...rowActions} />
              ))}
            </tbody>
          </table>
        </div>
        <Pagination page={page} pageSize={pageSize} total={total} onPage={(next) => setFilters({ page: next })} />
      </div>
    );
  }

  return (
    <section aria-labelledby="vendor-orders-heading" className="space-y-4">
      <div>
        <h2 id="vendor-orders-heading" className="text-lg font-semibold text-slate-900">
          Your orders
        </h2>
        <p className="text-sm text-slate-600">
          Each row is your shop&apos;s part of an order: your items and their amount only.
          {counts && counts.pendingOrProcessing > 0 && (
            <span className="font-medium text-slate-800">
              {' '}
              Pending or processing: {counts.pendingOrProcessing.toLocaleString('en-IN')}.
            </span>
          )}
        </p>
      </div>
      <Tabs
        label="Filter orders by status"
        active={filters.status}
        onChange={(status) => setFilters({ status })}
        tabs={vendorOrderFilters.map((k) => ({ key: k, label: filterLabels[k], count: counts?.[k] }))}
      />
      {body}
      {shipping && (
        <ShipDialog
          part={shipping}
          busy={setStatus.isPending}
          error={shipError}
          onClose={() => setShipping(null)}
          onSubmit={(note) => move(shipping, 'shipped', { trackingNote: note }, () => setShipping(null))}
        />
      )}
      {collecting && (
        <CollectCashDialog
          part={collecting}
          busy={setStatus.isPending}
          error={cashError}
          onClose={() => setCollecting(null)}
          onSubmit={(cash) => collect(collecting, cash)}
        />
      )}
      <CancelPartDialog
        part={cancelling}
        busy={setStatus.isPending}
        onClose={() => setCancelling(null)}
        onConfirm={() => cancelling && move(cancelling, 'cancelled', {}, () => setCancelling(null))}
      />
      <ReturnToSellerDialog
        part={returning}
        busy={returnToSeller.isPending}
        onClose={() => setReturning(null)}
        onConfirm={() => returning && returned(returning)}
      />
    </section>
  );
}
