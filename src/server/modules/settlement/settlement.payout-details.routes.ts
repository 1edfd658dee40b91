import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  myPayoutDetailsSchema,
  payoutDetailsInputSchema,
  payoutMessages,
  savedPayoutDetailsSchema,
} from '../../../contracts/payout-details.contract';
import { origin } from '../../platform/auth-guards';
import { actingVendor, vendorAccess } from '../auth';
import { getMyPayoutDetails, savePayoutDetails } from './settlement.payout-details';
import { errorResponses } from '../../platform/error-responses';

const errors = errorResponses(400, 401, 403, 429);
// Each save checks a password: a slow guesser gets few tries (as changing the email or password).
const limited = { rateLimit: { max: 10, timeWindow: '15 minutes' } };

/** The vendor's own payout and tax details: read them (masked), and replace them with the password. */
export async function payoutDetailsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  // Who may call is settled before the body is validated: the owner and the Accounts role read them,
  // the owner alone changes them (with its password).
  const view = vendorAccess('payout.view', payoutMessages.vendorsOnly);
  const edit = vendorAccess('payout.edit', payoutMessages.vendorsOnly);

  app.get(
    '/api/vendor/payout-details',
    {
      onRequest: view.onRequest,
      config: view.config,
      schema: {
        tags: ['settlement'],
        summary:
          'Your payout and tax details (account number masked; null until saved) and the TDS and TCS rates in force',
        response: { 200: myPayoutDetailsSchema, ...errors },
      },
    },
    async (req) => getMyPayoutDetails(db, actingVendor(req)),
  );

  app.put(
    '/api/vendor/payout-details',
    {
      onRequest: edit.onRequest,
      schema: {
        tags: ['settlement'],
        summary:
          'Save your payout details (bank account or UPI ID), PAN and GSTIN; needs your current password and is shown to the super admin',
        body: payoutDetailsInputSchema,
        response: { 200: savedPayoutDetailsSchema, ...errors },
      },
      config: { ...limited, ...edit.config },
    },
    async (req) => savePayoutDetails({ db, vendorUserId: actingVendor(req), input: req.body, origin: origin(req) }),
  );
}
