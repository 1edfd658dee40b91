import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import { hsnCodeListSchema } from '../../../contracts/settlement-rates.contract';
import { todayInIndia } from '../../../domain/age';
import { vendorAccess } from '../auth';
import { getHsnCodeList } from './settlement.hsn';

/** What a vendor reads of the rates: the HSN list for the product form. */
export async function settlementVendorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  app.get(
    '/api/vendor/hsn-codes',
    {
      ...vendorAccess('catalog'),
      schema: {
        tags: ['vendor'],
        summary:
          "The HSN codes a product's GST rate is chosen from, with today's rates, and the rate of a product with none chosen",
        response: { 200: hsnCodeListSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => getHsnCodeList(db, todayInIndia()),
  );
}
