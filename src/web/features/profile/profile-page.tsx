import { Loader2, Lock } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import type { Me } from '../../../contracts/auth.contract';
import { Page, useTitle } from '../../ui/Page';
import type { AccountParts, AccountSettingsPart, ReferralsSectionPart } from '../../ui/account-parts';
import { ErrorState } from '../../ui/States';
import { useMe } from '../../api/session';
import { AddressesSection } from './addresses-section';
import { EmailPreferencesSection } from './email-preferences-section';
import { PersonalInfoSection } from './personal-info-section';
import { ProfilePicture } from './profile-picture';

const roleLabels: Record<Me['role'], string> = {
  customer: 'Customer',
  vendor: 'Vendor',
  merchant: 'Merchant',
  admin: 'Admin',
};

function AccessDenied({ children }: { children: ReactNode }) {
  return (
    <Page title="Access Denied" narrow>
      <div className="flex flex-col items-center rounded-lg border border-slate-200 bg-white px-6 py-10 text-center shadow-sm">
        <Lock className="h-10 w-10 text-slate-400" aria-hidden="true" />
        <div className="mt-3 text-slate-700">{children}</div>
      </div>
    </Page>
  );
}

function CustomerProfile({ me, parts }: { me: Me; parts: AccountParts }) {
  const { AccountSettings, ReferralsSection } = parts;
  useTitle('My Profile');
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <header className="flex flex-col items-center gap-4 rounded-lg border border-slate-200 bg-gradient-to-br from-violet-50 to-white p-6 text-center shadow-sm sm:flex-row sm:text-left">
        <ProfilePicture me={me} />
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold text-slate-900 sm:text-3xl">{me.displayName}</h1>
          <p className="break-all text-slate-600">{me.email}</p>
          <span className="mt-2 inline-block rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-800">
            {roleLabels[me.role]}
          </span>
        </div>
      </header>
      <PersonalInfoSection me={me} />
      <AddressesSection />
      <ReferralsSection
        role="customer"
        intro="Invite friends to shop on Haat. When someone you referred completes enough delivered orders, you receive reward points."
      />
      <AccountSettings me={me} />
      <EmailPreferencesSection />
    </div>
  );
}

/**
 * /profile: the customer's profile; the vendor's profile (the vendor feature's page, handed in by the
 * router, since a feature imports no other feature; it is given the account sections); Access Denied
 * for guests and other roles. Auth's account settings and the referrals section come from the router too.
 */
export function ProfilePage({
  vendorProfile: VendorProfile,
  accountSettings,
  referralsSection,
}: {
  vendorProfile: ComponentType<{ me: Me; parts: AccountParts }>;
  accountSettings: AccountSettingsPart;
  referralsSection: ReferralsSectionPart;
}) {
  const me = useMe();
  const parts: AccountParts = {
    ProfilePicture,
    PersonalInfoSection,
    EmailPreferencesSection,
    AccountSettings: accountSettings,
    ReferralsSection: referralsSection,
  };
  if (me.isPending) {
    return (
      <div role="status" className="flex min-h-[50vh] items-center justify-center">
        <Loader2 className="h-8 w-8 animate-spin text-violet-700" aria-hidden="true" />
        <span className="sr-only">Loading your profile</span>
      </div>
    );
  }
  if (me.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <ErrorState message={`Failed to load profile: ${me.error.message}`} onRetry={() => me.refetch()} />
      </div>
    );
  }
  if (!me.data) {
    return (
      <AccessDenied>
        <p>Please login to view your profile.</p>
        <Link
          to="/login?next=%2Fprofile"
          className="mt-5 inline-flex rounded-lg bg-violet-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-violet-800"
        >
          Login
        </Link>
      </AccessDenied>
    );
  }
  if (me.data.role === 'vendor') return <VendorProfile me={me.data} parts={parts} />;
  if (me.data.role !== 'customer') {
    return (
      <AccessDenied>
        <p>This page is only accessible to vendors.</p>
        <p className="mt-1 text-sm text-slate-600">
          Customers and vendors have a profile here;{' '}
          {me.data.role === 'merchant' ? 'a merchant account' : 'an admin account'} does not.
        </p>
        <Link to="/" className="mt-5 inline-flex text-sm font-medium text-violet-700 hover:underline">
          Back to Home
        </Link>
      </AccessDenied>
    );
  }
  return <CustomerProfile me={me.data} parts={parts} />;
}
