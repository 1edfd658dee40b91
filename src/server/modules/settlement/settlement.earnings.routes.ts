import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  earningsCsvQuerySchema,
  earningsQuerySchema,
  earningsStatementPageSchema,
  formatRate,
  vendorEarningsSchema,
  type EarningsStatementRow,
} from '../../../contracts/earnings.contract';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import { todayInIndia } from '../../../domain/age';
import { csvRupees, toCsv } from '../../../domain/csv';
import { actingVendor, vendorAccess } from '../auth';
import { sendCsvFile } from '../../platform/http';
import { exportEarningsStatement, getVendorEarnings, listEarningsStatement } from './settlement.earnings';
import { releaseDueVendorSales } from './settlement.ledger';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

const rupees = csvRupees;
const rate = (bp: number | null) => (bp === null ? 'mixed' : formatRate(bp));
const day = (iso: string | null) => (iso ? todayInIndia(new Date(iso)) : '');

const CSV_HEADERS = [
  'order',
  'part_id',
  'shop',
  'order_date',
  'delivered_date',
  'status',
  'items',
  'gross_rupees',
  'taxable_rupees',
  'gst_rupees',
  'commission_rate',
  'commission_rupees',
  'tcs_rate',
  'tcs_rupees',
  'tds_rate',
  'tds_rupees',
  'vendor_net_rupees',
  'cash_collected_rupees',
  'returned_rupees',
  'tds_returns_rupees',
  'your_promotion_discount_rupees',
] as const;

const csvRow = (r: EarningsStatementRow) => [
  r.orderRef,
  r.partId,
  r.shopName,
  day(r.orderedAt),
  day(r.deliveredAt),
  r.statusLabel,
  r.itemCount,
  rupees(r.grossPaise),
  rupees(r.taxablePaise),
  rupees(r.gstPaise),
  rate(r.commissionBp),
  rupees(r.commissionPaise),
  rate(r.tcsBp),
  rupees(r.tcsPaise),
  rate(r.tdsBp),
  rupees(r.tdsPaise),
  rupees(r.vendorNetPaise),
  rupees(r.cashCollectedPaise),
  rupees(r.returnedPaise),
  // TDS kept on returns (negative) and adjusted for returns (positive), as the statement's notes say.
  rupees(r.tdsNotes.reduce((sum, n) => sum + n.paise, 0)),
  // What the vendor's own promotions took off (the gross is already after it).
  rupees(r.discountPaise),
];

/** The vendor's Earnings tab: totals, the statement per part of an order (paged, and as CSV), payouts (vendors only, own shops only). */
export async function vendorEarningsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.ctx;
  const returnWindowDays = config.RETURN_WINDOW_DAYS;

  app.get(
    '/api/vendor/earnings',
    {
      ...vendorAccess('earnings'),
      schema: {
        tags: ['vendor'],
        summary:
          'Your pending, payable and paid totals, the first page of your statement (or the page asked for) and your payouts',
        querystring: earningsQuerySchema,
        response: { 200: vendorEarningsSchema, ...errors },
      },
    },
    async (req) => {
      // Sales past their return window become payable as the vendor looks, not only at the next run of the release job.
      await releaseDueVendorSales(db, { returnWindowDays, vendorUserId: actingVendor(req) });
      return getVendorEarnings({ db, vendorUserId: actingVendor(req), query: req.query, returnWindowDays });
    },
  );

  app.get(
    '/api/vendor/earnings/statement',
    {
      ...vendorAccess('earnings'),
      schema: {
        tags: ['vendor'],
        summary:
          "Your statement: each part of an order of your shops with its price, GST, commission, TCS, TDS and your net, newest first, optionally one month's orders",
        querystring: earningsQuerySchema,
        response: { 200: earningsStatementPageSchema, ...errors },
      },
    },
    async (req) => listEarningsStatement({ db, vendorUserId: actingVendor(req), query: req.query, returnWindowDays }),
  );

  app.get(
    '/api/vendor/earnings.csv',
    {
      ...vendorAccess('earnings'),
      schema: {
        tags: ['vendor'],
        summary: "Your whole statement (or one month's orders) as CSV, amounts in rupees",
        querystring: earningsCsvQuerySchema,
      },
    },
    async (req, reply) => {
      const rows = await exportEarningsStatement({
        db,
        vendorUserId: actingVendor(req),
        query: req.query,
        returnWindowDays,
      });
      return sendCsvFile(
        reply,
        `haat-earnings-${req.query.month ?? 'all'}-${todayInIndia()}.csv`,
        toCsv(CSV_HEADERS, rows.map(csvRow)),
      );
    },
  );
}
