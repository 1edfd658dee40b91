import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  promotionCostQuerySchema,
  promotionCostReportSchema,
  type PromotionCostReport,
} from '../../../contracts/promotion-cost.contract';
import { csvRupees, toCsv } from '../../../domain/csv';
import { adminErrors as errors } from '../../platform/admin-errors';
import type { DbOrTx } from '../../platform/db';
import { sendCsvFile } from '../../platform/http';
import { promotionCostReport } from './promotions.cost';

/** The month's report with its totals (orders summed over promotions: an order using two counts twice). */
export async function getPromotionCostReport(db: DbOrTx, month: string): Promise<PromotionCostReport> {
  const rows = await promotionCostReport(db, month);
  const sum = (k: 'orders' | 'grantedPaise' | 'givenBackPaise' | 'netPaise') => rows.reduce((s, r) => s + r[k], 0);
  return {
    month,
    rows,
    totals: {
      orders: sum('orders'),
      grantedPaise: sum('grantedPaise'),
      givenBackPaise: sum('givenBackPaise'),
      netPaise: sum('netPaise'),
    },
  };
}

/** The monthly promotion cost report and its CSV, under the Promotions permission. */
export async function promotionCostRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const config = { permission: 'promotions' as const };

  app.get(
    '/api/admin/promotions/cost',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: "Haat's promotion cost of a month, per promotion: granted, given back and net",
        querystring: promotionCostQuerySchema,
        response: { 200: promotionCostReportSchema, ...errors },
      },
    },
    async (req) => getPromotionCostReport(db, req.query.month),
  );

  app.get(
    '/api/admin/promotions/cost.csv',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'The promotion cost of a month as CSV',
        querystring: promotionCostQuerySchema,
      },
    },
    async (req, reply) => {
      const r = await getPromotionCostReport(db, req.query.month);
      const csv = toCsv(
        ['month', 'promotion', 'code', 'orders', 'granted_rupees', 'given_back_rupees', 'net_rupees'],
        r.rows
          .map((p) => [
            r.month,
            p.name,
            p.code,
            p.orders,
            csvRupees(p.grantedPaise),
            csvRupees(p.givenBackPaise),
            csvRupees(p.netPaise),
          ])
          .concat([
            [
              r.month,
              'Total',
              null,
              r.totals.orders,
              csvRupees(r.totals.grantedPaise),
              csvRupees(r.totals.givenBackPaise),
              csvRupees(r.totals.netPaise),
            ],
          ]),
      );
      return sendCsvFile(reply, `haat-promotion-cost-${r.month}.csv`, csv);
    },
  );
}
