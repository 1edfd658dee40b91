import { sql } from 'drizzle-orm';
import { openPartsMessage } from '../../../contracts/admin-lists.contract';
import { AppError } from '../../platform/app-error';
import { queryRows, type Tx } from '../../platform/db';
import { anonymiseUser, deletedEmail, removeUser } from '../auth';
import { withdrawShopProducts } from '../catalog';
import { anonymiseMerchant, voidPendingCashback } from '../merchants';
import { closeVendorShops } from '../shops';

export type AccountDeletion = { outcome: 'removed' | 'anonymised'; email: string; shopsClosed: number; productsWithdrawn: number };

// History that must outlive an account: its orders and payments, its points, its payouts, the
// referrals it is part of, the payments it recorded or made as a merchant's customer, and the
// order parts of its shops.
const hasHistory = (userId: string) => sql`
  exists (select 1 from orders where customer_id = ${userId})
  or exists (select 1 from payments where customer_id = ${userId})
  or exists (select 1 from rewards_transactions where customer_id = ${userId})
  or exists (select 1 from withdrawal_requests where customer_id = ${userId})
  or exists (select 1 from referrals where referrer_user_id = ${userId} or referred_user_id = ${userId})
  or exists (select 1 from merchant_transactions mt where mt.customer_user_id = ${userId}
             or mt.merchant_id in (select id from merchants where user_id = ${userId}))
  or exists (select 1 from order_parts p join vendor_shops s on s.id = p.store_id where s.vendor_id = ${userId})`;

/**
 * Deletes a customer, vendor or merchant account inside the caller's transaction, never destroying
 * history: an account that orders, points, payouts or referrals refer to is anonymised (personal
 * fields cleared, sign-in off, its shops closed and products withdrawn) and everything else is kept;
 * one with no history is removed. A vendor with order parts neither delivered nor cancelled cannot
 * be deleted (CONFLICT naming them). NOT_FOUND for an unknown or already deleted account.
 */
export async function deleteAccount(tx: Tx, userId: string, notFound: string): Promise<AccountDeletion> {
  // The account's row is locked first: a second delete, or an order being placed with its shops, waits.
  const [account] = await queryRows<{ email: string; history: boolean }>(
    tx,
    sql`select email, (${hasHistory(userId)}) as history from users where id = ${userId} and status <> 'deleted' for update`,
  );
  if (!account) throw new AppError('NOT_FOUND', notFound);
  const open = await queryRows<{ order_id: string; total: number }>(
    tx,
    sql`select p.order_id, count(*) over ()::int as total from order_parts p join vendor_shops s on s.id = p.store_id
        where s.vendor_id = ${userId} and p.status not in ('delivered', 'cancelled') order by p.created_at limit 5`,
  );
  if (open.length > 0) {
    throw new AppError('CONFLICT', openPartsMessage(open.map((p) => `#${p.order_id.slice(0, 8).toUpperCase()}`), Number(open[0].total)));
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
