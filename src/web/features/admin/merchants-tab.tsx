import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  merchantActionMessages as m,
  merchantVerifiedFilters,
  type AdminMerchant,
  type AdminMerchantPage,
  type MerchantCashbackAtStake,
  type MerchantVerifiedFilter,
} from '../../../contracts/admin-merchants.contract';
import { formatRupees } from '../../../domain/money';
import { api } from '../../api/client';
import { Button } from '../../ui/Button';
import { DataTable, type Column } from '../../ui/DataTable';
import { formatDate } from '../../ui/format-date';
import { Money } from '../../ui/Money';
import { AdminActionDialog } from './admin-action-dialog';
import { AdminListToolbar, ListCount, ListFilter } from './admin-list-parts';
import { merchantDetailsForm } from './admin-details-forms';
import { useEditDetailsAction } from './admin-edit-details-dialog';
import { useDeleteAction } from './delete-dialog';
import { useAdminList } from './use-admin-list';

const filterLabels: Record<MerchantVerifiedFilter, string> = {
  all: 'All merchants',
  verified: 'Verified',
  unverified: 'Unverified',
};
const count = (n: number) => n.toLocaleString('en-IN');

const columns: Column<AdminMerchant>[] = [
  {
    key: 'business',
    header: 'Business',
    sortKey: 'businessName',
    render: (x) => (
      <>
        <span className="font-medium text-slate-900">{x.businessName}</span>
        {x.name !== x.businessName && (
          <>
            <br />
            <span className="text-xs text-slate-600">{x.name}</span>
          </>
        )}
        <br />
        <span className="font-mono text-xs text-slate-600">{x.referralCode}</span>
      </>
    ),
  },
  {
    key: 'contact',
    header: 'Contact',
    render: (x) => (
      <>
        <span className="break-all">{x.email}</span>
        <br />
        <span className="text-slate-600">{x.mobileNumber}</span>
      </>
    ),
  },
  { key: 'upi', header: 'UPI ID', render: (x) => <span className="font-mono break-all">{x.upiId}</span> },
  {
    key: 'cashback',
    header: 'Cashback',
    numeric: true,
    render: (x) => `${x.cashbackPercentage.toLocaleString('en-IN', { maximumFractionDigits: 2 })}%`,
  },
  {
    key: 'status',
    header: 'Status',
    render: (x) => (
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-medium ${x.isVerified ? 'bg-green-100 text-green-800' : 'bg-yellow-100 text-yellow-900'}`}
      >
        {x.isVerified ? 'Verified' : 'Unverified'}
      </span>
    ),
  },
  { key: 'transactions', header: 'Transactions', numeric: true, render: (x) => count(x.totalTransactions) },
  {
    key: 'volume',
    header: 'Volume',
    sortKey: 'totalVolume',
    numeric: true,
    render: (x) => <Money paise={x.totalVolumePaise} />,
  },
  { key: 'referrals', header: 'Referrals', numeric: true, render: (x) => count(x.referralsMade) },
  { key: 'registered', header: 'Registered', sortKey: 'registeredAt', render: (x) => formatDate(x.registeredAt) },
];

type Pending = { kind: 'verify' | 'unverify'; merchant: AdminMerchant } | null;

/** The Merchants tab: every merchant with its recorded transactions and referrals; Verify or Unverify, each with a fresh code. */
export function MerchantsTab() {
  const list = useAdminList<AdminMerchantPage>('/api/admin/merchants', {
    sort: 'registeredAt',
    filters: { verified: 'all' },
  });
  const remove = useDeleteAction('merchant');
  const editDetails = useEditDetailsAction(merchantDetailsForm);
  const [action, setAction] = useState<Pending>(null);
  const verified = list.filters.verified as MerchantVerifiedFilter;

  return (
    <div className="space-y-4">
      <AdminListToolbar list={list} searchLabel="Search by business, name, email, referral code or id">
        <ListFilter
          list={list}
          name="verified"
          label="Verification"
          width="w-40"
          choices={merchantVerifiedFilters}
          labels={filterLabels}
        />
      </AdminListToolbar>
      <ListCount
        page={list.query.data}
        noun={['merchant', 'merchants']}
        qualifier={verified === 'all' ? '' : filterLabels[verified].toLowerCase()}
      />
      <DataTable
        label="Merchants"
        columns={columns}
        {...list.tableProps('merchants')}
        rowKey={(x) => x.id}
        emptyTitle={verified === 'all' ? 'No merchants yet' : `No ${filterLabels[verified].toLowerCase()} merchants`}
        emptyText={list.q ? 'Nothing matches the search.' : undefined}
        actions={(x) => (
          <div className="flex flex-wrap gap-2">
            {editDetails.button(x.id, `merchant: ${x.businessName} (${x.email})`)}
            {x.isVerified ? (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setAction({ kind: 'unverify', merchant: x })}
                aria-label={`Unverify merchant: ${x.businessName}`}
              >
                Unverify
              </Button>
            ) : (
              <Button
                size="sm"
                onClick={() => setAction({ kind: 'verify', merchant: x })}
                aria-label={`Verify merchant: ${x.businessName}`}
              >
                Verify
              </Button>
            )}
            {remove.button(x.id, `merchant: ${x.businessName} (${x.email})`)}
          </div>
        )}
      />
      <AdminActionDialog
        pending={action}
        onClose={() => setAction(null)}
        request={({ kind, merchant }) => ({
          path: `/api/admin/merchants/${merchant.id}/${kind}`,
          success: kind === 'verify' ? m.verified : m.unverified,
          failure: kind === 'verify' ? m.verifyFailed : m.unverifyFailed,
          toast: 'merchant-verification',
        })}
        title={action?.kind === 'verify' ? 'Verify merchant' : 'Unverify merchant'}
        actionLabel={action?.kind === 'verify' ? 'Verify' : 'Unverify'}
        description={
          action && (
            <>
              <p>
                <span className="font-medium text-slate-900">{action.merchant.businessName}</span> (
                {action.merchant.email}, UPI <span className="font-mono">{action.merchant.upiId}</span>).
              </p>
              <CashbackAtStake kind={action.kind} merchantId={action.merchant.id} />
            </>
          )
        }
      />
      {remove.dialog}
      {editDetails.dialog}
    </div>
  );
}

const payments = (n: number) => `${count(n)} payment${n === 1 ? '' : 's'}`;

/** What Verify or Unverify does to the merchant's customers' pending cashback, with the amounts, as the dialog states it. */
export function cashbackAtStakeText(kind: 'verify' | 'unverify', s: MerchantCashbackAtStake): string {
  if (kind === 'verify') {
    const now =
      s.releasePayments > 0
        ? `Verifying releases ${formatRupees(s.releasePaise)} of pending cashback (${payments(s.releasePayments)} older than ${s.returnWindowDays} days) to the merchant's customers now.`
        : 'No pending cashback is old enough to be released now.';
    const later = s.voidPaise - s.releasePaise;
    return later > 0
      ? `${now} The other ${formatRupees(later)} follows as each payment passes the ${s.returnWindowDays}-day return window.`
      : now;
  }
  return s.voidPayments > 0
    ? `Unverifying voids ${formatRupees(s.voidPaise)} of pending cashback (${payments(s.voidPayments)}): those customers will not receive it. Cashback the merchant gives from now on stays pending until it is verified again, and the merchant's dashboard says so.`
    : "No cashback is pending, so none is voided. Cashback the merchant gives from now on stays pending until it is verified again, and the merchant's dashboard says so.";
}

function CashbackAtStake({ kind, merchantId }: { kind: 'verify' | 'unverify'; merchantId: string }) {
  const stake = useQuery({
    queryKey: ['admin', 'merchants', merchantId, 'cashback-at-stake'],
    queryFn: () => api.get<MerchantCashbackAtStake>(`/api/admin/merchants/${merchantId}/cashback-at-stake`),
    staleTime: 0,
  });
  if (stake.isPending) return <p className="mt-2 text-slate-600">Working out the cashback at stake…</p>;
  if (stake.isError)
    return <p className="mt-2 text-red-700">Could not work out the cashback at stake: {stake.error.message}</p>;
  return <p className="mt-2">{cashbackAtStakeText(kind, stake.data)}</p>;
}
