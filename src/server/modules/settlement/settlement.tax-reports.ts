import { and, gte, lt, sql } from 'drizzle-orm';
import type {
  CommissionReport,
  CommissionRow,
  TcsReport,
  TcsStateRateRow,
  TcsSupplierRow,
  TdsLine,
  TdsReport,
  TdsRow,
} from '../../../contracts/tax-reports.contract';
import { BASIS_POINTS, divideRoundHalfUp } from '../../../domain/money';
import { tdsBase } from '../../../domain/settlement';
import type { DbOrTx } from '../../platform/db';
import { vendorBusinessNames } from '../auth';
import { orderItemSettlements, taxDocumentLines, taxDocuments, vendorLedger } from './settlement.tables';
import { queryRows } from '../../platform/db';

// The super admin's monthly tax reports. A month counts the tax documents issued
// in it (their India date): invoices add, credit notes (same lines, amounts positive) subtract, as
// GSTR-8's "supplies returned". One query sums the month's document lines by everything a report
// groups on; the reports are folds of those sums (pure, below), so each figure is a sum of
// figures written when the order was placed, never recomputed.

/** The month's document lines summed by vendor, kind, the seller's GSTIN and PAN as issued, place of supply, TCS and TDS rate. */
export type TaxReportGroup = {
  vendorUserId: string;
  kind: 'invoice' | 'bill_of_supply' | 'credit_note';
  sellerName: string;
  gstin: string | null;
  pan: string | null;
  supplierState: string | null;
  placeOfSupplyState: string | null;
  tcsBp: number;
  tdsBp: number;
  grossPaise: number;
  taxablePaise: number;
  commissionPaise: number;
  tcsCgstPaise: number;
  tcsSgstPaise: number;
  tcsIgstPaise: number;
  tdsPaise: number;
};

/** The first day of a month YYYY-MM, and of the month after it. */
export function monthBounds(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number);
  const next = y * 12 + m; // index of the next month, 0-based months
  return { from: `${month}-01`, to: `${Math.floor(next / 12)}-${String((next % 12) + 1).padStart(2, '0')}-01` };
}

const total = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);

/** The sums of the document lines issued in a month (India date), one row per group. */
export async function taxReportGroups(db: DbOrTx, month: string): Promise<TaxReportGroup[]> {
  const { from, to } = monthBounds(month);
  // The field names are written into the text (not bound) so that the select and group by read the same expression.
  const seller = (field: 'name' | 'gstin' | 'pan') =>
    sql<string | null>`${taxDocuments.parties}->'seller'->>${sql.raw(`'${field}'`)}`;
  const gstin = seller('gstin');
  const pan = seller('pan');
  const rows = await db
    .select({
      vendorUserId: taxDocuments.vendorUserId,
      kind: taxDocuments.kind,
      sellerName: sql<string>`min(${seller('name')})`,
      gstin,
      pan,
      supplierState: taxDocuments.supplierState,
      placeOfSupplyState: taxDocuments.placeOfSupplyState,
      tcsBp: taxDocumentLines.tcsBp,
      tdsBp: taxDocumentLines.tdsBp,
      grossPaise: total(taxDocumentLines.grossPaise),
      taxablePaise: total(taxDocumentLines.taxablePaise),
      commissionPaise: total(taxDocumentLines.commissionPaise),
      tcsCgstPaise: total(taxDocumentLines.tcsCgstPaise),
      tcsSgstPaise: total(taxDocumentLines.tcsSgstPaise),
      tcsIgstPaise: total(taxDocumentLines.tcsIgstPaise),
      tdsPaise: total(taxDocumentLines.tdsPaise),
    })
    .from(taxDocuments)
    .innerJoin(taxDocumentLines, sql`${taxDocumentLines.documentId} = ${taxDocuments.id}`)
    .where(and(gte(taxDocuments.issuedOn, from), lt(taxDocuments.issuedOn, to)))
    .groupBy(
      taxDocuments.vendorUserId,
      taxDocuments.kind,
      gstin,
      pan,
      taxDocuments.supplierState,
      taxDocuments.placeOfSupplyState,
      taxDocumentLines.tcsBp,
      taxDocumentLines.tdsBp,
    );
  return rows.map((r) => ({ ...r, kind: r.kind as TaxReportGroup['kind'] }));
}

// ---- Pure folds: the three reports from the month's groups. ----

type Names = ReadonlyMap<string, string>;
const sign = (g: TaxReportGroup) => (g.kind === 'credit_note' ? -1 : 1);
const nameOf = (names: Names, g: TaxReportGroup) => names.get(g.vendorUserId) ?? g.sellerName;
/** Text in order, none (no place of supply recorded) last. */
const byText = (a: string | null, b: string | null) =>
  a === null || b === null ? Number(a === null) - Number(b === null) : a.localeCompare(b, 'en-IN');

/** Adds the groups into rows by a key: `make` starts a row, `add` adds one group's signed amounts. */
function foldBy<R>(
  groups: readonly TaxReportGroup[],
  key: (g: TaxReportGroup) => string,
  make: (g: TaxReportGroup) => R,
  add: (row: R, g: TaxReportGroup, s: number) => void,
): R[] {
  const rows = new Map<string, R>();
  for (const g of groups) {
    const k = key(g);
    let row = rows.get(k);
    if (!row) rows.set(k, (row = make(g)));
    add(row, g, sign(g));
  }
  return [...rows.values()];
}

type GrossReturnedNet = { grossPaise: number; returnedPaise: number; netPaise: number };
const zeroes = (): GrossReturnedNet => ({ grossPaise: 0, returnedPaise: 0, netPaise: 0 });
/** Adds an amount to gross (invoice) or returned (credit note), and its signed value to net. */
function addValue(row: GrossReturnedNet, amount: number, s: number) {
  if (s > 0) row.grossPaise += amount;
  else row.returnedPaise += amount;
  row.netPaise += s * amount;
}
const zeroTcs = () => ({ tcsIgstPaise: 0, tcsCgstPaise: 0, tcsSgstPaise: 0 });
function addTcs(row: ReturnType<typeof zeroTcs>, g: TaxReportGroup, s: number) {
  row.tcsIgstPaise += s * g.tcsIgstPaise;
  row.tcsCgstPaise += s * g.tcsCgstPaise;
  row.tcsSgstPaise += s * g.tcsSgstPaise;
}
function sumRows<K extends string>(rows: readonly Record<K, number>[], keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, rows.reduce((s, r) => s + r[k], 0)])) as Record<K, number>;
}
const GRN = ['grossPaise', 'returnedPaise', 'netPaise'] as const;
const TCS = ['tcsIgstPaise', 'tcsCgstPaise', 'tcsSgstPaise'] as const;

/** GSTR-8 for a month: rows per supplier GSTIN and place of supply (taxable values), by place of supply and TCS rate, and totals; vendors without a GSTIN are left out. */
export function tcsReportOf(month: string, groups: readonly TaxReportGroup[], names: Names): TcsReport {
  const withGstin = groups.filter((g) => g.gstin !== null);
  const suppliers = foldBy<TcsSupplierRow>(
    withGstin,
    (g) => JSON.stringify([g.vendorUserId, g.gstin, g.placeOfSupplyState]),
    (g) => ({
      vendorUserId: g.vendorUserId,
      vendorName: nameOf(names, g),
      gstin: g.gstin!,
      supplierState: g.supplierState,
      placeOfSupplyState: g.placeOfSupplyState,
      ...zeroes(),
      ...zeroTcs(),
    }),
    (row, g, s) => {
      addValue(row, g.taxablePaise, s);
      addTcs(row, g, s);
    },
  ).sort(
    (a, b) =>
      a.vendorName.localeCompare(b.vendorName, 'en-IN') ||
      a.gstin.localeCompare(b.gstin) ||
      byText(a.placeOfSupplyState, b.placeOfSupplyState),
  );
  const byStateAndRate = foldBy<TcsStateRateRow>(
    withGstin,
    (g) => JSON.stringify([g.placeOfSupplyState, g.tcsBp]),
    (g) => ({ placeOfSupplyState: g.placeOfSupplyState, tcsBp: g.tcsBp, netPaise: 0, ...zeroTcs() }),
    (row, g, s) => {
      row.netPaise += s * g.taxablePaise;
      addTcs(row, g, s);
    },
  ).sort((a, b) => byText(a.placeOfSupplyState, b.placeOfSupplyState) || a.tcsBp - b.tcsBp);
  return { month, suppliers, byStateAndRate, totals: sumRows(suppliers, [...GRN, ...TCS]) };
}

/**
 * TDS under section 194-O for a month: a row per vendor, PAN, rate and base, the amounts TDS was taken
 * on as the documents show them (their taxable value when they show GST, else their gross), net of
 * credit notes, and totals.
 */
export function tdsReportOf(
  month: string,
  groups: readonly TaxReportGroup[],
  names: Names,
  events: readonly TdsEventGroup[] = [],
): TdsReport {
  const baseOf = (g: TaxReportGroup) =>
    tdsBase({ grossPaise: g.grossPaise, taxablePaise: g.taxablePaise, vendorHasGstin: g.gstin !== null });
  const sales = foldBy<TdsRow>(
    groups,
    (g) => JSON.stringify([g.vendorUserId, g.pan, g.tdsBp, baseOf(g).on]),
    (g) => ({
      line: 'sales',
      vendorUserId: g.vendorUserId,
      vendorName: nameOf(names, g),
      pan: g.pan,
      tdsBp: g.tdsBp,
      tdsOn: baseOf(g).on,
      ...zeroes(),
      tdsPaise: 0,
    }),
    (row, g, s) => {
      addValue(row, baseOf(g).paise, s);
      row.tdsPaise += s * g.tdsPaise;
    },
  );
  const moves: TdsRow[] = events.map((e) => ({
    line: e.line,
    vendorUserId: e.vendorUserId,
    vendorName: names.get(e.vendorUserId) ?? '',
    pan: e.pan,
    tdsBp: e.tdsBp,
    tdsOn: e.tdsOn,
    grossPaise: e.line === 'exempt' ? e.basePaise : 0,
    returnedPaise: 0,
    netPaise: e.line === 'exempt' ? e.basePaise : 0,
    tdsPaise: e.tdsPaise,
  }));
  const lineOrder = (l: TdsLine) => TDS_LINE_ORDER.indexOf(l);
  const rows = [...sales, ...moves].sort(
    (a, b) =>
      a.vendorName.localeCompare(b.vendorName, 'en-IN') ||
      a.vendorUserId.localeCompare(b.vendorUserId) ||
      lineOrder(a.line) - lineOrder(b.line) ||
      a.tdsBp - b.tdsBp ||
      a.tdsOn.localeCompare(b.tdsOn),
  );
  // The amounts of exempt rows name sales already in the 'sales' rows: only TDS adds across lines.
  return { month, rows, totals: { ...sumRows(sales, GRN), tdsPaise: rows.reduce((s, r) => s + r.tdsPaise, 0) } };
}

const TDS_LINE_ORDER: readonly TdsLine[] = ['sales', 'exempt', 'catch_up', 'tds_kept', 'tds_adjusted'];

/** The month's TDS moves of the vendor ledger by vendor, kind, PAN, rate and base: signed as they change the TDS Haat deposits. */
export type TdsEventGroup = {
  line: Exclude<TdsLine, 'sales'>;
  vendorUserId: string;
  pan: string | null;
  tdsBp: number;
  tdsOn: 'taxable' | 'gross';
  basePaise: number;
  tdsPaise: number;
};

const LEDGER_LINE = {
  tds_kept: 'tds_kept',
  tds_adjusted: 'tds_adjusted',
  tds_exempt: 'exempt',
  tds_catch_up: 'catch_up',
} as const;

/**
 * The vendor ledger's TDS rows written in a month (India time), with the PAN, rate and base of the
 * part they concern. Kept on returns and caught up add to the TDS deposited; adjusted and exempt take off.
 */
export async function tdsEventGroups(db: DbOrTx, month: string): Promise<TdsEventGroup[]> {
  const { from, to } = monthBounds(month);
  const rows = await queryRows<{
    vendor_user_id: string;
    entry_type: keyof typeof LEDGER_LINE;
    pan: string | null;
    tds_bp: number;
    has_gstin: boolean;
    base: string;
    tds: string;
  }>(
    db,
    sql`select v.vendor_user_id, v.entry_type, l.pan, l.tds_bp, l.has_gstin, sum(case when v.payable_paise > 0 then l.base else 0 end) as base, sum(v.payable_paise) as tds
        from ${vendorLedger} v
        join lateral (select min(s.vendor_pan) as pan, min(s.tds_bp) as tds_bp, bool_or(s.vendor_gstin is not null) as has_gstin,
                             sum(case when s.vendor_gstin is not null then s.taxable_paise else s.gross_paise end) as base
                      from ${orderItemSettlements} s where s.order_part_id = v.order_part_id) l on true
        where v.entry_type in ('tds_kept', 'tds_adjusted', 'tds_exempt', 'tds_catch_up')
          and v.created_at >= (${from}::timestamp at time zone 'Asia/Kolkata') and v.created_at < (${to}::timestamp at time zone 'Asia/Kolkata')
        group by v.vendor_user_id, v.entry_type, l.pan, l.tds_bp, l.has_gstin`,
  );
  // A ledger row's payable change is the vendor's: Haat's TDS moves the other way.
  return rows.map((r) => ({
    line: LEDGER_LINE[r.entry_type],
    vendorUserId: r.vendor_user_id,
    pan: r.pan,
    tdsBp: Number(r.tds_bp),
    tdsOn: r.has_gstin ? 'taxable' : 'gross',
    basePaise: Number(r.base),
    tdsPaise: -Number(r.tds),
  }));
}

/** Commission ÷ net sales in basis points, rounded half up; null when the net sales (or the commission) are below zero or nothing. */
export const effectiveRateBp = (commissionPaise: number, netPaise: number): number | null =>
  netPaise > 0 && commissionPaise >= 0 ? divideRoundHalfUp(commissionPaise * BASIS_POINTS, netPaise) : null;

/** Haat's commission earned in a month: a row per vendor (sales GST included), net of credit notes, and totals. */
export function commissionReportOf(month: string, groups: readonly TaxReportGroup[], names: Names): CommissionReport {
  const rows = foldBy<CommissionRow>(
    groups,
    (g) => g.vendorUserId,
    (g) => ({
      vendorUserId: g.vendorUserId,
      vendorName: nameOf(names, g),
      ...zeroes(),
      commissionPaise: 0,
      effectiveRateBp: null,
    }),
    (row, g, s) => {
      addValue(row, g.grossPaise, s);
      row.commissionPaise += s * g.commissionPaise;
    },
  )
    .map((r) => ({ ...r, effectiveRateBp: effectiveRateBp(r.commissionPaise, r.netPaise) }))
    .sort((a, b) => a.vendorName.localeCompare(b.vendorName, 'en-IN') || a.vendorUserId.localeCompare(b.vendorUserId));
  const totals = sumRows(rows, [...GRN, 'commissionPaise']);
  return {
    month,
    rows,
    totals: { ...totals, effectiveRateBp: effectiveRateBp(totals.commissionPaise, totals.netPaise) },
  };
}

// ---- The reports, read. ----

const reports = { tcs: tcsReportOf, tds: tdsReportOf, commission: commissionReportOf };
type Reports = { tcs: TcsReport; tds: TdsReport; commission: CommissionReport };

/** One of the month's tax reports (TCS, TDS or commission), from the documents issued in it; vendors named by their business name today. */
export async function getTaxReport<K extends keyof Reports>(db: DbOrTx, kind: K, month: string): Promise<Reports[K]> {
  const groups = await taxReportGroups(db, month);
  if (kind === 'tds') {
    const events = await tdsEventGroups(db, month);
    const names = await vendorBusinessNames(db, [...new Set([...groups, ...events].map((g) => g.vendorUserId))]);
    return tdsReportOf(month, groups, names, events) as Reports[K];
  }
  const names = await vendorBusinessNames(db, [...new Set(groups.map((g) => g.vendorUserId))]);
  return (reports[kind] as (m: string, g: readonly TaxReportGroup[], n: Names) => Reports[K])(month, groups, names);
}
