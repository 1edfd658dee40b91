import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  failedPaymentSchema,
  failPaymentSchema,
  idParamSchema,
  placedSchema,
  testPaymentSchema,
  verifyPaymentSchema,
} from '../../../contracts/checkout.contract';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import { requireRole, roleGuard } from '../../platform/auth-guards';
import { failPayment, handleRazorpayWebhook, payWithTestGateway, verifyPayment } from './checkout.payments';
import { errorResponses } from '../../platform/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409, 503);

/** /api/payments/*: verification of the browser's payment, failures, the test gateway, and Razorpay's webhook. */
export async function paymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, metrics } = app.ctx;
  // Checked before the body is validated: a guest gets 'Authentication required' (401) whatever they sent.
  const customersOnly = { onRequest: roleGuard('customer') };

  app.post(
    '/api/payments/verify',
    {
      ...customersOnly,
      schema: {
        tags: ['payments'],
        summary: 'Verify the signed payment response and place the order (idempotent)',
        body: verifyPaymentSchema,
        response: { 200: placedSchema, ...errors },
      },
    },
    async (req) => {
      const user = requireRole(req, 'customer');
      return verifyPayment({ db, config, metrics, customerUserId: user.id, input: req.body });
    },
  );

  app.post(
    '/api/payments/:id/fail',
    {
      ...customersOnly,
      schema: {
        tags: ['payments'],
        summary: 'Record a failed or cancelled payment attempt',
        params: idParamSchema,
        body: failPaymentSchema,
        response: { 200: failedPaymentSchema, ...errors },
      },
    },
    async (req) => {
      const user = requireRole(req, 'customer');
      return failPayment({ db, metrics, customerUserId: user.id, paymentId: req.params.id, input: req.body });
    },
  );

  app.post(
    '/api/payments/:id/test-pay',
    {
      ...customersOnly,
      schema: {
        tags: ['payments'],
        summary: 'The built-in test gateway: sign a simulated payment (no money moves)',
        params: idParamSchema,
        response: { 200: testPaymentSchema, ...errors },
      },
    },
    async (req) => {
      const user = requireRole(req, 'customer');
      return payWithTestGateway({ db, config, customerUserId: user.id, paymentId: req.params.id });
    },
  );

  await app.register(webhookRoute);
}

/** Razorpay's webhook, in its own scope: its JSON body is kept as the raw string its signature covers. */
async function webhookRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, metrics } = app.ctx;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.post(
    '/api/payments/webhook',
    {
      schema: {
        tags: ['payments'],
        summary: 'Razorpay webhook (payment.captured, order.paid), checked with X-Razorpay-Signature',
        response: {
          200: z.object({ ok: z.literal(true), orderId: z.string().nullable() }),
          400: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (req) => {
      const rawBody = typeof req.body === 'string' ? req.body : '';
      const header = req.headers['x-razorpay-signature'];
      return handleRazorpayWebhook({
        db,
        config,
        metrics,
        rawBody,
        signature: Array.isArray(header) ? header[0] : header,
      });
    },
  );
}
