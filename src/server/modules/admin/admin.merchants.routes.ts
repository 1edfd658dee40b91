import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminMerchantPageSchema,
  adminMerchantSchema,
  adminMerchantsQuerySchema,
  merchantActionMessages,
  merchantCashbackAtStakeSchema,
  merchantVerificationSchema,
} from '../../../contracts/admin-merchants.contract';
import { adminErrors as errors } from '../../platform/admin-errors';
import { csvRupees, toCsv } from '../../../domain/csv';
import { listAdminMerchants } from './admin.merchants.read-model';
import { merchantCashbackAtStake, setAdminMerchantVerification } from './admin.merchants';
import { requireFreshCode, sendCsv } from './admin.step-up';

const params = z.object({ id: z.uuid({ error: merchantActionMessages.notFound }) });

/** The Merchants tab: merchants with their totals, their CSV, and verifying or unverifying one with a fresh code. */
export async function adminMerchantsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.ctx;

  app.get(
    '/api/admin/merchants',
    {
      config: { permission: 'merchants' },
      schema: {
        tags: ['admin'],
        summary: 'Merchants with their transactions and referrals, paged, searched and sorted',
        querystring: adminMerchantsQuerySchema,
        response: { 200: adminMerchantPageSchema, ...errors },
      },
    },
    async (req) => listAdminMerchants({ db, query: req.query }),
  );

  app.get(
    '/api/admin/merchants/export',
    {
      config: { permission: 'merchants' },
      schema: { tags: ['admin'], summary: 'The same filter as CSV', querystring: adminMerchantsQuerySchema },
    },
    async (req, reply) => {
      const { items } = await listAdminMerchants({ db, query: req.query, forExport: true });
      const csv = toCsv(
        [
          'id',
          'name',
          'business_name',
          'referral_code',
          'mobile_number',
          'email',
          'upi_id',
          'cashback_percentage',
          'is_verified',
          'total_transactions',
          'total_volume_rupees',
          'referrals_made',
          'registered_at',
        ],
        items.map((x) => [
          x.id,
          x.name,
          x.businessName,
          x.referralCode,
          x.mobileNumber,
          x.email,
          x.upiId,
          x.cashbackPercentage,
          x.isVerified,
          x.totalTransactions,
          csvRupees(x.totalVolumePaise),
          x.referralsMade,
          x.registeredAt,
        ]),
      );
      return sendCsv(reply, 'merchants', csv);
    },
  );

  app.get(
    '/api/admin/merchants/:id/cashback-at-stake',
    {
      config: { permission: 'merchants' },
      schema: {
        tags: ['admin'],
        summary: "What Verify and Unverify would do now to the merchant's customers' pending cashback",
        params,
        response: { 200: merchantCashbackAtStakeSchema, ...errors },
      },
    },
    async (req) => merchantCashbackAtStake({ db, config, merchantUserId: req.params.id }),
  );

  for (const [path, verified] of [
    ['verify', true],
    ['unverify', false],
  ] as const) {
    app.post(
      `/api/admin/merchants/:id/${path}`,
      {
        config: { permission: 'merchants' },
        schema: {
          tags: ['admin'],
          summary: `${verified ? 'Verify' : 'Unverify'} a merchant, with a fresh 2FA code`,
          params,
          body: merchantVerificationSchema,
          response: { 200: adminMerchantSchema, ...errors },
        },
      },
      async (req, reply) =>
        requireFreshCode(req, reply, (sensitiveTx) =>
          setAdminMerchantVerification({ db, config, sensitiveTx, merchantUserId: req.params.id, verified }),
        ),
    );
  }
}
