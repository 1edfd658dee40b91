import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import {
  myPayoutDetailsSchema,
  payoutDetailsInputSchema,
  payoutMessages,
  savedPayoutDetailsSchema,
} from '../../../contracts/payout-details.contract';
import { AppError } from '../../platform/app-error';
import { origin, requireUser, type SessionUser } from '../../platform/auth-guards';
import { getMyPayoutDetails, savePayoutDetails } from './settlement.payout-details';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
};
// Each save checks a password: a slow guesser gets few tries (as changing the email or password).
const limited = { rateLimit: { max: 10, timeWindow: '15 minutes' } };

/** The signed-in vendor: 401 for guests, 403 for every other role. */
function requireVendor(req: FastifyRequest): SessionUser {
  const user = requireUser(req);
  if (user.role !== 'vendor') throw new AppError('FORBIDDEN', payoutMessages.vendorsOnly);
  return user;
}

/** The vendor's own payout and tax details: read them (masked), and replace them with the password. */
export async function payoutDetailsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  // Who may call is settled before the body is validated.
  app.addHook('onRequest', async (req) => {
    requireVendor(req);
  });

  app.get(
    '/api/vendor/payout-details',
    {
      schema: {
        tags: ['settlement'],
        summary:
          'Your payout and tax details (account number masked; null until saved) and the TDS and TCS rates in force',
        response: { 200: myPayoutDetailsSchema, ...errors },
      },
    },
    async (req) => getMyPayoutDetails(db, requireVendor(req).id),
  );

  app.put(
    '/api/vendor/payout-details',
    {
      schema: {
        tags: ['settlement'],
        summary:
          'Save your payout details (bank account or UPI ID), PAN and GSTIN; needs your current password and is shown to the super admin',
        body: payoutDetailsInputSchema,
        response: { 200: savedPayoutDetailsSchema, ...errors },
      },
      config: limited,
    },
    async (req) => savePayoutDetails({ db, vendorUserId: requireVendor(req).id, input: req.body, origin: origin(req) }),
  );
}
