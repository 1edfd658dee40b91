import { useState } from 'react';
import {
  ADMIN_REASON_MAX,
  payWithdrawalSchema,
  rejectWithdrawalSchema,
  withdrawalMessages as m,
  withdrawalStatuses,
  type AdminWithdrawal,
  type AdminWithdrawalPage,
} from '../../../contracts/admin-lists.contract';
import { UPI_REFERENCE_DIGITS } from '../../../contracts/common.contract';
import { Button } from '../../ui/Button';
import { DataTable, type Column } from '../../ui/DataTable';
import { Input, Textarea } from '../../ui/Field';
import { formatDateTime } from '../../ui/format-date';
import { Money } from '../../ui/Money';
import { AdminActionDialog } from './admin-action-dialog';
import { paidOrPrepared, SecondApprovalNote, usePendingApprovals } from './second-approval';
import { AdminListToolbar, ListCount, ListFilter } from './admin-list-parts';
import { useAdminList } from './use-admin-list';

const statusLabels: Record<(typeof withdrawalStatuses)[number], string> = {
  pending: 'Pending',
  paid: 'Paid',
  rejected: 'Rejected',
};

/** How long a request has waited, in words. */
function age(iso: string): string {
  const hours = Math.floor((Date.now() - Date.parse(iso)) / 3_600_000);
  if (hours < 1) return 'under an hour';
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

const columns: Column<AdminWithdrawal>[] = [
  {
    key: 'customer',
    header: 'Customer',
    sortKey: 'customer',
    render: (w) => (
      <>
        <span className="font-medium text-slate-900">{w.customerName}</span>
        <br />
        <span className="text-slate-600">{w.customerEmail}</span>
      </>
    ),
  },
  { key: 'upi', header: 'UPI ID', render: (w) => <span className="font-mono">{w.upiId}</span> },
  {
    key: 'amount',
    header: 'Amount',
    sortKey: 'points',
    numeric: true,
    render: (w) => (
      <>
        <Money paise={w.amountPaise} />
        <br />
        <span className="text-xs text-slate-500">{w.points.toLocaleString('en-IN')} points</span>
      </>
    ),
  },
  {
    key: 'requested',
    header: 'Requested',
    sortKey: 'createdAt',
    render: (w) => (
      <>
        {formatDateTime(w.createdAt)}
        <br />
        <span className="text-xs text-slate-500">
          {w.status === 'pending' ? `waiting ${age(w.createdAt)}` : statusLabels[w.status]}
        </span>
      </>
    ),
  },
  {
    key: 'outcome',
    header: 'Outcome',
    render: (w) =>
      w.status === 'paid'
        ? `Paid, ref ${w.upiReference}`
        : w.status === 'rejected'
          ? `Rejected: ${w.rejectReason}`
          : 'Waiting',
  },
];

type Pending = { kind: 'pay' | 'reject'; withdrawal: AdminWithdrawal } | null;

/** The Withdrawals tab: the queue of requests; Mark paid (UPI reference) or Reject (reason), each with a fresh code. */
export function WithdrawalsTab() {
  const list = useAdminList<AdminWithdrawalPage>('/api/admin/withdrawals', {
    sort: 'createdAt',
    dir: 'asc',
    filters: { status: 'pending' },
  });
  const [action, setAction] = useState<Pending>(null);
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const status = list.filters.status as AdminWithdrawal['status'];
  const approvals = usePendingApprovals('withdrawals');

  const open = (kind: 'pay' | 'reject', withdrawal: AdminWithdrawal) => {
    setReference('');
    setReason('');
    setAction({ kind, withdrawal });
  };

  return (
    <div className="space-y-4">
      <AdminListToolbar list={list} searchLabel="Search by customer, email, UPI ID or id">
        <ListFilter
          list={list}
          name="status"
          label="Status"
          width="w-40"
          choices={withdrawalStatuses}
          labels={statusLabels}
        />
      </AdminListToolbar>
      <ListCount page={list.query.data} noun={['request', 'requests']} qualifier={statusLabels[status].toLowerCase()} />
      <DataTable
        label="Withdrawal requests"
        columns={columns}
        {...list.tableProps('withdrawals')}
        rowKey={(w) => w.id}
        emptyTitle={status === 'pending' ? 'No requests waiting' : `No ${statusLabels[status].toLowerCase()} requests`}
        emptyText={list.q ? 'Nothing matches the search.' : undefined}
        actions={
          status === 'pending'
            ? (w) => (
                <>
                  <SecondApprovalNote approval={approvals.get(w.id)} />
                  <Button
                    size="sm"
                    onClick={() => open('pay', w)}
                    aria-label={`${approvals.has(w.id) ? 'Approve and mark paid' : 'Mark paid'}: ${w.customerName}, ${w.points} points`}
                  >
                    {approvals.has(w.id) ? 'Approve & mark paid' : 'Mark paid'}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => open('reject', w)}
                    aria-label={`Reject: ${w.customerName}, ${w.points} points`}
                  >
                    Reject
                  </Button>
                </>
              )
            : undefined
        }
      />
      <AdminActionDialog
        pending={action}
        onClose={() => setAction(null)}
        request={({ kind, withdrawal }) => ({
          path: `/api/admin/withdrawals/${withdrawal.id}/${kind}`,
          body: kind === 'pay' ? { upiReference: reference.trim() } : { reason: reason.trim() },
          success: kind === 'pay' ? paidOrPrepared(m.paid) : m.rejected,
          failure: kind === 'pay' ? m.payFailed : m.rejectFailed,
          toast: 'withdrawal',
        })}
        title={action?.kind === 'pay' ? 'Mark withdrawal as paid' : 'Reject withdrawal'}
        actionLabel={action?.kind === 'pay' ? 'Mark as paid' : 'Reject'}
        description={
          action && (
            <p>
              {action.withdrawal.customerName} asked for <Money paise={action.withdrawal.amountPaise} /> to{' '}
              <span className="font-mono">{action.withdrawal.upiId}</span>.{' '}
              {action.kind === 'pay'
                ? 'Send the money by UPI first, then enter the transaction reference.'
                : 'The points go back to the customer’s wallet, with your reason.'}
            </p>
          )
        }
        ready={
          action?.kind === 'pay'
            ? payWithdrawalSchema.shape.upiReference.safeParse(reference).success
            : rejectWithdrawalSchema.shape.reason.safeParse(reason).success
        }
      >
        {action?.kind === 'pay' ? (
          <Input
            label="UPI transaction reference"
            value={reference}
            onChange={(e) => setReference(e.target.value.replace(/\D/g, '').slice(0, UPI_REFERENCE_DIGITS))}
            inputMode="numeric"
            required
            hint={m.referenceFormat}
          />
        ) : (
          <Textarea
            label="Reason (the customer sees it)"
            value={reason}
            onChange={(e) => setReason(e.target.value.slice(0, ADMIN_REASON_MAX))}
            rows={3}
            required
          />
        )}
      </AdminActionDialog>
    </div>
  );
}
