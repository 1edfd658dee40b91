import { NotBuiltYet } from './not-built-yet';

/** The Referrals tab (being built). */
export function ReferralsTab() {
  return <NotBuiltYet tab="referrals" />;
}
