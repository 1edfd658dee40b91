import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProductDetailsInputSchema,
  adminProductDetailsSavedSchema,
  adminProductDetailsSchema,
  productActionMessages,
} from '../../../contracts/admin-products.contract';
import { catalogMessages } from '../../../contracts/catalog.constants';
import { adminErrors as errors } from '../../platform/admin-errors';
import { getAdminProductDetails, updateAdminProductDetails } from './admin.product-details';
import { requireFreshCode } from './admin.step-up';

const params = z.object({ id: z.uuid({ error: catalogMessages.productNotFound }) });
const tags = ['admin'];

/** The Products tab's Edit: a product's details in its vendor's form, saved with a fresh code. */
export async function adminProductDetailsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/api/admin/products/:id/details',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        summary: "A product as its vendor's form edits it, with the vendor's shops",
        params,
        response: { 200: adminProductDetailsSchema, ...errors },
      },
    },
    async (req) => getAdminProductDetails({ db, productId: req.params.id }),
  );

  app.put(
    '/api/admin/products/:id/details',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        summary: "Save a product's details by its vendor's rules, audited field by field (a fresh 2FA code)",
        params,
        body: adminProductDetailsInputSchema,
        response: { 200: adminProductDetailsSavedSchema, ...errors },
      },
    },
    async (req, reply) => ({
      product: await requireFreshCode(req, reply, (sensitiveTx) =>
        updateAdminProductDetails({ db, sensitiveTx, productId: req.params.id, input: req.body }),
      ),
      message: productActionMessages.detailsUpdated,
    }),
  );
}
