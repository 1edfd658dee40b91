import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../contracts/checkout.contract';
import { adminErrors as errors } from '../../platform/admin-errors';
import {
  adminDecideReturnSchema,
  adminRetryRefundSchema,
  returnChangedSchema,
  returnListQuerySchema,
  returnMessages,
  returnPageSchema,
  returnSchema,
} from '../../../contracts/returns.contract';
import { decideReturnAsAdmin, getReturn, listReturns, retryReturnRefund } from '../returns';
import { requireFreshCode } from './admin.step-up';

/** The Returns tab: every return; a requested or disputed one decided with a fresh code; a failed refund sent again. */
export async function adminReturnsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.ctx;

  app.get(
    '/api/admin/returns',
    {
      config: { permission: 'returns' },
      schema: {
        tags: ['admin'],
        summary: 'Every return, newest first, by status',
        querystring: returnListQuerySchema,
        response: { 200: returnPageSchema, ...errors },
      },
    },
    async (req) => listReturns({ db, query: req.query }),
  );

  app.get(
    '/api/admin/returns/:id',
    {
      config: { permission: 'returns' },
      schema: {
        tags: ['admin'],
        summary: 'One return',
        params: idParamSchema,
        response: { 200: returnSchema, ...errors },
      },
    },
    async (req) => getReturn({ db, returnId: req.params.id }),
  );

  app.post(
    '/api/admin/returns/:id/decide',
    {
      config: { permission: 'returns' },
      schema: {
        tags: ['admin'],
        summary:
          'Decide a requested or disputed return: approve (the shop then collects it) or reject with a reason, with a fresh 2FA code',
        params: idParamSchema,
        body: adminDecideReturnSchema,
        response: { 200: returnChangedSchema, ...errors },
      },
    },
    async (req, reply) => {
      const returnId = await requireFreshCode(req, reply, (sensitiveTx) =>
        sensitiveTx((tx, admin) =>
          decideReturnAsAdmin(tx, {
            adminUserId: admin.id,
            returnId: req.params.id,
            decision: req.body.decision,
            reason: req.body.reason,
          }),
        ),
      );
      return { return: await getReturn({ db, returnId }), message: returnMessages.decided };
    },
  );

  app.post(
    '/api/admin/returns/:id/retry-refund',
    {
      config: { permission: 'returns' },
      schema: {
        tags: ['admin'],
        summary:
          'Send a failed gateway refund of a received return again (Razorpay refunds it once), with a fresh 2FA code',
        params: idParamSchema,
        body: adminRetryRefundSchema,
        response: { 200: returnChangedSchema, ...errors },
      },
    },
    async (req, reply) =>
      requireFreshCode(req, reply, (sensitiveTx) =>
        retryReturnRefund({
          db,
          config,
          returnId: req.params.id,
          audited: (change) => sensitiveTx((tx) => change(tx)),
        }),
      ),
  );
}
