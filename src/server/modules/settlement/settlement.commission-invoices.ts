import { and, asc, eq, sql } from 'drizzle-orm';
import { isUuid } from '../../../contracts/common.contract';
import { commissionMessages, type CommissionDocumentSummary } from '../../../contracts/commission-invoices.contract';
import { todayInIndia } from '../../../domain/age';
import {
  COMMISSION_GST_BP,
  COMMISSION_SAC,
  commissionDocumentNumber,
  commissionGst,
  commissionIntraState,
  commissionPlaceOfSupply,
  monthInIndia,
  monthStartInIndia,
  nextMonth,
  type CommissionDocumentKind,
} from '../../../domain/commission-invoice';
import { financialYearOf } from '../../../domain/tax-documents';
import { AppError } from '../../platform/app-error';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../platform/db';
import { startRepeatingJob, type JobLog, type JobMetrics, type StopJob } from '../../platform/repeating-job';
import { vendorBusinessNames } from '../auth';
import { listVendorShops } from '../shops';
import {
  commissionDocuments,
  commissionDocumentSeries,
  commissionMonths,
  haatTaxIdentity,
  type CommissionDocumentParties,
} from './settlement.commission-invoices.tables';
import { addToBalances, afterLock, lockBalances } from './settlement.ledger';
import { pdfFileName, type StoredPdf } from './settlement.documents';
import { queueDocumentPdf } from './settlement.document-pdfs';
import {
  orderItemSettlements,
  taxDocumentLines,
  taxDocuments,
  vendorLedger,
  vendorPayoutDetails,
} from './settlement.tables';

// Haat's own commission invoice (docs/settlement-and-tax.md). Once a calendar month (India) is over,
// Haat bills each vendor, from its own series, for the commission taken on the vendor's sales
// credited that month (the `sale:` ledger rows, written at delivery), less what returns and cancels
// gave back of it within the same month, plus 18 % GST; and issues a commission credit note for the
// commission that month's returns and cancels gave back on sales of earlier months (already
// billed). The commission itself is already kept from each sale; the GST on it is debited from the
// vendor's payable balance when the invoice is issued (credited back by a credit note), so the next
// payout carries it. Each (vendor, month) is settled once, in one transaction, under the vendor's
// balance lock; the series row's lock keeps the numbers gap-free.

/** How long after a month ends its documents wait, so that a sale or return written in its last moments is counted in it. */
export const COMMISSION_MONTH_GRACE_MS = 60 * 60_000;

export type HaatTaxIdentity = { legalName: string; address: string; state: string; gstin: string };

/** Haat's GST registration as the admin set it, or null while it is not set (no commission invoice is issued then). */
export async function getHaatTaxIdentity(db: DbOrTx): Promise<HaatTaxIdentity | null> {
  const [row] = await db
    .select({
      legalName: haatTaxIdentity.legalName,
      address: haatTaxIdentity.address,
      state: haatTaxIdentity.state,
      gstin: haatTaxIdentity.gstin,
    })
    .from(haatTaxIdentity);
  return row ?? null;
}

/** Saves Haat's GST registration (validated by the caller's contract), in the caller's transaction. */
export async function saveHaatTaxIdentity(tx: DbOrTx, identity: HaatTaxIdentity): Promise<HaatTaxIdentity> {
  await tx
    .insert(haatTaxIdentity)
    .values({ id: 1, ...identity })
    .onConflictDoUpdate({ target: haatTaxIdentity.id, set: { ...identity, updatedAt: sql`now()` } });
  return identity;
}

export type IssuedCommissionDocument = {
  id: string;
  kind: CommissionDocumentKind;
  number: string;
  month: string;
  taxablePaise: number;
  taxPaise: number;
};

/** Takes the next number of Haat's commission series (kind, financial year), under its row's lock. */
async function nextSequence(tx: Tx, kind: CommissionDocumentKind, financialYear: string): Promise<number> {
  const [row] = await tx
    .insert(commissionDocumentSeries)
    .values({ kind, financialYear, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [commissionDocumentSeries.kind, commissionDocumentSeries.financialYear],
      set: { lastSequence: sql`${commissionDocumentSeries.lastSequence} + 1` },
    })
    .returning({ lastSequence: commissionDocumentSeries.lastSequence });
  return row.lastSequence;
}

/**
 * A vendor's commission for a month: on the sales credited in it, less what returns and cancels in
 * the same month gave back of them (`invoicePaise`), and what its returns and cancels gave back of
 * earlier months' sales (`creditPaise`). Figures are the order lines' and the credit notes' own.
 */
export async function commissionOfMonth(
  db: DbOrTx,
  a: { vendorUserId: string; month: string },
): Promise<{ invoicePaise: number; creditPaise: number }> {
  const from = monthStartInIndia(a.month).toISOString();
  const to = monthStartInIndia(nextMonth(a.month)).toISOString();
  const [sales] = await queryRows<{ paise: string }>(
    db,
    sql`select coalesce(sum(l.commission_paise), 0) as paise from ${vendorLedger} v join ${orderItemSettlements} l on l.order_part_id = v.order_part_id
        where v.entry_type = 'sale' and v.vendor_user_id = ${a.vendorUserId} and v.created_at >= ${from}::timestamptz and v.created_at < ${to}::timestamptz`,
  );
  const [given] = await queryRows<{ same: string; earlier: string }>(
    db,
    sql`select coalesce(sum(x.commission_paise) filter (where s.created_at >= ${from}::timestamptz), 0) as same,
               coalesce(sum(x.commission_paise) filter (where s.created_at < ${from}::timestamptz), 0) as earlier
        from ${taxDocuments} d join ${taxDocumentLines} x on x.document_id = d.id join ${vendorLedger} s on s.reference = 'sale:' || d.order_part_id::text
        where d.kind = 'credit_note' and d.vendor_user_id = ${a.vendorUserId} and d.created_at >= ${from}::timestamptz and d.created_at < ${to}::timestamptz
          and s.created_at < ${to}::timestamptz`,
  );
  return { invoicePaise: Math.max(0, Number(sales.paise) - Number(given.same)), creditPaise: Number(given.earlier) };
}

/** The vendor as the recipient of Haat's service: its business name, its first shop's address and state, its GSTIN (today's). */
async function recipientOf(db: DbOrTx, vendorUserId: string): Promise<CommissionDocumentParties['recipient']> {
  const [details] = await db
    .select({ gstin: vendorPayoutDetails.gstin })
    .from(vendorPayoutDetails)
    .where(eq(vendorPayoutDetails.vendorUserId, vendorUserId));
  const [shop] = await listVendorShops(db, vendorUserId);
  const business = (await vendorBusinessNames(db, [vendorUserId])).get(vendorUserId);
  const gstin = details?.gstin ?? null;
  const address = [
    shop?.address,
    shop?.city,
    shop?.state ? `${shop.state}${shop.postalCode ? ` - ${shop.postalCode}` : ''}` : shop?.postalCode,
  ]
    .filter((p): p is string => !!p && p.trim() !== '')
    .join(', ');
  return {
    name: business ?? shop?.shopName ?? 'Vendor',
    address,
    state: commissionPlaceOfSupply(gstin, shop?.state ?? null),
    gstin,
  };
}

/**
 * Settles one vendor's month once, in one transaction: its commission invoice and credit note
 * (each only when something is due) with their GST ledger rows. Answers the documents it issued;
 * none when the month was settled already, is not over yet, or Haat's GST registration is not set.
 */
export async function issueCommissionDocuments(
  db: DbOrTx,
  a: { vendorUserId: string; month: string; now?: Date },
): Promise<IssuedCommissionDocument[]> {
  const now = a.now ?? new Date();
  if (now.getTime() < monthStartInIndia(nextMonth(a.month)).getTime() + COMMISSION_MONTH_GRACE_MS) return [];
  // Its own transaction, or a savepoint of the caller's (the demo data's).
  return (db as Db).transaction(async (tx) => {
    const haat = await getHaatTaxIdentity(tx);
    if (!haat) return [];
    // The vendor's balance lock serialises two issuers of the same vendor; the month's row then says it is done.
    await lockBalances(tx, a.vendorUserId);
    const claimed = await tx
      .insert(commissionMonths)
      .values({ vendorUserId: a.vendorUserId, month: a.month })
      .onConflictDoNothing()
      .returning({ month: commissionMonths.month });
    if (claimed.length === 0) return [];
    const { invoicePaise, creditPaise } = await commissionOfMonth(tx, a);
    if (invoicePaise === 0 && creditPaise === 0) return [];
    const recipient = await recipientOf(tx, a.vendorUserId);
    const parties: CommissionDocumentParties = {
      supplier: { name: haat.legalName, address: haat.address, state: haat.state, gstin: haat.gstin },
      recipient,
    };
    const intraState = commissionIntraState(haat.state, recipient.state);
    const issuedOn = todayInIndia(now);
    const financialYear = financialYearOf(issuedOn);
    const issued: IssuedCommissionDocument[] = [];
    for (const [kind, paise] of [
      ['invoice', invoicePaise],
      ['credit_note', creditPaise],
    ] as const) {
      if (paise === 0) continue;
      const amounts = commissionGst(paise, intraState);
      const sequence = await nextSequence(tx, kind, financialYear);
      const number = commissionDocumentNumber(kind, financialYear, sequence);
      const [doc] = await tx
        .insert(commissionDocuments)
        .values({
          vendorUserId: a.vendorUserId,
          kind,
          month: a.month,
          financialYear,
          sequence,
          number,
          reference: `${kind === 'invoice' ? 'commission-invoice' : 'commission-credit'}:${a.vendorUserId}:${a.month}`,
          issuedOn,
          parties,
          sacCode: COMMISSION_SAC,
          gstRateBp: COMMISSION_GST_BP,
          placeOfSupplyState: recipient.state,
          intraState,
          taxablePaise: amounts.taxablePaise,
          cgstPaise: amounts.cgstPaise,
          sgstPaise: amounts.sgstPaise,
          igstPaise: amounts.igstPaise,
          totalPaise: amounts.totalPaise,
        })
        .returning({ id: commissionDocuments.id });
      // Its PDF is rendered once, by the document PDFs job.
      await queueDocumentPdf(tx, 'commission', doc.id);
      // The commission was kept from each sale; its GST is what the vendor owes now (a credit note gives it back).
      const change = kind === 'invoice' ? -amounts.taxPaise : amounts.taxPaise;
      if (change !== 0) {
        await tx.insert(vendorLedger).values({
          createdAt: afterLock,
          vendorUserId: a.vendorUserId,
          entryType: kind === 'invoice' ? 'commission_gst' : 'commission_gst_credit',
          payablePaise: change,
          reference: `${kind === 'invoice' ? 'commission-gst' : 'commission-gst-credit'}:${doc.id}`,
          description:
            kind === 'invoice'
              ? `GST on Haat's commission, invoice ${number}`
              : `GST on Haat's commission given back, credit note ${number}`,
        });
        await addToBalances(tx, a.vendorUserId, { payablePaise: change });
      }
      issued.push({
        id: doc.id,
        kind,
        number,
        month: a.month,
        taxablePaise: amounts.taxablePaise,
        taxPaise: amounts.taxPaise,
      });
    }
    return issued;
  });
}

/**
 * Settles every vendor's months that are over and not settled yet, oldest first (so a credit note
 * follows the invoice of the sales it gives back). Answers what it issued, or that Haat's GST
 * registration is not set (then nothing is issued: the months wait for it).
 */
export async function issueDueCommissionDocuments(
  db: DbOrTx,
  a: { now?: Date } = {},
): Promise<{ issued: IssuedCommissionDocument[]; notConfigured: boolean }> {
  const now = a.now ?? new Date();
  if (!(await getHaatTaxIdentity(db))) return { issued: [], notConfigured: true };
  const cutoff = monthStartInIndia(monthInIndia(new Date(now.getTime() - COMMISSION_MONTH_GRACE_MS))).toISOString();
  const due = await queryRows<{ vendor_user_id: string; month: string }>(
    db,
    sql`select distinct m.vendor_user_id, m.month from (
          select v.vendor_user_id, to_char(v.created_at at time zone 'Asia/Kolkata', 'YYYY-MM') as month from ${vendorLedger} v
          where v.entry_type = 'sale' and v.created_at < ${cutoff}::timestamptz
          union
          select d.vendor_user_id, to_char(d.created_at at time zone 'Asia/Kolkata', 'YYYY-MM') from ${taxDocuments} d
          where d.kind = 'credit_note' and d.created_at < ${cutoff}::timestamptz and exists (select 1 from ${vendorLedger} s where s.reference = 'sale:' || d.order_part_id::text)
        ) m
        where not exists (select 1 from ${commissionMonths} c where c.vendor_user_id = m.vendor_user_id and c.month = m.month)
        order by m.month, m.vendor_user_id
        limit 500`,
  );
  const issued: IssuedCommissionDocument[] = [];
  for (const d of due)
    issued.push(...(await issueCommissionDocuments(db, { vendorUserId: d.vendor_user_id, month: d.month, now })));
  return { issued, notConfigured: false };
}

/** A vendor's commission invoices and credit notes, newest first. */
export async function listCommissionDocuments(
  db: DbOrTx,
  vendorUserId?: string,
): Promise<(typeof commissionDocuments.$inferSelect)[]> {
  return db
    .select()
    .from(commissionDocuments)
    .where(vendorUserId ? eq(commissionDocuments.vendorUserId, vendorUserId) : undefined)
    .orderBy(sql`${commissionDocuments.issuedOn} desc`, sql`${commissionDocuments.number} desc`);
}

/** One commission document, of this vendor when one is given (null when it is not theirs or unknown). */
export async function commissionDocumentById(
  db: DbOrTx,
  a: { id: string; vendorUserId?: string },
): Promise<typeof commissionDocuments.$inferSelect | null> {
  const [row] = await db
    .select()
    .from(commissionDocuments)
    .where(
      and(
        eq(commissionDocuments.id, a.id),
        a.vendorUserId ? eq(commissionDocuments.vendorUserId, a.vendorUserId) : undefined,
      ),
    )
    .orderBy(asc(commissionDocuments.id));
  return row ?? null;
}

/**
 * Starts the monthly commission billing: a pass soon after start and then every `intervalMs` (an
 * hour by default) settles every month that is over; several processes share its lease, and each
 * (vendor, month) is settled once however many try. Answers a function that stops it.
 */
export function startCommissionInvoicesJob({
  db,
  log,
  metrics,
  intervalMs = 60 * 60_000,
}: {
  db: Db;
  log: JobLog;
  metrics?: JobMetrics;
  intervalMs?: number;
}): StopJob {
  let warned = false;
  return startRepeatingJob({
    db,
    name: 'Commission invoices',
    intervalMs,
    log,
    metrics,
    run: async () => {
      const { issued, notConfigured } = await issueDueCommissionDocuments(db);
      if (notConfigured) {
        if (warned) return null;
        warned = true;
        return "Haat's GST registration is not set (admin Settings): no commission invoice is issued until it is";
      }
      warned = false;
      return issued.length ? `${issued.length} commission invoice(s) and credit note(s) issued` : null;
    },
  });
}

/**
 * A commission document of this vendor (or any, for the super admin): its stored PDF, named after
 * its number (key and hash null while it is being rendered); NOT_FOUND when it is not theirs or unknown.
 */
export async function commissionDocumentPdf(
  db: DbOrTx,
  a: { documentId: string; vendorUserId?: string },
): Promise<StoredPdf> {
  const doc = isUuid(a.documentId)
    ? await commissionDocumentById(db, { id: a.documentId, vendorUserId: a.vendorUserId })
    : null;
  if (!doc) throw new AppError('NOT_FOUND', commissionMessages.notFound);
  return { fileName: pdfFileName(doc.number), key: doc.pdfKey, sha256: doc.pdfSha256 };
}

/** A vendor's commission invoices and credit notes, newest first, as its Earnings tab lists them. */
export async function listVendorCommissionDocuments(
  db: DbOrTx,
  vendorUserId: string,
): Promise<CommissionDocumentSummary[]> {
  return (await listCommissionDocuments(db, vendorUserId)).map((d) => ({
    id: d.id,
    kind: d.kind as CommissionDocumentKind,
    number: d.number,
    month: d.month,
    issuedOn: d.issuedOn,
    taxablePaise: d.taxablePaise,
    gstPaise: d.cgstPaise + d.sgstPaise + d.igstPaise,
    totalPaise: d.totalPaise,
  }));
}
