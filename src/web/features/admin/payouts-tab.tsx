import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDay, payoutStatuses } from '../../../contracts/earnings.contract';
import { payoutDestination } from '../../../contracts/payout-details.contract';
import {
  adminPayoutMessages as m,
  BANK_UTR_MAX,
  payoutReferenceProblem,
  payoutStatusFilters,
  setRouteAccountSchema,
  type AdminPayableVendor,
  type AdminPayableVendorPage,
  type AdminPayout,
  type AdminPayoutPage,
  type PayoutRoute,
} from '../../../contracts/payouts.contract';
import { api } from '../../api/client';
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
import { paidOrPrepared, SecondApprovalNote, usePendingApprovals } from './second-approval';
import { RatesSection } from './rate-form-parts';
import { useAdminList } from './use-admin-list';

// The Payouts tab: what Haat owes each vendor, and the payouts, made by hand
// (bank transfer or UPI, then marked paid with its reference) or, when the server says Razorpay Route
// is enabled, as a Route transfer to the vendor's linked account (acc_…, set per vendor here).

const statusLabels: Record<(typeof payoutStatuses)[number], string> = {
  created: 'Being paid',
  transferring: 'Being transferred',
  paid: 'Paid',
  cancelled: 'Cancelled',
};
const statusTones: Record<(typeof payoutStatuses)[number], string> = {
  created: 'confirmed',
  transferring: 'processing',
  paid: 'paid',
  cancelled: 'cancelled',
};
const filterLabels = (s: (typeof payoutStatusFilters)[number]) => (s === 'all' ? 'All' : statusLabels[s]);
const methodText = (method: string | null) =>
  method === 'upi' ? 'UPI' : method === 'bank' ? 'Bank transfer' : method === 'route' ? 'Razorpay Route' : '—';

/** Whether the server pays payouts through Razorpay Route (GET /api/admin/payouts/route); false until it answers. */
function useRouteEnabled(): boolean {
  const route = useQuery({
    queryKey: ['admin', 'payout-route'],
    queryFn: () => api.get<PayoutRoute>('/api/admin/payouts/route'),
  });
  return route.data?.enabled ?? false;
}

const payableColumns = (routeOn: boolean): Column<AdminPayableVendor>[] => [
  {
    key: 'vendor',
    header: 'Vendor',
    sortKey: 'vendor',
    render: (v) => (
      <>
        <span className="font-medium text-slate-900">{v.businessName}</span>
        <br />
        <span className="text-xs break-words text-slate-600">
          {v.payout ? payoutDestination(v.payout) : 'No payout details yet'}
        </span>
        {(routeOn || v.routeAccountId) && (
          <>
            <br />
            <span className="text-xs break-all text-slate-600">
              Route account: {v.routeAccountId ? <span className="font-mono">{v.routeAccountId}</span> : 'not set'}
            </span>
          </>
        )}
      </>
    ),
  },
  {
    key: 'pending',
    header: 'Pending',
    sortKey: 'pending',
    numeric: true,
    render: (v) => <Money paise={v.pendingPaise} />,
  },
  {
    key: 'payable',
    header: 'Payable',
    sortKey: 'payable',
    numeric: true,
    render: (v) => (
      <Money paise={v.payablePaise} className={v.payablePaise < 0 ? 'text-red-700' : 'font-semibold text-slate-900'} />
    ),
  },
  { key: 'paid', header: 'Paid', numeric: true, render: (v) => <Money paise={v.paidPaise} /> },
  {
    key: 'open',
    header: 'Open payout',
    render: (v) =>
      v.openPayout ? (
        <>
          <Money paise={v.openPayout.amountPaise} />
          <br />
          <span className="text-xs text-slate-600">up to {formatDay(v.openPayout.periodTo)}, being paid</span>
        </>
      ) : (
        <span className="text-slate-500">None</span>
      ),
  },
];

const payoutColumns: Column<AdminPayout>[] = [
  {
    key: 'vendor',
    header: 'Vendor',
    sortKey: 'vendor',
    render: (p) => <span className="font-medium text-slate-900">{p.businessName}</span>,
  },
  { key: 'period', header: 'Period', render: (p) => `${formatDay(p.periodFrom)} to ${formatDay(p.periodTo)}` },
  { key: 'amount', header: 'Amount', sortKey: 'amount', numeric: true, render: (p) => <Money paise={p.amountPaise} /> },
  {
    key: 'status',
    header: 'Status',
    render: (p) => <StatusBadge status={statusTones[p.status]} text={statusLabels[p.status]} />,
  },
  {
    key: 'reference',
    header: 'Reference',
    render: (p) => (
      <>
        {methodText(p.method)}
        {p.reference && (
          <>
            <br />
            <span className="font-mono text-xs break-all">{p.reference}</span>
          </>
        )}
      </>
    ),
  },
  {
    key: 'dates',
    header: 'Created',
    sortKey: 'createdAt',
    render: (p) => (
      <>
        {formatDateTime(p.createdAt)}
        {p.paidAt && (
          <>
            <br />
            <span className="text-xs text-slate-600">Paid {formatDay(p.paidAt)}</span>
          </>
        )}
      </>
    ),
  },
];

const accountIdSchema = setRouteAccountSchema.shape.accountId;

/** Sets a vendor's Razorpay Route linked account (acc_…) with a fresh code. */
function RouteAccountDialog({ vendor, onClose }: { vendor: AdminPayableVendor | null; onClose: () => void }) {
  const [accountId, setAccountId] = useState('');
  const [touched, setTouched] = useState(false);
  const [shownFor, setShownFor] = useState<string | null>(null);
  if (vendor && shownFor !== vendor.vendorUserId) {
    setShownFor(vendor.vendorUserId);
    setAccountId(vendor.routeAccountId ?? '');
    setTouched(false);
  }
  const parsed = accountIdSchema.safeParse(accountId);
  return (
    <AdminActionDialog
      pending={vendor}
      onClose={() => {
        setShownFor(null);
        onClose();
      }}
      request={(v) => ({
        path: `/api/admin/vendors/${v.vendorUserId}/route-account`,
        method: 'PUT',
        body: { accountId: accountId.trim() },
        success: m.routeAccountSet,
        failure: m.routeAccountFailed,
        toast: 'route-account',
      })}
      title={vendor ? `Route account of ${vendor.businessName}` : 'Route account'}
      actionLabel="Save account"
      description={
        <p>
          The vendor's Razorpay Route linked account, from the Razorpay dashboard once Razorpay has onboarded the
          vendor. Payouts paid via Razorpay Route go to it.
        </p>
      }
      ready={parsed.success}
    >
      <Input
        label="Linked account id"
        value={accountId}
        onChange={(e) => setAccountId(e.target.value.trim())}
        onBlur={() => setTouched(true)}
        placeholder="acc_CPRsN1LkFccllA"
        autoCapitalize="off"
        autoComplete="off"
        spellCheck={false}
        required
        error={touched && !parsed.success ? m.routeAccountFormat : undefined}
        hint={m.routeAccountFormat}
      />
    </AdminActionDialog>
  );
}

/** Payable per vendor, with Settle for a vendor that has no open payout, and its Route account when Route is on. */
function PayablesSection() {
  const list = useAdminList<AdminPayableVendorPage>('/api/admin/payables', { sort: 'payable' });
  const routeOn = useRouteEnabled();
  const [settling, setSettling] = useState<AdminPayableVendor | null>(null);
  const [routing, setRouting] = useState<AdminPayableVendor | null>(null);
  return (
    <RatesSection
      id="admin-payables"
      title="Payable per vendor"
      lead="Pending waits for the return window; payable is owed now (below zero, a refund after a payout, taken from the next one); paid has been sent."
    >
      <ListSearch label="Search by vendor or id" value={list.q} onSearch={list.search} />
      <DataTable
        label="Payable per vendor"
        columns={payableColumns(routeOn)}
        {...list.tableProps('payable')}
        rowKey={(v) => v.vendorUserId}
        emptyTitle="No vendor has earned anything yet"
        emptyText={
          list.q ? 'Nothing matches the search.' : 'A vendor appears here once one of its orders is delivered.'
        }
        actions={(v) => (
          <>
            {v.openPayout === null && v.payablePaise > 0 && (
              <Button size="sm" onClick={() => setSettling(v)} aria-label={`Settle ${v.businessName}`}>
                Settle
              </Button>
            )}
            {routeOn && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setRouting(v)}
                aria-label={`Set the Route account of ${v.businessName}`}
              >
                {v.routeAccountId ? 'Change Route account' : 'Set Route account'}
              </Button>
            )}
          </>
        )}
      />
      <SettleDialog vendor={settling} onClose={() => setSettling(null)} />
      <RouteAccountDialog vendor={routing} onClose={() => setRouting(null)} />
    </RatesSection>
  );
}

type ActionKind = 'pay' | 'cancel' | 'transfer';
type Pending = { kind: ActionKind; payout: AdminPayout } | null;

const actionTexts: Record<ActionKind, { title: string; label: string; success: string; failure: string }> = {
  pay: { title: 'Mark payout as paid', label: 'Mark as paid', success: m.paid, failure: m.payFailed },
  cancel: { title: 'Cancel payout', label: 'Cancel payout', success: m.cancelled, failure: m.cancelFailed },
  transfer: {
    title: 'Pay via Razorpay Route',
    label: 'Transfer now',
    success: m.transferred,
    failure: m.transferNotDone,
  },
};

/** What the dialog says about the action on this payout. */
function actionText(kind: ActionKind, p: AdminPayout): string {
  if (kind === 'transfer' && p.status === 'transferring')
    return 'Its transfer was asked for but no answer came back. Trying again asks Razorpay with the same key: it answers the transfer already made, or makes it now, never a second one. Possible 2 minutes after the last try.';
  if (kind === 'transfer')
    return "Razorpay Route transfers it from Haat's Razorpay balance to the vendor's linked account now; the payout is marked paid with the transfer id.";
  if (kind === 'cancel')
    return 'The payout is cancelled and its amount becomes payable again; settle the vendor again to pay it.';
  if (p.status === 'transferring')
    return 'Its Razorpay Route transfer was asked for but no answer was recorded: find the transfer in the Razorpay dashboard and enter its id (trf_…).';
  return 'Send the money first, then enter its reference.';
}

/** The reference input's value as typed: digits for UPI, letters and digits for a UTR, a trf_ id kept as is. */
function typedReference(value: string, kind: 'upi' | 'utr' | 'transfer'): string {
  if (kind === 'transfer') return value.trim().slice(0, 18);
  if (kind === 'upi') return value.replace(/\D/g, '').slice(0, UPI_REFERENCE_DIGITS);
  return value
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, BANK_UTR_MAX);
}

/** The payouts, with Mark paid (the transfer's reference), Pay via Razorpay Route (when on) and Cancel, each with a fresh code. */
function PayoutsSection() {
  const list = useAdminList<AdminPayoutPage>('/api/admin/payouts', { sort: 'createdAt', filters: { status: 'all' } });
  const routeOn = useRouteEnabled();
  const approvals = usePendingApprovals('payouts');
  const qc = useQueryClient();
  const [action, setAction] = useState<Pending>(null);
  const [reference, setReference] = useState('');
  const transferring = action?.payout.status === 'transferring';
  const referenceKind = transferring ? 'transfer' : action?.payout.method === 'upi' ? 'upi' : 'utr';
  const open = (kind: ActionKind, payout: AdminPayout) => {
    setReference('');
    setAction({ kind, payout });
  };
  return (
    <RatesSection
      id="admin-payouts"
      title="Payouts"
      lead={
        routeOn
          ? "Pay a payout via Razorpay Route (a transfer to the vendor's linked account), or send the money by bank transfer or UPI and mark it paid with the bank UTR or the UPI reference. The vendor sees it in its Earnings."
          : 'Send the money by bank transfer or UPI, then mark the payout paid with the bank UTR or the UPI reference. The vendor sees it in its Earnings.'
      }
    >
      <AdminListToolbar list={list} searchLabel="Search by vendor, reference or id">
        <ListFilter
          list={list}
          name="status"
          label="Status"
          width="w-40"
          choices={payoutStatusFilters}
          labels={filterLabels}
        />
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
          p.status === 'created' || p.status === 'transferring' ? (
            <>
              <SecondApprovalNote approval={approvals.get(p.id)} />
              {p.status === 'created' && routeOn && (
                <Button
                  size="sm"
                  onClick={() => open('transfer', p)}
                  aria-label={`Pay via Razorpay Route: ${p.businessName}`}
                >
                  Pay via Razorpay Route
                </Button>
              )}
              {p.status === 'transferring' && routeOn && (
                <Button
                  size="sm"
                  onClick={() => open('transfer', p)}
                  aria-label={`Try the Route transfer again: ${p.businessName}`}
                >
                  Try the transfer again
                </Button>
              )}
              <Button
                size="sm"
                variant={p.status === 'created' && routeOn ? 'secondary' : undefined}
                onClick={() => open('pay', p)}
                aria-label={`${approvals.has(p.id) ? 'Approve and mark paid' : 'Mark paid'}: ${p.businessName}`}
              >
                {approvals.has(p.id) ? 'Approve & mark paid' : 'Mark paid'}
              </Button>
              {p.status === 'created' && (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => open('cancel', p)}
                  aria-label={`Cancel payout: ${p.businessName}`}
                >
                  Cancel
                </Button>
              )}
            </>
          ) : null
        }
      />
      <AdminActionDialog
        pending={action}
        onClose={() => setAction(null)}
        // A refused transfer may have moved the payout (back to created, or left being transferred): show it as it is now.
        onRefused={() => void qc.invalidateQueries({ queryKey: ['admin', '/api/admin/payouts'] })}
        request={({ kind, payout }) => ({
          path: `/api/admin/payouts/${payout.id}/${kind}`,
          body: kind === 'pay' ? { reference: reference.trim() } : {},
          success: kind === 'cancel' ? actionTexts[kind].success : paidOrPrepared(actionTexts[kind].success),
          failure: actionTexts[kind].failure,
          toast: 'payout',
        })}
        title={action ? actionTexts[action.kind].title : 'Payout'}
        actionLabel={action ? actionTexts[action.kind].label : 'Confirm'}
        description={
          action && (
            <p>
              <Money paise={action.payout.amountPaise} /> to {action.payout.businessName} for{' '}
              {formatDay(action.payout.periodFrom)} to {formatDay(action.payout.periodTo)}
              {action.kind === 'transfer' || transferring
                ? ', by Razorpay Route'
                : `, by ${action.payout.method === 'upi' ? 'UPI' : 'bank transfer'}`}
              . {actionText(action.kind, action.payout)}
            </p>
          )
        }
        ready={
          action?.kind === 'pay'
            ? payoutReferenceProblem(action.payout.method, reference.trim(), transferring) === null
            : true
        }
      >
        {action?.kind === 'pay' && (
          <Input
            label={
              referenceKind === 'transfer'
                ? 'Razorpay transfer id'
                : referenceKind === 'upi'
                  ? 'UPI transaction reference'
                  : 'Bank UTR'
            }
            value={reference}
            onChange={(e) => setReference(typedReference(e.target.value, referenceKind))}
            inputMode={referenceKind === 'upi' ? 'numeric' : 'text'}
            autoCapitalize={referenceKind === 'transfer' ? 'off' : 'characters'}
            spellCheck={false}
            required
            placeholder={referenceKind === 'transfer' ? 'trf_JqpKevElHShZkw' : undefined}
            hint={
              referenceKind === 'transfer'
                ? m.transferIdFormat
                : referenceKind === 'upi'
                  ? m.upiReference
                  : m.bankReference
            }
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
