import { and, count, desc, eq, gte, isNotNull, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { orderItemRows, orderPartRows, orderRows } from '../orders';
import { shopRows } from '../shops';
import { orderItemSettlements, vendorLedger } from './settlement.tables';

// The vendor's earnings statement (the Earnings tab and its CSV). A statement row is one part of an
// order for a shop the vendor owns, with the sums of its items' settlement lines and where its ledger
// entries stand, so the query joins orders (orders and order_parts, through their row sources
// orderRows: the order date, and orderPartRows: the part, its delivery) and shops
// (vendor_shops, through shopRows: the shop's name, and whose shop it is, which limits access inside
// the query) to settlement's own order_item_settlements and vendor_ledger, and filters, sorts and
// pages them in one statement; going through one function per module would page in memory.
// Read-only: nothing here inserts, updates, deletes or locks. (The super admin's Payouts tab reads
// settlement.payouts.read-model.ts.)

/** Which statement rows to read: the vendor's, optionally of orders placed in one month (YYYY-MM, India time). */
export type StatementFilter = { vendorUserId: string; month?: string };

/** A statement row as read: sums in paise, rates null when the part's items differ, ledger marks per part. */
export type StatementRecord = {
  orderId: string;
  partId: string;
  shopName: string;
  orderedAt: Date;
  deliveredAt: Date | null;
  soldAt: Date | null;
  sold: boolean;
  released: boolean;
  reversed: boolean;
  itemCount: number;
  /** The vendor's own promotions' discount on the part, already out of its gross (0 for none). */
  discountPaise: number;
  grossPaise: number;
  taxablePaise: number;
  gstPaise: number;
  commissionBp: number | null;
  commissionPaise: number;
  tcsBp: number | null;
  tcsPaise: number;
  tdsBp: number | null;
  /** What TDS was taken on: the taxable value when the vendor had a GSTIN (its invoice shows GST), else the gross. */
  tdsOn: 'taxable' | 'gross';
  tdsPaise: number;
  vendorNetPaise: number;
  /** The cash its shop collected on delivery (the 'cod_collected' debit), null for none. */
  cashCollectedPaise: number | null;
  /** The net given back for items returned (the 'returned' rows), 0 for none. */
  returnedPaise: number;
};

const s = orderItemSettlements;
const sum = (column: SQL | AnyColumn) => sql<string>`sum(${column})`;
// One rate for the part when its items share it, else null (the statement then says 'mixed').
const oneRate = (column: AnyColumn) =>
  sql<number | null>`case when min(${column}) = max(${column}) then min(${column}) end`;

/** The vendor's settlement lines summed per part (the vendor's own lines only, by its index). */
function linesPerPart(db: DbOrTx, vendorUserId: string) {
  return db
    .select({
      partId: s.orderPartId,
      itemCount: sql<number>`count(*)::int`.as('item_count'),
      discountPaise: sql<string>`coalesce(sum(${orderItemRows.vendorFundedPaise}), 0)`.as('discount'),
      grossPaise: sum(s.grossPaise).as('gross'),
      taxablePaise: sum(s.taxablePaise).as('taxable'),
      gstPaise: sum(sql`${s.cgstPaise} + ${s.sgstPaise} + ${s.igstPaise}`).as('gst'),
      commissionBp: oneRate(s.commissionBp).as('commission_bp'),
      commissionPaise: sum(s.commissionPaise).as('commission'),
      tcsBp: oneRate(s.tcsBp).as('tcs_bp'),
      tcsPaise: sum(sql`${s.tcsCgstPaise} + ${s.tcsSgstPaise} + ${s.tcsIgstPaise}`).as('tcs'),
      tdsBp: oneRate(s.tdsBp).as('tds_bp'),
      // A part's lines share the vendor's GSTIN as it was when the order was placed.
      tdsOnTaxable: sql<boolean>`bool_and(${s.vendorGstin} is not null)`.as('tds_on_taxable'),
      tdsPaise: sum(s.tdsPaise).as('tds'),
      vendorNetPaise: sum(s.vendorNetPaise).as('net'),
    })
    .from(s)
    .leftJoin(orderItemRows, eq(orderItemRows.id, s.orderItemId))
    .where(eq(s.vendorUserId, vendorUserId))
    .groupBy(s.orderPartId)
    .as('lines');
}

/** Where each of the vendor's parts stands in its ledger: sold (delivered), released (payable), reversed, and the cash its shop collected on delivery. */
function ledgerPerPart(db: DbOrTx, vendorUserId: string) {
  const l = vendorLedger;
  return db
    .select({
      partId: l.orderPartId,
      sold: sql<boolean>`bool_or(${l.entryType} = 'sale')`.as('sold'),
      soldAt: sql<Date | null>`min(${l.createdAt}) filter (where ${l.entryType} = 'sale')`.as('sold_at'),
      released: sql<boolean>`bool_or(${l.entryType} = 'released')`.as('released'),
      reversed: sql<boolean>`bool_or(${l.entryType} = 'reversed')`.as('reversed'),
      // The debit is negative payable: the cash is its opposite.
      cashCollectedPaise: sql<
        string | null
      >`-sum(${l.payablePaise}) filter (where ${l.entryType} = 'cod_collected')`.as('cod_collected'),
      // Returns reverse from pending or payable: both are given back.
      returnedPaise: sql<
        string | null
      >`-sum(${l.pendingPaise} + ${l.payablePaise}) filter (where ${l.entryType} = 'returned')`.as('returned'),
    })
    .from(l)
    .where(and(eq(l.vendorUserId, vendorUserId), isNotNull(l.orderPartId)))
    .groupBy(l.orderPartId)
    .as('entries');
}

// India months: a month starts at midnight of its first day in Asia/Kolkata (the month is added to
// the plain date, before the time zone, so 30 September + 1 month never lands on 30 October).
const monthStart = (month: string, next = false) =>
  sql`((${`${month}-01`}::date${next ? sql` + interval '1 month'` : sql``})::timestamp at time zone 'Asia/Kolkata')`;

function whereOf(f: StatementFilter): SQL {
  return and(
    eq(shopRows.vendorId, f.vendorUserId),
    f.month ? gte(orderRows.createdAt, monthStart(f.month)) : undefined,
    f.month ? lt(orderRows.createdAt, monthStart(f.month, true)) : undefined,
  )!;
}

/** The vendor's statement rows (parts of its own shops that have settlement lines), newest order first; all of them without `page`. */
export async function selectStatement(
  db: DbOrTx,
  f: StatementFilter,
  page?: { limit: number; offset: number },
): Promise<StatementRecord[]> {
  const lines = linesPerPart(db, f.vendorUserId);
  const entries = ledgerPerPart(db, f.vendorUserId);
  const base = db
    .select({
      orderId: orderPartRows.orderId,
      partId: orderPartRows.id,
      shopName: shopRows.shopName,
      orderedAt: orderRows.createdAt,
      deliveredAt: orderPartRows.deliveredAt,
      soldAt: entries.soldAt,
      sold: entries.sold,
      released: entries.released,
      reversed: entries.reversed,
      itemCount: lines.itemCount,
      discountPaise: lines.discountPaise,
      grossPaise: lines.grossPaise,
      taxablePaise: lines.taxablePaise,
      gstPaise: lines.gstPaise,
      commissionBp: lines.commissionBp,
      commissionPaise: lines.commissionPaise,
      tcsBp: lines.tcsBp,
      tcsPaise: lines.tcsPaise,
      tdsBp: lines.tdsBp,
      tdsOnTaxable: lines.tdsOnTaxable,
      tdsPaise: lines.tdsPaise,
      vendorNetPaise: lines.vendorNetPaise,
      cashCollectedPaise: entries.cashCollectedPaise,
      returnedPaise: entries.returnedPaise,
    })
    .from(orderPartRows)
    .innerJoin(lines, eq(lines.partId, orderPartRows.id))
    .innerJoin(shopRows, eq(shopRows.id, orderPartRows.storeId))
    .innerJoin(orderRows, eq(orderRows.id, orderPartRows.orderId))
    .leftJoin(entries, eq(entries.partId, orderPartRows.id))
    .where(whereOf(f))
    .orderBy(desc(orderRows.createdAt), desc(orderPartRows.id));
  const rows = page ? await base.limit(page.limit).offset(page.offset) : await base;
  return rows.map(({ tdsOnTaxable, ...r }) => ({
    ...r,
    tdsOn: tdsOnTaxable === true ? ('taxable' as const) : ('gross' as const),
    soldAt: r.soldAt === null ? null : new Date(r.soldAt),
    sold: r.sold === true,
    released: r.released === true,
    reversed: r.reversed === true,
    itemCount: Number(r.itemCount),
    discountPaise: Number(r.discountPaise),
    grossPaise: Number(r.grossPaise),
    taxablePaise: Number(r.taxablePaise),
    gstPaise: Number(r.gstPaise),
    commissionBp: r.commissionBp === null ? null : Number(r.commissionBp),
    commissionPaise: Number(r.commissionPaise),
    tcsBp: r.tcsBp === null ? null : Number(r.tcsBp),
    tcsPaise: Number(r.tcsPaise),
    tdsBp: r.tdsBp === null ? null : Number(r.tdsBp),
    tdsPaise: Number(r.tdsPaise),
    vendorNetPaise: Number(r.vendorNetPaise),
    cashCollectedPaise: r.cashCollectedPaise === null ? null : Number(r.cashCollectedPaise),
    returnedPaise: Number(r.returnedPaise ?? 0),
  }));
}

/** How many statement rows the filter has. */
export async function countStatement(db: DbOrTx, f: StatementFilter): Promise<number> {
  const lines = linesPerPart(db, f.vendorUserId);
  const [row] = await db
    .select({ n: count() })
    .from(orderPartRows)
    .innerJoin(lines, eq(lines.partId, orderPartRows.id))
    .innerJoin(shopRows, eq(shopRows.id, orderPartRows.storeId))
    .innerJoin(orderRows, eq(orderRows.id, orderPartRows.orderId))
    .where(whereOf(f));
  return Number(row?.n ?? 0);
}

// ---- The super admin's Payouts tab: vendors' balances and payouts, with the vendor's business name (auth).
