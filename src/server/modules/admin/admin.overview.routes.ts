import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOverviewSchema } from '../../../contracts/admin.contract';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import { adminGuard, requireAdmin } from '../../platform/auth-guards';
import { getAdminOverview } from './admin.overview.read-model';

/** The Overview tab: GET /api/admin/overview. */
export async function adminOverviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/overview',
    {
      config: { permission: 'overview' },
      onRequest: adminGuard,
      schema: {
        tags: ['admin'],
        summary: 'Totals, growth, 30 days of orders and revenue, and recent activity',
        response: { 200: adminOverviewSchema, 401: errorResponseSchema },
      },
    },
    async (req) => {
      requireAdmin(req);
      return getAdminOverview({ db: app.ctx.db });
    },
  );
}
