import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminProductsQuerySchema } from '../../../contracts/admin-products.contract';
import {
  promotionProductChoicesSchema,
  promotionProductsQuerySchema,
  promotionShopChoicesSchema,
  promotionResultSchema,
  promotionRouteMessages as m,
  promotionSaveSchema,
  type PromotionDefinition,
} from '../../../contracts/promotions.contract';
import { needsFreshCodeToSave } from '../../../domain/promotions';
import { adminErrors as errors } from '../../platform/admin-errors';
import { origin, requireAdmin } from '../../platform/auth-guards';
import type { DbOrTx } from '../../platform/db';
import { listVariantsOfProducts } from '../catalog';
import { findShopsNamed } from '../shops';
import { createPromotion, editPromotion, promotionResult } from '../promotions';
import { findAdminProducts } from './admin.products.read-model';
import { getPromotionSettings } from './admin.promotion-settings';
import { requireFreshCode } from './admin.step-up';

const params = z.object({ id: z.uuid({ error: m.notFound }) });

/**
 * Creating and editing a promotion (the Promotions tab, permission Promotions). One Haat pays for
 * that can take more than the fresh-code amount off one order (the Settings tab's, read at each save;
 * by default PROMOTION_FRESH_CODE_ABOVE_RUPEES; a percentage without a cap always can) is saved only
 * with a fresh authenticator code, `stepUpCode` (the body's `code` is the coupon's), spent in the
 * save's own transaction by the step-up guard of the other sensitive admin routes: no code 401, a
 * wrong or used one 403. docs/promotions.md.
 */
export async function adminPromotionSaveRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const actorOf = (req: FastifyRequest) => ({ id: requireAdmin(req).id, ...origin(req) });
  const config = { permission: 'promotions' as const };

  const saved = async <T>(
    req: FastifyRequest,
    reply: FastifyReply,
    definition: PromotionDefinition,
    save: (on: DbOrTx) => Promise<T>,
  ): Promise<T> =>
    needsFreshCodeToSave(definition, (await getPromotionSettings(db, app.ctx.config)).freshCodeAbovePaise)
      ? requireFreshCode(
          req,
          reply,
          // The promotion's own audit entry (promotion_created or _edited) is written by the save.
          (sensitiveTx) => sensitiveTx(async (tx) => ({ result: await save(tx), audit: [] })),
          'stepUpCode',
        )
      : save(db);

  // The form's product and shop pickers: products found as the Products tab finds them, with their
  // variants, shops by name, so that whoever may make promotions can choose them (the Products and
  // Vendors tabs' own permissions not needed).
  app.get(
    '/api/admin/promotions/products',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Products a promotion may cover, found by name (10), with their variants on sale',
        querystring: promotionProductsQuerySchema,
        response: { 200: promotionProductChoicesSchema, ...errors },
      },
    },
    async (req) => {
      const found = await findAdminProducts({
        db,
        query: adminProductsQuerySchema.parse({ q: req.query.q, pageSize: 10 }),
      });
      const variants = await listVariantsOfProducts(
        db,
        found.map((p) => p.id),
      );
      return {
        items: found.map((p) => ({
          id: p.id,
          name: p.name,
          shopName: p.shopName,
          variants: (variants.get(p.id) ?? []).map(({ id, option1Value, option2Value }) => ({
            id,
            option1Value,
            option2Value,
          })),
        })),
      };
    },
  );

  app.get(
    '/api/admin/promotions/shops',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Shops a promotion may cover: up to 10 whose name holds the text',
        querystring: promotionProductsQuerySchema,
        response: { 200: promotionShopChoicesSchema, ...errors },
      },
    },
    async (req) => ({ items: req.query.q ? await findShopsNamed(db, req.query.q) : [] }),
  );

  app.post(
    '/api/admin/promotions',
    {
      config,
      schema: {
        tags: ['admin'],
        summary:
          'Create a promotion (paid by Haat); 409 when its coupon code is taken; a fresh 2FA code (stepUpCode) ' +
          'when it can take more than the fresh-code amount of the Settings tab off an order',
        body: promotionSaveSchema,
        response: { 201: promotionResultSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { stepUpCode: _code, ...definition } = req.body;
      const row = await saved(req, reply, definition, (on) => createPromotion(on, { definition, actor: actorOf(req) }));
      return reply.status(201).send(await promotionResult(db, row));
    },
  );

  app.put(
    '/api/admin/promotions/:id',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Edit a promotion that has not started; 409 once it has; a fresh 2FA code as when creating',
        params,
        body: promotionSaveSchema,
        response: { 200: promotionResultSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { stepUpCode: _code, ...definition } = req.body;
      const row = await saved(req, reply, definition, (on) =>
        editPromotion(on, { id: req.params.id, definition, actor: actorOf(req) }),
      );
      return promotionResult(db, row);
    },
  );
}
