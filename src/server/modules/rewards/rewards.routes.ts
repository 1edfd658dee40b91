import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageQuerySchema } from '../../../contracts/common.contract';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import {
  walletSchema,
  withdrawalPageSchema,
  withdrawalRequestSchema,
  withdrawalSchema,
} from '../../../contracts/rewards.contract';
import { requireRole, roleGuard } from '../../platform/auth-guards';
import { createWithdrawal, getWallet, listWithdrawals } from './rewards.wallet';

const refusals = { 401: errorResponseSchema, 403: errorResponseSchema };

/** The points wallet and withdrawals to UPI: customers' points, and the referral rewards of vendors and merchants. */
export async function rewardsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.ctx;
  // Checked before the body or query is validated: a guest gets 401, another role 403.
  const holders = ['customer', 'vendor', 'merchant'] as const;
  const pointHolders = { onRequest: roleGuard(...holders) };
  const holder = (req: Parameters<typeof requireRole>[0]) => requireRole(req, ...holders).id;

  app.get(
    '/api/wallet',
    {
      ...pointHolders,
      schema: {
        tags: ['wallet'],
        summary: 'Balances and ledger rows of the signed-in customer (or vendor or merchant), newest first',
        querystring: pageQuerySchema,
        response: { 200: walletSchema, 400: errorResponseSchema, ...refusals },
      },
    },
    async (req) =>
      getWallet({ db, customerUserId: holder(req), ...req.query, returnWindowDays: config.RETURN_WINDOW_DAYS }),
  );

  app.get(
    '/api/wallet/withdrawals',
    {
      ...pointHolders,
      schema: {
        tags: ['wallet'],
        summary: "The signed-in customer's withdrawal requests, newest first",
        querystring: pageQuerySchema,
        response: { 200: withdrawalPageSchema, 400: errorResponseSchema, ...refusals },
      },
    },
    async (req) => listWithdrawals({ db, customerUserId: holder(req), ...req.query }),
  );

  app.post(
    '/api/wallet/withdrawals',
    {
      ...pointHolders,
      schema: {
        tags: ['wallet'],
        summary: 'Request a withdrawal of available points to a UPI ID',
        body: withdrawalRequestSchema,
        response: { 201: withdrawalSchema, 400: errorResponseSchema, ...refusals },
      },
    },
    async (req, reply) => {
      const withdrawal = await createWithdrawal({
        db,
        customerUserId: holder(req),
        input: req.body,
        returnWindowDays: config.RETURN_WINDOW_DAYS,
      });
      return reply.status(201).send(withdrawal);
    },
  );
}
