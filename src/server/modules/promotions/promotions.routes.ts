import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  promotionListQuerySchema,
  promotionListSchema,
  promotionResultSchema,
  promotionRouteMessages as m,
} from '../../../contracts/promotions.contract';
import { todayInIndia } from '../../../domain/age';
import { csvRupees, toCsv } from '../../../domain/csv';
import { adminErrors as errors } from '../../platform/admin-errors';
import { origin, requireAdmin } from '../../platform/auth-guards';
import { sendCsvFile } from '../../platform/http';
import { listPromotions, promotionResult } from './promotions.read-model';
import { changePromotionState } from './promotions.service';

const params = z.object({ id: z.uuid({ error: m.notFound }) });

/**
 * The super admin's Promotions tab: the list and its CSV, pausing, resuming and ending. Creating and
 * editing are the admin module's (admin.promotions.routes.ts): they may need a fresh code.
 */
export async function adminPromotionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const actorOf = (req: Parameters<typeof origin>[0]) => ({ id: requireAdmin(req).id, ...origin(req) });
  const config = { permission: 'promotions' as const };

  app.get(
    '/api/admin/promotions',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Promotions, newest first, filtered by status and searched by name or code',
        querystring: promotionListQuerySchema,
        response: { 200: promotionListSchema, ...errors },
      },
    },
    async (req) => ({ promotions: await listPromotions(db, req.query) }),
  );

  app.get(
    '/api/admin/promotions.csv',
    {
      config,
      schema: { tags: ['admin'], summary: 'The same list as CSV', querystring: promotionListQuerySchema },
    },
    async (req, reply) => {
      const rows = await listPromotions(db, req.query);
      const csv = toCsv(
        ['id', 'name', 'kind', 'code', 'offer', 'covers', 'funded_by', 'starts_on', 'ends_on', 'status', 'uses']
          .concat(['spent_rupees', 'budget', 'minimum_rupees', 'per_customer_limit', 'first_order_only'])
          .concat(['stackable', 'orders', 'revenue_rupees']),
        rows.map((r) => [
          r.id,
          r.name,
          r.kind,
          r.code,
          r.offer,
          r.covers,
          r.fundedBy,
          r.startsOn,
          r.endsOn,
          r.status,
          r.uses,
          csvRupees(r.spentPaise),
          r.budget,
          csvRupees(r.minimumPaise),
          r.perCustomerLimit,
          r.firstOrderOnly ? 'yes' : 'no',
          r.stackable ? 'yes' : 'no',
          r.orders,
          csvRupees(r.revenuePaise),
        ]),
      );
      return sendCsvFile(reply, `haat-promotions-${todayInIndia()}.csv`, csv);
    },
  );

  for (const change of ['pause', 'resume', 'end'] as const)
    app.post(
      `/api/admin/promotions/:id/${change}`,
      {
        config,
        schema: {
          tags: ['admin'],
          summary: `${change[0].toUpperCase()}${change.slice(1)} a promotion`,
          params,
          response: { 200: promotionResultSchema, ...errors },
        },
      },
      async (req) =>
        promotionResult(db, await changePromotionState(db, { id: req.params.id, change, actor: actorOf(req) })),
    );
}
