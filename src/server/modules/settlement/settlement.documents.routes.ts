import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import {
  documentParamsSchema,
  documentPreparingSchema,
  orderDocumentParamsSchema,
  orderDocumentsParamsSchema,
  partDocumentParamsSchema,
  partDocumentsParamsSchema,
  taxDocumentListSchema,
} from '../../../contracts/tax-documents.contract';
import { adminGuard, requireRole, roleGuard } from '../../platform/auth-guards';
import { actingVendor, vendorAccess } from '../auth';
import {
  getAdminDocumentPdf,
  getCustomerDocumentPdf,
  getVendorDocumentPdf,
  listOrderDocuments,
  listVendorPartDocuments,
} from './settlement.documents';
import { sendStoredPdf } from './settlement.pdf-reply';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** A PDF download: the stored file (already compressed), or 202 while it is being rendered. */
const pdfResponse = { 202: documentPreparingSchema };

/** Tax invoices and credit notes: the list and PDFs for the order's customer, the part's vendor and the super admin. */
export async function taxDocumentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, documents } = app.ctx;
  const tags = ['tax documents'];

  app.get(
    '/api/orders/:orderId/documents',
    {
      onRequest: roleGuard('customer'),
      schema: {
        tags,
        summary: "The tax invoices and credit notes of the customer's own order, by part",
        params: orderDocumentsParamsSchema,
        response: { 200: taxDocumentListSchema, ...errors },
      },
    },
    async (req) =>
      listOrderDocuments({ db, customerUserId: requireRole(req, 'customer').id, orderId: req.params.orderId }),
  );

  app.get(
    '/api/orders/:orderId/documents/:documentId.pdf',
    {
      onRequest: roleGuard('customer'),
      compress: false,
      schema: {
        tags,
        summary: "A tax invoice or credit note of the customer's own order, as PDF",
        params: orderDocumentParamsSchema,
        response: pdfResponse,
      },
    },
    async (req, reply) =>
      sendStoredPdf(
        req,
        reply,
        documents,
        await getCustomerDocumentPdf({ db, customerUserId: requireRole(req, 'customer').id, ...req.params }),
      ),
  );

  app.get(
    '/api/vendor/orders/parts/:partId/documents',
    {
      ...vendorAccess('documents'),
      schema: {
        tags,
        summary: 'The tax invoice and credit note of your part of an order (none before it ships)',
        params: partDocumentsParamsSchema,
        response: { 200: taxDocumentListSchema, ...errors },
      },
    },
    async (req) => listVendorPartDocuments({ db, vendorUserId: actingVendor(req), partId: req.params.partId }),
  );

  app.get(
    '/api/vendor/orders/parts/:partId/documents/:documentId.pdf',
    {
      ...vendorAccess('documents'),
      compress: false,
      schema: {
        tags,
        summary: 'A tax invoice or credit note of your part of an order, as PDF',
        params: partDocumentParamsSchema,
        response: pdfResponse,
      },
    },
    async (req, reply) =>
      sendStoredPdf(
        req,
        reply,
        documents,
        await getVendorDocumentPdf({ db, vendorUserId: actingVendor(req), ...req.params }),
      ),
  );

  app.get(
    '/api/admin/documents/:documentId.pdf',
    {
      config: { permission: 'tax_reports' },
      onRequest: adminGuard,
      compress: false,
      schema: {
        tags,
        summary: 'Any tax invoice or credit note, as PDF',
        params: documentParamsSchema,
        response: pdfResponse,
      },
    },
    async (req, reply) =>
      sendStoredPdf(req, reply, documents, await getAdminDocumentPdf({ db, documentId: req.params.documentId })),
  );
}
