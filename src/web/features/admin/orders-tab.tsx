import { TestPaymentBadge } from '../../ui/TestPaymentBadge';
import { useState } from 'react';
import {
  adminOrderMessages as m,
  adminOrderStatusFilters,
  adminOrderStatusSchema,
  type AdminOrder,
  type AdminOrderPage,
} from '../../../contracts/admin-orders.contract';
import { maxLengthOf } from '../../../contracts/common.contract';
import { codMessages } from '../../../domain/cod';
import { adminNextStatuses } from '../../../domain/vendor-fulfilment';
import { paymentStatusLabels } from '../../../contracts/orders.contract';
import type { OrderStatus } from '../../../domain/order-status';
import { Button } from '../../ui/Button';
import { DataTable, type Column } from '../../ui/DataTable';
import { Input, Select } from '../../ui/Field';
import { formatDateTime } from '../../ui/format-date';
import { Money } from '../../ui/Money';
import { StatusBadge } from '../../ui/StatusBadge';
import { AdminActionDialog } from './admin-action-dialog';
import { AdminListToolbar, ListCount, ListFilter } from './admin-list-parts';
import { useDeleteAction } from './delete-dialog';
import { useAdminList } from './use-admin-list';

type StatusFilter = (typeof adminOrderStatusFilters)[number];
const statusLabels: Record<StatusFilter, string> = {
  all: 'All',
  pending: 'Pending',
  confirmed: 'Confirmed',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

const shortId = (id: string) => `#${id.slice(0, 8)}`;
/** The longest tracking note or reason the contract accepts. */
const NOTE_MAX = maxLengthOf(adminOrderStatusSchema.shape.note);

/**
 * The statuses the super admin may move this part to: a cash on delivery part is never marked
 * delivered here (its shop does that, with the cash it received).
 */
export const nextStatusesOf = (o: AdminOrder): OrderStatus[] =>
  adminNextStatuses(o.status).filter((s) => !(s === 'delivered' && o.codDuePaise !== null));

/** A cash on delivery part's cash: due at the door, and what the shop recorded as received. */
export function PartCash({ order: o }: { order: AdminOrder }) {
  if (o.codDuePaise === null) return null;
  return (
    <span className="block text-xs text-slate-600">
      Cash due <Money paise={o.codDuePaise} />
      {o.cashCollectedPaise !== null && (
        <>
          <br />
          Collected <Money paise={o.cashCollectedPaise} />
        </>
      )}
    </span>
  );
}

const columns: Column<AdminOrder>[] = [
  {
    key: 'order',
    header: 'Order',
    render: (o) => (
      <span className="font-mono font-semibold text-slate-900" title={o.id}>
        {shortId(o.id)}
      </span>
    ),
  },
  {
    key: 'customer',
    header: 'Customer',
    render: (o) => (
      <>
        <span className="font-medium text-slate-900">{o.customerName}</span>
        <br />
        <span className="text-slate-600">{o.customerEmail}</span>
      </>
    ),
  },
  {
    key: 'shop',
    header: 'Shop / vendor',
    render: (o) => (
      <>
        {o.shopName}
        <br />
        <span className="text-xs text-slate-500">{o.vendorName ?? '—'}</span>
      </>
    ),
  },
  {
    key: 'product',
    header: 'Product',
    render: (o) => (
      <>
        {o.productName}
        {o.itemCount > 1 && <span className="text-xs text-slate-500"> +{o.itemCount - 1} more</span>}
        {(o.variantLabel || o.sku) && (
          <span className="block text-xs text-slate-600">
            {o.variantLabel}
            {o.variantLabel && o.sku && ' · '}
            {o.sku && `SKU ${o.sku}`}
          </span>
        )}
      </>
    ),
  },
  { key: 'quantity', header: 'Qty', numeric: true, render: (o) => o.quantity.toLocaleString('en-IN') },
  {
    key: 'amount',
    header: 'Amount',
    sortKey: 'amount',
    numeric: true,
    render: (o) => (
      <>
        <Money paise={o.amountPaise} className="font-medium text-slate-900" />
        <br />
        <span className="text-xs text-slate-500">{paymentStatusLabels[o.paymentStatus]}</span>
        <PartCash order={o} />
        {o.testPayment && (
          <>
            <br />
            <TestPaymentBadge />
          </>
        )}
      </>
    ),
  },
  {
    key: 'points',
    header: 'Points',
    numeric: true,
    render: (o) => (
      <>
        <span>+{o.pointsEarned.toLocaleString('en-IN')} earned</span>
        <br />
        <span className="text-xs text-slate-500">{o.pointsUsed.toLocaleString('en-IN')} used on order</span>
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    sortKey: 'status',
    render: (o) => (
      <>
        {o.returnedToSeller ? (
          <StatusBadge status="cancelled" text={codMessages.returnedLabel} />
        ) : (
          <StatusBadge status={o.status} />
        )}
        {o.orderStatus !== o.status && (
          <span className="mt-1 block text-xs text-slate-500">Order: {statusLabels[o.orderStatus].toLowerCase()}</span>
        )}
      </>
    ),
  },
  { key: 'created', header: 'Date', sortKey: 'createdAt', render: (o) => formatDateTime(o.createdAt) },
];

type Pending = { part: AdminOrder; status: OrderStatus; note: string } | null;

/**
 * The Orders tab: every shop's part of every order; Change status moves one part on (or cancels it)
 * and Delete order cancels and refunds what is open and hides the order, each with a fresh code.
 */
export function OrdersTab() {
  const list = useAdminList<AdminOrderPage>('/api/admin/orders', { sort: 'createdAt', filters: { status: 'all' } });
  const [action, setAction] = useState<Pending>(null);
  const remove = useDeleteAction('order');
  const status = list.filters.status as StatusFilter;

  const open = (part: AdminOrder) => {
    const next = nextStatusesOf(part);
    if (next.length > 0) setAction({ part, status: next[0], note: '' });
  };
  const request = ({ part, status: to, note: typed }: NonNullable<Pending>) => {
    const note = typed.trim();
    const withNote = to === 'shipped' || to === 'cancelled';
    return {
      path: `/api/admin/orders/${part.id}/status`,
      body: { status: to, partId: part.partId, ...(withNote && note ? { note } : {}) },
      success: m.updated,
      failure: m.updateFailed,
      toast: 'admin-order',
    };
  };

  return (
    <div className="space-y-4">
      <AdminListToolbar list={list} searchLabel="Search by customer, email or order id">
        <ListFilter
          list={list}
          name="status"
          label="Status"
          width="w-40"
          choices={adminOrderStatusFilters}
          labels={statusLabels}
        />
      </AdminListToolbar>
      <ListCount
        page={list.query.data}
        noun={['order part', 'order parts']}
        qualifier={status === 'all' ? '' : statusLabels[status].toLowerCase()}
        capped
        more={() => ' (one row per shop)'}
      />
      <DataTable
        label="Orders"
        columns={columns}
        {...list.tableProps('orders')}
        rowKey={(o) => o.partId}
        emptyTitle={status === 'all' ? 'No orders yet' : `No ${statusLabels[status].toLowerCase()} orders`}
        emptyText={list.q ? 'Nothing matches the search.' : undefined}
        actions={(o) => (
          <div className="flex flex-wrap gap-2">
            {nextStatusesOf(o).length > 0 && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => open(o)}
                aria-label={`Change status: order ${shortId(o.id)}, ${o.shopName}`}
              >
                Change status
              </Button>
            )}
            {remove.button(o.id, `Order ${shortId(o.id)} for ${o.customerName}`)}
          </div>
        )}
      />
      {remove.dialog}
      <AdminActionDialog
        pending={action}
        onClose={() => setAction(null)}
        request={request}
        title="Update order status"
        actionLabel="Update order status"
        description={
          action && (
            <p>
              Order <span className="font-mono">{shortId(action.part.id)}</span>, {action.part.shopName}’s part for{' '}
              {action.part.customerName} (
              <Money paise={action.part.amountPaise} />) is{' '}
              <span className="font-medium">{statusLabels[action.part.status].toLowerCase()}</span>.{' '}
              {action.status === 'cancelled'
                ? 'Cancelling returns its stock, removes the points it would earn and gives back its share of the points used, as the customer’s own cancel does.'
                : 'The customer sees the new status at once.'}
            </p>
          )
        }
      >
        {action && (
          <>
            <Select
              label="New status"
              value={action.status}
              onChange={(e) => setAction({ ...action, status: e.target.value as OrderStatus })}
              hint={
                action.part.codDuePaise !== null && adminNextStatuses(action.part.status).includes('delivered')
                  ? codMessages.adminDeliveredCod
                  : undefined
              }
            >
              {nextStatusesOf(action.part).map((s) => (
                <option key={s} value={s}>
                  {statusLabels[s]}
                </option>
              ))}
            </Select>
            {action.status === 'shipped' && (
              <Input
                label="Tracking note (optional)"
                maxLength={NOTE_MAX}
                placeholder="e.g. DTDC D123456789"
                value={action.note}
                onChange={(e) => setAction({ ...action, note: e.target.value })}
              />
            )}
            {action.status === 'cancelled' && (
              <Input
                label="Reason (optional, the customer sees it)"
                maxLength={NOTE_MAX}
                value={action.note}
                onChange={(e) => setAction({ ...action, note: e.target.value })}
              />
            )}
          </>
        )}
      </AdminActionDialog>
    </div>
  );
}
