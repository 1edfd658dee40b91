import { Undo2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PRODUCT_PLACEHOLDER_IMAGE } from '../../../contracts/catalog.constants';
import {
  returnFilters,
  returnStatusLabels,
  type OrderReturn,
  type ReturnFilter,
} from '../../../contracts/returns.contract';
import { formatRupees } from '../../../domain/money';
import { ApiError } from '../../api/client';
import { Button } from '../../ui/Button';
import { formatDate } from '../../ui/format-date';
import { Money } from '../../ui/Money';
import { notify } from '../../ui/notify';
import { Pagination } from '../../ui/Pagination';
import { PhotoThumbnails } from '../../ui/PhotoThumbnails';
import { showPlaceholderOnError } from '../../ui/ProductCard';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { StatusBadge } from '../../ui/StatusBadge';
import { Tabs } from '../../ui/Tabs';
import { ReceiveReturnDialog, RejectReturnDialog, VendorReturnActions } from './vendor-return-actions';
import {
  emptyFilterTitle,
  receiptLines,
  refundNotSent,
  returnBadgeTone,
  returnFilterLabels,
  vendorReturnTexts as t,
  type VendorReturnAction,
} from './vendor-returns';
import { useReturnChange, useVendorReturns, type ReturnChange } from './vendor-returns-api';

const isFilter = (v: string | null): v is ReturnFilter => (returnFilters as readonly string[]).includes(v ?? '');

/** The status filter and page of the Returns tab, kept in the address (?tab=returns&status=&page=). */
function useReturnFilters() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const filters = { status: isFilter(raw) ? raw : 'all', page: Math.max(1, Number(params.get('page')) || 1) };
  const set = (change: { status?: ReturnFilter; page?: number }) =>
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

function Items({ ret }: { ret: OrderReturn }) {
  return (
    <ul className="space-y-2" aria-label="Items to return">
      {ret.items.map((i) => (
        <li key={i.orderItemId} className="flex items-start gap-3">
          <img
            src={i.imageUrl ?? PRODUCT_PLACEHOLDER_IMAGE}
            alt={i.productName}
            width={48}
            height={48}
            loading="lazy"
            decoding="async"
            onError={showPlaceholderOnError}
            className="h-12 w-12 shrink-0 rounded-lg bg-slate-100 object-cover"
          />
          <div className="min-w-0 flex-1 text-sm">
            <p className="break-words text-slate-900">{i.productName}</p>
            {i.variantLabel && <p className="text-xs text-slate-600">{i.variantLabel}</p>}
            <p className="text-xs text-slate-600">
              Qty {i.quantity} · {formatRupees(i.pricePaise)} each
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The customer's photos: thumbnails that open the full photo in a new tab. */
function Photos({ ret }: { ret: OrderReturn }) {
  if (ret.photos.length === 0) return null;
  return (
    <div>
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Customer&apos;s photos</p>
      <PhotoThumbnails
        urls={ret.photos}
        size={64}
        alt={(n, count) => `Photo ${n} of ${count} from the customer, order ${ret.orderRef} (opens in a new tab)`}
        className="mt-1 flex-wrap"
      />
    </div>
  );
}

/** A labelled line of the return (reason, comment, a decision). */
function Line({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{term}</dt>
      <dd className="whitespace-pre-line break-words text-sm text-slate-800">{children}</dd>
    </div>
  );
}

/** The answers so far: a rejection's reason, the customer's note to the Haat team, the Haat team's decision, and what the receipt did. */
function History({ ret }: { ret: OrderReturn }) {
  const byHaat = ret.decidedBy === 'admin';
  const receipt = receiptLines(ret);
  return (
    <>
      {ret.rejectionReason && (
        <Line term={byHaat ? "Haat team's reason for rejecting" : 'Your reason for rejecting'}>
          {ret.rejectionReason}
        </Line>
      )}
      {ret.disputedAt && (
        <Line term={`Sent to the Haat team on ${formatDate(ret.disputedAt)}`}>
          {ret.disputeComment
            ? `Customer's note: ${ret.disputeComment}`
            : 'The customer asked the Haat team to review your decision.'}
        </Line>
      )}
      {byHaat && ret.decidedAt && ret.status !== 'rejected' && ret.status !== 'disputed' && (
        <Line term="Decided by the Haat team">
          Approved on {formatDate(ret.decidedAt)}: collect the items, then mark them received.
        </Line>
      )}
      {ret.receivedAt && (
        <Line term={`Received on ${formatDate(ret.receivedAt)}`}>
          <ul className="list-disc space-y-0.5 pl-5">
            {receipt.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        </Line>
      )}
    </>
  );
}

type CardProps = {
  ret: OrderReturn;
  busy: VendorReturnAction | null;
  onApprove: (r: OrderReturn) => void;
  onReject: (r: OrderReturn) => void;
  onReceive: (r: OrderReturn) => void;
};

/** One return as a card, at every width: who, what, why, the photos, what happened, and the next step. */
export function ReturnCard({ ret, ...actions }: CardProps) {
  const headingId = useId();
  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-mono text-sm font-semibold text-slate-900">
            Order {ret.orderRef}
          </h3>
          <p className="truncate text-sm text-slate-700">{ret.customerName}</p>
          <p className="text-xs text-slate-500">
            Requested {formatDate(ret.requestedAt)} · {ret.storeName}
          </p>
          <StatusBadge className="mt-1.5" status={returnBadgeTone[ret.status]} text={returnStatusLabels[ret.status]} />
        </div>
        <p className="shrink-0 text-right">
          <Money paise={ret.valuePaise} className="font-semibold text-slate-900" />
          <span className="block text-xs text-slate-500">value</span>
        </p>
      </div>
      <div className="mt-3 grid gap-4 border-t border-slate-100 pt-3 md:grid-cols-2">
        <Items ret={ret} />
        <dl className="space-y-2">
          <Line term="Reason">{ret.reason}</Line>
          {ret.comment && <Line term="Customer's comment">{ret.comment}</Line>}
          <History ret={ret} />
        </dl>
      </div>
      <div className="mt-3">
        <Photos ret={ret} />
      </div>
      <div className="mt-3">
        <VendorReturnActions ret={ret} describedBy={headingId} {...actions} />
      </div>
    </li>
  );
}

function ReturnsSkeleton() {
  return (
    <LoadingRegion label="Loading your returns">
      <div className="space-y-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-44 w-full" />
        ))}
      </div>
    </LoadingRegion>
  );
}

const errorText = (e: unknown) => (e instanceof ApiError && e.status !== 500 ? e.message : t.updateFailed);
const TOAST = 'vendor-return';

/**
 * The Returns tab: returns of the vendor's shops, newest first, by status, as cards; Approve and
 * Reject a request, Mark received an approved return. A refusal (409: someone got there first)
 * shows the server's message and the list reloads.
 */
export function VendorReturnsTab() {
  const [filters, setFilters] = useReturnFilters();
  const returns = useVendorReturns(filters);
  const change = useReturnChange();
  const [rejecting, setRejecting] = useState<OrderReturn | null>(null);
  const [receiving, setReceiving] = useState<OrderReturn | null>(null);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [rejectFormError, setRejectFormError] = useState<string | null>(null);

  const send = (c: ReturnChange, close?: () => void) => {
    // One move at a time: a second click while one runs sends nothing.
    if (change.isPending) return;
    change.mutate(c, {
      onSuccess: (res) => {
        // A refund still to be sent stays longer: the vendor should read it.
        notify.success(res.message, { action: TOAST, ms: refundNotSent(res.return) ? 10_000 : undefined });
        close?.();
      },
      onError: (e) => {
        if (c.action === 'reject' && e instanceof ApiError && e.fields.reason) return setReasonError(e.fields.reason);
        // Answered elsewhere (409), gone (404) or refused: say why, and drop the dialog (the list reloads).
        if (e instanceof ApiError && e.status >= 400 && e.status < 500) {
          notify.error(errorText(e), { action: TOAST });
          close?.();
          return;
        }
        if (c.action === 'reject') setRejectFormError(errorText(e));
        else notify.error(errorText(e), { action: TOAST });
      },
    });
  };
  const busyFor = (r: OrderReturn): VendorReturnAction | null =>
    change.isPending && change.variables?.returnId === r.id ? change.variables.action : null;
  const openReject = (r: OrderReturn) => {
    setReasonError(undefined);
    setRejectFormError(null);
    setRejecting(r);
  };
  const cardActions = {
    onApprove: (r: OrderReturn) => send({ returnId: r.id, action: 'approve' }),
    onReject: openReject,
    onReceive: setReceiving,
  };

  let body;
  if (returns.isPending) body = <ReturnsSkeleton />;
  else if (returns.isError) body = <ErrorState message={t.loadFailed} onRetry={() => returns.refetch()} />;
  else if (returns.data.items.length === 0) {
    body =
      filters.status === 'all' ? (
        <EmptyState title="No returns yet" icon={<Undo2 className="h-10 w-10 text-slate-400" aria-hidden="true" />}>
          When a customer asks to return items from your shops, the request appears here for you to approve or reject.
        </EmptyState>
      ) : (
        <EmptyState
          title={emptyFilterTitle(filters.status)}
          action={
            <Button variant="secondary" onClick={() => setFilters({ status: 'all' })}>
              Show all returns
            </Button>
          }
        >
          Returns of your shops move here when they reach this status.
        </EmptyState>
      );
  } else {
    const { items, page, pageSize, total } = returns.data;
    body = (
      <div className={returns.isPlaceholderData ? 'opacity-60' : undefined}>
        <ul className="space-y-3" aria-label="Returns">
          {items.map((r) => (
            <ReturnCard key={r.id} ret={r} busy={busyFor(r)} {...cardActions} />
          ))}
        </ul>
        <Pagination page={page} pageSize={pageSize} total={total} onPage={(next) => setFilters({ page: next })} />
      </div>
    );
  }

  return (
    <section aria-labelledby="vendor-returns-heading" className="space-y-4">
      <div>
        <h2 id="vendor-returns-heading" className="text-lg font-semibold text-slate-900">
          Returns
        </h2>
        <p className="text-sm text-slate-600">
          Approve or reject each request. Once an approved return reaches you, mark it received: the customer is then
          refunded.
        </p>
      </div>
      <Tabs
        label="Filter returns by status"
        active={filters.status}
        onChange={(status) => setFilters({ status })}
        tabs={returnFilters.map((k) => ({ key: k, label: returnFilterLabels[k] }))}
      />
      {body}
      {rejecting && (
        <RejectReturnDialog
          ret={rejecting}
          busy={change.isPending && change.variables?.action === 'reject'}
          error={reasonError}
          formError={rejectFormError}
          onClose={() => setRejecting(null)}
          onSubmit={(reason) => {
            setReasonError(undefined);
            setRejectFormError(null);
            send({ returnId: rejecting.id, action: 'reject', reason }, () => setRejecting(null));
          }}
        />
      )}
      {receiving && (
        <ReceiveReturnDialog
          ret={receiving}
          busy={change.isPending && change.variables?.action === 'receive'}
          onClose={() => setReceiving(null)}
          onConfirm={() => send({ returnId: receiving.id, action: 'receive' }, () => setReceiving(null))}
        />
      )}
    </section>
  );
}
