import { useState } from 'react';
import { ADMIN_REASON_MAX } from '../../../contracts/admin-lists.contract';
import { payoutDestination } from '../../../contracts/payout-details.contract';
import {
  rejectVendorSchema,
  vendorActionMessages as m,
  vendorApprovalFilters,
  type AdminVendor,
  type AdminVendorPage,
  type VendorApprovalFilter,
} from '../../../contracts/admin-vendors.contract';
import { Button } from '../../ui/Button';
import { DataTable, type Column } from '../../ui/DataTable';
import { Textarea } from '../../ui/Field';
import { formatDate } from '../../ui/format-date';
import { Money } from '../../ui/Money';
import { StatusBadge } from '../../ui/StatusBadge';
import { AdminActionDialog } from './admin-action-dialog';
import { AdminListToolbar, ListCount, ListFilter } from './admin-list-parts';
import { vendorDetailsForm } from './admin-details-forms';
import { useEditDetailsAction } from './admin-edit-details-dialog';
import { useDeleteAction } from './delete-dialog';
import { useAdminList } from './use-admin-list';

const filterLabels: Record<VendorApprovalFilter, string> = {
  all: 'All vendors',
  approved: 'Approved',
  rejected: 'Rejected',
};
const count = (n: number) => n.toLocaleString('en-IN');

const columns: Column<AdminVendor>[] = [
  {
    key: 'business',
    header: 'Business',
    sortKey: 'businessName',
    render: (v) => (
      <>
        <span className="font-medium text-slate-900">{v.businessName}</span>
        {v.address && (
          <>
            <br />
            <span className="text-xs text-slate-600">{v.address}</span>
          </>
        )}
      </>
    ),
  },
  {
    key: 'contact',
    header: 'Contact',
    sortKey: 'email',
    render: (v) => (
      <>
        <span className="break-all">{v.email}</span>
        {v.phone && (
          <>
            <br />
            <span className="text-slate-600">{v.phone}</span>
          </>
        )}
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    render: (v) => (
      <>
        <StatusBadge status={v.isApproved ? 'approved' : 'rejected'} />
        {!v.isApproved && v.rejectionReason && (
          <span className="mt-1 block text-xs text-slate-600">{v.rejectionReason}</span>
        )}
      </>
    ),
  },
  {
    key: 'payout',
    header: 'Payout & tax',
    render: (v) =>
      v.payout ? (
        <span className="text-xs text-slate-700">
          <span className="break-all text-sm text-slate-900">{payoutDestination(v.payout)}</span>
          <br />
          PAN {v.payout.pan ?? 'not given'} · GSTIN {v.payout.gstin ?? 'not given'}
          {v.payout.gstin === null && ` · Enrolment no. ${v.payout.enrolmentNumber ?? 'not given'}`}
          <br />
          <span className="text-slate-600">changed {formatDate(v.payout.updatedAt)}</span>
        </span>
      ) : (
        <span className="text-xs text-slate-600">Not given yet</span>
      ),
  },
  { key: 'products', header: 'Products', numeric: true, render: (v) => count(v.totalProducts) },
  { key: 'orders', header: 'Orders', numeric: true, render: (v) => count(v.totalOrders) },
  {
    key: 'revenue',
    header: 'Revenue',
    sortKey: 'totalRevenue',
    numeric: true,
    render: (v) => <Money paise={v.totalRevenuePaise} />,
  },
  { key: 'registered', header: 'Registered', sortKey: 'registeredAt', render: (v) => formatDate(v.registeredAt) },
];

type Pending = { kind: 'approve' | 'reject'; vendor: AdminVendor } | null;

/** The Vendors tab: every vendor with its totals; Reject (with a reason) or Approve, each with a fresh code. */
export function VendorsTab() {
  const list = useAdminList<AdminVendorPage>('/api/admin/vendors', {
    sort: 'registeredAt',
    filters: { approval: 'all' },
  });
  const remove = useDeleteAction('vendor');
  const editDetails = useEditDetailsAction(vendorDetailsForm);
  const [action, setAction] = useState<Pending>(null);
  const [reason, setReason] = useState('');
  const approval = list.filters.approval as VendorApprovalFilter;

  const open = (kind: 'approve' | 'reject', vendor: AdminVendor) => {
    setReason('');
    setAction({ kind, vendor });
  };

  return (
    <div className="space-y-4">
      <AdminListToolbar list={list} searchLabel="Search by business name, email or id">
        <ListFilter
          list={list}
          name="approval"
          label="Approval"
          width="w-40"
          choices={vendorApprovalFilters}
          labels={filterLabels}
        />
      </AdminListToolbar>
      <ListCount
        page={list.query.data}
        noun={['vendor', 'vendors']}
        qualifier={approval === 'all' ? '' : filterLabels[approval].toLowerCase()}
      />
      <DataTable
        label="Vendors"
        columns={columns}
        {...list.tableProps('vendors')}
        rowKey={(v) => v.id}
        emptyTitle={approval === 'all' ? 'No vendors yet' : `No ${filterLabels[approval].toLowerCase()} vendors`}
        emptyText={list.q ? 'Nothing matches the search.' : undefined}
        actions={(v) => (
          <div className="flex flex-wrap gap-2">
            {editDetails.button(v.id, `vendor: ${v.businessName} (${v.email})`)}
            {v.isApproved ? (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => open('reject', v)}
                aria-label={`Reject vendor: ${v.businessName}`}
              >
                Reject
              </Button>
            ) : (
              <Button size="sm" onClick={() => open('approve', v)} aria-label={`Approve vendor: ${v.businessName}`}>
                Approve
              </Button>
            )}
            {remove.button(v.id, `vendor: ${v.businessName} (${v.email})`)}
          </div>
        )}
      />
      <AdminActionDialog
        pending={action}
        onClose={() => setAction(null)}
        request={({ kind, vendor }) => ({
          path: `/api/admin/vendors/${vendor.id}/${kind}`,
          body: kind === 'approve' ? {} : { reason: reason.trim() },
          success: kind === 'approve' ? m.approved : m.rejected,
          failure: kind === 'approve' ? m.approveFailed : m.rejectFailed,
          toast: 'vendor-approval',
        })}
        title={action?.kind === 'approve' ? 'Approve vendor' : 'Reject vendor'}
        actionLabel={action?.kind === 'approve' ? 'Approve' : 'Reject'}
        description={
          action && (
            <p>
              <span className="font-medium text-slate-900">{action.vendor.businessName}</span> ({action.vendor.email}
              {action.vendor.totalProducts > 0
                ? `, ${count(action.vendor.totalProducts)} ${action.vendor.totalProducts === 1 ? 'product' : 'products'}`
                : ''}
              ).{' '}
              {action.kind === 'approve'
                ? 'The vendor’s products return to the storefront and can be bought again (shops the vendor closed stay closed).'
                : 'The vendor’s shops and products leave the storefront at once: shoppers can no longer find or buy them. Orders already placed are not affected.'}
            </p>
          )
        }
        ready={action?.kind === 'approve' || rejectVendorSchema.shape.reason.safeParse(reason).success}
      >
        {action?.kind === 'reject' && (
          <Textarea
            label="Reason for rejection"
            value={reason}
            onChange={(e) => setReason(e.target.value.slice(0, ADMIN_REASON_MAX))}
            rows={3}
            required
            hint={m.reasonRequired}
          />
        )}
      </AdminActionDialog>
      {remove.dialog}
      {editDetails.dialog}
    </div>
  );
}
