import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { AppError } from '../../platform/app-error';
import { requireUser, type SessionUser } from '../../platform/auth-guards';
import { createShop, getPublicShop, listShops, setShopActive, updateShop } from './shops.service';

/** The signed-in vendor: 401 for guests, 403 for every other role. */
function requireVendor(req: FastifyRequest): SessionUser {
  const user = requireUser(req);
  if (user.role !== 'vendor') throw new AppError('FORBIDDEN', shopMessages.vendorsOnly);
  return user;
}

const idParams = z.object({ id: z.uuid({ error: shopMessages.notFound }) });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

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
  // Who may call is settled before the body is validated.
  app.addHook('onRequest', async (req) => {
    requireVendor(req);
  });

  app.get(
    '/api/vendor/shops',
    {
      schema: {
        tags: ['shops'],
        summary: 'Your shops, oldest first',
        querystring: pageQuerySchema,
        response: { 200: pageSchema(shopSchema), ...errors },
      },
    },
    async (req) => {
      const user = requireVendor(req);
      return listShops({ db, vendorUserId: user.id, query: req.query });
    },
  );

  app.post(
    '/api/vendor/shops',
    {
      schema: {
        tags: ['shops'],
        summary: 'Open a new shop (active at once)',
        body: shopInputSchema,
        response: { 201: shopSchema, ...errors },
      },
    },
    async (req, reply) => {
      const user = requireVendor(req);
      return reply.status(201).send(await createShop({ db, vendorUserId: user.id, input: req.body }));
    },
  );

  app.put(
    '/api/vendor/shops/:id',
    {
      schema: {
        tags: ['shops'],
        summary: 'Save the edit form of one of your shops',
        params: idParams,
        body: shopInputSchema,
        response: { 200: shopSchema, ...errors },
      },
    },
    async (req) => {
      const user = requireVendor(req);
      return updateShop({ db, vendorUserId: user.id, shopId: req.params.id, input: req.body });
    },
  );

  app.patch(
    '/api/vendor/shops/:id/status',
    {
      schema: {
        tags: ['shops'],
        summary: "Activate or deactivate one of your shops; an inactive shop's products leave the storefront",
        params: idParams,
        body: shopStatusSchema,
        response: { 200: shopStatusResultSchema, ...errors },
      },
    },
    async (req) => {
      const user = requireVendor(req);
      return setShopActive({ db, vendorUserId: user.id, shopId: req.params.id, isActive: req.body.isActive });
    },
  );
}
