import { useState } from 'react';
import {
  referralActionMessages as m,
  referralStatuses,
  referredTypes,
  type AdminReferral,
  type AdminReferralPage,
  type ReferralStatus,
  type ReferredType,
} from '../../../contracts/admin-merchants.contract';
import { Button } from '../../ui/Button';
import { DataTable, type Column } from '../../ui/DataTable';
import { Select } from '../../ui/Field';
import { formatDate } from '../../ui/format-date';
import { StatusBadge } from '../../ui/StatusBadge';
import { AdminActionDialog } from './admin-action-dialog';
import { AdminListToolbar, ListCount, ListFilter } from './admin-list-parts';
import { useDeleteAction } from './delete-dialog';
import { useAdminList } from './use-admin-list';

const statusLabels: Record<ReferralStatus, string> = { active: 'Active', qualified: 'Qualified', redeemed: 'Redeemed' };
const typeLabels: Record<ReferredType, string> = { customer: 'Customer', vendor: 'Vendor', merchant: 'Merchant' };

const person = (name: string, email: string) => (
  <>
    <span className="font-medium text-slate-900">{name}</span>
    {name !== email && (
      <>
        <br />
        <span className="break-all text-slate-600">{email}</span>
      </>
    )}
  </>
);

const columns: Column<AdminReferral>[] = [
  { key: 'referrer', header: 'Referrer', render: (r) => person(r.referrerName, r.referrerEmail) },
  {
    key: 'referred',
    header: 'Referred',
    render: (r) => (
      <>
        {person(r.referredName, r.referredEmail)}
        <br />
        <span className="text-xs text-slate-600">{typeLabels[r.referredType]}</span>
      </>
    ),
  },
  { key: 'code', header: 'Code', render: (r) => <span className="font-mono">{r.referralCode}</span> },
  { key: 'status', header: 'Status', sortKey: 'status', render: (r) => <StatusBadge status={r.status} /> },
  {
    key: 'points',
    header: 'Points awarded',
    numeric: true,
    render: (r) => (
      <>
        {r.pointsAwarded.toLocaleString('en-IN')}
        <span className="block text-xs text-slate-600">{r.rewardPaid ? 'Reward paid' : 'Nothing paid'}</span>
      </>
    ),
  },
  { key: 'created', header: 'Referred on', sortKey: 'createdAt', render: (r) => formatDate(r.createdAt) },
  {
    key: 'dates',
    header: 'Qualified / redeemed',
    render: (r) => (
      <>
        {r.qualificationDate ? `Qualified ${formatDate(r.qualificationDate)}` : '—'}
        {r.redemptionDate && (
          <>
            <br />
            <span className="text-slate-600">Redeemed {formatDate(r.redemptionDate)}</span>
          </>
        )}
      </>
    ),
  },
];

/** The Referrals tab: who referred whom; Change status (it awards no points) and, while it has paid nothing, Delete, each with a fresh code. */
export function ReferralsTab() {
  const list = useAdminList<AdminReferralPage>('/api/admin/referrals', {
    sort: 'createdAt',
    filters: { status: '', referredType: '' },
  });
  const remove = useDeleteAction('referral');
  const [target, setTarget] = useState<AdminReferral | null>(null);
  const [status, setStatus] = useState<ReferralStatus>('qualified');

  const open = (r: AdminReferral) => {
    setStatus(referralStatuses.find((s) => s !== r.status) ?? 'qualified');
    setTarget(r);
  };

  return (
    <div className="space-y-4">
      <AdminListToolbar list={list} searchLabel="Search by name, email, referral code or id">
        <ListFilter
          list={list}
          name="status"
          label="Status"
          width="w-36"
          choices={referralStatuses}
          labels={statusLabels}
          any="Any status"
        />
        <ListFilter
          list={list}
          name="referredType"
          label="Referred type"
          width="w-40"
          choices={referredTypes}
          labels={typeLabels}
          any="All types"
        />
      </AdminListToolbar>
      <ListCount page={list.query.data} noun={['referral', 'referrals']} />
      <DataTable
        label="Referrals"
        columns={columns}
        {...list.tableProps('referrals')}
        rowKey={(r) => r.id}
        emptyTitle="No referrals"
        emptyText={
          list.q || list.filters.status || list.filters.referredType
            ? 'Nothing matches the search and filters.'
            : 'Nobody has registered with a referral code yet.'
        }
        actions={(r) => (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => open(r)}
              aria-label={`Change status: ${r.referrerName} referred ${r.referredName}`}
            >
              Change status
            </Button>
            {/* A referral that paid its referrer stays on record. */}
            {!r.rewardPaid && remove.button(r.id, `Referral: ${r.referrerName} referred ${r.referredName}`)}
          </div>
        )}
      />
      {remove.dialog}
      <AdminActionDialog
        pending={target}
        onClose={() => setTarget(null)}
        request={(referral) => ({
          path: `/api/admin/referrals/${referral.id}/status`,
          body: { status },
          success: m.updated,
          failure: m.updateFailed,
          toast: 'referral-status',
        })}
        title="Change referral status"
        actionLabel={`Set to ${statusLabels[status].toLowerCase()}`}
        description={
          target && (
            <>
              <p>
                <span className="font-medium text-slate-900">{target.referrerName}</span> referred{' '}
                <span className="font-medium text-slate-900">{target.referredName}</span> (
                {typeLabels[target.referredType].toLowerCase()}), now {statusLabels[target.status].toLowerCase()}.
              </p>
              <p className="mt-2">
                This only changes the status: it awards no points to anyone. Qualified records today as the
                qualification date, and redeemed records today as the redemption date (and the qualification date), each
                only when none is recorded yet.
              </p>
            </>
          )
        }
        ready={target !== null && status !== target.status}
      >
        {target && (
          <Select label="New status" value={status} onChange={(e) => setStatus(e.target.value as ReferralStatus)}>
            {referralStatuses.map((s) => (
              <option key={s} value={s} disabled={s === target.status}>
                {s === target.status ? `${statusLabels[s]} (current)` : statusLabels[s]}
              </option>
            ))}
          </Select>
        )}
      </AdminActionDialog>
    </div>
  );
}
