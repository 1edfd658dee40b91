import { useState } from 'react';
import { referralActionMessages as m, referralStatuses, referredTypes, type AdminReferral, type AdminReferralPage, type ReferralStatus, type ReferredType } from '../../../contracts/admin-merchants.contract';
import { Button } from '../../ui/Button';
import { DataTable, ExportLink, ListSearch, type Column } from '../../ui/DataTable';
import { Select } from '../../ui/Field';
import { formatDate } from '../../ui/format-date';
import { StatusBadge } from '../../ui/StatusBadge';
import { StepUpDialog } from './step-up-dialog';
import { useAdminAction } from './use-admin-action';
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
  { key: 'points', header: 'Points awarded', numeric: true, render: (r) => r.pointsAwarded.toLocaleString('en-IN') },
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

/** The Referrals tab: who referred whom; Change status (it awards no points), with a fresh code. */
export function ReferralsTab() {
  const list = useAdminList<AdminReferralPage>('/api/admin/referrals', { sort: 'createdAt', filters: { status: '', referredType: '' } });
  const perform = useAdminAction();
  const [target, setTarget] = useState<AdminReferral | null>(null);
  const [status, setStatus] = useState<ReferralStatus>('qualified');
  const data = list.query.data;

  const open = (r: AdminReferral) => {
    setStatus(referralStatuses.find((s) => s !== r.status) ?? 'qualified');
    setTarget(r);
  };
  const confirm = async (code: string) =>
    target && perform({ path: `/api/admin/referrals/${target.id}/status`, body: { status, code }, success: m.updated, failure: m.updateFailed, toast: 'referral-status', onDone: () => setTarget(null) });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <ListSearch label="Search by name, email, referral code or id" value={list.q} onSearch={list.search} />
        <div className="w-36">
          <Select label="Status" value={list.filters.status} onChange={(e) => list.setFilter('status', e.target.value)}>
            <option value="">Any status</option>
            {referralStatuses.map((s) => (
              <option key={s} value={s}>
                {statusLabels[s]}
              </option>
            ))}
          </Select>
        </div>
        <div className="w-40">
          <Select label="Referred type" value={list.filters.referredType} onChange={(e) => list.setFilter('referredType', e.target.value)}>
            <option value="">All types</option>
            {referredTypes.map((x) => (
              <option key={x} value={x}>
                {typeLabels[x]}
              </option>
            ))}
          </Select>
        </div>
        <ExportLink href={list.exportHref} />
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {data ? `${data.total.toLocaleString('en-IN')} ${data.total === 1 ? 'referral' : 'referrals'}` : '\u00a0'}
      </p>
      <DataTable
        label="Referrals"
        columns={columns}
        {...list.tableProps('referrals')}
        rowKey={(r) => r.id}
        emptyTitle="No referrals"
        emptyText={list.q || list.filters.status || list.filters.referredType ? 'Nothing matches the search and filters.' : 'Nobody has registered with a referral code yet.'}
        actions={(r) => (
          <Button size="sm" variant="secondary" onClick={() => open(r)} aria-label={`Change status: ${r.referrerName} referred ${r.referredName}`}>
            Change status
          </Button>
        )}
      />
      <StepUpDialog
        open={target !== null}
        title="Change referral status"
        actionLabel={`Set to ${statusLabels[status].toLowerCase()}`}
        description={
          target && (
            <>
              <p>
                <span className="font-medium text-slate-900">{target.referrerName}</span> referred <span className="font-medium text-slate-900">{target.referredName}</span> ({typeLabels[target.referredType].toLowerCase()}),
                now {statusLabels[target.status].toLowerCase()}.
              </p>
              <p className="mt-2">
                This only changes the status: it awards no points to anyone. Qualified records today as the qualification date, and redeemed records today as the redemption date (and the qualification date), each only when none is recorded yet.
              </p>
            </>
          )
        }
        ready={target !== null && status !== target.status}
        onCancel={() => setTarget(null)}
        onConfirm={confirm}
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
      </StepUpDialog>
    </div>
  );
}
