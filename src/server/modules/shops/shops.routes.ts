import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../../../contracts/common.contract';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import {
  publicShopSchema,
  shopInputSchema,
  shopMessages,
  shopSchema,
  shopStatusResultSchema,
  shopStatusSchema,
} from '../../../contracts/shops.contract';
import { actingVendor, vendorAccess } from '../auth';
import { createShop, getPublicShop, listShops, setShopActive, updateShop } from './shops.service';
import { errorResponses } from '../../platform/error-responses';

/** A vendor route's guard: 401 for guests, 403 for every other role (or a member whose role does not allow it). */
const access = (permission: 'shops.view' | 'shops.manage') => vendorAccess(permission, shopMessages.vendorsOnly);

const idParams = z.object({ id: z.uuid({ error: shopMessages.notFound }) });
const errors = errorResponses(400, 401, 403, 404);

/** Public: an open shop's page (GET /api/shops/:id); its products come from GET /api/products?shop=. */
export async function publicShopsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/shops/:id',
    {
      schema: {
        tags: ['shops'],
        summary: 'An open shop as shoppers see it',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: publicShopSchema, 404: errorResponseSchema },
      },
    },
    async (req) => getPublicShop(app.ctx.db, req.params.id),
  );
}

/** A vendor's own shops: list, create, edit, open and close. */
export async function shopsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  // Who may call is settled before the body is validated (each route's vendor guard).

  app.get(
    '/api/vendor/shops',
    {
      ...access('shops.view'),
      schema: {
        tags: ['shops'],
        summary: 'Your shops, oldest first',
        querystring: pageQuerySchema,
        response: { 200: pageSchema(shopSchema), ...errors },
      },
    },
    async (req) => {
      return listShops({ db, vendorUserId: actingVendor(req), query: req.query });
    },
  );

  app.post(
    '/api/vendor/shops',
    {
      ...access('shops.manage'),
      schema: {
        tags: ['shops'],
        summary: 'Open a new shop (active at once)',
        body: shopInputSchema,
        response: { 201: shopSchema, ...errors },
      },
    },
    async (req, reply) => {
      return reply.status(201).send(await createShop({ db, vendorUserId: actingVendor(req), input: req.body }));
    },
  );

  app.put(
    '/api/vendor/shops/:id',
    {
      ...access('shops.manage'),
      schema: {
        tags: ['shops'],
        summary: 'Save the edit form of one of your shops',
        params: idParams,
        body: shopInputSchema,
        response: { 200: shopSchema, ...errors },
      },
    },
    async (req) => {
      return updateShop({ db, vendorUserId: actingVendor(req), shopId: req.params.id, input: req.body });
    },
  );

  app.patch(
    '/api/vendor/shops/:id/status',
    {
      ...access('shops.manage'),
      schema: {
        tags: ['shops'],
        summary: "Activate or deactivate one of your shops; an inactive shop's products leave the storefront",
        params: idParams,
        body: shopStatusSchema,
        response: { 200: shopStatusResultSchema, ...errors },
      },
    },
    async (req) => {
      return setShopActive({ db, vendorUserId: actingVendor(req), shopId: req.params.id, isActive: req.body.isActive });
    },
  );
}
