import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminWithdrawalPageSchema,
  adminWithdrawalSchema,
  adminWithdrawalsQuerySchema,
  payWithdrawalSchema,
  rejectWithdrawalSchema,
} from '../../../contracts/admin-lists.contract';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import { csvRupees, toCsv } from '../../../domain/csv';
import { requireAdmin } from '../../platform/auth-guards';
import { requireFreshCode, sendCsv } from './admin.step-up';
import { exportAdminWithdrawals, listAdminWithdrawals } from './admin.withdrawals.read-model';
import { payAdminWithdrawal, rejectAdminWithdrawal } from './admin.withdrawals';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
const params = z.object({ id: z.uuid({ error: 'Withdrawal request not found' }) });

/** The Withdrawals tab: the queue, its CSV, and paying or rejecting a request with a fresh code. */
export async function adminWithdrawalsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  app.addHook('onRequest', async (req) => {
    requireAdmin(req);
  });

  app.get(
    '/api/admin/withdrawals',
    {
      schema: {
        tags: ['admin'],
        summary: 'Withdrawal requests of one status, paged, searched and sorted',
        querystring: adminWithdrawalsQuerySchema,
        response: { 200: adminWithdrawalPageSchema, ...errors },
      },
    },
    async (req) => listAdminWithdrawals({ db, query: req.query }),
  );

  app.get(
    '/api/admin/withdrawals/export',
    { schema: { tags: ['admin'], summary: 'The same filter as CSV', querystring: adminWithdrawalsQuerySchema } },
    async (req, reply) => {
      const rows = await exportAdminWithdrawals({ db, query: req.query });
      const csv = toCsv(
        [
          'id',
          'customer',
          'email',
          'upi_id',
          'points',
          'amount_rupees',
          'status',
          'upi_reference',
          'reject_reason',
          'requested_at',
          'processed_at',
        ],
        rows.map((w) => [
          w.id,
          w.customerName,
          w.customerEmail,
          w.upiId,
          w.points,
          csvRupees(w.amountPaise),
          w.status,
          w.upiReference,
          w.rejectReason,
          w.createdAt,
          w.processedAt,
        ]),
      );
      return sendCsv(reply, `withdrawals-${req.query.status}`, csv);
    },
  );

  app.post(
    '/api/admin/withdrawals/:id/pay',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark a pending request paid (UPI reference and a fresh 2FA code)',
        params,
        body: payWithdrawalSchema,
        response: { 200: adminWithdrawalSchema, ...errors },
      },
    },
    async (req, reply) =>
      requireFreshCode(req, reply, (sensitiveTx) =>
        payAdminWithdrawal({ db, sensitiveTx, withdrawalId: req.params.id, upiReference: req.body.upiReference }),
      ),
  );

  app.post(
    '/api/admin/withdrawals/:id/reject',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reject a pending request (a reason and a fresh 2FA code); its points return',
        params,
        body: rejectWithdrawalSchema,
        response: { 200: adminWithdrawalSchema, ...errors },
      },
    },
    async (req, reply) =>
      requireFreshCode(req, reply, (sensitiveTx) =>
        rejectAdminWithdrawal({ db, sensitiveTx, withdrawalId: req.params.id, reason: req.body.reason }),
      ),
  );
}
