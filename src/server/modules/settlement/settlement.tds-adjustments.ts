import { and, eq, inArray, sql } from 'drizzle-orm';
import { todayInIndia } from '../../../domain/age';
import { financialYearBounds, financialYearOf, tdsAdjustmentAvailable, tdsAdjustmentOfCredit, tdsNote } from '../../../domain/tds';
import { queryRows, type DbOrTx, type Tx } from '../../platform/db';
import { addToBalances, afterLock, entryOf, lockBalances } from './settlement.ledger';
import { orderItemSettlements, vendorLedger } from './settlement.tables';

// TDS under section 194-O and returns (CBDT Circular 20/2023, question 4; rules in domain/tds.ts).
// The TDS deducted on items later returned stays deposited in the vendor's name: the return debits
// the vendor that TDS share besides the net share ('tds_kept', from payable), and the same vendor's
// next sale credits in that financial year credit it back, up to their own TDS ('tds_adjusted', to
// payable), which Haat then does not deposit. What is left on 31 March lapses for Haat (the vendor
// claims it in its own return). Both rows are written under the vendor's balance lock, which the
// callers hold, so two credits at once cannot adjust the same TDS twice.

export type TdsEntryType = 'tds_kept' | 'tds_adjusted' | 'tds_exempt' | 'tds_catch_up';
export const TDS_ENTRY_TYPES: readonly TdsEntryType[] = ['tds_kept', 'tds_adjusted', 'tds_exempt', 'tds_catch_up'];

/** A date's financial year in India and its bounds as instants (midnight in India). */
export function financialYearSql(now: Date = new Date()): { financialYear: string; from: ReturnType<typeof sql>; to: ReturnType<typeof sql> } {
  const financialYear = financialYearOf(todayInIndia(now));
  const { from, to } = financialYearBounds(financialYear);
  return { financialYear, from: sql`(${from}::timestamp at time zone 'Asia/Kolkata')`, to: sql`(${to}::timestamp at time zone 'Asia/Kolkata')` };
}

/** The sum of a vendor's ledger rows of one TDS type in the financial year of `now` (as a positive amount). */
export async function tdsEntriesInYear(tx: DbOrTx, a: { vendorUserId: string; entryType: TdsEntryType; now?: Date }): Promise<number> {
  const fy = financialYearSql(a.now);
  const [row] = await queryRows<{ paise: string }>(
    tx,
    sql`select coalesce(abs(sum(payable_paise)), 0) as paise from ${vendorLedger}
        where vendor_user_id = ${a.vendorUserId} and entry_type = ${a.entryType} and created_at >= ${fy.from} and created_at < ${fy.to}`,
  );
  return Number(row?.paise ?? 0);
}

/** The TDS of a part's lines, as written when its order was placed. */
export async function tdsOfPart(tx: DbOrTx, orderPartId: string): Promise<number> {
  const [row] = await tx
    .select({ paise: sql<string>`coalesce(sum(${orderItemSettlements.tdsPaise}), 0)` })
    .from(orderItemSettlements)
    .where(eq(orderItemSettlements.orderPartId, orderPartId));
  return Number(row?.paise ?? 0);
}

/** Writes one TDS row of the ledger (payable moves by `payablePaise`) and the balance change, once per reference. */
async function writeTdsEntry(tx: Tx, a: { vendorUserId: string; orderPartId: string; entryType: TdsEntryType; payablePaise: number; reference: string; relatedEntryId?: string }): Promise<number> {
  if (a.payablePaise === 0 || (await entryOf(tx, a.reference))) return 0;
  await tx.insert(vendorLedger).values({
    createdAt: afterLock,
    vendorUserId: a.vendorUserId,
    orderPartId: a.orderPartId,
    entryType: a.entryType,
    payablePaise: a.payablePaise,
    relatedEntryId: a.relatedEntryId,
    reference: a.reference,
    description: tdsNote(a.entryType, a.payablePaise),
  });
  await addToBalances(tx, a.vendorUserId, { payablePaise: a.payablePaise });
  return a.payablePaise;
}

/**
 * On a return received back, under the vendor's balance lock: debits the TDS share of the returned
 * units, which stays deposited in the vendor's name and becomes due for adjustment this financial year. Once.
 */
export async function keepReturnedTds(tx: Tx, a: { vendorUserId: string; orderPartId: string; returnId: string; tdsPaise: number; relatedEntryId?: string }): Promise<number> {
  if (a.tdsPaise <= 0) return 0;
  return -(await writeTdsEntry(tx, { ...a, entryType: 'tds_kept', payablePaise: -a.tdsPaise, reference: `tds-kept:return:${a.returnId}` }));
}

/**
 * At a part's sale credit, under the vendor's balance lock: credits the TDS kept on this financial
 * year's returns not yet adjusted, up to the credit's own TDS (which is reduced by it). Once per part.
 */
export async function adjustTdsOnCredit(tx: Tx, a: { vendorUserId: string; orderPartId: string; creditTdsPaise: number; relatedEntryId?: string; now?: Date }): Promise<number> {
  if (a.creditTdsPaise <= 0) return 0;
  const kept = await tdsEntriesInYear(tx, { vendorUserId: a.vendorUserId, entryType: 'tds_kept', now: a.now });
  if (kept === 0) return 0;
  const adjusted = await tdsEntriesInYear(tx, { vendorUserId: a.vendorUserId, entryType: 'tds_adjusted', now: a.now });
  const amount = tdsAdjustmentOfCredit({ availablePaise: tdsAdjustmentAvailable({ keptOnReturnsPaise: kept, adjustedPaise: adjusted }), creditTdsPaise: a.creditTdsPaise });
  return writeTdsEntry(tx, { ...a, entryType: 'tds_adjusted', payablePaise: amount, reference: `tds-adjusted:${a.orderPartId}` });
}

/**
 * The TDS rules of a part's sale credit, in the transaction that credits it (after 'sale:<part>'),
 * under its vendor's balance lock: the TDS kept on this year's returns reduces this credit's TDS.
 */
export async function settleTdsOfCredit(tx: Tx, a: { orderPartId: string; now?: Date }): Promise<void> {
  const [sale] = await tx.select({ id: vendorLedger.id, vendorUserId: vendorLedger.vendorUserId }).from(vendorLedger).where(eq(vendorLedger.reference, `sale:${a.orderPartId}`));
  if (!sale) return;
  await lockBalances(tx, sale.vendorUserId);
  const creditTdsPaise = await tdsOfPart(tx, a.orderPartId);
  await adjustTdsOnCredit(tx, { vendorUserId: sale.vendorUserId, orderPartId: a.orderPartId, creditTdsPaise, relatedEntryId: sale.id, now: a.now });
}

export type TdsNote = { entryType: TdsEntryType; paise: number; text: string; at: string };

/** The TDS rows of the ledger of these parts, for the vendor's statement, oldest first. */
export async function tdsNotesOfParts(db: DbOrTx, vendorUserId: string, orderPartIds: readonly string[]): Promise<Map<string, TdsNote[]>> {
  const notes = new Map<string, TdsNote[]>();
  if (orderPartIds.length === 0) return notes;
  const rows = await db
    .select({ orderPartId: vendorLedger.orderPartId, entryType: vendorLedger.entryType, paise: vendorLedger.payablePaise, text: vendorLedger.description, at: vendorLedger.createdAt })
    .from(vendorLedger)
    .where(and(eq(vendorLedger.vendorUserId, vendorUserId), inArray(vendorLedger.orderPartId, [...orderPartIds]), inArray(vendorLedger.entryType, [...TDS_ENTRY_TYPES])))
    .orderBy(vendorLedger.createdAt, vendorLedger.id);
  for (const r of rows) {
    const list = notes.get(r.orderPartId!) ?? [];
    list.push({ entryType: r.entryType as TdsEntryType, paise: Number(r.paise), text: r.text, at: r.at.toISOString() });
    notes.set(r.orderPartId!, list);
  }
  return notes;
}
