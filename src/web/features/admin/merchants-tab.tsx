import { NotBuiltYet } from './not-built-yet';

/** The Merchants tab (being built). */
export function MerchantsTab() {
  return <NotBuiltYet tab="merchants" />;
}
