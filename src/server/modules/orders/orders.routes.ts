import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../contracts/checkout.contract';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import { listOrdersQuerySchema, orderDetailSchema, orderListSchema } from '../../../contracts/orders.contract';
import { requireRole, roleGuard } from '../../platform/auth-guards';
import { getOrder, listOrders } from './orders.queries';

const refusals = { 401: errorResponseSchema, 403: errorResponseSchema };

/** The signed-in customer's own orders. */
export async function ordersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  // Checked before the query is validated: a guest gets 401 and another role 403.
  const customersOnly = { onRequest: roleGuard('customer') };

  app.get(
    '/api/orders',
    {
      ...customersOnly,
      schema: {
        tags: ['orders'],
        summary: "The customer's orders, newest first, by tab, with the count of every tab",
        querystring: listOrdersQuerySchema,
        response: { 200: orderListSchema, ...refusals },
      },
    },
    async (req) => {
      const user = requireRole(req, 'customer');
      return listOrders({
        db,
        customerUserId: user.id,
        tab: req.query.status,
        page: req.query.page,
        pageSize: req.query.pageSize,
      });
    },
  );

  app.get(
    '/api/orders/:id',
    {
      ...customersOnly,
      schema: {
        tags: ['orders'],
        summary: 'One of the customer’s orders with parts, items and status history',
        params: idParamSchema,
        response: { 200: orderDetailSchema, ...refusals, 404: errorResponseSchema },
      },
    },
    async (req) => {
      const user = requireRole(req, 'customer');
      return getOrder({ db, customerUserId: user.id, orderId: req.params.id });
    },
  );
}
