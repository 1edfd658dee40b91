import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '../../../contracts/checkout.contract';
import {
  disputeReturnSchema,
  newReturnSchema,
  orderReturnsSchema,
  rejectReturnSchema,
  returnChangedSchema,
  returnListQuerySchema,
  returnPageSchema,
  returnSchema,
} from '../../../contracts/returns.contract';
import { requireRole, roleGuard } from '../../platform/auth-guards';
import { actingVendor, vendorAccess } from '../auth';
import {
  approveReturn,
  disputeReturn,
  getOrderReturns,
  getReturn,
  listReturns,
  receiveReturn,
  rejectReturn,
  requestReturn,
} from './returns.service';
import { errorResponses } from '../../platform/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409);
const partParamsSchema = z.object({ partId: z.string().max(64) });

/** Returns: the customer's requests and disputes, and the vendor's answers and receipt of the items. */
export async function returnsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.ctx;
  // Checked before the params are validated: a guest gets 401 and another role 403, whatever they sent.
  const customersOnly = { onRequest: roleGuard('customer') };
  const vendorsOnly = vendorAccess('orders');

  app.get(
    '/api/orders/:id/returns',
    {
      ...customersOnly,
      schema: {
        tags: ['returns'],
        summary: "An own order's returns, and what each delivered part can still return (within the return window)",
        params: idParamSchema,
        response: { 200: orderReturnsSchema, ...errors },
      },
    },
    async (req) =>
      getOrderReturns({ db, config, customerUserId: requireRole(req, 'customer').id, orderId: req.params.id }),
  );

  app.post(
    '/api/orders/parts/:partId/returns',
    {
      ...customersOnly,
      schema: {
        tags: ['returns'],
        summary:
          'Ask to return items of a delivered part of an own order, within the return window: items and quantities, a reason, a comment and up to 3 photos (uploaded with imageType return)',
        params: partParamsSchema,
        body: newReturnSchema,
        response: { 201: returnChangedSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(
        await requestReturn({
          db,
          config,
          customerUserId: requireRole(req, 'customer').id,
          partId: req.params.partId,
          input: req.body,
        }),
      ),
  );

  app.post(
    '/api/returns/:id/dispute',
    {
      ...customersOnly,
      schema: {
        tags: ['returns'],
        summary: "Send the shop's rejection of an own return to the Haat team, once",
        params: idParamSchema,
        body: disputeReturnSchema,
        response: { 200: returnChangedSchema, ...errors },
      },
    },
    async (req) =>
      disputeReturn({
        db,
        customerUserId: requireRole(req, 'customer').id,
        returnId: req.params.id,
        comment: req.body.comment,
      }),
  );

  app.get(
    '/api/vendor/returns',
    {
      ...vendorsOnly,
      schema: {
        tags: ['returns'],
        summary: "Returns of your shops' order parts, newest first, by status",
        querystring: returnListQuerySchema,
        response: { 200: returnPageSchema, ...errors },
      },
    },
    async (req) => listReturns({ db, query: req.query, vendorUserId: actingVendor(req) }),
  );

  app.get(
    '/api/vendor/returns/:id',
    {
      ...vendorsOnly,
      schema: {
        tags: ['returns'],
        summary: 'One return of your shops',
        params: idParamSchema,
        response: { 200: returnSchema, ...errors },
      },
    },
    async (req) => getReturn({ db, returnId: req.params.id, vendorUserId: actingVendor(req) }),
  );

  app.post(
    '/api/vendor/returns/:id/approve',
    {
      ...vendorsOnly,
      schema: {
        tags: ['returns'],
        summary: 'Approve a requested return (then collect the item and mark it received)',
        params: idParamSchema,
        response: { 200: returnChangedSchema, ...errors },
      },
    },
    async (req) => approveReturn({ db, vendorUserId: actingVendor(req), returnId: req.params.id }),
  );

  app.post(
    '/api/vendor/returns/:id/reject',
    {
      ...vendorsOnly,
      schema: {
        tags: ['returns'],
        summary: 'Reject a requested return, with the reason the customer reads',
        params: idParamSchema,
        body: rejectReturnSchema,
        response: { 200: returnChangedSchema, ...errors },
      },
    },
    async (req) =>
      rejectReturn({
        db,
        vendorUserId: actingVendor(req),
        returnId: req.params.id,
        reason: req.body.reason,
      }),
  );

  app.post(
    '/api/vendor/returns/:id/received',
    {
      ...vendorsOnly,
      schema: {
        tags: ['returns'],
        summary:
          'Mark an approved return received back: stock back, points adjusted, your credit reversed with a credit note, the customer refunded the way they paid (once)',
        params: idParamSchema,
        response: { 200: returnChangedSchema, ...errors },
      },
    },
    async (req) => receiveReturn({ db, config, vendorUserId: actingVendor(req), returnId: req.params.id }),
  );
}
