import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { commissionGstReportSchema } from '../../../contracts/commission-invoices.contract';
import { adminErrors as errors } from '../../platform/admin-errors';
import { taxReportQuerySchema } from '../../../contracts/tax-reports.contract';
import { csvRupeesColumn as money, reportCsv } from '../../../domain/csv';
import { sendCsvFile } from '../../platform/http';
import { getCommissionGstReport } from '../settlement';

// The Tax reports tab's output GST on Haat's commission: the commission invoices and credit notes
// issued in a month, as JSON and as CSV (rupees with two decimals, a Total line last). Read only.

const tags = ['admin'];

/** GET /api/admin/reports/commission-gst[/export]?month=YYYY-MM (this month in India when not given). */
export async function adminCommissionGstRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/api/admin/reports/commission-gst',
    {
      config: { permission: 'tax_reports' },
      schema: {
        tags,
        summary:
          "Haat's output GST on its commission for a month: each commission invoice and credit note issued in it (credit notes below zero), totals",
        querystring: taxReportQuerySchema,
        response: { 200: commissionGstReportSchema, ...errors },
      },
    },
    async (req) => getCommissionGstReport(db, req.query.month),
  );

  app.get(
    '/api/admin/reports/commission-gst/export',
    {
      config: { permission: 'tax_reports' },
      schema: {
        tags,
        summary: "The month's output GST on Haat's commission as CSV",
        querystring: taxReportQuerySchema,
      },
    },
    async (req, reply) => {
      const r = await getCommissionGstReport(db, req.query.month);
      const csv = reportCsv(
        [
          { header: 'document', value: (d) => (d.kind === 'invoice' ? 'Invoice' : 'Credit note') },
          { header: 'number', value: (d) => d.number },
          { header: 'issued_on', value: (d) => d.issuedOn },
          { header: 'for_month', value: (d) => d.month },
          { header: 'vendor', value: (d) => d.vendorName },
          { header: 'vendor_gstin', value: (d) => d.gstin ?? 'Unregistered' },
          { header: 'place_of_supply', value: (d) => d.placeOfSupplyState ?? 'Not known' },
          money('taxable_value_rupees', 'taxablePaise'),
          money('cgst_rupees', 'cgstPaise'),
          money('sgst_rupees', 'sgstPaise'),
          money('igst_rupees', 'igstPaise'),
          money('total_rupees', 'totalPaise'),
        ],
        r.rows,
        r.totals,
      );
      return sendCsvFile(reply, `haat-commission-gst-${r.month}.csv`, csv);
    },
  );
}
