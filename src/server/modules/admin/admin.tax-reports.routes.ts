import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors as errors } from '../../platform/admin-errors';
import {
  commissionReportSchema,
  taxReportQuerySchema,
  tcsReportSchema,
  tdsLineLabels,
  tdsReportSchema,
} from '../../../contracts/tax-reports.contract';
import { csvRupeesColumn as money, reportCsv } from '../../../domain/csv';
import { basisPointsToPercent } from '../../../domain/money';
import { sendCsvFile } from '../../platform/http';
import { getTaxReport } from '../settlement';

// The Tax reports tab: TCS (GSTR-8), TDS (194-O) and commission earned for a
// month, each as JSON and as CSV (amounts in rupees, rates in percent, a Total line last). Read only:
// no fresh code needed.

const tags = ['admin'];
const querystring = taxReportQuerySchema;
const pct = (bp: number | null) => (bp === null ? '' : basisPointsToPercent(bp));
const state = (s: string | null) => s ?? 'Not recorded';
const TDS_ON = { taxable: 'taxable value', gross: 'gross amount' } as const;
/** The TCS columns of both GSTR-8 exports, the last ones. */
const TCS_COLUMNS = [
  money('tcs_igst_rupees', 'tcsIgstPaise'),
  money('tcs_cgst_rupees', 'tcsCgstPaise'),
  money('tcs_sgst_rupees', 'tcsSgstPaise'),
];

/** The Tax reports tab: GET /api/admin/reports/{tcs,tds,commission}[/export]?month=YYYY-MM (this month in India when not given). */
export async function adminTaxReportsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/api/admin/reports/tcs',
    {
      config: { permission: 'tax_reports' },
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
    {
      config: { permission: 'tax_reports' },
      schema: { tags, summary: 'GSTR-8 table 3 rows of the month as CSV', querystring },
    },
    async (req, reply) => {
      const r = await getTaxReport(db, 'tcs', req.query.month);
      const csv = reportCsv(
        [
          { header: 'supplier_gstin', value: (s) => s.gstin },
          { header: 'vendor', value: (s) => s.vendorName },
          { header: 'supplier_state', value: (s) => state(s.supplierState) },
          { header: 'place_of_supply', value: (s) => state(s.placeOfSupplyState) },
          money('gross_value_rupees', 'grossPaise'),
          money('supplies_returned_rupees', 'returnedPaise'),
          money('net_taxable_value_rupees', 'netPaise'),
          ...TCS_COLUMNS,
        ],
        r.suppliers,
        r.totals,
      );
      return sendCsvFile(reply, `haat-tcs-gstr8-${r.month}.csv`, csv);
    },
  );

  app.get(
    '/api/admin/reports/tcs/states/export',
    {
      config: { permission: 'tax_reports' },
      schema: { tags, summary: "The month's TCS by place of supply and TCS rate as CSV", querystring },
    },
    async (req, reply) => {
      const r = await getTaxReport(db, 'tcs', req.query.month);
      const csv = reportCsv(
        [
          { header: 'place_of_supply', value: (s) => state(s.placeOfSupplyState) },
          { header: 'tcs_rate_percent', value: (s) => pct(s.tcsBp) },
          money('net_taxable_value_rupees', 'netPaise'),
          ...TCS_COLUMNS,
        ],
        r.byStateAndRate,
        r.totals,
      );
      return sendCsvFile(reply, `haat-tcs-by-state-${r.month}.csv`, csv);
    },
  );

  app.get(
    '/api/admin/reports/tds',
    {
      config: { permission: 'tax_reports' },
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
    {
      config: { permission: 'tax_reports' },
      schema: { tags, summary: 'The TDS report of the month as CSV', querystring },
    },
    async (req, reply) => {
      const r = await getTaxReport(db, 'tds', req.query.month);
      const csv = reportCsv(
        [
          { header: 'vendor', value: (t) => t.vendorName },
          { header: 'line', value: (t) => tdsLineLabels[t.line] },
          { header: 'pan', value: (t) => t.pan ?? 'No PAN' },
          { header: 'tds_rate_percent', value: (t) => pct(t.tdsBp) },
          { header: 'tds_on', value: (t) => TDS_ON[t.tdsOn] },
          money('amount_rupees', 'grossPaise'),
          money('returned_rupees', 'returnedPaise'),
          money('net_amount_rupees', 'netPaise'),
          money('tds_rupees', 'tdsPaise'),
        ],
        r.rows,
        r.totals,
      );
      return sendCsvFile(reply, `haat-tds-194o-${r.month}.csv`, csv);
    },
  );

  app.get(
    '/api/admin/reports/commission',
    {
      config: { permission: 'tax_reports' },
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
    {
      config: { permission: 'tax_reports' },
      schema: { tags, summary: 'The commission report of the month as CSV', querystring },
    },
    async (req, reply) => {
      const r = await getTaxReport(db, 'commission', req.query.month);
      const csv = reportCsv(
        [
          { header: 'vendor', value: (c) => c.vendorName },
          money('gross_sales_rupees', 'grossPaise'),
          money('returned_rupees', 'returnedPaise'),
          money('net_sales_rupees', 'netPaise'),
          money('commission_rupees', 'commissionPaise'),
          {
            header: 'effective_rate_percent',
            value: (c) => pct(c.effectiveRateBp),
            total: (t) => pct(t.effectiveRateBp),
          },
        ],
        r.rows,
        r.totals,
      );
      return sendCsvFile(reply, `haat-commission-${r.month}.csv`, csv);
    },
  );
}
