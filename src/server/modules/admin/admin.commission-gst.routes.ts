import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { commissionGstReportSchema } from '../../../contracts/commission-invoices.contract';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import { taxReportQuerySchema } from '../../../contracts/tax-reports.contract';
import { csvRupees, toCsv } from '../../../domain/csv';
import { requireAdmin } from '../../platform/auth-guards';
import { sendCsvFile } from '../../platform/http';
import { getCommissionGstReport } from '../settlement';

// The Tax reports tab's output GST on Haat's commission: the commission invoices and credit notes
// issued in a month, as JSON and as CSV (rupees with two decimals, a Total line last). Read only.

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
};
const tags = ['admin'];
const rs = csvRupees;

/** GET /api/admin/reports/commission-gst[/export]?month=YYYY-MM (this month in India when not given). */
export async function adminCommissionGstRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  app.addHook('onRequest', async (req) => {
    requireAdmin(req);
  });

  app.get(
    '/api/admin/reports/commission-gst',
    {
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
      schema: {
        tags,
        summary: "The month's output GST on Haat's commission as CSV",
        querystring: taxReportQuerySchema,
      },
    },
    async (req, reply) => {
      const r = await getCommissionGstReport(db, req.query.month);
      const csv = toCsv(
        [
          'document',
          'number',
          'issued_on',
          'for_month',
          'vendor',
          'vendor_gstin',
          'place_of_supply',
          'taxable_value_rupees',
          'cgst_rupees',
          'sgst_rupees',
          'igst_rupees',
          'total_rupees',
        ],
        [
          ...r.rows.map((d) => [
            d.kind === 'invoice' ? 'Invoice' : 'Credit note',
            d.number,
            d.issuedOn,
            d.month,
            d.vendorName,
            d.gstin ?? 'Unregistered',
            d.placeOfSupplyState ?? 'Not known',
            rs(d.taxablePaise),
            rs(d.cgstPaise),
            rs(d.sgstPaise),
            rs(d.igstPaise),
            rs(d.totalPaise),
          ]),
          [
            'Total',
            '',
            '',
            '',
            '',
            '',
            '',
            rs(r.totals.taxablePaise),
            rs(r.totals.cgstPaise),
            rs(r.totals.sgstPaise),
            rs(r.totals.igstPaise),
            rs(r.totals.totalPaise),
          ],
        ],
      );
      return sendCsvFile(reply, `haat-commission-gst-${r.month}.csv`, csv);
    },
  );
}
