import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addCartItemSchema,
  cartItemRefSchema,
  cartMessages,
  cartSchema,
  updateCartItemSchema,
} from '../../../contracts/cart.contract';
import { AppError } from '../../platform/app-error';
import { requireUser, type SessionUser } from '../../platform/auth-guards';
import { addCartItem, deleteCartItem, getCart, updateCartItem } from './cart.service';
import { errorResponses } from '../../platform/error-responses';

/** The signed-in customer: 401 for guests, 403 with the cart's message for every other role. */
function requireCustomer(req: FastifyRequest): SessionUser {
  const user = requireUser(req);
  if (user.role !== 'customer') throw new AppError('FORBIDDEN', cartMessages.customersOnly);
  return user;
}

const itemParams = z.object({ id: z.uuid({ error: cartMessages.itemNotFound }) });
const errors = errorResponses(400, 401, 403, 404, 409);

/** The customer's cart: read, add, change quantity, remove. */
export async function cartRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.ctx;
  // Who may call is settled before the body is validated: a guest gets 401, not a 400 about the body.
  app.addHook('onRequest', async (req) => {
    requireCustomer(req);
  });

  app.get(
    '/api/cart',
    {
      schema: {
        tags: ['cart'],
        summary: 'The cart with totals and available points',
        response: { 200: cartSchema, ...errors },
      },
    },
    async (req) => {
      const user = requireCustomer(req);
      return getCart({ db, customerUserId: user.id, returnWindowDays: config.RETURN_WINDOW_DAYS });
    },
  );

  app.post(
    '/api/cart/items',
    {
      schema: {
        tags: ['cart'],
        summary: 'Add a product, or increase its quantity, up to the stock',
        body: addCartItemSchema,
        response: { 200: cartItemRefSchema, 201: cartItemRefSchema, ...errors },
      },
    },
    async (req, reply) => {
      const user = requireCustomer(req);
      const { created, ...line } = await addCartItem({ db, customerUserId: user.id, ...req.body });
      return reply.status(created ? 201 : 200).send(line);
    },
  );

  app.patch(
    '/api/cart/items/:id',
    {
      schema: {
        tags: ['cart'],
        summary: 'Set the quantity of a cart line (1 to the stock)',
        params: itemParams,
        body: updateCartItemSchema,
        response: { 200: cartItemRefSchema, ...errors },
      },
    },
    async (req) => {
      const user = requireCustomer(req);
      return updateCartItem({ db, customerUserId: user.id, itemId: req.params.id, quantity: req.body.quantity });
    },
  );

  app.delete(
    '/api/cart/items/:id',
    {
      schema: {
        tags: ['cart'],
        summary: 'Remove a cart line',
        params: itemParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      const user = requireCustomer(req);
      await deleteCartItem({ db, customerUserId: user.id, itemId: req.params.id });
      return reply.status(204).send(null);
    },
  );
}
