import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../platform/db';
import { checkoutCustomerColumn, type CheckoutCustomer } from '../auth';
import { cartLinesColumn } from '../cart';
import { openPaymentIdsColumn } from '../payments';
import { availablePointsColumn } from '../rewards';

// What starting a checkout reads before it prices the cart, read-only and in one statement: each
// module's column is built by that module (auth, cart, payments, rewards), which reads its own tables.

export type CheckoutStart = {
  who: CheckoutCustomer;
  cart: { productId: string; variantId: string | null; quantity: number }[];
  /** The customer's payments still waiting to be paid: a new checkout replaces them. */
  openPaymentIds: string[];
  /** The available points, or null when some pending points are due for release (getBalances then). */
  availablePoints: number | null;
};

/** The customer with the address chosen, the cart's lines, the open payments and the points, in one statement. */
export async function readCheckoutStart(
  db: DbOrTx,
  a: { customerUserId: string; addressId: string; returnWindowDays: number },
): Promise<CheckoutStart> {
  const who = checkoutCustomerColumn(a.customerUserId, a.addressId);
  const cart = cartLinesColumn(a.customerUserId);
  const open = openPaymentIdsColumn(a.customerUserId);
  const points = availablePointsColumn(a.customerUserId, a.returnWindowDays);
  const [row] = await queryRows<{ who: unknown; cart: unknown; open: unknown; points: unknown }>(
    db,
    sql`select ${who.sql} as who, ${cart.sql} as cart, ${open.sql} as open, ${points.sql} as points`,
  );
  return {
    who: who.read(row?.who),
    cart: cart.read(row?.cart ?? []),
    openPaymentIds: open.read(row?.open ?? []),
    availablePoints: points.read(row?.points),
  };
}
