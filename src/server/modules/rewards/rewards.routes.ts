import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageQuerySchema } from '../../../contracts/common.contract';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import { walletSchema, withdrawalPageSchema, withdrawalRequestSchema, withdrawalSchema } from '../../../contracts/rewards.contract';
import { requireRole, roleGuard } from '../../platform/auth-guards';
import { createWithdrawal, getWallet, listWithdrawals } from './rewards.wallet';

const refusals = { 401: errorResponseSchema, 403: errorResponseSchema };

/** The customer's points wallet and withdrawals to UPI. */
export async function rewardsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.ctx;
  // Checked before the body or query is validated: a guest gets 401, another role 403.
  const customersOnly = { onRequest: roleGuard('customer') };

  app.get(
    '/api/wallet',
    { ...customersOnly, schema: { tags: ['wallet'], summary: 'Balances and ledger rows of the signed-in customer, newest first', querystring: pageQuerySchema, response: { 200: walletSchema, 400: errorResponseSchema, ...refusals } } },
    async (req) => getWallet({ db, customerUserId: requireRole(req, 'customer').id, ...req.query, returnWindowDays: config.RETURN_WINDOW_DAYS }),
  );

  app.get(
    '/api/wallet/withdrawals',
    { ...customersOnly, schema: { tags: ['wallet'], summary: "The signed-in customer's withdrawal requests, newest first", querystring: pageQuerySchema, response: { 200: withdrawalPageSchema, 400: errorResponseSchema, ...refusals } } },
    async (req) => listWithdrawals({ db, customerUserId: requireRole(req, 'customer').id, ...req.query }),
  );

  app.post(
    '/api/wallet/withdrawals',
    { ...customersOnly, schema: { tags: ['wallet'], summary: 'Request a withdrawal of available points to a UPI ID', body: withdrawalRequestSchema, response: { 201: withdrawalSchema, 400: errorResponseSchema, ...refusals } } },
    async (req, reply) => {
      const withdrawal = await createWithdrawal({ db, customerUserId: requireRole(req, 'customer').id, input: req.body, returnWindowDays: config.RETURN_WINDOW_DAYS });
      return reply.status(201).send(withdrawal);
    },
  );
}
