import { and, eq, sql } from 'drizzle-orm';
import {
  adminPayoutMessages as m,
  ROUTE_ACCOUNT_PATTERN,
  type RouteAccount,
} from '../../../contracts/payouts.contract';
import { AppError } from '../../platform/app-error';
import type { DbOrTx, Tx } from '../../platform/db';
import { lockPayout, payLockedPayout } from './settlement.payouts';
import { vendorNameOf } from './settlement.payouts.read-model';
import { vendorPayouts, vendorRouteAccounts } from './settlement.tables';

// Razorpay Route payouts. The super admin sets each vendor's linked account
// (acc_…); a created payout is then paid in three steps, so that no transaction stays open while
// Razorpay is asked: start (lock the payout, 'created' -> 'transferring': a second admin now gets
// 409), the transfer (the caller's HTTP call), then finish (paid as by hand, method 'route',
// reference the trf_ id) or abandon (back to 'created', nothing paid: Razorpay refused). A payout left
// 'transferring' (the process stopped during the call, or Razorpay did not answer) may be transferred
// again after STRANDED_TRANSFER_MINUTES with the same idempotency key, or marked paid by hand with its
// trf_ id (settlement.payouts.ts).

type PayoutRow = typeof vendorPayouts.$inferSelect;

/** The vendor's Razorpay Route linked account id, or null when none is set. */
export async function routeAccountOf(db: DbOrTx, vendorUserId: string): Promise<string | null> {
  const [row] = await db
    .select({ accountId: vendorRouteAccounts.accountId })
    .from(vendorRouteAccounts)
    .where(eq(vendorRouteAccounts.vendorUserId, vendorUserId));
  return row?.accountId ?? null;
}

/** Sets (or replaces) the vendor's Route linked account; answers it and the one it replaced (null when none). 404 for an unknown vendor, 400 for a bad id. */
export async function setVendorRouteAccount(
  tx: Tx,
  a: { vendorUserId: string; accountId: string; adminId: string },
): Promise<RouteAccount & { previous: string | null }> {
  if (!ROUTE_ACCOUNT_PATTERN.test(a.accountId))
    throw new AppError('VALIDATION_FAILED', m.routeAccountFormat, { accountId: m.routeAccountFormat });
  if ((await vendorNameOf(tx, a.vendorUserId)) === null) throw new AppError('NOT_FOUND', m.vendorNotFound);
  const [before] = await tx
    .select({ accountId: vendorRouteAccounts.accountId })
    .from(vendorRouteAccounts)
    .where(eq(vendorRouteAccounts.vendorUserId, a.vendorUserId))
    .for('update');
  await tx
    .insert(vendorRouteAccounts)
    .values({ vendorUserId: a.vendorUserId, accountId: a.accountId, setByAdminId: a.adminId })
    .onConflictDoUpdate({
      target: vendorRouteAccounts.vendorUserId,
      set: { accountId: a.accountId, setByAdminId: a.adminId, updatedAt: sql`now()` },
    });
  return { vendorUserId: a.vendorUserId, accountId: a.accountId, previous: before?.accountId ?? null };
}

/**
 * How long after its transfer began a payout still 'transferring' counts as stranded (the process
 * stopped during the call, or Razorpay did not answer; the call gives up after 30 s): it may then be
 * tried again. The payout id is the idempotency key, so Razorpay answers the transfer already made
 * or makes it, never a second one.
 */
export const STRANDED_TRANSFER_MINUTES = 2;

/**
 * Step 1 of a Route payout: locks a created (or stranded 'transferring') payout and marks it
 * 'transferring' from now; answers it with the vendor's linked account. 409 when it is being
 * transferred right now, paid or cancelled, or the vendor has no linked account.
 */
export async function startPayoutTransfer(
  tx: Tx,
  a: { payoutId: string },
): Promise<{ payout: PayoutRow; accountId: string }> {
  const payout = await lockPayout(tx, a.payoutId);
  const [{ stranded }] = await tx
    .select({
      stranded: sql<boolean>`${vendorPayouts.updatedAt} < now() - make_interval(mins => ${STRANDED_TRANSFER_MINUTES})`,
    })
    .from(vendorPayouts)
    .where(eq(vendorPayouts.id, payout.id));
  if (payout.status !== 'created' && !(payout.status === 'transferring' && stranded))
    throw new AppError('CONFLICT', m.beingTransferred);
  const accountId = await routeAccountOf(tx, payout.vendorUserId);
  if (accountId === null) throw new AppError('CONFLICT', m.noRouteAccount);
  await tx
    .update(vendorPayouts)
    .set({ status: 'transferring', updatedAt: sql`now()` })
    .where(eq(vendorPayouts.id, payout.id));
  return { payout: { ...payout, status: 'transferring' }, accountId };
}

/** Step 3 when Razorpay made the transfer: the 'transferring' payout is paid with its trf_ id (method 'route'), once. */
export async function finishPayoutTransfer(
  tx: Tx,
  a: { payoutId: string; transferId: string; today: string; adminId: string },
): Promise<PayoutRow> {
  const payout = await lockPayout(tx, a.payoutId);
  if (payout.status !== 'transferring') throw new AppError('CONFLICT', m.alreadyPaid);
  return payLockedPayout(tx, payout, { reference: a.transferId, method: 'route', today: a.today, adminId: a.adminId });
}

/** Step 3 when Razorpay made no transfer: the payout is 'created' again (nothing paid), to try again or pay by hand; false when it was no longer 'transferring'. */
export async function abandonPayoutTransfer(tx: Tx, a: { payoutId: string }): Promise<boolean> {
  const back = await tx
    .update(vendorPayouts)
    .set({ status: 'created', updatedAt: sql`now()` })
    .where(and(eq(vendorPayouts.id, a.payoutId), eq(vendorPayouts.status, 'transferring')))
    .returning({ id: vendorPayouts.id });
  return back.length === 1;
}
