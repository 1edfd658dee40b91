import { useState } from 'react';
import { formatDay, payoutStatuses } from '../../../contracts/earnings.contract';
import { payoutDestination } from '../../../contracts/payout-details.contract';
import {
  adminPayoutMessages as m,
  BANK_UTR_MAX,
  payoutReferenceProblem,
  payoutStatusFilters,
  type AdminPayableVendor,
  type AdminPayableVendorPage,
  type AdminPayout,
  type AdminPayoutPage,
} from '../../../contracts/payouts.contract';
import { UPI_REFERENCE_DIGITS } from '../../../contracts/common.contract';
import { Button } from '../../ui/Button';
import { DataTable, ListSearch, type Column } from '../../ui/DataTable';
import { Input } from '../../ui/Field';
import { formatDateTime } from '../../ui/format-date';
import { Money } from '../../ui/Money';
import { StatusBadge } from '../../ui/StatusBadge';
import { AdminActionDialog } from './admin-action-dialog';
import { AdminListToolbar, ListCount, ListFilter } from './admin-list-parts';
import { SettleDialog } from './payout-settle-dialog';
import { RatesSection } from './rate-form-parts';
import { useAdminList } from './use-admin-list';

// The Payouts tab (issue 22, point 6): what Haat owes each vendor, and the payouts made by hand
// (bank transfer or UPI, then marked paid with its reference). Razorpay Route is not built.

const statusLabels: Record<(typeof payoutStatuses)[number], string> = { created: 'Being paid', paid: 'Paid', cancelled: 'Cancelled' };
const filterLabels = (s: (typeof payoutStatusFilters)[number]) => (s === 'all' ? 'All' : statusLabels[s]);
const methodText = (method: string | null) => (method === 'upi' ? 'UPI' : method === 'bank' ? 'Bank transfer' : '—');

const payableColumns: Column<AdminPayableVendor>[] = [
  { key: 'vendor', header: 'Vendor', sortKey: 'vendor', render: (v) => (<><span className="font-medium text-slate-900">{v.businessName}</span><br /><span className="text-xs break-words text-slate-600">{v.payout ? payoutDestination(v.payout) : 'No payout details yet'}</span></>) },
  { key: 'pending', header: 'Pending', sortKey: 'pending', numeric: true, render: (v) => <Money paise={v.pendingPaise} /> },
  { key: 'payable', header: 'Payable', sortKey: 'payable', numeric: true, render: (v) => <Money paise={v.payablePaise} className={v.payablePaise < 0 ? 'text-red-700' : 'font-semibold text-slate-900'} /> },
  { key: 'paid', header: 'Paid', numeric: true, render: (v) => <Money paise={v.paidPaise} /> },
  { key: 'open', header: 'Open payout', render: (v) => (v.openPayout ? (<><Money paise={v.openPayout.amountPaise} /><br /><span className="text-xs text-slate-600">up to {formatDay(v.openPayout.periodTo)}, being paid</span></>) : <span className="text-slate-500">None</span>) },
];

const payoutColumns: Column<AdminPayout>[] = [
  { key: 'vendor', header: 'Vendor', sortKey: 'vendor', render: (p) => <span className="font-medium text-slate-900">{p.businessName}</span> },
  { key: 'period', header: 'Period', render: (p) => `${formatDay(p.periodFrom)} to ${formatDay(p.periodTo)}` },
  { key: 'amount', header: 'Amount', sortKey: 'amount', numeric: true, render: (p) => <Money paise={p.amountPaise} /> },
  { key: 'status', header: 'Status', render: (p) => <StatusBadge status={p.status === 'created' ? 'confirmed' : p.status} text={statusLabels[p.status]} /> },
  { key: 'reference', header: 'Reference', render: (p) => (<>{methodText(p.method)}{p.reference && (<><br /><span className="font-mono text-xs break-all">{p.reference}</span></>)}</>) },
  { key: 'dates', header: 'Created', sortKey: 'createdAt', render: (p) => (<>{formatDateTime(p.createdAt)}{p.paidAt && (<><br /><span className="text-xs text-slate-600">Paid {formatDay(p.paidAt)}</span></>)}</>) },
];

/** Payable per vendor, with Settle for a vendor that has no open payout. */
function PayablesSection() {
  const list = useAdminList<AdminPayableVendorPage>('/api/admin/payables', { sort: 'payable' });
  const [settling, setSettling] = useState<AdminPayableVendor | null>(null);
  return (
    <RatesSection id="admin-payables" title="Payable per vendor" lead="Pending waits for the return window; payable is owed now (below zero, a refund after a payout, taken from the next one); paid has been sent.">
      <ListSearch label="Search by vendor or id" value={list.q} onSearch={list.search} />
      <DataTable
        label="Payable per vendor"
        columns={payableColumns}
        {...list.tableProps('payable')}
        rowKey={(v) => v.vendorUserId}
        emptyTitle="No vendor has earned anything yet"
        emptyText={list.q ? 'Nothing matches the search.' : 'A vendor appears here once one of its orders is delivered.'}
        actions={(v) =>
          v.openPayout === null && v.payablePaise > 0 ? (
            <Button size="sm" onClick={() => setSettling(v)} aria-label={`Settle ${v.businessName}`}>
              Settle
            </Button>
          ) : null
        }
      />
      <SettleDialog vendor={settling} onClose={() => setSettling(null)} />
    </RatesSection>
  );
}

type Pending = { kind: 'pay' | 'cancel'; payout: AdminPayout } | null;

/** The payouts, with Mark paid (the transfer's reference) and Cancel for those being paid, each with a fresh code. */
function PayoutsSection() {
  const list = useAdminList<AdminPayoutPage>('/api/admin/payouts', { sort: 'createdAt', filters: { status: 'all' } });
  const [action, setAction] = useState<Pending>(null);
  const [reference, setReference] = useState('');
  const upi = action?.payout.method === 'upi';
  const open = (kind: 'pay' | 'cancel', payout: AdminPayout) => {
    setReference('');
    setAction({ kind, payout });
  };
  return (
    <RatesSection id="admin-payouts" title="Payouts" lead="Send the money by bank transfer or UPI, then mark the payout paid with the bank UTR or the UPI reference. The vendor sees it in its Earnings.">
      <AdminListToolbar list={list} searchLabel="Search by vendor, reference or id">
        <ListFilter list={list} name="status" label="Status" width="w-40" choices={payoutStatusFilters} labels={filterLabels} />
      </AdminListToolbar>
      <ListCount page={list.query.data} noun={['payout', 'payouts']} />
      <DataTable
        label="Payouts"
        columns={payoutColumns}
        {...list.tableProps('payouts')}
        rowKey={(p) => p.id}
        emptyTitle="No payouts yet"
        emptyText={list.q ? 'Nothing matches the search.' : 'Settle a vendor above to create its first payout.'}
        actions={(p) =>
          p.status === 'created' ? (
            <>
              <Button size="sm" onClick={() => open('pay', p)} aria-label={`Mark paid: ${p.businessName}`}>
                Mark paid
              </Button>
              <Button size="sm" variant="secondary" onClick={() => open('cancel', p)} aria-label={`Cancel payout: ${p.businessName}`}>
                Cancel
              </Button>
            </>
          ) : null
        }
      />
      <AdminActionDialog
        pending={action}
        onClose={() => setAction(null)}
        request={({ kind, payout }) => ({
          path: `/api/admin/payouts/${payout.id}/${kind}`,
          body: kind === 'pay' ? { reference: reference.trim() } : {},
          success: kind === 'pay' ? m.paid : m.cancelled,
          failure: kind === 'pay' ? m.payFailed : m.cancelFailed,
          toast: 'payout',
        })}
        title={action?.kind === 'pay' ? 'Mark payout as paid' : 'Cancel payout'}
        actionLabel={action?.kind === 'pay' ? 'Mark as paid' : 'Cancel payout'}
        description={
          action && (
            <p>
              <Money paise={action.payout.amountPaise} /> to {action.payout.businessName} for {formatDay(action.payout.periodFrom)} to {formatDay(action.payout.periodTo)}, by {action.payout.method === 'upi' ? 'UPI' : 'bank transfer'}.{' '}
              {action.kind === 'pay' ? 'Send the money first, then enter its reference.' : 'The payout is cancelled and its amount becomes payable again; settle the vendor again to pay it.'}
            </p>
          )
        }
        ready={action?.kind === 'pay' ? payoutReferenceProblem(action.payout.method, reference.trim()) === null : true}
      >
        {action?.kind === 'pay' && (
          <Input
            label={upi ? 'UPI transaction reference' : 'Bank UTR'}
            value={reference}
            onChange={(e) => setReference(upi ? e.target.value.replace(/\D/g, '').slice(0, UPI_REFERENCE_DIGITS) : e.target.value.toUpperCase().replace(/[^0-9A-Z]/g, '').slice(0, BANK_UTR_MAX))}
            inputMode={upi ? 'numeric' : 'text'}
            autoCapitalize="characters"
            required
            hint={upi ? m.upiReference : m.bankReference}
          />
        )}
      </AdminActionDialog>
    </RatesSection>
  );
}

/** The Payouts tab: payable per vendor with Settle, and the payouts with Mark paid and Cancel. */
export function PayoutsTab() {
  return (
    <div className="space-y-6">
      <PayablesSection />
      <PayoutsSection />
    </div>
  );
}
