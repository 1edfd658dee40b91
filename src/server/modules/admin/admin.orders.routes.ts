import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderMessages,
  adminOrderPageSchema,
  adminOrdersQuerySchema,
  adminOrderStatusChangedSchema,
  adminOrderStatusSchema,
  type AdminOrder,
} from '../../../contracts/admin-orders.contract';
import { adminErrors as errors } from '../../platform/admin-errors';
import { csvRupees, toCsv } from '../../../domain/csv';
import { exportAdminOrders, listAdminOrders } from './admin.orders.read-model';
import { setAdminOrderStatus } from './admin.orders';
import { requireFreshCode, sendCsv } from './admin.step-up';

const params = z.object({ orderId: z.uuid({ error: adminOrderMessages.notFound }) });

/** How the order is paid, for the CSV: 'cod' (cash at the door), 'points' (points alone) or 'online' (the gateway). */
const paymentOf = (o: AdminOrder) =>
  o.paymentStatus === 'cash_on_delivery' ? 'cod' : o.paymentStatus === 'not_required' ? 'points' : 'online';

/** The Orders tab: every shop's part of every order, its CSV, and setting a status with a fresh code. */
export async function adminOrdersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/api/admin/orders',
    {
      config: { permission: 'orders' },
      schema: {
        tags: ['admin'],
        summary: "Every shop's part of every order, paged, searched and sorted",
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrderPageSchema, ...errors },
      },
    },
    async (req) => listAdminOrders({ db, query: req.query }),
  );

  app.get(
    '/api/admin/orders/export',
    {
      config: { permission: 'orders' },
      schema: { tags: ['admin'], summary: 'The same filter as CSV', querystring: adminOrdersQuerySchema },
    },
    async (req, reply) => {
      const rows = await exportAdminOrders({ db, query: req.query });
      const csv = toCsv(
        [
          'order_id',
          'part_id',
          'customer',
          'email',
          'shop',
          'vendor',
          'product',
          'items',
          'quantity',
          'amount_rupees',
          'status',
          'order_status',
          'points_earned',
          'points_used',
          'payment_status',
          'test_payment',
          'created_at',
          'variant',
          'sku',
          'payment',
          'cash_due',
          'cash_collected',
          'returned_to_seller',
        ],
        rows.map((o) => [
          ...[
            o.id,
            o.partId,
            o.customerName,
            o.customerEmail,
            o.shopName,
            o.vendorName,
            o.productName,
            o.itemCount,
            o.quantity,
            csvRupees(o.amountPaise),
            o.status,
            o.orderStatus,
            o.pointsEarned,
            o.pointsUsed,
          ],
          ...[
            o.paymentStatus,
            o.testPayment ? 'yes' : 'no',
            o.createdAt,
            o.variantLabel,
            o.sku,
            paymentOf(o),
            csvRupees(o.codDuePaise),
            csvRupees(o.cashCollectedPaise),
            o.returnedToSeller ? 'yes' : 'no',
          ],
        ]),
      );
      return sendCsv(reply, `orders-${req.query.status}`, csv);
    },
  );

  app.post(
    '/api/admin/orders/:orderId/status',
    {
      config: { permission: 'orders' },
      schema: {
        tags: ['admin'],
        summary:
          "Set the status of one shop's part (partId) or of every open part of an order (a fresh 2FA code); a cancel returns stock and points",
        params,
        body: adminOrderStatusSchema,
        response: { 200: adminOrderStatusChangedSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { status, partId, note } = req.body;
      return requireFreshCode(req, reply, (sensitiveTx) =>
        setAdminOrderStatus({ db, sensitiveTx, orderId: req.params.orderId, partId, status, note }),
      );
    },
  );
}
