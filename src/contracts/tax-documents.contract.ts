import { z } from 'zod';

// GST tax invoices and credit notes of an order's parts: the download links of
// the customer's order and the vendor's part of it.

export const taxDocumentKinds = ['invoice', 'bill_of_supply', 'credit_note'] as const;

/** One issued document: its PDF is at the page's own download path with `${id}.pdf`. */
export const taxDocumentSummarySchema = z.object({
  partId: z.string(),
  id: z.string(),
  kind: z.enum(taxDocumentKinds),
  /** 'INV/26-27/000001', 'BOS/26-27/000001' (a seller without a GSTIN) or 'CN/26-27/000001'. */
  number: z.string(),
  /** YYYY-MM-DD, India. */
  issuedOn: z.string(),
});
export type TaxDocumentSummary = z.infer<typeof taxDocumentSummarySchema>;

export const taxDocumentListSchema = z.array(taxDocumentSummarySchema);

export const orderDocumentParamsSchema = z.object({ orderId: z.string().max(64), documentId: z.string().max(64) });
export const orderDocumentsParamsSchema = z.object({ orderId: z.string().max(64) });
export const partDocumentParamsSchema = z.object({ partId: z.string().max(64), documentId: z.string().max(64) });
export const partDocumentsParamsSchema = z.object({ partId: z.string().max(64) });
export const documentParamsSchema = z.object({ documentId: z.string().max(64) });

export const taxDocumentMessages = {
  notFound: 'Document not found',
  loadFailed: 'Could not load the tax invoices. Please try again.',
  pending: 'The tax invoice is issued when this shop ships your order',
  /** A document's PDF is rendered once, just after it is issued: until then its download answers 202 with this. */
  preparing: 'Preparing your invoice…',
};

/** The 202 answer of a document download while its PDF is still being rendered (Retry-After says when to ask again). */
export const documentPreparingSchema = z.object({
  status: z.literal('preparing'),
  message: z.string(),
  retryAfterSeconds: z.number().int(),
});
export type DocumentPreparing = z.infer<typeof documentPreparingSchema>;

const KIND_LABELS: Record<TaxDocumentSummary['kind'], string> = {
  invoice: 'Tax invoice',
  bill_of_supply: 'Bill of supply',
  credit_note: 'Credit note',
};

/** The link text of a document: 'Tax invoice INV/26-27/000001', 'Bill of supply BOS/26-27/000001' or 'Credit note CN/26-27/000001'. */
export const taxDocumentLabel = (d: Pick<TaxDocumentSummary, 'kind' | 'number'>) =>
  `${KIND_LABELS[d.kind]} ${d.number}`;
