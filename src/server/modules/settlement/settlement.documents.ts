import { and, asc, eq, type SQL } from 'drizzle-orm';
import { isUuid } from '../../../contracts/checkout.contract';
import { taxDocumentMessages, type TaxDocumentSummary } from '../../../contracts/tax-documents.contract';
import type { TaxDocumentKind } from '../../../domain/tax-documents';
import { AppError } from '../../platform/app-error';
import type { DbOrTx } from '../../platform/db';
import { findOrderCustomer } from '../orders';
import type { TaxDocumentForView } from './settlement.invoice-view';
import { taxDocumentLines, taxDocuments } from './settlement.tables';

// Who may read which tax document (issue 22, point 8): the order's customer, the part's vendor and
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
const asSummaries = (rows: { partId: string; id: string; kind: string; number: string; issuedOn: string }[]): TaxDocumentSummary[] => rows.map((r) => ({ ...r, kind: r.kind as TaxDocumentKind }));

/** The document matching `where` with its lines and the invoice it credits, for the view; NOT_FOUND when none. */
export async function documentForView(db: DbOrTx, where: SQL | undefined): Promise<TaxDocumentForView> {
  const [doc] = await db.select().from(taxDocuments).where(where);
  if (!doc) throw notFound();
  const lines = await db.select().from(taxDocumentLines).where(eq(taxDocumentLines.documentId, doc.id)).orderBy(asc(taxDocumentLines.description), asc(taxDocumentLines.orderItemId));
  const [against] = doc.invoiceId ? await db.select({ number: taxDocuments.number, issuedOn: taxDocuments.issuedOn, kind: taxDocuments.kind }).from(taxDocuments).where(eq(taxDocuments.id, doc.invoiceId)) : [];
  return { ...doc, kind: doc.kind as TaxDocumentKind, againstInvoice: against ? { ...against, kind: against.kind as TaxDocumentKind } : null, lines };
}

async function pdfOf(db: DbOrTx, where: SQL | undefined): Promise<StoredPdf> {
  const [doc] = await db.select({ number: taxDocuments.number, key: taxDocuments.pdfKey, sha256: taxDocuments.pdfSha256 }).from(taxDocuments).where(where);
  if (!doc) throw notFound();
  return { fileName: pdfFileName(doc.number), key: doc.key, sha256: doc.sha256 };
}

/** NOT_FOUND unless the order is the customer's own. */
async function assertOwnOrder(db: DbOrTx, customerUserId: string, orderId: string): Promise<void> {
  if (!isUuid(orderId) || (await findOrderCustomer(db, orderId)) !== customerUserId) throw notFound();
}

/** The tax documents of a customer's own order, by part, invoices before their credit notes. */
export async function listOrderDocuments(a: { db: DbOrTx; customerUserId: string; orderId: string }): Promise<TaxDocumentSummary[]> {
  await assertOwnOrder(a.db, a.customerUserId, a.orderId);
  return asSummaries(await a.db.select(summary).from(taxDocuments).where(eq(taxDocuments.orderId, a.orderId)).orderBy(asc(taxDocuments.orderPartId), asc(taxDocuments.createdAt)));
}

/** A part's tax documents, invoice before its credit note; with `vendorUserId`, only when the part is that vendor's (none otherwise). */
export async function documentsOfPart(db: DbOrTx, orderPartId: string, vendorUserId?: string): Promise<TaxDocumentSummary[]> {
  if (!isUuid(orderPartId)) return [];
  const rows = await db
    .select(summary)
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderPartId, orderPartId), vendorUserId === undefined ? undefined : eq(taxDocuments.vendorUserId, vendorUserId)))
    .orderBy(asc(taxDocuments.createdAt));
  return asSummaries(rows);
}

/** The tax documents of one of the vendor's parts of an order (none for anyone else's part). */
export const listVendorPartDocuments = (a: { db: DbOrTx; vendorUserId: string; partId: string }): Promise<TaxDocumentSummary[]> => documentsOfPart(a.db, a.partId, a.vendorUserId);

/** A document of the customer's own order as a PDF. */
export async function getCustomerDocumentPdf(a: { db: DbOrTx; customerUserId: string; orderId: string; documentId: string }): Promise<StoredPdf> {
  await assertOwnOrder(a.db, a.customerUserId, a.orderId);
  if (!isUuid(a.documentId)) throw notFound();
  return pdfOf(a.db, and(eq(taxDocuments.id, a.documentId), eq(taxDocuments.orderId, a.orderId)));
}

/** A document of one of the vendor's parts of an order as a PDF. */
export async function getVendorDocumentPdf(a: { db: DbOrTx; vendorUserId: string; partId: string; documentId: string }): Promise<StoredPdf> {
  if (!isUuid(a.partId) || !isUuid(a.documentId)) throw notFound();
  return pdfOf(a.db, and(eq(taxDocuments.id, a.documentId), eq(taxDocuments.orderPartId, a.partId), eq(taxDocuments.vendorUserId, a.vendorUserId)));
}

/** Any document as a PDF, for the super admin. */
export async function getAdminDocumentPdf(a: { db: DbOrTx; documentId: string }): Promise<StoredPdf> {
  if (!isUuid(a.documentId)) throw notFound();
  return pdfOf(a.db, eq(taxDocuments.id, a.documentId));
}
