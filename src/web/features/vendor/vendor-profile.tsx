import { Settings, Store } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { Me } from '../../../contracts/auth.contract';
import { profileMessages } from '../../../contracts/profile.contract';
import { ApiError } from '../../api/client';
import { useTitle } from '../../ui/Page';
import type { AccountParts } from '../../ui/account-parts';
import { Tabs, type TabItem } from '../../ui/Tabs';
import { PayoutDetailsSection } from './payout-details-section';
import { ShopList } from './shop-list';

type TabKey = 'personal' | 'shops' | 'payouts' | 'referrals' | 'settings';
const tabs: TabItem<TabKey>[] = [
  { key: 'personal', label: 'Personal Info' },
  { key: 'shops', label: 'My Shops' },
  { key: 'payouts', label: 'Payouts & tax' },
  { key: 'referrals', label: 'Referrals' },
  { key: 'settings', label: 'Settings' },
];
const isTab = (v: string | null): v is TabKey => tabs.some((t) => t.key === v);
/** SPEC.md section 8: 'Failed to update profile: {message or code or Please try again.}'. */
const profileFailed = (e: unknown) =>
  profileMessages.vendorUpdateProfileFailed(e instanceof ApiError ? e.message || e.code : undefined);

/**
 * The vendor's /profile: a header with picture, name, business and email, and the tabs Personal
 * Info, My Shops, Payouts & tax, Referrals and Settings. The open tab lives in `?tab=` so /profile?tab=shops can be linked.
 * The account sections are the profile page's `parts` (see ui/account-parts).
 */
export function VendorProfile({ me, parts }: { me: Me; parts: AccountParts }) {
  const { ProfilePicture, PersonalInfoSection, EmailPreferencesSection, AccountSettings, ReferralsSection } = parts;
  useTitle('Vendor Profile');
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const active: TabKey = isTab(raw) ? raw : 'personal';
  const open = (tab: TabKey) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (tab === 'personal') next.delete('tab');
        else next.set('tab', tab);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <header className="relative flex flex-col items-center gap-4 rounded-lg border border-slate-200 bg-gradient-to-br from-violet-50 to-white p-6 text-center shadow-sm sm:flex-row sm:text-left">
        <ProfilePicture me={me} />
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold text-slate-900 sm:text-3xl">{me.displayName}</h1>
          {me.businessName && (
            <p className="mt-1 flex items-center justify-center gap-1.5 font-medium text-slate-700 sm:justify-start">
              <Store className="h-4 w-4 text-violet-700" aria-hidden="true" />
              {me.businessName}
            </p>
          )}
          <p className="break-all text-slate-600">{me.email}</p>
          <span className="mt-2 inline-block rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-800">
            Vendor
          </span>
        </div>
        <button
          type="button"
          onClick={() => open('settings')}
          aria-label="Account settings"
          className="absolute right-3 top-3 rounded-lg p-2 text-slate-500 hover:bg-white hover:text-violet-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
        >
          <Settings className="h-5 w-5" aria-hidden="true" />
        </button>
      </header>
      <Tabs tabs={tabs} active={active} onChange={open} label="Vendor profile" />
      <div role="tabpanel" aria-label={tabs.find((t) => t.key === active)?.label}>
        {active === 'personal' && <PersonalInfoSection me={me} failedMessage={profileFailed} />}
        {active === 'shops' && <ShopList />}
        {active === 'payouts' && <PayoutDetailsSection />}
        {active === 'referrals' && (
          <ReferralsSection
            role="vendor"
            intro="Invite other sellers to Haat. When a vendor you referred delivers enough orders, you receive reward points."
          />
        )}
        {active === 'settings' && (
          <div className="space-y-6">
            <AccountSettings me={me} />
            <EmailPreferencesSection />
          </div>
        )}
      </div>
    </div>
  );
}
