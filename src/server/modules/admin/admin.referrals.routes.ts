import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReferralPageSchema,
  adminReferralSchema,
  adminReferralsQuerySchema,
  referralActionMessages,
  referralStatusChangeSchema,
} from '../../../contracts/admin-merchants.contract';
import { adminErrors as errors } from '../../platform/admin-errors';
import { toCsv } from '../../../domain/csv';
import { listAdminReferrals } from './admin.referrals.read-model';
import { setAdminReferralStatus } from './admin.referrals';
import { requireFreshCode, sendCsv } from './admin.step-up';

const params = z.object({ id: z.uuid({ error: referralActionMessages.notFound }) });

/** The Referrals tab: who referred whom, its CSV, and changing a referral's status with a fresh code. */
export async function adminReferralsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/api/admin/referrals',
    {
      config: { permission: 'referrals' },
      schema: {
        tags: ['admin'],
        summary: 'Referrals, paged, searched (names, emails, code, id), filtered and sorted',
        querystring: adminReferralsQuerySchema,
        response: { 200: adminReferralPageSchema, ...errors },
      },
    },
    async (req) => listAdminReferrals({ db, query: req.query }),
  );

  app.get(
    '/api/admin/referrals/export',
    {
      config: { permission: 'referrals' },
      schema: { tags: ['admin'], summary: 'The same filter as CSV', querystring: adminReferralsQuerySchema },
    },
    async (req, reply) => {
      const { items } = await listAdminReferrals({ db, query: req.query, forExport: true });
      const csv = toCsv(
        [
          'id',
          'referrer_name',
          'referrer_email',
          'referred_name',
          'referred_email',
          'referred_type',
          'status',
          'points_awarded',
          'referral_code',
          'created_at',
          'qualification_date',
          'redemption_date',
        ],
        items.map((r) => [
          r.id,
          r.referrerName,
          r.referrerEmail,
          r.referredName,
          r.referredEmail,
          r.referredType,
          r.status,
          r.pointsAwarded,
          r.referralCode,
          r.createdAt,
          r.qualificationDate,
          r.redemptionDate,
        ]),
      );
      return sendCsv(reply, 'referrals', csv);
    },
  );

  app.post(
    '/api/admin/referrals/:id/status',
    {
      config: { permission: 'referrals' },
      schema: {
        tags: ['admin'],
        summary: 'Set a referral’s status (awards no points), with a fresh 2FA code',
        params,
        body: referralStatusChangeSchema,
        response: { 200: adminReferralSchema, ...errors },
      },
    },
    async (req, reply) =>
      requireFreshCode(req, reply, (sensitiveTx) =>
        setAdminReferralStatus({ db, sensitiveTx, referralId: req.params.id, status: req.body.status }),
      ),
  );
}
