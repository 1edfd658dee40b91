import type { AdminListQuery } from '../../../contracts/admin-lists.contract';
import { toPayoutDetails } from '../../../contracts/payout-details.contract';
import {
  adminPayoutMessages as m,
  type AdminPayableVendorPage,
  type AdminPayout,
  type AdminPayoutPage,
  type AdminPayoutsQuery,
} from '../../../contracts/payouts.contract';
import { AppError } from '../../platform/app-error';
import type { DbOrTx } from '../../platform/db';
import { selectPayables, selectPayout, selectPayouts } from './settlement.payouts.read-model';

// The lists of the super admin's Payouts tab, in the contract's shapes (the queries are in the read model).

type PayoutWithVendor = NonNullable<Awaited<ReturnType<typeof selectPayout>>>;

const toAdminPayout = ({ payout: p, businessName }: PayoutWithVendor): AdminPayout => ({
  id: p.id,
  vendorUserId: p.vendorUserId,
  businessName,
  periodFrom: p.periodFrom,
  periodTo: p.periodTo,
  amountPaise: Number(p.amountPaise),
  // The database checks the status.
  status: p.status as AdminPayout['status'],
  method: p.method,
  reference: p.reference,
  createdAt: p.createdAt.toISOString(),
  paidAt: p.paidAt,
});

/** "Payable per vendor": every vendor with a ledger, its pending, payable and paid, its payout details (masked) and its open payout. */
export async function listAdminPayables({
  db,
  query,
}: {
  db: DbOrTx;
  query: AdminListQuery;
}): Promise<AdminPayableVendorPage> {
  const { rows, total } = await selectPayables(db, query);
  return {
    items: rows.map((r) => ({
      vendorUserId: r.balances.vendorUserId,
      businessName: r.businessName,
      payout: r.details ? toPayoutDetails(r.details) : null,
      routeAccountId: r.routeAccountId,
      pendingPaise: Number(r.balances.pendingPaise),
      payablePaise: Number(r.balances.payablePaise),
      paidPaise: Number(r.balances.paidPaise),
      openPayout:
        r.openId === null || r.openAmount === null || r.openTo === null
          ? null
          : { id: r.openId, amountPaise: Number(r.openAmount), periodTo: r.openTo },
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The payouts list: of one status or all, searched by vendor, reference or id, newest first. */
export async function listAdminPayouts({
  db,
  query,
}: {
  db: DbOrTx;
  query: AdminPayoutsQuery;
}): Promise<AdminPayoutPage> {
  const { rows, total } = await selectPayouts(db, query);
  return { items: rows.map(toAdminPayout), total, page: query.page, pageSize: query.pageSize };
}

/** The same filter, every row (to the export's bound), for the CSV. */
export async function exportAdminPayouts({
  db,
  query,
}: {
  db: DbOrTx;
  query: AdminPayoutsQuery;
}): Promise<AdminPayout[]> {
  return (await selectPayouts(db, query, true)).rows.map(toAdminPayout);
}

/** One payout as the Payouts tab shows it; 404 when there is none. */
export async function getAdminPayout(db: DbOrTx, payoutId: string): Promise<AdminPayout> {
  const row = await selectPayout(db, payoutId);
  if (!row) throw new AppError('NOT_FOUND', m.notFound);
  return toAdminPayout(row);
}
