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
import { adminErrors as errors } from '../../platform/admin-errors';
import { csvRupees, toCsv } from '../../../domain/csv';
import { pendingApprovalSchema } from '../../../contracts/money-out.contract';
import { listPendingApprovals } from './admin.money-out';
import { requireFreshCode, sendCsv } from './admin.step-up';
import { exportAdminWithdrawals, listAdminWithdrawals } from './admin.withdrawals.read-model';
import { payAdminWithdrawal, rejectAdminWithdrawal } from './admin.withdrawals';

const params = z.object({ id: z.uuid({ error: 'Withdrawal request not found' }) });

/** The Withdrawals tab: the queue, its CSV, and paying or rejecting a request with a fresh code. */
export async function adminWithdrawalsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/api/admin/withdrawals',
    {
      config: { permission: 'withdrawals' },
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
    '/api/admin/withdrawals/approvals',
    {
      config: { permission: 'withdrawals' },
      schema: {
        tags: ['admin'],
        summary: 'Withdrawals prepared by one staff member and waiting for a second to approve them',
        response: { 200: z.array(pendingApprovalSchema), ...errors },
      },
    },
    async () => (await listPendingApprovals(db)).filter((a) => a.kind === 'withdrawal'),
  );

  app.get(
    '/api/admin/withdrawals/export',
    {
      config: { permission: 'withdrawals' },
      schema: { tags: ['admin'], summary: 'The same filter as CSV', querystring: adminWithdrawalsQuerySchema },
    },
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
      config: { permission: 'withdrawals' },
      schema: {
        tags: ['admin'],
        summary: 'Mark a pending request paid (UPI reference and a fresh 2FA code)',
        params,
        body: payWithdrawalSchema,
        response: { 200: adminWithdrawalSchema.extend({ prepared: z.boolean() }), ...errors },
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
      config: { permission: 'withdrawals' },
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
