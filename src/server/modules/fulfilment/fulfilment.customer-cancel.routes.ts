import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../contracts/checkout.contract';
import { cancelledOrderSchema, cancelPreviewSchema, orderMessages } from '../../../contracts/orders.contract';
import { requireRole, roleGuard } from '../../platform/auth-guards';
import { getOrder } from '../orders';
import { cancelOrder, previewCancel } from './fulfilment.customer-cancel';
import { errorResponses } from '../../platform/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409);

/** The customer's cancel of an own order, and its preview (customers only). */
export async function customerCancelRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  // Checked before the params are validated: a guest gets 401 and another role 403, whatever they sent.
  const customersOnly = { onRequest: roleGuard('customer') };

  app.post(
    '/api/orders/:id/cancel',
    {
      ...customersOnly,
      schema: {
        tags: ['orders'],
        summary: 'Cancel an own order while pending, confirmed or processing',
        params: idParamSchema,
        response: { 200: cancelledOrderSchema, ...errors },
      },
    },
    async (req) => {
      const user = requireRole(req, 'customer');
      const result = await cancelOrder({ db, customerUserId: user.id, orderId: req.params.id });
      const order = await getOrder({ db, customerUserId: user.id, orderId: result.orderId });
      return {
        order,
        message: orderMessages.cancelled,
        stockReturned: result.stockReturned,
        pointsRefunded: result.pointsRefunded,
        pointsVoided: result.pointsVoided,
        refundPaise: result.refundPaise,
      };
    },
  );

  app.get(
    '/api/orders/:id/cancel-preview',
    {
      ...customersOnly,
      schema: {
        tags: ['orders'],
        summary: 'What cancelling an own order would give back now (points, money, units)',
        params: idParamSchema,
        response: { 200: cancelPreviewSchema, ...errors },
      },
    },
    async (req) => {
      const user = requireRole(req, 'customer');
      return previewCancel({ db, customerUserId: user.id, orderId: req.params.id });
    },
  );
}
