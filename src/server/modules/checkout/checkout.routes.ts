import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkoutResultSchema,
  checkoutSchema,
  checkoutSummaryQuerySchema,
  checkoutSummarySchema,
  idParamSchema,
} from '../../../contracts/checkout.contract';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import { newReviewSchema, reviewCreatedSchema } from '../../../contracts/orders.contract';
import { requireRole, roleGuard } from '../../platform/auth-guards';
import { couponGuessLimits } from './checkout.coupon-guesses';
import { paymentRoutes } from './checkout.payment.routes';
import { addProductReview } from './checkout.reviews';
import { getCheckoutSummary, startCheckout } from './checkout.service';
import { errorResponses } from '../../platform/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** Checkout, payments and reviews: the flows that touch cart, catalog, orders, payments and rewards together. */
export async function checkoutRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.ctx;
  const couponGuesses = couponGuessLimits(app.ctx.failureStore, config);
  // Checked before the body or query is validated: a guest gets 401 and another role 403, whatever they sent.
  const customersOnly = { onRequest: roleGuard('customer') };

  app.get(
    '/api/checkout/summary',
    {
      ...customersOnly,
      schema: {
        tags: ['checkout'],
        summary: 'What checkout would charge now, priced on the server',
        querystring: checkoutSummaryQuerySchema,
        response: { 200: checkoutSummarySchema, ...errors },
      },
    },
    async (req, reply) => {
      const user = requireRole(req, 'customer');
      return getCheckoutSummary({
        db,
        config,
        customerUserId: user.id,
        pointsToUse: req.query.pointsToUse,
        couponCode: req.query.couponCode,
        couponGuesses: couponGuesses(req, reply, user.id),
      });
    },
  );

  app.post(
    '/api/checkout',
    {
      ...customersOnly,
      schema: {
        tags: ['checkout'],
        summary:
          'Place the cart as an order: directly when nothing is due or it is paid cash on delivery, else through the payment gateway',
        body: checkoutSchema,
        response: { 200: checkoutResultSchema, ...errors, 503: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const user = requireRole(req, 'customer');
      const { addressId, pointsToUse, paymentMethod, expectedTotalPaise, couponCode } = req.body;
      return startCheckout({
        db,
        config,
        customerUserId: user.id,
        addressId,
        pointsToUse,
        paymentMethod,
        expectedTotalPaise,
        couponCode,
        couponGuesses: couponGuesses(req, reply, user.id),
      });
    },
  );

  app.post(
    '/api/products/:id/reviews',
    {
      ...customersOnly,
      schema: {
        tags: ['catalog'],
        summary: 'Review a product delivered to you (1-5 stars, one per product)',
        params: idParamSchema,
        body: newReviewSchema,
        response: { 201: reviewCreatedSchema, ...errors },
      },
    },
    async (req, reply) => {
      const user = requireRole(req, 'customer');
      return reply.status(201).send(
        await addProductReview({
          db,
          customerUserId: user.id,
          productId: req.params.id,
          rating: req.body.rating,
          comment: req.body.comment,
        }),
      );
    },
  );

  await app.register(paymentRoutes);
}
