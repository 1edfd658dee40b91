import { and, eq, inArray, sql } from 'drizzle-orm';
import { todayInIndia } from '../../../domain/age';
import {
  exemptionAtCredit,
  financialYearBounds,
  financialYearOf,
  tdsAdjustmentAvailable,
  tdsAdjustmentOfCredit,
  tdsNote,
} from '../../../domain/tds';
import { queryRows, type DbOrTx, type Tx } from '../../platform/db';
import { addToBalances, afterLock, entryOf, lockBalances } from './settlement.ledger';
import { tdsExemptionOf } from './settlement.payout-details';
import { orderItemSettlements, taxDocuments, vendorLedger } from './settlement.tables';

// TDS under section 194-O at a sale credit and at a return (rules in domain/tds.ts): the ₹5 lakh
// exemption of section 194-O(2) and its catch-up ('tds_exempt', 'tds_catch_up', below), and returns
// (CBDT Circular 20/2023, question 4).
// The TDS deducted on items later returned stays deposited in the vendor's name: the return debits
// the vendor that TDS share besides the net share ('tds_kept', from payable), and the same vendor's
// next sale credits in that financial year credit it back, up to their own TDS ('tds_adjusted', to
// payable), which Haat then does not deposit. What is left on 31 March lapses for Haat (the vendor
// claims it in its own return). Both rows are written under the vendor's balance lock, which the
// callers hold, so two credits at once cannot adjust the same TDS twice.

export type TdsEntryType = 'tds_kept' | 'tds_adjusted' | 'tds_exempt' | 'tds_catch_up';
export const TDS_ENTRY_TYPES: readonly TdsEntryType[] = ['tds_kept', 'tds_adjusted', 'tds_exempt', 'tds_catch_up'];

/** A date's financial year in India and its bounds as instants (midnight in India). */
export function financialYearSql(now: Date = new Date()): {
  financialYear: string;
  from: ReturnType<typeof sql>;
  to: ReturnType<typeof sql>;
} {
  const financialYear = financialYearOf(todayInIndia(now));
  const { from, to } = financialYearBounds(financialYear);
  return {
    financialYear,
    from: sql`(${from}::timestamp at time zone 'Asia/Kolkata')`,
    to: sql`(${to}::timestamp at time zone 'Asia/Kolkata')`,
  };
}

/** The sum of a vendor's ledger rows of one TDS type in the financial year of `now` (as a positive amount). */
export async function tdsEntriesInYear(
  tx: DbOrTx,
  a: { vendorUserId: string; entryType: TdsEntryType; now?: Date },
): Promise<number> {
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
async function writeTdsEntry(
  tx: Tx,
  a: {
    vendorUserId: string;
    orderPartId: string;
    entryType: TdsEntryType;
    payablePaise: number;
    reference: string;
    relatedEntryId?: string;
  },
): Promise<number> {
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
export async function keepReturnedTds(
  tx: Tx,
  a: { vendorUserId: string; orderPartId: string; returnId: string; tdsPaise: number; relatedEntryId?: string },
): Promise<number> {
  if (a.tdsPaise <= 0) return 0;
  // A sale exempt under 194-O(2), its TDS not caught up since: nothing was deposited, so the TDS
  // credited back on it is given back (the year's exempt TDS goes down), and nothing is due for adjustment.
  if (await exemptNotCaughtUp(tx, a.vendorUserId, a.orderPartId)) {
    return -(await writeTdsEntry(tx, {
      ...a,
      entryType: 'tds_exempt',
      payablePaise: -a.tdsPaise,
      reference: `tds-exempt-returned:${a.returnId}`,
    }));
  }
  return -(await writeTdsEntry(tx, {
    ...a,
    entryType: 'tds_kept',
    payablePaise: -a.tdsPaise,
    reference: `tds-kept:return:${a.returnId}`,
  }));
}

/** True when the part's credit was exempt under 194-O(2) and no catch-up was taken after it. */
async function exemptNotCaughtUp(tx: DbOrTx, vendorUserId: string, orderPartId: string): Promise<boolean> {
  const [row] = await queryRows<{ open: boolean }>(
    tx,
    sql`select not exists (select 1 from ${vendorLedger} c where c.vendor_user_id = ${vendorUserId} and c.entry_type = 'tds_catch_up' and c.created_at >= e.created_at) as open
        from ${vendorLedger} e where e.reference = ${`tds-exempt:${orderPartId}`}`,
  );
  return row?.open === true;
}

/**
 * The vendor's gross sales credited in the financial year of `now` (the parts' gross, GST included,
 * as their lines were written), less the gross of the credit notes of returns issued that year; the
 * part being credited left out.
 */
async function yearGrossBefore(
  tx: DbOrTx,
  a: { vendorUserId: string; orderPartId: string; now?: Date },
): Promise<number> {
  const fy = financialYearSql(a.now);
  const { from, to } = financialYearBounds(fy.financialYear);
  const [row] = await queryRows<{ sold: string; returned: string }>(
    tx,
    sql`select
          (select coalesce(sum(l.gross_paise), 0) from ${vendorLedger} v join ${orderItemSettlements} l on l.order_part_id = v.order_part_id
           where v.vendor_user_id = ${a.vendorUserId} and v.entry_type = 'sale' and v.order_part_id <> ${a.orderPartId}
             and v.created_at >= ${fy.from} and v.created_at < ${fy.to}) as sold,
          (select coalesce(sum(d.total_paise), 0) from ${taxDocuments} d
           where d.vendor_user_id = ${a.vendorUserId} and d.kind = 'credit_note' and d.reference like 'credit:return:%'
             and d.issued_on >= ${from} and d.issued_on < ${to}) as returned`,
  );
  return Number(row?.sold ?? 0) - Number(row?.returned ?? 0);
}

/** The signed sum of a vendor's ledger rows of one TDS type in the financial year of `now`. */
async function signedInYear(
  tx: DbOrTx,
  a: { vendorUserId: string; entryType: TdsEntryType; now?: Date },
): Promise<{ paise: number; rows: number }> {
  const fy = financialYearSql(a.now);
  const [row] = await queryRows<{ paise: string; n: string }>(
    tx,
    sql`select coalesce(sum(payable_paise), 0) as paise, count(*) as n from ${vendorLedger}
        where vendor_user_id = ${a.vendorUserId} and entry_type = ${a.entryType} and created_at >= ${fy.from} and created_at < ${fy.to}`,
  );
  return { paise: Number(row?.paise ?? 0), rows: Number(row?.n ?? 0) };
}

/**
 * Section 194-O(2) at a part's sale credit, under the vendor's balance lock: a declared individual or
 * HUF whose year's gross with this credit stays within ₹5,00,000 is credited the credit's TDS back
 * ('tds_exempt'); the credit that passes it (or any credit after the declaration is withdrawn) is
 * debited the TDS not taken on the year's earlier exempt sales ('tds_catch_up'). Answers the TDS
 * this credit still carries.
 */
async function applyExemption(
  tx: Tx,
  a: { vendorUserId: string; orderPartId: string; creditTdsPaise: number; relatedEntryId?: string; now?: Date },
): Promise<number> {
  const declared = (await tdsExemptionOf(tx, a.vendorUserId)) !== 'none';
  const exempted = await signedInYear(tx, { vendorUserId: a.vendorUserId, entryType: 'tds_exempt', now: a.now });
  if (!declared && exempted.rows === 0) return a.creditTdsPaise;
  const caughtUp = await signedInYear(tx, { vendorUserId: a.vendorUserId, entryType: 'tds_catch_up', now: a.now });
  const [credit] = await tx
    .select({ paise: sql<string>`coalesce(sum(${orderItemSettlements.grossPaise}), 0)` })
    .from(orderItemSettlements)
    .where(eq(orderItemSettlements.orderPartId, a.orderPartId));
  const decision = exemptionAtCredit({
    declared,
    exemptionLost: caughtUp.rows > 0,
    yearGrossBeforePaise: await yearGrossBefore(tx, a),
    creditGrossPaise: Number(credit?.paise ?? 0),
    creditTdsPaise: a.creditTdsPaise,
    // Exempt rows are credits (+), their returns and catch-ups debits (−).
    exemptTdsOutstandingPaise: exempted.paise + caughtUp.paise,
  });
  if (decision.exempt) {
    await writeTdsEntry(tx, {
      ...a,
      entryType: 'tds_exempt',
      payablePaise: decision.tdsBackPaise,
      reference: `tds-exempt:${a.orderPartId}`,
    });
    return 0;
  }
  await writeTdsEntry(tx, {
    ...a,
    entryType: 'tds_catch_up',
    payablePaise: -decision.catchUpPaise,
    reference: `tds-catch-up:${a.orderPartId}`,
  });
  return a.creditTdsPaise;
}

/**
 * At a part's sale credit, under the vendor's balance lock: credits the TDS kept on this financial
 * year's returns not yet adjusted, up to the credit's own TDS (which is reduced by it). Once per part.
 */
export async function adjustTdsOnCredit(
  tx: Tx,
  a: { vendorUserId: string; orderPartId: string; creditTdsPaise: number; relatedEntryId?: string; now?: Date },
): Promise<number> {
  if (a.creditTdsPaise <= 0) return 0;
  const kept = await tdsEntriesInYear(tx, { vendorUserId: a.vendorUserId, entryType: 'tds_kept', now: a.now });
  if (kept === 0) return 0;
  const adjusted = await tdsEntriesInYear(tx, { vendorUserId: a.vendorUserId, entryType: 'tds_adjusted', now: a.now });
  const amount = tdsAdjustmentOfCredit({
    availablePaise: tdsAdjustmentAvailable({ keptOnReturnsPaise: kept, adjustedPaise: adjusted }),
    creditTdsPaise: a.creditTdsPaise,
  });
  return writeTdsEntry(tx, {
    ...a,
    entryType: 'tds_adjusted',
    payablePaise: amount,
    reference: `tds-adjusted:${a.orderPartId}`,
  });
}

/**
 * The TDS rules of a part's sale credit, in the transaction that credits it (after 'sale:<part>'),
 * under its vendor's balance lock: the ₹5 lakh exemption of section 194-O(2) (and its catch-up),
 * then the TDS kept on this year's returns reduces what TDS the credit still carries.
 */
export async function settleTdsOfCredit(tx: Tx, a: { orderPartId: string; now?: Date }): Promise<void> {
  const [sale] = await tx
    .select({ id: vendorLedger.id, vendorUserId: vendorLedger.vendorUserId })
    .from(vendorLedger)
    .where(eq(vendorLedger.reference, `sale:${a.orderPartId}`));
  if (!sale) return;
  await lockBalances(tx, sale.vendorUserId);
  const base = { vendorUserId: sale.vendorUserId, orderPartId: a.orderPartId, relatedEntryId: sale.id, now: a.now };
  // The exemption first: an exempt credit carries no TDS left to adjust.
  const creditTdsPaise = await applyExemption(tx, { ...base, creditTdsPaise: await tdsOfPart(tx, a.orderPartId) });
  await adjustTdsOnCredit(tx, { ...base, creditTdsPaise });
}

export type TdsNote = { entryType: TdsEntryType; paise: number; text: string; at: string };

/** The TDS rows of the ledger of these parts, for the vendor's statement, oldest first. */
export async function tdsNotesOfParts(
  db: DbOrTx,
  vendorUserId: string,
  orderPartIds: readonly string[],
): Promise<Map<string, TdsNote[]>> {
  const notes = new Map<string, TdsNote[]>();
  if (orderPartIds.length === 0) return notes;
  const rows = await db
    .select({
      orderPartId: vendorLedger.orderPartId,
      entryType: vendorLedger.entryType,
      paise: vendorLedger.payablePaise,
      text: vendorLedger.description,
      at: vendorLedger.createdAt,
    })
    .from(vendorLedger)
    .where(
      and(
        eq(vendorLedger.vendorUserId, vendorUserId),
        inArray(vendorLedger.orderPartId, [...orderPartIds]),
        inArray(vendorLedger.entryType, [...TDS_ENTRY_TYPES]),
      ),
    )
    .orderBy(vendorLedger.createdAt, vendorLedger.id);
  for (const r of rows) {
    const list = notes.get(r.orderPartId!) ?? [];
    list.push({ entryType: r.entryType as TdsEntryType, paise: Number(r.paise), text: r.text, at: r.at.toISOString() });
    notes.set(r.orderPartId!, list);
  }
  return notes;
}
