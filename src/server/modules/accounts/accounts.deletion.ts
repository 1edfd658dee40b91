import { sql } from 'drizzle-orm';
import { openPartsMessage } from '../../../contracts/admin-lists.contract';
import { AppError } from '../../platform/app-error';
import type { Tx } from '../../platform/db';
import { anonymiseUser, deletedEmail, lockAccountForDeletion, removeUser } from '../auth';
import { withdrawShopProducts } from '../catalog';
import { anonymiseMerchant, merchantsHistoryOf, voidPendingCashback } from '../merchants';
import { openPartsOfVendor, ordersHistoryOf } from '../orders';
import { paymentsHistoryOf } from '../payments';
import { referralsHistoryOf } from '../referrals';
import { rewardsHistoryOf } from '../rewards';
import { closeVendorShops } from '../shops';

export type AccountDeletion = {
  outcome: 'removed' | 'anonymised';
  email: string;
  shopsClosed: number;
  productsWithdrawn: number;
};

// History that must outlive an account: its orders and payments, its points, its payouts, the
// referrals it is part of, the payments it recorded or made as a merchant's customer, and the
// order parts of its shops. Each module that owns such history answers for its own tables.
const hasHistory = (userId: string) => sql`
  ${ordersHistoryOf(userId)}
  or ${paymentsHistoryOf(userId)}
  or ${rewardsHistoryOf(userId)}
  or ${referralsHistoryOf(userId)}
  or ${merchantsHistoryOf(userId)}`;

/**
 * Deletes a customer, vendor or merchant account inside the caller's transaction, never destroying
 * history: an account that orders, points, payouts or referrals refer to is anonymised (personal
 * fields cleared, sign-in off, its shops closed and products withdrawn) and everything else is kept;
 * one with no history is removed. A vendor with order parts neither delivered nor cancelled cannot
 * be deleted (CONFLICT naming them). NOT_FOUND for an unknown or already deleted account.
 */
export async function deleteAccount(tx: Tx, userId: string, notFound: string): Promise<AccountDeletion> {
  // The account's row is locked first: a second delete, or an order being placed with its shops, waits.
  const account = await lockAccountForDeletion(tx, userId, hasHistory(userId));
  if (!account) throw new AppError('NOT_FOUND', notFound);
  const open = await openPartsOfVendor(tx, userId, 5);
  if (open.length > 0) {
    throw new AppError(
      'CONFLICT',
      openPartsMessage(
        open.map((p) => `#${p.orderId.slice(0, 8).toUpperCase()}`),
        open[0].total,
      ),
    );
  }
  if (!account.history) {
    await removeUser(tx, userId);
    return { outcome: 'removed', email: account.email, shopsClosed: 0, productsWithdrawn: 0 };
  }
  const shops = await closeVendorShops(tx, userId);
  const productsWithdrawn = await withdrawShopProducts(tx, shops);
  await anonymiseUser(tx, userId);
  // A deleted merchant is no longer verified: its customers' cashback still pending is voided.
  await voidPendingCashback(tx, userId);
  await anonymiseMerchant(tx, { userId, email: deletedEmail(userId) });
  return { outcome: 'anonymised', email: account.email, shopsClosed: shops.length, productsWithdrawn };
}
