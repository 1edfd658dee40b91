import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addressInputSchema,
  addressListSchema,
  addressSchema,
  profileMessages,
} from '../../../contracts/profile.contract';
import { AppError } from '../../platform/app-error';
import { requireUser, type SessionUser } from '../../platform/auth-guards';
import { createAddress, deleteAddress, listAddresses, setDefaultAddress } from './auth.addresses';
import { errorResponses } from '../../platform/error-responses';

/** The signed-in customer: 401 for guests, 403 for every other role. */
function requireCustomer(req: FastifyRequest): SessionUser {
  const user = requireUser(req);
  if (user.role !== 'customer') throw new AppError('FORBIDDEN', profileMessages.customersOnly);
  return user;
}

const idParams = z.object({ id: z.uuid({ error: profileMessages.addressNotFound }) });
const errors = errorResponses(400, 401, 403, 404);

/** A customer's own delivery addresses: list, add, delete, set default. */
export async function addressesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  // Who may call is settled before the body is validated.
  app.addHook('onRequest', async (req) => {
    requireCustomer(req);
  });

  app.get(
    '/api/addresses',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Your addresses, the default first',
        response: { 200: addressListSchema, ...errors },
      },
    },
    async (req) => {
      const user = requireCustomer(req);
      return { items: await listAddresses({ db, userId: user.id }) };
    },
  );

  app.post(
    '/api/addresses',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Add an address (your first one becomes the default)',
        body: addressInputSchema,
        response: { 201: addressSchema, ...errors },
      },
    },
    async (req, reply) => {
      const user = requireCustomer(req);
      return reply.status(201).send(await createAddress({ db, userId: user.id, input: req.body }));
    },
  );

  app.delete(
    '/api/addresses/:id',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Delete one of your addresses',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      const user = requireCustomer(req);
      await deleteAddress({ db, userId: user.id, addressId: req.params.id });
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/addresses/:id/default',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Make one of your addresses the default',
        params: idParams,
        response: { 200: addressSchema, ...errors },
      },
    },
    async (req) => {
      const user = requireCustomer(req);
      return setDefaultAddress({ db, userId: user.id, addressId: req.params.id });
    },
  );
}
