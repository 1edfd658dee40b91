import { and, asc, eq, type SQL } from 'drizzle-orm';
import { isUuid } from '../../../contracts/common.contract';
import { taxDocumentMessages, type TaxDocumentSummary } from '../../../contracts/tax-documents.contract';
import type { TaxDocumentKind } from '../../../domain/tax-documents';
import { AppError } from '../../platform/app-error';
import type { DbOrTx } from '../../platform/db';
import { findOrderCustomer } from '../orders';
import type { TaxDocumentForView } from './settlement.invoice-view';
import { taxDocumentLines, taxDocuments } from './settlement.tables';

// Who may read which tax document: the order's customer, the part's vendor and
// the super admin; anyone else is told it does not exist (404), as with orders.

/**
 * A document's PDF as stored once it was rendered: its file name ('INV-26-27-000001.pdf'), its key in
 * the documents' store and its SHA-256; key and hash are null while it is still being prepared.
 */
export type StoredPdf = { fileName: string; key: string | null; sha256: string | null };

/** The download's file name: the document's number with '-' for '/'. */
export const pdfFileName = (number: string): string => `${number.replaceAll('/', '-')}.pdf`;

const notFound = () => new AppError('NOT_FOUND', taxDocumentMessages.notFound);

const summary = {
  partId: taxDocuments.orderPartId,
  id: taxDocuments.id,
  kind: taxDocuments.kind,
  number: taxDocuments.number,
  issuedOn: taxDocuments.issuedOn,
};
const asSummaries = (
  rows: { partId: string; id: string; kind: string; number: string; issuedOn: string }[],
): TaxDocumentSummary[] => rows.map((r) => ({ ...r, kind: r.kind as TaxDocumentKind }));

/** The document matching `where` with its lines and the invoice it credits, for the view; NOT_FOUND when none. */
export async function documentForView(db: DbOrTx, where: SQL | undefined): Promise<TaxDocumentForView> {
  const [doc] = await db.select().from(taxDocuments).where(where);
  if (!doc) throw notFound();
  const lines = await db
    .select()
    .from(taxDocumentLines)
    .where(eq(taxDocumentLines.documentId, doc.id))
    .orderBy(asc(taxDocumentLines.description), asc(taxDocumentLines.orderItemId));
  const [against] = doc.invoiceId
    ? await db
        .select({ number: taxDocuments.number, issuedOn: taxDocuments.issuedOn, kind: taxDocuments.kind })
        .from(taxDocuments)
        .where(eq(taxDocuments.id, doc.invoiceId))
    : [];
  return {
    ...doc,
    kind: doc.kind as TaxDocumentKind,
    againstInvoice: against ? { ...against, kind: against.kind as TaxDocumentKind } : null,
    lines,
  };
}

/** A document whose PDF is rendered, as its downloads check and serve it: none of it ever changes again. */
type Rendered = StoredPdf & { orderId: string; partId: string; vendorUserId: string; customerUserId?: string };

/**
 * Documents with their PDF, by id, so that a download asks the database only who is calling (the
 * rows are append-only and the PDF columns are set once, so an entry never goes stale). At most
 * RENDERED_KEPT, the oldest forgotten first.
 */
const rendered = new Map<string, Rendered>();
const RENDERED_KEPT = 10_000;

function remember(id: string, doc: Rendered): void {
  if (rendered.size >= RENDERED_KEPT) rendered.delete(rendered.keys().next().value as string);
  rendered.set(id, doc);
}

/** The document `id` if `where` (the caller's access) holds for it: from memory once its PDF is rendered. */
async function pdfOf(
  db: DbOrTx,
  id: string,
  where: SQL | undefined,
  allowed: (d: Rendered) => boolean,
): Promise<StoredPdf> {
  const known = rendered.get(id);
  if (known) {
    if (!allowed(known)) throw notFound();
    return { fileName: known.fileName, key: known.key, sha256: known.sha256 };
  }
  const [doc] = await db
    .select({
      number: taxDocuments.number,
      key: taxDocuments.pdfKey,
      sha256: taxDocuments.pdfSha256,
      orderId: taxDocuments.orderId,
      partId: taxDocuments.orderPartId,
      vendorUserId: taxDocuments.vendorUserId,
    })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.id, id), where));
  if (!doc) throw notFound();
  const stored = { fileName: pdfFileName(doc.number), key: doc.key, sha256: doc.sha256 };
  if (doc.key) remember(id, { ...stored, orderId: doc.orderId, partId: doc.partId, vendorUserId: doc.vendorUserId });
  return stored;
}

/** NOT_FOUND unless the order is the customer's own. */
async function assertOwnOrder(db: DbOrTx, customerUserId: string, orderId: string): Promise<void> {
  if (!isUuid(orderId) || (await findOrderCustomer(db, orderId)) !== customerUserId) throw notFound();
}

/** The tax documents of a customer's own order, by part, invoices before their credit notes. */
export async function listOrderDocuments(a: {
  db: DbOrTx;
  customerUserId: string;
  orderId: string;
}): Promise<TaxDocumentSummary[]> {
  await assertOwnOrder(a.db, a.customerUserId, a.orderId);
  return asSummaries(
    await a.db
      .select(summary)
      .from(taxDocuments)
      .where(eq(taxDocuments.orderId, a.orderId))
      .orderBy(asc(taxDocuments.orderPartId), asc(taxDocuments.createdAt)),
  );
}

/** A part's tax documents, invoice before its credit note; with `vendorUserId`, only when the part is that vendor's (none otherwise). */
export async function documentsOfPart(
  db: DbOrTx,
  orderPartId: string,
  vendorUserId?: string,
): Promise<TaxDocumentSummary[]> {
  if (!isUuid(orderPartId)) return [];
  const rows = await db
    .select(summary)
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.orderPartId, orderPartId),
        vendorUserId === undefined ? undefined : eq(taxDocuments.vendorUserId, vendorUserId),
      ),
    )
    .orderBy(asc(taxDocuments.createdAt));
  return asSummaries(rows);
}

/** The tax documents of one of the vendor's parts of an order (none for anyone else's part). */
export const listVendorPartDocuments = (a: {
  db: DbOrTx;
  vendorUserId: string;
  partId: string;
}): Promise<TaxDocumentSummary[]> => documentsOfPart(a.db, a.partId, a.vendorUserId);

/** A document of the customer's own order as a PDF. */
export async function getCustomerDocumentPdf(a: {
  db: DbOrTx;
  customerUserId: string;
  orderId: string;
  documentId: string;
}): Promise<StoredPdf> {
  const known = rendered.get(a.documentId);
  // An order's customer never changes: once seen, the document answers its customer from memory.
  if (known?.customerUserId) {
    if (known.orderId !== a.orderId || known.customerUserId !== a.customerUserId) throw notFound();
    return { fileName: known.fileName, key: known.key, sha256: known.sha256 };
  }
  await assertOwnOrder(a.db, a.customerUserId, a.orderId);
  if (!isUuid(a.documentId)) throw notFound();
  const pdf = await pdfOf(a.db, a.documentId, eq(taxDocuments.orderId, a.orderId), (d) => d.orderId === a.orderId);
  const now = rendered.get(a.documentId);
  if (now) now.customerUserId = a.customerUserId;
  return pdf;
}

/** A document of one of the vendor's parts of an order as a PDF. */
export async function getVendorDocumentPdf(a: {
  db: DbOrTx;
  vendorUserId: string;
  partId: string;
  documentId: string;
}): Promise<StoredPdf> {
  if (!isUuid(a.partId) || !isUuid(a.documentId)) throw notFound();
  const where = and(eq(taxDocuments.orderPartId, a.partId), eq(taxDocuments.vendorUserId, a.vendorUserId));
  return pdfOf(a.db, a.documentId, where, (d) => d.partId === a.partId && d.vendorUserId === a.vendorUserId);
}

/** Any document as a PDF, for the super admin. */
export async function getAdminDocumentPdf(a: { db: DbOrTx; documentId: string }): Promise<StoredPdf> {
  if (!isUuid(a.documentId)) throw notFound();
  return pdfOf(a.db, a.documentId, undefined, () => true);
}
