import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  commissionDocumentListSchema,
  commissionDocumentParamsSchema,
} from '../../../contracts/commission-invoices.contract';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import { documentPreparingSchema } from '../../../contracts/tax-documents.contract';
import { adminGuard } from '../../platform/auth-guards';
import { actingVendor, vendorAccess } from '../auth';
import { commissionDocumentPdf, listVendorCommissionDocuments } from './settlement.commission-invoices';
import { sendStoredPdf } from './settlement.pdf-reply';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** A PDF download: the stored file (already compressed), or 202 while it is being rendered. */
const pdfResponse = { 202: documentPreparingSchema };

/** Haat's commission invoices and credit notes: the vendor's own list and PDFs, and any PDF for the super admin. */
export async function commissionInvoicesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, documents } = app.ctx;
  const tags = ['tax documents'];

  app.get(
    '/api/vendor/earnings/commission-invoices',
    {
      ...vendorAccess('earnings'),
      schema: {
        tags,
        summary:
          "Haat's monthly invoices for its commission plus GST, and its credit notes when returns gave commission back, newest first",
        response: { 200: commissionDocumentListSchema, ...errors },
      },
    },
    async (req) => listVendorCommissionDocuments(db, actingVendor(req)),
  );

  app.get(
    '/api/vendor/earnings/commission-invoices/:documentId.pdf',
    {
      ...vendorAccess('earnings'),
      compress: false,
      schema: {
        tags,
        summary: "One of Haat's commission invoices or credit notes to you, as PDF",
        params: commissionDocumentParamsSchema,
        response: pdfResponse,
      },
    },
    async (req, reply) => {
      const pdf = await commissionDocumentPdf(db, {
        documentId: req.params.documentId,
        vendorUserId: actingVendor(req),
      });
      return sendStoredPdf(req, reply, documents, pdf);
    },
  );

  app.get(
    '/api/admin/commission-documents/:documentId.pdf',
    {
      config: { permission: 'tax_reports' },
      onRequest: adminGuard,
      compress: false,
      schema: {
        tags,
        summary: "Any of Haat's commission invoices or credit notes, as PDF",
        params: commissionDocumentParamsSchema,
        response: pdfResponse,
      },
    },
    async (req, reply) =>
      sendStoredPdf(req, reply, documents, await commissionDocumentPdf(db, { documentId: req.params.documentId })),
  );
}
