import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  promotionInputSchema,
  promotionListQuerySchema,
  promotionListSchema,
  promotionResultSchema,
  promotionRouteMessages as m,
  type PromotionDefinition,
} from '../../../contracts/promotions.contract';
import { origin } from '../../platform/auth-guards';
import { actingVendor, vendorAccess } from '../auth';
import { listPromotions, promotionResult } from './promotions.read-model';
import { changePromotionState, createPromotion, editPromotion, type PromotionActor } from './promotions.service';
import { errorResponses } from '../../platform/error-responses';

const params = z.object({ id: z.uuid({ error: m.notFound }) });
const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['vendor'];

/**
 * A vendor's own promotions, which the vendor pays for (permission `promotions`: the owner and its
 * Managers): the list, create, edit before the start, pause, resume and end. The funder is always the
 * vendor acted for, whatever the form says; a promotion covers only that vendor's products, and naming
 * another's shop or product is refused. Audited with the person who acted. docs/promotions.md.
 */
export async function vendorPromotionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const access = vendorAccess('promotions');
  const actorOf = (req: FastifyRequest): PromotionActor => {
    const vendorId = actingVendor(req);
    return { id: req.user?.id ?? vendorId, ...origin(req), vendorId };
  };
  const vendorFunded = (req: FastifyRequest, d: PromotionDefinition): PromotionDefinition => ({
    ...d,
    funder: { by: 'vendor', vendorId: actingVendor(req) },
  });

  app.get(
    '/api/vendor/promotions',
    {
      ...access,
      schema: {
        tags,
        summary: 'Your promotions, newest first, filtered by status and searched by name or code',
        querystring: promotionListQuerySchema,
        response: { 200: promotionListSchema, ...errors },
      },
    },
    async (req) => ({ promotions: await listPromotions(db, req.query, actingVendor(req)) }),
  );

  app.post(
    '/api/vendor/promotions',
    {
      ...access,
      schema: {
        tags,
        summary: 'Create a promotion on your own products, paid by you; 409 when its coupon code is taken',
        body: promotionInputSchema,
        response: { 201: promotionResultSchema, ...errors },
      },
    },
    async (req, reply) => {
      const row = await createPromotion(db, { definition: vendorFunded(req, req.body), actor: actorOf(req) });
      return reply.status(201).send(await promotionResult(db, row));
    },
  );

  app.put(
    '/api/vendor/promotions/:id',
    {
      ...access,
      schema: {
        tags,
        summary: 'Edit your promotion that has not started; 409 once it has',
        params,
        body: promotionInputSchema,
        response: { 200: promotionResultSchema, ...errors },
      },
    },
    async (req) => {
      const row = await editPromotion(db, {
        id: req.params.id,
        definition: vendorFunded(req, req.body),
        actor: actorOf(req),
      });
      return promotionResult(db, row);
    },
  );

  for (const change of ['pause', 'resume', 'end'] as const)
    app.post(
      `/api/vendor/promotions/:id/${change}`,
      {
        ...access,
        schema: {
          tags,
          summary: `${change[0].toUpperCase()}${change.slice(1)} your promotion`,
          params,
          response: { 200: promotionResultSchema, ...errors },
        },
      },
      async (req) =>
        promotionResult(db, await changePromotionState(db, { id: req.params.id, change, actor: actorOf(req) })),
    );
}
