import { BadgeCheck, Clock, Coins, IndianRupee, Printer, Receipt, Share2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { upiPayUri, type MerchantDashboard } from '../../../contracts/merchant.contract';
import { formatRupees } from '../../../domain/money';
import { formatDate } from '../../ui/format-date';
import { Money } from '../../ui/Money';
import { Page } from '../../ui/Page';
import { QrCode } from '../../ui/QrCode';
import { StatCard, StatGrid } from '../../ui/StatCard';
import { ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import type { EmailPreferencesPart, ReferralsSectionPart } from '../../ui/account-parts';
import { Tabs, type TabItem } from '../../ui/Tabs';
import { useMyReferrals } from '../../api/referrals';
import { MerchantProfileForm } from './merchant-profile-form';
import { PaymentsList } from './payments-section';
import { RecordPaymentForm } from './record-payment-form';
import { useMerchantDashboard } from './use-merchant';

type TabKey = 'overview' | 'payments' | 'profile';
const tabs: TabItem<TabKey>[] = [
  { key: 'overview', label: 'Overview' },
  { key: 'payments', label: 'Payments' },
  { key: 'profile', label: 'Profile' },
];
const isTab = (v: string | null): v is TabKey => tabs.some((t) => t.key === v);
const count = (n: number) => n.toLocaleString('en-IN');

/** /merchant/dashboard (merchants only, guarded in the router): Overview, Payments and Profile; the tab lives in `?tab=`. */
export function MerchantDashboardPage({
  referralsSection,
  emailPreferencesSection: EmailPreferencesSection,
}: {
  /** The referrals' and the profile's sections, handed in by the router (see ui/account-parts). */
  referralsSection: ReferralsSectionPart;
  emailPreferencesSection: EmailPreferencesPart;
}) {
  const dashboard = useMerchantDashboard();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const active: TabKey = isTab(raw) ? raw : 'overview';
  const open = (tab: TabKey) => setParams(tab === 'overview' ? {} : { tab }, { replace: true });

  if (dashboard.isPending) {
    return (
      <Page title="Merchant Dashboard">
        <LoadingRegion label="Loading your dashboard">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-28" />
            ))}
          </div>
        </LoadingRegion>
      </Page>
    );
  }
  if (dashboard.isError) {
    return (
      <Page title="Merchant Dashboard">
        <ErrorState
          message={`Failed to load your dashboard: ${dashboard.error.message}`}
          onRetry={() => dashboard.refetch()}
        />
      </Page>
    );
  }
  const d = dashboard.data;
  return (
    <Page
      title="Merchant Dashboard"
      lead={`Welcome back, ${d.profile.businessName}. Take UPI payments, give cashback and refer other businesses.`}
    >
      <Verification d={d} />
      <div className="mt-6">
        <Tabs tabs={tabs} active={active} onChange={open} label="Merchant dashboard" />
      </div>
      <div role="tabpanel" aria-label={tabs.find((t) => t.key === active)?.label} className="space-y-8 pt-6">
        {active === 'overview' && (
          <Overview d={d} onRecord={() => open('payments')} ReferralsSection={referralsSection} />
        )}
        {active === 'payments' && (
          <>
            <section
              aria-labelledby="record-payment"
              className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
            >
              <h2 id="record-payment" className="mb-4 text-lg font-semibold text-slate-900">
                Record payment
              </h2>
              <RecordPaymentForm cashbackPercentage={d.profile.cashbackPercentage} />
            </section>
            <section aria-labelledby="payments-heading">
              <h2 id="payments-heading" className="mb-3 text-lg font-semibold text-slate-900">
                Recorded payments
              </h2>
              <PaymentsList />
            </section>
          </>
        )}
        {active === 'profile' && (
          <>
            <MerchantProfileForm profile={d.profile} />
            <EmailPreferencesSection />
          </>
        )}
      </div>
    </Page>
  );
}

function Verification({ d }: { d: MerchantDashboard }) {
  const when =
    d.returnWindowDays === 0
      ? 'right after each payment'
      : `${d.returnWindowDays} ${d.returnWindowDays === 1 ? 'day' : 'days'} after each payment`;
  if (d.profile.isVerified) {
    return (
      <p
        role="status"
        className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900"
      >
        <BadgeCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          <strong>Verified business.</strong> The Haat team checked your business. Your customers' cashback becomes
          available {when}.
        </span>
      </p>
    );
  }
  if (d.profile.unverifiedAt) {
    const voided = d.profile.cashbackVoidedPaise ?? 0;
    return (
      <p
        role="status"
        className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
      >
        <Clock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          <strong>No longer verified.</strong> The Haat team took your verification away on{' '}
          {formatDate(d.profile.unverifiedAt)}.{' '}
          {voided > 0
            ? `Pending cashback of ${formatRupees(voided)} for your customers was voided. `
            : 'No cashback was pending, so none was voided. '}
          Cashback you give now stays pending until you are verified again; write to us through the contact page if you
          have questions.
        </span>
      </p>
    );
  }
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <Clock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        <strong>Awaiting verification.</strong> The Haat team verifies each merchant's business before its cashback can
        be used. Until then your customers' cashback stays pending; once you are verified it becomes available {when}.
      </span>
    </p>
  );
}

function Overview({
  d,
  onRecord,
  ReferralsSection,
}: {
  d: MerchantDashboard;
  onRecord: () => void;
  ReferralsSection: ReferralsSectionPart;
}) {
  const { totals, profile } = d;
  const referrals = useMyReferrals();
  const made = referrals.data ? count(referrals.data.totals.made) : '…';
  return (
    <>
      <StatGrid id="merchant-totals" title="Totals">
        <StatCard
          label="Payments recorded"
          value={count(totals.payments)}
          icon={Receipt}
          tone="bg-violet-100 text-violet-800"
        />
        <StatCard
          label="Volume"
          value={<Money paise={totals.volumePaise} />}
          icon={IndianRupee}
          tone="bg-blue-100 text-blue-800"
        />
        <StatCard
          label="Cashback given"
          value={`${count(totals.cashbackPoints)} pts`}
          icon={Coins}
          tone="bg-amber-100 text-amber-900"
          note={`${count(totals.pendingCashbackPoints)} pts still pending`}
        />
        <StatCard
          label="Cashback rate"
          value={`${profile.cashbackPercentage}%`}
          icon={BadgeCheck}
          tone="bg-green-100 text-green-800"
          note="Of each payment, as points"
        />
        <StatCard
          label="Referrals made"
          value={made}
          icon={Share2}
          tone="bg-pink-100 text-pink-800"
          note={referrals.data ? `${count(referrals.data.totals.qualified)} qualified` : undefined}
        />
      </StatGrid>

      <section aria-labelledby="take-payments" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="take-payments" className="text-lg font-semibold text-slate-900">
          Take UPI payments
        </h2>
        <div className="mt-4 grid gap-5 sm:grid-cols-[auto_minmax(0,1fr)]">
          <div className="w-44 sm:w-52">
            <QrCode
              value={upiPayUri(profile)}
              size={480}
              label={`UPI QR code to pay ${profile.businessName} at ${profile.upiId}`}
            />
          </div>
          <div className="space-y-3 text-sm text-slate-700">
            <p>
              Customers scan this code with any UPI app and pay{' '}
              <span className="font-mono font-medium text-slate-900">{profile.upiId}</span> directly.
            </p>
            <p>
              Then record the payment with the customer's phone or email and the UPI reference: they earn{' '}
              {profile.cashbackPercentage}% cashback as Haat points.
            </p>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                onClick={onRecord}
                className="rounded-lg bg-violet-700 px-3 py-1.5 font-medium text-white hover:bg-violet-800"
              >
                Record a payment
              </button>
              <Link
                to="/merchant/standee"
                className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-50"
              >
                <Printer className="h-4 w-4" aria-hidden="true" /> Print counter standee
              </Link>
            </div>
          </div>
        </div>
      </section>

      <ReferralsSection
        role="merchant"
        intro="When a business you refer takes enough payments on Haat, you receive reward points."
      />
    </>
  );
}
