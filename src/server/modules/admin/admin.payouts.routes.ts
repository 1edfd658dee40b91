import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import { adminErrors as errors } from '../../platform/admin-errors';
import {
  adminPayablesQuerySchema,
  adminPayableVendorPageSchema,
  adminPayoutMessages as m,
  adminPayoutPageSchema,
  adminPayoutSchema,
  adminPayoutsQuerySchema,
  cancelPayoutSchema,
  markPayoutPaidSchema,
  payoutPreviewQuerySchema,
  payoutPreviewSchema,
  payoutRouteSchema,
  routeAccountSchema,
  setRouteAccountSchema,
  settlePayoutSchema,
  transferPayoutSchema,
} from '../../../contracts/payouts.contract';
import { todayInIndia } from '../../../domain/age';
import { csvRupees, toCsv } from '../../../domain/csv';
import {
  exportAdminPayouts,
  listAdminPayables,
  listAdminPayouts,
  previewVendorPayout,
  releaseDueVendorSales,
} from '../settlement';
import {
  cancelAdminPayout,
  payAdminPayout,
  payoutRouteStatus,
  setAdminVendorRouteAccount,
  settleAdminPayout,
  transferAdminPayout,
} from './admin.payouts';
import { pendingApprovalSchema } from '../../../contracts/money-out.contract';
import { listPendingApprovals } from './admin.money-out';
import { requireFreshCode, sendCsv } from './admin.step-up';

/** A pay action's answer: the payout, and whether the click only prepared it for a second staff member. */
const paidOrPrepared = adminPayoutSchema.extend({ prepared: z.boolean() });
const tags = ['admin'];
const params = z.object({ id: z.uuid({ error: m.notFound }) });
const vendorParams = z.object({ vendorUserId: z.uuid({ error: m.vendorNotFound }) });

/** The Payouts tab: payable per vendor, the payouts, a preview of a settle, and settle, mark paid and cancel with a fresh code. */
export async function adminPayoutsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.ctx;

  app.get(
    '/api/admin/payables',
    {
      config: { permission: 'payouts' },
      schema: {
        tags,
        summary: 'Vendors with their pending, payable and paid balances, payout details (masked) and open payout',
        querystring: adminPayablesQuerySchema,
        response: { 200: adminPayableVendorPageSchema, ...errors },
      },
    },
    async (req) => {
      // Sales past their return window become payable as the super admin looks, not only at the next run of the release job.
      await releaseDueVendorSales(db, { returnWindowDays: config.RETURN_WINDOW_DAYS });
      return listAdminPayables({ db, query: req.query });
    },
  );

  app.get(
    '/api/admin/payouts',
    {
      config: { permission: 'payouts' },
      schema: {
        tags,
        summary: 'Payouts of one status (or all), paged, searched and sorted',
        querystring: adminPayoutsQuerySchema,
        response: { 200: adminPayoutPageSchema, ...errors },
      },
    },
    async (req) => listAdminPayouts({ db, query: req.query }),
  );

  app.get(
    '/api/admin/payouts/approvals',
    {
      config: { permission: 'payouts' },
      schema: {
        tags,
        summary: 'Payouts prepared by one staff member and waiting for a second to approve them',
        response: { 200: z.array(pendingApprovalSchema), ...errors },
      },
    },
    async () => (await listPendingApprovals(db)).filter((a) => a.kind === 'payout'),
  );

  app.get(
    '/api/admin/payouts/export',
    {
      config: { permission: 'payouts' },
      schema: { tags, summary: 'The same filter as CSV', querystring: adminPayoutsQuerySchema },
    },
    async (req, reply) => {
      const rows = await exportAdminPayouts({ db, query: req.query });
      const csv = toCsv(
        [
          'id',
          'vendor',
          'period_from',
          'period_to',
          'amount_rupees',
          'status',
          'method',
          'reference',
          'created_at',
          'paid_at',
        ],
        rows.map((p) => [
          p.id,
          p.businessName,
          p.periodFrom,
          p.periodTo,
          csvRupees(p.amountPaise),
          p.status,
          p.method,
          p.reference,
          p.createdAt,
          p.paidAt,
        ]),
      );
      return sendCsv(reply, `payouts-${req.query.status}`, csv);
    },
  );

  app.get(
    '/api/admin/payouts/preview',
    {
      config: { permission: 'payouts' },
      schema: {
        tags,
        summary: 'What settling a vendor up to a day (India) would pay now, and why it would be refused',
        querystring: payoutPreviewQuerySchema,
        response: { 200: payoutPreviewSchema, ...errors },
      },
    },
    async (req) => {
      await db.transaction((tx) =>
        releaseDueVendorSales(tx, {
          returnWindowDays: config.RETURN_WINDOW_DAYS,
          vendorUserId: req.query.vendorUserId,
        }),
      );
      return previewVendorPayout({ db, ...req.query, today: todayInIndia() });
    },
  );

  app.post(
    '/api/admin/payouts',
    {
      config: { permission: 'payouts' },
      schema: {
        tags,
        summary: 'Settle a vendor up to a day: a payout that reserves what is payable, with a fresh 2FA code',
        body: settlePayoutSchema,
        response: { 201: adminPayoutSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { vendorUserId, upTo } = req.body;
      return reply
        .status(201)
        .send(
          await requireFreshCode(req, reply, (sensitiveTx) =>
            settleAdminPayout({ db, sensitiveTx, vendorUserId, upTo }),
          ),
        );
    },
  );

  app.post(
    '/api/admin/payouts/:id/pay',
    {
      config: { permission: 'payouts' },
      schema: {
        tags,
        summary:
          'Mark a created payout paid with the bank UTR or UPI reference, with a fresh 2FA code; above the two-person amount, the first click prepares it (prepared: true) and another staff member pays it',
        params,
        body: markPayoutPaidSchema,
        response: { 200: paidOrPrepared, ...errors },
      },
    },
    async (req, reply) =>
      requireFreshCode(req, reply, (sensitiveTx) =>
        payAdminPayout({ db, sensitiveTx, payoutId: req.params.id, reference: req.body.reference }),
      ),
  );

  app.get(
    '/api/admin/payouts/route',
    {
      config: { permission: 'payouts' },
      schema: {
        tags,
        summary:
          'Whether payouts can be paid as Razorpay Route transfers (RAZORPAY_ROUTE and the Razorpay keys enabled)',
        response: { 200: payoutRouteSchema, ...errors },
      },
    },
    async () => payoutRouteStatus({ db, config }),
  );

  app.post(
    '/api/admin/payouts/:id/transfer',
    {
      config: { permission: 'payouts' },
      schema: {
        tags,
        summary:
          "Pay a created payout as a Razorpay Route transfer to the vendor's linked account, with a fresh 2FA code (409 when Route is off, the vendor has no linked account or the payout is not 'created'; 503 when Razorpay made no transfer)",
        params,
        body: transferPayoutSchema,
        response: { 200: paidOrPrepared, ...errors, 503: errorResponseSchema },
      },
    },
    async (req, reply) =>
      requireFreshCode(req, reply, (sensitiveTx, followUpTx) =>
        transferAdminPayout({ db, config, sensitiveTx, followUpTx, payoutId: req.params.id }),
      ),
  );

  app.put(
    '/api/admin/vendors/:vendorUserId/route-account',
    {
      config: { permission: 'payouts' },
      schema: {
        tags,
        summary: "Set a vendor's Razorpay Route linked account (acc_…), with a fresh 2FA code",
        params: vendorParams,
        body: setRouteAccountSchema,
        response: { 200: routeAccountSchema, ...errors },
      },
    },
    async (req, reply) =>
      requireFreshCode(req, reply, (sensitiveTx) =>
        setAdminVendorRouteAccount({
          sensitiveTx,
          vendorUserId: req.params.vendorUserId,
          accountId: req.body.accountId,
        }),
      ),
  );

  app.post(
    '/api/admin/payouts/:id/cancel',
    {
      config: { permission: 'payouts' },
      schema: {
        tags,
        summary: 'Cancel a created payout (its amount is payable again), with a fresh 2FA code',
        params,
        body: cancelPayoutSchema,
        response: { 200: adminPayoutSchema, ...errors },
      },
    },
    async (req, reply) =>
      requireFreshCode(req, reply, (sensitiveTx) => cancelAdminPayout({ db, sensitiveTx, payoutId: req.params.id })),
  );
}
