import { useState } from 'react';
import type { Role } from '../../../contracts/auth.contract';
import { referralRegisterPath, referralStatusLabels } from '../../../contracts/referrals.contract';
import { useMyReferrals } from '../../api/referrals';
import { formatDate } from '../../ui/format-date';
import { Pagination } from '../../ui/Pagination';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { SimpleTable } from '../../ui/SimpleTable';
import { StatusBadge } from '../../ui/StatusBadge';
import { ReferralShare } from './referral-share';

const typeLabels = { customer: 'Customer', vendor: 'Vendor', merchant: 'Merchant' } as const;

const invites: Record<Exclude<Role, 'admin'>, string> = {
  customer: 'Shop from sellers across India and earn reward points with Haat. Sign up with my link:',
  vendor: 'Sell on Haat and reach customers across India. Register as a vendor with my link:',
  merchant: 'Take UPI payments and give cashback with Haat. Register as a merchant with my code:',
};

/** "Refer and earn": the code and link to share, the totals, and the referrals made (names masked). */
export function ReferralsSection({ role, intro }: { role: Exclude<Role, 'admin'>; intro: string }) {
  const [page, setPage] = useState(1);
  const referrals = useMyReferrals(page);
  return (
    <section aria-labelledby="referrals-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="referrals-heading" className="text-lg font-semibold text-slate-900">
        Refer and earn
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-600">{intro}</p>
      {referrals.isPending ? (
        <LoadingRegion label="Loading your referrals">
          <Skeleton className="h-40 w-full" />
        </LoadingRegion>
      ) : referrals.isError ? (
        <ErrorState
          message={`Failed to load referrals: ${referrals.error.message}`}
          onRetry={() => referrals.refetch()}
        />
      ) : (
        <div className="space-y-5">
          <ReferralShare code={referrals.data.referralCode} path={referralRegisterPath[role]} invite={invites[role]} />
          <p className="text-sm text-slate-700">
            <strong>{referrals.data.totals.made}</strong> referred · <strong>{referrals.data.totals.qualified}</strong>{' '}
            qualified · <strong>{referrals.data.totals.pointsEarned}</strong> points earned
          </p>
          {referrals.data.total === 0 ? (
            <EmptyState title="No referrals yet">Share your link: people who sign up with it appear here.</EmptyState>
          ) : (
            <div className={referrals.isPlaceholderData ? 'opacity-60' : undefined}>
              <SimpleTable
                caption="People you referred, newest first"
                columns={[
                  { header: 'Name' },
                  { header: 'Type' },
                  { header: 'Status' },
                  { header: 'Points', numeric: true },
                  { header: 'Joined' },
                ]}
              >
                {referrals.data.items.map((r) => (
                  <tr key={r.id}>
                    <td className="whitespace-nowrap px-3 py-2 font-medium text-slate-900">{r.referredName}</td>
                    <td className="whitespace-nowrap px-3 py-2">{typeLabels[r.referredType]}</td>
                    <td className="whitespace-nowrap px-3 py-2">
                      <StatusBadge
                        status={r.status === 'active' ? 'pending' : 'approved'}
                        text={referralStatusLabels[r.status]}
                      />
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-right">{r.pointsAwarded}</td>
                    <td className="whitespace-nowrap px-3 py-2">{formatDate(r.createdAt)}</td>
                  </tr>
                ))}
              </SimpleTable>
              <Pagination
                page={page}
                pageSize={referrals.data.pageSize}
                total={referrals.data.total}
                onPage={setPage}
              />
            </div>
          )}
        </div>
      )}
    </section>
  );
}
