import { useState } from 'react';
import { ADMIN_REASON_MAX } from '../../../contracts/admin-lists.contract';
import { rejectVendorSchema, vendorActionMessages as m, vendorApprovalFilters, type AdminVendor, type AdminVendorPage, type VendorApprovalFilter } from '../../../contracts/admin-vendors.contract';
import { Button } from '../../ui/Button';
import { DataTable, ExportLink, ListSearch, type Column } from '../../ui/DataTable';
import { Select, Textarea } from '../../ui/Field';
import { formatDate } from '../../ui/format-date';
import { Money } from '../../ui/Money';
import { StatusBadge } from '../../ui/StatusBadge';
import { useDeleteAction } from './delete-dialog';
import { StepUpDialog } from './step-up-dialog';
import { useAdminAction } from './use-admin-action';
import { useAdminList } from './use-admin-list';

const filterLabels: Record<VendorApprovalFilter, string> = { all: 'All vendors', approved: 'Approved', rejected: 'Rejected' };
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
        {!v.isApproved && v.rejectionReason && <span className="mt-1 block text-xs text-slate-600">{v.rejectionReason}</span>}
      </>
    ),
  },
  { key: 'products', header: 'Products', numeric: true, render: (v) => count(v.totalProducts) },
  { key: 'orders', header: 'Orders', numeric: true, render: (v) => count(v.totalOrders) },
  { key: 'revenue', header: 'Revenue', sortKey: 'totalRevenue', numeric: true, render: (v) => <Money paise={v.totalRevenuePaise} /> },
  { key: 'registered', header: 'Registered', sortKey: 'registeredAt', render: (v) => formatDate(v.registeredAt) },
];

type Pending = { kind: 'approve' | 'reject'; vendor: AdminVendor } | null;

/** The Vendors tab: every vendor with its totals; Reject (with a reason) or Approve, each with a fresh code. */
export function VendorsTab() {
  const list = useAdminList<AdminVendorPage>('/api/admin/vendors', { sort: 'registeredAt', filters: { approval: 'all' } });
  const perform = useAdminAction();
  const remove = useDeleteAction('vendor');
  const [action, setAction] = useState<Pending>(null);
  const [reason, setReason] = useState('');
  const data = list.query.data;
  const approval = list.filters.approval as VendorApprovalFilter;

  const open = (kind: 'approve' | 'reject', vendor: AdminVendor) => {
    setReason('');
    setAction({ kind, vendor });
  };
  const confirm = async (code: string) => {
    if (!action) return null;
    const { kind, vendor } = action;
    const approve = kind === 'approve';
    return perform({
      path: `/api/admin/vendors/${vendor.id}/${kind}`,
      body: approve ? { code } : { reason: reason.trim(), code },
      success: approve ? m.approved : m.rejected,
      failure: approve ? m.approveFailed : m.rejectFailed,
      toast: 'vendor-approval',
      onDone: () => setAction(null),
    });
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <ListSearch label="Search by business name, email or id" value={list.q} onSearch={list.search} />
        <div className="w-40">
          <Select label="Approval" value={approval} onChange={(e) => list.setFilter('approval', e.target.value)}>
            {vendorApprovalFilters.map((f) => (
              <option key={f} value={f}>
                {filterLabels[f]}
              </option>
            ))}
          </Select>
        </div>
        <ExportLink href={list.exportHref} />
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {data ? `${count(data.total)} ${approval === 'all' ? '' : `${filterLabels[approval].toLowerCase()} `}${data.total === 1 ? 'vendor' : 'vendors'}` : '\u00a0'}
      </p>
      <DataTable
        label="Vendors"
        columns={columns}
        {...list.tableProps('vendors')}
        rowKey={(v) => v.id}
        emptyTitle={approval === 'all' ? 'No vendors yet' : `No ${filterLabels[approval].toLowerCase()} vendors`}
        emptyText={list.q ? 'Nothing matches the search.' : undefined}
        actions={(v) => (
          <div className="flex flex-wrap gap-2">
            {v.isApproved ? (
              <Button size="sm" variant="secondary" onClick={() => open('reject', v)} aria-label={`Reject vendor: ${v.businessName}`}>
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
      <StepUpDialog
        open={action !== null}
        title={action?.kind === 'approve' ? 'Approve vendor' : 'Reject vendor'}
        actionLabel={action?.kind === 'approve' ? 'Approve' : 'Reject'}
        description={
          action && (
            <p>
              <span className="font-medium text-slate-900">{action.vendor.businessName}</span> ({action.vendor.email}
              {action.vendor.totalProducts > 0 ? `, ${count(action.vendor.totalProducts)} ${action.vendor.totalProducts === 1 ? 'product' : 'products'}` : ''}).{' '}
              {action.kind === 'approve'
                ? 'The vendor’s products return to the storefront and can be bought again (shops the vendor closed stay closed).'
                : 'The vendor’s shops and products leave the storefront at once: shoppers can no longer find or buy them. Orders already placed are not affected.'}
            </p>
          )
        }
        ready={action?.kind === 'approve' || rejectVendorSchema.shape.reason.safeParse(reason).success}
        onCancel={() => setAction(null)}
        onConfirm={confirm}
      >
        {action?.kind === 'reject' && (
          <Textarea label="Reason for rejection" value={reason} onChange={(e) => setReason(e.target.value.slice(0, ADMIN_REASON_MAX))} rows={3} required hint={m.reasonRequired} />
        )}
      </StepUpDialog>
      {remove.dialog}
    </div>
  );
}
