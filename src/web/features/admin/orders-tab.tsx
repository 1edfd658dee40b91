import { NotBuiltYet } from './not-built-yet';

/** The Orders tab (being built). */
export function OrdersTab() {
  return <NotBuiltYet tab="orders" />;
}
