import { desc, eq } from 'drizzle-orm';
import {
  earningStatusLabel,
  type EarningsCsvQuery,
  type EarningsPayout,
  type EarningsQuery,
  type EarningsStatementPage,
  type EarningsStatementRow,
  type EarningStatus,
  type VendorEarnings,
} from '../../../contracts/earnings.contract';
import { todayInIndia } from '../../../domain/age';
import type { DbOrTx } from '../../platform/db';
import { orderRef } from '../rewards';
import { vendorBalancesOf } from './settlement.ledger';
import { countStatement, selectStatement, type StatementRecord } from './settlement.read-model';
import { vendorPayouts } from './settlement.tables';
import { tdsNotesOfParts } from './settlement.tds-adjustments';

const DAY_MS = 86_400_000;

/** The status of a part's money: reversed, released (payable), sold (pending until the window ends), or no sale yet. */
function statusOf(r: StatementRecord): EarningStatus {
  if (r.reversed) return 'reversed';
  if (r.released) return 'payable';
  if (r.sold) return 'pending';
  return 'not_delivered';
}

type Notes = Awaited<ReturnType<typeof tdsNotesOfParts>>;

function toRow(r: StatementRecord, returnWindowDays: number, notes: Notes): EarningsStatementRow {
  const status = statusOf(r);
  const delivered = r.deliveredAt ?? r.soldAt;
  const pendingUntil =
    status === 'pending' && delivered ? todayInIndia(new Date(delivered.getTime() + returnWindowDays * DAY_MS)) : null;
  const { sold: _sold, released: _released, reversed: _reversed, soldAt: _soldAt, ...figures } = r;
  return {
    ...figures,
    orderRef: orderRef(r.orderId),
    orderedAt: r.orderedAt.toISOString(),
    deliveredAt: delivered ? delivered.toISOString() : null,
    status,
    pendingUntil,
    statusLabel: earningStatusLabel(status, pendingUntil),
    tdsNotes: (notes.get(r.partId) ?? []).map((n) => ({ text: n.text, paise: n.paise })),
  };
}

export type ListEarningsStatementArgs = {
  db: DbOrTx;
  vendorUserId: string;
  query: EarningsQuery;
  returnWindowDays: number;
};

/** One page of the vendor's statement: its own parts of orders with settlement lines, newest order first. */
export async function listEarningsStatement({
  db,
  vendorUserId,
  query,
  returnWindowDays,
}: ListEarningsStatementArgs): Promise<EarningsStatementPage> {
  const filter = { vendorUserId, month: query.month };
  const [records, total] = await Promise.all([
    selectStatement(db, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    countStatement(db, filter),
  ]);
  const notes = await tdsNotesOfParts(
    db,
    vendorUserId,
    records.map((r) => r.partId),
  );
  return {
    items: records.map((r) => toRow(r, returnWindowDays, notes)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export type ExportEarningsStatementArgs = {
  db: DbOrTx;
  vendorUserId: string;
  query: EarningsCsvQuery;
  returnWindowDays: number;
};

/** Every row of the vendor's statement (or of one month's orders), newest order first, for the CSV. */
export async function exportEarningsStatement({
  db,
  vendorUserId,
  query,
  returnWindowDays,
}: ExportEarningsStatementArgs): Promise<EarningsStatementRow[]> {
  const records = await selectStatement(db, { vendorUserId, month: query.month });
  const notes = await tdsNotesOfParts(
    db,
    vendorUserId,
    records.map((r) => r.partId),
  );
  return records.map((r) => toRow(r, returnWindowDays, notes));
}

/** How many payouts the Earnings tab lists (the newest). */
export const PAYOUT_HISTORY_LIMIT = 100;

async function payoutsOf(db: DbOrTx, vendorUserId: string): Promise<EarningsPayout[]> {
  const rows = await db
    .select({
      id: vendorPayouts.id,
      createdAt: vendorPayouts.createdAt,
      paidAt: vendorPayouts.paidAt,
      periodFrom: vendorPayouts.periodFrom,
      periodTo: vendorPayouts.periodTo,
      amountPaise: vendorPayouts.amountPaise,
      method: vendorPayouts.method,
      reference: vendorPayouts.reference,
      status: vendorPayouts.status,
    })
    .from(vendorPayouts)
    .where(eq(vendorPayouts.vendorUserId, vendorUserId))
    .orderBy(desc(vendorPayouts.createdAt), desc(vendorPayouts.id))
    .limit(PAYOUT_HISTORY_LIMIT);
  return rows.map((p) => ({
    ...p,
    createdAt: p.createdAt.toISOString(),
    amountPaise: Number(p.amountPaise),
    status: p.status as EarningsPayout['status'],
  }));
}

export type GetVendorEarningsArgs = {
  db: DbOrTx;
  vendorUserId: string;
  query: EarningsQuery;
  returnWindowDays: number;
};

/** The Earnings tab: the vendor's pending, payable and paid totals, a page of its statement and its payouts. */
export async function getVendorEarnings(a: GetVendorEarningsArgs): Promise<VendorEarnings> {
  const [totals, statement, payouts] = await Promise.all([
    vendorBalancesOf(a.db, a.vendorUserId),
    listEarningsStatement(a),
    payoutsOf(a.db, a.vendorUserId),
  ]);
  return { totals, statement, payouts, returnWindowDays: a.returnWindowDays };
}
