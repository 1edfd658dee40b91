import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  vendorOrderListQuerySchema,
  vendorOrderListSchema,
  vendorPartParamsSchema,
  vendorPartStatusSchema,
  vendorPartUpdatedSchema,
} from '../../../contracts/vendor-orders.contract';
import { actingVendor, vendorAccess } from '../auth';
import { listVendorOrders, markPartReturnedToSeller, updateVendorPartStatus } from './fulfilment.vendor-orders';
import { errorResponses } from '../../platform/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409);

/** The vendor's parts of orders and their fulfilment (vendors only, own shops only). */
export async function vendorOrdersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  // Guests get 401 and other roles 403 before their input is even read (each route's vendor guard).

  app.get(
    '/api/vendor/orders',
    {
      ...vendorAccess('orders'),
      schema: {
        tags: ['vendor'],
        summary: "Your shops' parts of orders (your items only), newest first, by status, with counts per status",
        querystring: vendorOrderListQuerySchema,
        response: { 200: vendorOrderListSchema, ...errors },
      },
    },
    async (req) => listVendorOrders({ db, vendorUserId: actingVendor(req), query: req.query }),
  );

  app.patch(
    '/api/vendor/orders/parts/:partId/status',
    {
      ...vendorAccess('orders'),
      schema: {
        tags: ['vendor'],
        summary:
          'Move your part of an order forward (confirmed, processing, shipped, delivered: for cash on delivery with the cash received) or cancel it',
        params: vendorPartParamsSchema,
        body: vendorPartStatusSchema,
        response: { 200: vendorPartUpdatedSchema, ...errors },
      },
    },
    async (req) => {
      return updateVendorPartStatus({
        db,
        vendorUserId: actingVendor(req),
        partId: req.params.partId,
        status: req.body.status,
        trackingNote: req.body.trackingNote,
        cashCollectedPaise: req.body.cashCollected,
      });
    },
  );

  app.post(
    '/api/vendor/orders/parts/:partId/returned-to-seller',
    {
      ...vendorAccess('orders'),
      schema: {
        tags: ['vendor'],
        summary:
          'A shipped cash on delivery part refused at the door: cancelled, its stock back, shown as "Returned to seller"',
        params: vendorPartParamsSchema,
        response: { 200: vendorPartUpdatedSchema, ...errors },
      },
    },
    async (req) => markPartReturnedToSeller({ db, vendorUserId: actingVendor(req), partId: req.params.partId }),
  );
}
