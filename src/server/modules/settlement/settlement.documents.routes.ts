import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import {
  documentParamsSchema,
  orderDocumentParamsSchema,
  orderDocumentsParamsSchema,
  partDocumentParamsSchema,
  partDocumentsParamsSchema,
  taxDocumentListSchema,
} from '../../../contracts/tax-documents.contract';
import { adminGuard, requireRole, roleGuard } from '../../platform/auth-guards';
import { getAdminDocumentPdf, getCustomerDocumentPdf, getVendorDocumentPdf, listOrderDocuments, listVendorPartDocuments, type DocumentPdf } from './settlement.documents';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** Answers a tax document as a PDF download named after its number ('INV-26-27-000001.pdf'), never cached. */
const sendPdf = (reply: FastifyReply, { fileName, pdf }: DocumentPdf) =>
  reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').send(pdf);

/** Tax invoices and credit notes: the list and PDFs for the order's customer, the part's vendor and the super admin. */
export async function taxDocumentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const tags = ['tax documents'];

  app.get(
    '/api/orders/:orderId/documents',
    { onRequest: roleGuard('customer'), schema: { tags, summary: "The tax invoices and credit notes of the customer's own order, by part", params: orderDocumentsParamsSchema, response: { 200: taxDocumentListSchema, ...errors } } },
    async (req) => listOrderDocuments({ db, customerUserId: requireRole(req, 'customer').id, orderId: req.params.orderId }),
  );

  app.get(
    '/api/orders/:orderId/documents/:documentId.pdf',
    { onRequest: roleGuard('customer'), schema: { tags, summary: "A tax invoice or credit note of the customer's own order, as PDF", params: orderDocumentParamsSchema } },
    async (req, reply) => sendPdf(reply, await getCustomerDocumentPdf({ db, customerUserId: requireRole(req, 'customer').id, ...req.params })),
  );

  app.get(
    '/api/vendor/orders/parts/:partId/documents',
    { onRequest: roleGuard('vendor'), schema: { tags, summary: 'The tax invoice and credit note of your part of an order (none before it ships)', params: partDocumentsParamsSchema, response: { 200: taxDocumentListSchema, ...errors } } },
    async (req) => listVendorPartDocuments({ db, vendorUserId: requireRole(req, 'vendor').id, partId: req.params.partId }),
  );

  app.get(
    '/api/vendor/orders/parts/:partId/documents/:documentId.pdf',
    { onRequest: roleGuard('vendor'), schema: { tags, summary: 'A tax invoice or credit note of your part of an order, as PDF', params: partDocumentParamsSchema } },
    async (req, reply) => sendPdf(reply, await getVendorDocumentPdf({ db, vendorUserId: requireRole(req, 'vendor').id, ...req.params })),
  );

  app.get(
    '/api/admin/documents/:documentId.pdf',
    { onRequest: adminGuard, schema: { tags, summary: 'Any tax invoice or credit note, as PDF', params: documentParamsSchema } },
    async (req, reply) => sendPdf(reply, await getAdminDocumentPdf({ db, documentId: req.params.documentId })),
  );
}
