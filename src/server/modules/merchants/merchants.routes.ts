import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageQuerySchema } from '../../../contracts/common.contract';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import {
  merchantDashboardSchema,
  merchantPaymentPageSchema,
  merchantPaymentSchema,
  merchantProfileSchema,
  merchantProfileUpdateSchema,
  recordPaymentSchema,
} from '../../../contracts/merchant.contract';
import { requireRole, roleGuard } from '../../platform/auth-guards';
import {
  getMerchantDashboard,
  listMerchantPayments,
  recordMerchantPayment,
  updateMerchantProfile,
} from './merchants.workspace';

const refusals = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** The merchant's own workspace: dashboard, recorded UPI payments with cashback, and the business profile. */
export async function merchantRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.ctx;
  // Checked before the body or query is validated: a guest gets 401, another role 403.
  const merchantsOnly = { onRequest: roleGuard('merchant') };
  const me = (req: Parameters<typeof requireRole>[0]) => requireRole(req, 'merchant').id;

  app.get(
    '/api/merchant/dashboard',
    {
      ...merchantsOnly,
      schema: {
        tags: ['merchant'],
        summary: "The signed-in merchant's profile, verification and payment totals",
        response: { 200: merchantDashboardSchema, ...refusals },
      },
    },
    async (req) => getMerchantDashboard({ db, userId: me(req), returnWindowDays: config.RETURN_WINDOW_DAYS }),
  );

  app.get(
    '/api/merchant/payments',
    {
      ...merchantsOnly,
      schema: {
        tags: ['merchant'],
        summary: 'UPI payments the merchant recorded, newest first, customers masked',
        querystring: pageQuerySchema,
        response: { 200: merchantPaymentPageSchema, 400: errorResponseSchema, ...refusals },
      },
    },
    async (req) => listMerchantPayments({ db, userId: me(req), ...req.query }),
  );

  app.post(
    '/api/merchant/payments',
    {
      ...merchantsOnly,
      schema: {
        tags: ['merchant'],
        summary:
          "Record a UPI payment from a customer; the customer's cashback points are pending until the merchant is verified and the return window has passed",
        body: recordPaymentSchema,
        response: { 201: merchantPaymentSchema, 400: errorResponseSchema, 409: errorResponseSchema, ...refusals },
      },
    },
    async (req, reply) =>
      reply.status(201).send(
        await recordMerchantPayment({
          db,
          userId: me(req),
          input: req.body,
          limits: { unverifiedDailyCashbackPoints: config.UNVERIFIED_CASHBACK_DAILY_POINTS },
        }),
      ),
  );

  app.put(
    '/api/merchant/profile',
    {
      ...merchantsOnly,
      schema: {
        tags: ['merchant'],
        summary: "Edit the merchant's business details and cashback percentage",
        body: merchantProfileUpdateSchema,
        response: { 200: merchantProfileSchema, 400: errorResponseSchema, ...refusals },
      },
    },
    async (req) => updateMerchantProfile({ db, userId: me(req), input: req.body }),
  );
}
