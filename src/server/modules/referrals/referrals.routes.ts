import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageQuerySchema } from '../../../contracts/common.contract';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import { myReferralsSchema } from '../../../contracts/referrals.contract';
import { requireRole, roleGuard } from '../../platform/auth-guards';
import { listMyReferrals } from './referrals.mine';

/** Everyone's own referrals: the code to share and the referrals made with it. */
export async function referralsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  app.get(
    '/api/referrals',
    {
      onRequest: roleGuard('customer', 'vendor', 'merchant'),
      schema: {
        tags: ['referrals'],
        summary: "The signed-in user's referral code, totals and the referrals made (names masked), newest first",
        querystring: pageQuerySchema,
        response: {
          200: myReferralsSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (req) => listMyReferrals({ db, userId: requireRole(req, 'customer', 'vendor', 'merchant').id, ...req.query }),
  );
}
