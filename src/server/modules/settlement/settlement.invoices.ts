import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { todayInIndia } from '../../../domain/age';
import { financialYearOf, taxDocumentNumber, type TaxDocumentKind } from '../../../domain/tax-documents';
import { isBillOfSupply } from '../../../domain/unregistered-supplier';
import { AppError } from '../../platform/app-error';
import type { DbOrTx, Tx } from '../../platform/db';
import { customerRows, vendorBusinessNames } from '../auth';
import { partForDocument } from '../orders';
import { shopAddress } from '../shops';
import { queueDocumentPdf } from './settlement.document-pdfs';
import { vendorTaxIds } from './settlement.rates';
import {
  orderItemSettlements,
  taxDocumentLines,
  taxDocuments,
  taxDocumentSeries,
  type TaxDocumentParties,
} from './settlement.tables';

// GST tax invoices and credit notes. A part's invoice is issued by its vendor
// (Haat issues it on the vendor's behalf) when the part ships, the moment GST section 31 asks for
// it (delivered without shipping first: then); a cancel after that issues a credit note against it.
// Each is numbered from the vendor's own series for the financial year, taken in the issuing
// transaction under the series row's lock, so numbers have no gaps (a rolled-back issue gives its
// number back). The figures are copies of the lines written when the order was placed
// (`order_item_settlements`), so an invoice always agrees with what the vendor is paid. A vendor
// without a GSTIN charges no GST, so its part gets a bill of supply instead (CGST Rules, rule 49),
// from its own BOS series, under the same reference (`invoice:<part>`): one sale document per part.

export type IssuedDocument = { id: string; number: string; kind: TaxDocumentKind };

/** Takes the next number of a vendor's series (kind, financial year), under its row's lock. */
async function nextSequence(
  tx: Tx,
  vendorUserId: string,
  kind: TaxDocumentKind,
  financialYear: string,
): Promise<number> {
  const [row] = await tx
    .insert(taxDocumentSeries)
    .values({ vendorUserId, kind, financialYear, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [taxDocumentSeries.vendorUserId, taxDocumentSeries.kind, taxDocumentSeries.financialYear],
      set: { lastSequence: sql`${taxDocumentSeries.lastSequence} + 1` },
    })
    .returning({ lastSequence: taxDocumentSeries.lastSequence });
  return row.lastSequence;
}

/** The document written for a reference, if any. */
async function documentOf(db: DbOrTx, reference: string): Promise<IssuedDocument | undefined> {
  const [row] = await db
    .select({ id: taxDocuments.id, number: taxDocuments.number, kind: taxDocuments.kind })
    .from(taxDocuments)
    .where(eq(taxDocuments.reference, reference));
  return row ? { ...row, kind: row.kind as TaxDocumentKind } : undefined;
}

const line = (parts: (string | null | undefined)[]) =>
  parts.filter((p): p is string => !!p && p.trim() !== '').join(', ');

/** Who sold and who bought, as they are today (the document keeps its copy). */
async function partiesOf(
  db: DbOrTx,
  part: NonNullable<Awaited<ReturnType<typeof partForDocument>>>,
  vendorUserId: string,
  tax: { gstin: string | null; pan: string | null; supplierState: string | null },
): Promise<TaxDocumentParties> {
  const shop = await shopAddress(db, part.storeId);
  const business = (await vendorBusinessNames(db, [vendorUserId])).get(vendorUserId);
  // The enrolment number a bill of supply prints (rule 49 read with Notification 34/2023-Central Tax); a registered seller has none to show.
  const enrolmentNumber =
    tax.gstin === null ? ((await vendorTaxIds(db, [vendorUserId])).get(vendorUserId)?.enrolmentNumber ?? null) : null;
  const [customer] = await db
    .select({ fullName: customerRows.fullName })
    .from(customerRows)
    .where(eq(customerRows.userId, part.customerUserId));
  const shopName = shop?.shopName ?? 'Shop';
  const cityLine = line([
    shop?.city,
    shop?.state ? `${shop.state}${shop.postalCode ? ` - ${shop.postalCode}` : ''}` : shop?.postalCode,
  ]);
  return {
    seller: {
      name: business && business !== shopName ? `${business} (${shopName})` : shopName,
      address: line([shop?.address, cityLine]),
      state: tax.supplierState ?? shop?.state ?? null,
      gstin: tax.gstin,
      pan: tax.pan,
      enrolmentNumber,
    },
    buyer: {
      name: customer?.fullName ?? 'Customer',
      billingAddress: part.shippingAddress,
      deliveryAddress: part.shippingAddress,
    },
  };
}

/** A document's line as it is written (the document's id is added). */
type DocumentLine = Omit<typeof taxDocumentLines.$inferInsert, 'id' | 'documentId'>;
/** What a document says beyond its seller, kind, number, reference, date and totals. */
type DocumentHeader = Pick<
  typeof taxDocuments.$inferInsert,
  'orderId' | 'orderPartId' | 'invoiceId' | 'parties' | 'supplierState' | 'placeOfSupplyState' | 'intraState' | 'reason'
>;

/**
 * Writes a tax document of any kind: takes its number from the vendor's series for the financial
 * year of `issuedOn` (under the series row's lock), refuses with `busy` when a document already has
 * its reference, then reads its header and writes it, with totals that are its lines' sums, its
 * lines, and its PDF queued (rendered once, by the document PDFs job).
 */
async function writeTaxDocument(
  tx: Tx,
  a: {
    vendorUserId: string;
    kind: TaxDocumentKind;
    issuedOn: string;
    reference: string;
    busy: string;
    header: () => Promise<DocumentHeader>;
    lines: DocumentLine[];
  },
): Promise<IssuedDocument> {
  const financialYear = financialYearOf(a.issuedOn);
  const sequence = await nextSequence(tx, a.vendorUserId, a.kind, financialYear);
  if (await documentOf(tx, a.reference)) throw new AppError('CONFLICT', a.busy);
  const header = await a.header();
  const sum = (k: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'grossPaise') =>
    a.lines.reduce((s, l) => s + Number(l[k]), 0);
  const [doc] = await tx
    .insert(taxDocuments)
    .values({
      ...header,
      vendorUserId: a.vendorUserId,
      kind: a.kind,
      financialYear,
      sequence,
      number: taxDocumentNumber(a.kind, financialYear, sequence),
      reference: a.reference,
      issuedOn: a.issuedOn,
      taxablePaise: sum('taxablePaise'),
      cgstPaise: sum('cgstPaise'),
      sgstPaise: sum('sgstPaise'),
      igstPaise: sum('igstPaise'),
      totalPaise: sum('grossPaise'),
    })
    .returning({ id: taxDocuments.id, number: taxDocuments.number });
  await queueDocumentPdf(tx, 'tax', doc.id);
  await tx.insert(taxDocumentLines).values(a.lines.map((l) => ({ ...l, documentId: doc.id })));
  return { id: doc.id, number: doc.number, kind: a.kind };
}

/**
 * Issues the GST tax invoice of an order part once (later calls answer the same one), or its bill of
 * supply when its vendor had no GSTIN and charged no GST, in the caller's transaction; null for a
 * part placed before settlement lines existed, or unknown.
 */
export async function issuePartInvoice(tx: Tx, a: { orderPartId: string; now?: Date }): Promise<IssuedDocument | null> {
  const reference = `invoice:${a.orderPartId}`;
  const existing = await documentOf(tx, reference);
  if (existing) return existing;
  const part = await partForDocument(tx, a.orderPartId);
  if (!part) return null;
  const lines = await tx
    .select()
    .from(orderItemSettlements)
    .where(eq(orderItemSettlements.orderPartId, a.orderPartId))
    .orderBy(asc(orderItemSettlements.orderItemId));
  if (lines.length === 0) return null;
  const first = lines[0];
  const vendorUserId = first.vendorUserId;
  const issuedOn = todayInIndia(a.now);
  // The series row's lock also serialises two issuers of the same part: the second then finds the first's row.
  const kind: TaxDocumentKind = isBillOfSupply({
    supplierGstin: first.vendorGstin,
    taxPaise: lines.reduce((s, l) => s + l.cgstPaise + l.sgstPaise + l.igstPaise, 0),
  })
    ? 'bill_of_supply'
    : 'invoice';
  const items = new Map(part.items.map((i) => [i.orderItemId, i]));
  return writeTaxDocument(tx, {
    vendorUserId,
    kind,
    issuedOn,
    reference,
    // Unreachable while the callers hold the part's row lock (its status change); refused rather than numbered twice.
    busy: 'This order part is being invoiced; please try again',
    header: async () => ({
      orderId: part.orderId,
      orderPartId: part.orderPartId,
      parties: await partiesOf(tx, part, vendorUserId, {
        gstin: first.vendorGstin,
        pan: first.vendorPan,
        supplierState: first.supplierState,
      }),
      supplierState: first.supplierState,
      placeOfSupplyState: first.placeOfSupplyState,
      intraState: first.intraState,
    }),
    lines: lines.map((l) => {
      const item = items.get(l.orderItemId);
      return {
        orderItemId: l.orderItemId,
        description: item?.productName ?? 'Item',
        hsnCode: l.hsnCode,
        quantity: item?.quantity ?? 1,
        unitPricePaise: item?.pricePaise ?? l.grossPaise,
        discountPaise: item?.vendorFundedPaise ?? 0,
        gstRateBp: l.gstRateBp,
        grossPaise: l.grossPaise,
        taxablePaise: l.taxablePaise,
        cgstPaise: l.cgstPaise,
        sgstPaise: l.sgstPaise,
        igstPaise: l.igstPaise,
        commissionBp: l.commissionBp,
        commissionPaise: l.commissionPaise,
        tcsBp: l.tcsBp,
        tcsCgstPaise: l.tcsCgstPaise,
        tcsSgstPaise: l.tcsSgstPaise,
        tcsIgstPaise: l.tcsIgstPaise,
        tdsBp: l.tdsBp,
        tdsPaise: l.tdsPaise,
      };
    }),
  });
}

/** An invoice row, as a credit note against it copies it. */
type InvoiceRow = typeof taxDocuments.$inferSelect;

/**
 * Writes a credit note against an invoice under a unique reference, numbered from the vendor's
 * series (taken under the series row's lock), with the given lines; its totals are their sums.
 * The caller has checked that no document has this reference.
 */
export async function insertCreditNote(
  tx: Tx,
  a: { invoice: InvoiceRow; reference: string; reason: string; now?: Date; lines: DocumentLine[] },
): Promise<IssuedDocument> {
  return writeTaxDocument(tx, {
    vendorUserId: a.invoice.vendorUserId,
    kind: 'credit_note',
    issuedOn: todayInIndia(a.now),
    reference: a.reference,
    // Unreachable while the callers hold the part's row lock; refused rather than numbered twice.
    busy: 'This order part is being credited; please try again',
    header: async () => ({
      orderId: a.invoice.orderId,
      orderPartId: a.invoice.orderPartId,
      invoiceId: a.invoice.id,
      parties: a.invoice.parties,
      supplierState: a.invoice.supplierState,
      placeOfSupplyState: a.invoice.placeOfSupplyState,
      intraState: a.invoice.intraState,
      reason: a.reason.slice(0, 300),
    }),
    lines: a.lines,
  });
}

/** The invoice (or bill of supply) of an order part, if it was issued. */
export async function invoiceOfPart(tx: DbOrTx, orderPartId: string): Promise<InvoiceRow | undefined> {
  const [invoice] = await tx
    .select()
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.reference, `invoice:${orderPartId}`),
        inArray(taxDocuments.kind, ['invoice', 'bill_of_supply']),
      ),
    );
  return invoice;
}

/**
 * Issues a credit note for the whole of an invoiced part (cancelled after it shipped; a return
 * credits only its units, settlement.returns.ts), once, in the caller's transaction; null when the
 * part has no invoice (nothing to credit).
 */
export async function issuePartCreditNote(
  tx: Tx,
  a: { orderPartId: string; reason: string; now?: Date },
): Promise<IssuedDocument | null> {
  const reference = `credit:${a.orderPartId}`;
  const existing = await documentOf(tx, reference);
  if (existing) return existing;
  const invoice = await invoiceOfPart(tx, a.orderPartId);
  if (!invoice) return null;
  const lines = await tx.select().from(taxDocumentLines).where(eq(taxDocumentLines.documentId, invoice.id));
  return insertCreditNote(tx, {
    invoice,
    reference,
    reason: a.reason,
    now: a.now,
    lines: lines.map(({ id: _id, documentId: _doc, ...l }) => l),
  });
}
