import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import {
  commissionReportSchema,
  taxReportQuerySchema,
  tcsReportSchema,
  tdsLineLabels,
  tdsReportSchema,
} from '../../../contracts/tax-reports.contract';
import { csvRupees, toCsv } from '../../../domain/csv';
import { basisPointsToPercent } from '../../../domain/money';
import { requireAdmin } from '../../platform/auth-guards';
import { sendCsvFile } from '../../platform/http';
import { getTaxReport } from '../settlement';

// The Tax reports tab: TCS (GSTR-8), TDS (194-O) and commission earned for a
// month, each as JSON and as CSV (amounts in rupees, rates in percent, a Total line last). Read only:
// no fresh code needed.

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
};
const tags = ['admin'];
const querystring = taxReportQuerySchema;
const rs = csvRupees;
const pct = (bp: number | null) => (bp === null ? '' : basisPointsToPercent(bp));
const state = (s: string | null) => s ?? 'Not recorded';
const TDS_ON = { taxable: 'taxable value', gross: 'gross amount' } as const;

/** The Tax reports tab: GET /api/admin/reports/{tcs,tds,commission}[/export]?month=YYYY-MM (this month in India when not given). */
export async function adminTaxReportsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  app.addHook('onRequest', async (req) => {
    requireAdmin(req);
  });

  app.get(
    '/api/admin/reports/tcs',
    {
      schema: {
        tags,
        summary:
          'GSTR-8 for a month: TCS per supplier GSTIN and place of supply, by state and rate, totals (documents issued in the month; credit notes subtract)',
        querystring,
        response: { 200: tcsReportSchema, ...errors },
      },
    },
    async (req) => getTaxReport(db, 'tcs', req.query.month),
  );

  app.get(
    '/api/admin/reports/tcs/export',
    { schema: { tags, summary: 'GSTR-8 table 3 rows of the month as CSV', querystring } },
    async (req, reply) => {
      const r = await getTaxReport(db, 'tcs', req.query.month);
      const csv = toCsv(
        [
          'supplier_gstin',
          'vendor',
          'supplier_state',
          'place_of_supply',
          'gross_value_rupees',
          'supplies_returned_rupees',
          'net_taxable_value_rupees',
          'tcs_igst_rupees',
          'tcs_cgst_rupees',
          'tcs_sgst_rupees',
        ],
        [
          ...r.suppliers.map((s) => [
            s.gstin,
            s.vendorName,
            state(s.supplierState),
            state(s.placeOfSupplyState),
            rs(s.grossPaise),
            rs(s.returnedPaise),
            rs(s.netPaise),
            rs(s.tcsIgstPaise),
            rs(s.tcsCgstPaise),
            rs(s.tcsSgstPaise),
          ]),
          [
            'Total',
            '',
            '',
            '',
            rs(r.totals.grossPaise),
            rs(r.totals.returnedPaise),
            rs(r.totals.netPaise),
            rs(r.totals.tcsIgstPaise),
            rs(r.totals.tcsCgstPaise),
            rs(r.totals.tcsSgstPaise),
          ],
        ],
      );
      return sendCsvFile(reply, `haat-tcs-gstr8-${r.month}.csv`, csv);
    },
  );

  app.get(
    '/api/admin/reports/tcs/states/export',
    { schema: { tags, summary: "The month's TCS by place of supply and TCS rate as CSV", querystring } },
    async (req, reply) => {
      const r = await getTaxReport(db, 'tcs', req.query.month);
      const csv = toCsv(
        [
          'place_of_supply',
          'tcs_rate_percent',
          'net_taxable_value_rupees',
          'tcs_igst_rupees',
          'tcs_cgst_rupees',
          'tcs_sgst_rupees',
        ],
        [
          ...r.byStateAndRate.map((s) => [
            state(s.placeOfSupplyState),
            pct(s.tcsBp),
            rs(s.netPaise),
            rs(s.tcsIgstPaise),
            rs(s.tcsCgstPaise),
            rs(s.tcsSgstPaise),
          ]),
          [
            'Total',
            '',
            rs(r.totals.netPaise),
            rs(r.totals.tcsIgstPaise),
            rs(r.totals.tcsCgstPaise),
            rs(r.totals.tcsSgstPaise),
          ],
        ],
      );
      return sendCsvFile(reply, `haat-tcs-by-state-${r.month}.csv`, csv);
    },
  );

  app.get(
    '/api/admin/reports/tds',
    {
      schema: {
        tags,
        summary:
          'TDS under section 194-O for a month: per vendor, PAN, rate and base (taxable value where GST is shown, else gross), net of credit notes, totals',
        querystring,
        response: { 200: tdsReportSchema, ...errors },
      },
    },
    async (req) => getTaxReport(db, 'tds', req.query.month),
  );

  app.get(
    '/api/admin/reports/tds/export',
    { schema: { tags, summary: 'The TDS report of the month as CSV', querystring } },
    async (req, reply) => {
      const r = await getTaxReport(db, 'tds', req.query.month);
      const csv = toCsv(
        [
          'vendor',
          'line',
          'pan',
          'tds_rate_percent',
          'tds_on',
          'amount_rupees',
          'returned_rupees',
          'net_amount_rupees',
          'tds_rupees',
        ],
        [
          ...r.rows.map((t) => [
            t.vendorName,
            tdsLineLabels[t.line],
            t.pan ?? 'No PAN',
            pct(t.tdsBp),
            TDS_ON[t.tdsOn],
            rs(t.grossPaise),
            rs(t.returnedPaise),
            rs(t.netPaise),
            rs(t.tdsPaise),
          ]),
          [
            'Total',
            '',
            '',
            '',
            '',
            rs(r.totals.grossPaise),
            rs(r.totals.returnedPaise),
            rs(r.totals.netPaise),
            rs(r.totals.tdsPaise),
          ],
        ],
      );
      return sendCsvFile(reply, `haat-tds-194o-${r.month}.csv`, csv);
    },
  );

  app.get(
    '/api/admin/reports/commission',
    {
      schema: {
        tags,
        summary:
          "Haat's commission earned in a month: per vendor, sales GST included, net of credit notes, effective rate, totals",
        querystring,
        response: { 200: commissionReportSchema, ...errors },
      },
    },
    async (req) => getTaxReport(db, 'commission', req.query.month),
  );

  app.get(
    '/api/admin/reports/commission/export',
    { schema: { tags, summary: 'The commission report of the month as CSV', querystring } },
    async (req, reply) => {
      const r = await getTaxReport(db, 'commission', req.query.month);
      const csv = toCsv(
        [
          'vendor',
          'gross_sales_rupees',
          'returned_rupees',
          'net_sales_rupees',
          'commission_rupees',
          'effective_rate_percent',
        ],
        [
          ...r.rows.map((c) => [
            c.vendorName,
            rs(c.grossPaise),
            rs(c.returnedPaise),
            rs(c.netPaise),
            rs(c.commissionPaise),
            pct(c.effectiveRateBp),
          ]),
          [
            'Total',
            rs(r.totals.grossPaise),
            rs(r.totals.returnedPaise),
            rs(r.totals.netPaise),
            rs(r.totals.commissionPaise),
            pct(r.totals.effectiveRateBp),
          ],
        ],
      );
      return sendCsvFile(reply, `haat-commission-${r.month}.csv`, csv);
    },
  );
}
