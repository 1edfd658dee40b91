import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import { vendorOverviewSchema } from '../../../contracts/vendor-products.contract';
import { actingVendor, vendorAccess } from '../auth';
import { getVendorOverview } from './fulfilment.vendor-overview';

/** The vendor dashboard's overview figures (vendors only). */
export async function vendorOverviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/api/vendor/overview',
    {
      ...vendorAccess('overview'),
      schema: {
        tags: ['vendor'],
        summary:
          "Your products (total, active) and your shops' parts of orders: count, revenue without cancelled parts, the 5 most recent",
        response: { 200: vendorOverviewSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (req) => getVendorOverview({ db, vendorUserId: actingVendor(req) }),
  );
}
