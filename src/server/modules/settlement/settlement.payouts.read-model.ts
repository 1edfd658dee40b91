import { and, count, eq, inArray } from 'drizzle-orm';
import type { AdminPayoutsQuery } from '../../../contracts/payouts.contract';
import type { AdminListQuery } from '../../../contracts/admin-lists.contract';
import type { DbOrTx } from '../../platform/db';
import { orderOf, pageWindow, searchOf } from '../../platform/list-query';
import { vendorRows } from '../auth';
import { vendorBalances, vendorPayoutDetails, vendorPayouts, vendorRouteAccounts } from './settlement.tables';

// The super admin's Payouts tab and a payout's vendor: each vendor's business name (auth's
// vendor_rows, through vendorRows) beside settlement's own balances, payout details and payouts,
// searched, sorted and paged by it in one statement. Read-only: nothing here inserts, updates,
// deletes or locks.

/** The vendor's business name; null when the user is not a vendor. */
export async function vendorNameOf(db: DbOrTx, vendorUserId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: vendorRows.businessName })
    .from(vendorRows)
    .where(eq(vendorRows.userId, vendorUserId));
  return row?.name ?? null;
}

const openPayouts = (db: DbOrTx) =>
  db
    .select({
      vendorUserId: vendorPayouts.vendorUserId,
      id: vendorPayouts.id,
      amountPaise: vendorPayouts.amountPaise,
      periodTo: vendorPayouts.periodTo,
    })
    .from(vendorPayouts)
    .where(inArray(vendorPayouts.status, ['created', 'transferring']))
    .as('open_payouts');

const payableSorts = {
  payable: vendorBalances.payablePaise,
  pending: vendorBalances.pendingPaise,
  vendor: vendorRows.businessName,
};
const payableWhere = (q: string | undefined) => searchOf(q, [vendorRows.businessName], [vendorBalances.vendorUserId]);

/** Vendors with a ledger (a balances row), their balances, payout details and open payout; searched by name or id, most payable first. */
export async function selectPayables(db: DbOrTx, query: AdminListQuery) {
  const open = openPayouts(db);
  const { limit, offset } = pageWindow(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        balances: vendorBalances,
        businessName: vendorRows.businessName,
        details: vendorPayoutDetails,
        routeAccountId: vendorRouteAccounts.accountId,
        openId: open.id,
        openAmount: open.amountPaise,
        openTo: open.periodTo,
      })
      .from(vendorBalances)
      .innerJoin(vendorRows, eq(vendorRows.userId, vendorBalances.vendorUserId))
      .leftJoin(vendorPayoutDetails, eq(vendorPayoutDetails.vendorUserId, vendorBalances.vendorUserId))
      .leftJoin(vendorRouteAccounts, eq(vendorRouteAccounts.vendorUserId, vendorBalances.vendorUserId))
      .leftJoin(open, eq(open.vendorUserId, vendorBalances.vendorUserId))
      .where(payableWhere(query.q))
      .orderBy(...orderOf(payableSorts, query, 'payable', vendorBalances.vendorUserId))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(vendorBalances)
      .innerJoin(vendorRows, eq(vendorRows.userId, vendorBalances.vendorUserId))
      .where(payableWhere(query.q)),
  ]);
  return { rows, total: Number(total) };
}

const payoutSorts = {
  createdAt: vendorPayouts.createdAt,
  amount: vendorPayouts.amountPaise,
  vendor: vendorRows.businessName,
};
function payoutWhere(query: AdminPayoutsQuery) {
  return and(
    query.status === 'all' ? undefined : eq(vendorPayouts.status, query.status),
    searchOf(
      query.q,
      [vendorRows.businessName, vendorPayouts.reference],
      [vendorPayouts.id, vendorPayouts.vendorUserId],
    ),
  );
}

const payoutsWithVendor = (db: DbOrTx) =>
  db
    .select({ payout: vendorPayouts, businessName: vendorRows.businessName })
    .from(vendorPayouts)
    .innerJoin(vendorRows, eq(vendorRows.userId, vendorPayouts.vendorUserId));

/** Payouts of one status (or all) with their vendor's name, searched by vendor, reference or id, newest first; all of them (to the export's bound) for the CSV. */
export async function selectPayouts(db: DbOrTx, query: AdminPayoutsQuery, forExport = false) {
  const { limit, offset } = pageWindow(query, forExport);
  const [rows, [{ total }]] = await Promise.all([
    payoutsWithVendor(db)
      .where(payoutWhere(query))
      .orderBy(...orderOf(payoutSorts, query, 'createdAt', vendorPayouts.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(vendorPayouts)
      .innerJoin(vendorRows, eq(vendorRows.userId, vendorPayouts.vendorUserId))
      .where(payoutWhere(query)),
  ]);
  return { rows, total: Number(total) };
}

/** One payout with its vendor's name. */
export async function selectPayout(db: DbOrTx, payoutId: string) {
  const [row] = await payoutsWithVendor(db).where(eq(vendorPayouts.id, payoutId));
  return row;
}
