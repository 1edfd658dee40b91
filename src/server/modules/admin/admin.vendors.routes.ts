import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminVendorPageSchema,
  adminVendorSchema,
  adminVendorsQuerySchema,
  approveVendorSchema,
  rejectVendorSchema,
  vendorActionMessages,
} from '../../../contracts/admin-vendors.contract';
import { adminErrors as errors } from '../../platform/admin-errors';
import { payoutDestination } from '../../../contracts/payout-details.contract';
import { csvRupees, toCsv } from '../../../domain/csv';
import { requireFreshCode, sendCsv } from './admin.step-up';
import { listAdminVendors } from './admin.vendors.read-model';
import { setAdminVendorApproval } from './admin.vendors';

const params = z.object({ id: z.uuid({ error: vendorActionMessages.notFound }) });

/** The Vendors tab: vendors with their totals, their CSV, and approving or rejecting one with a fresh code. */
export async function adminVendorsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/api/admin/vendors',
    {
      config: { permission: 'vendors' },
      schema: {
        tags: ['admin'],
        summary:
          'Vendors with products, orders, revenue and payout details (account number masked), paged, searched (business name, email, id) and sorted',
        querystring: adminVendorsQuerySchema,
        response: { 200: adminVendorPageSchema, ...errors },
      },
    },
    async (req) => listAdminVendors({ db, query: req.query }),
  );

  app.get(
    '/api/admin/vendors/export',
    {
      config: { permission: 'vendors' },
      schema: { tags: ['admin'], summary: 'The same filter as CSV', querystring: adminVendorsQuerySchema },
    },
    async (req, reply) => {
      const { items } = await listAdminVendors({ db, query: req.query, forExport: true });
      const csv = toCsv(
        [
          'id',
          'business_name',
          'address',
          'email',
          'phone',
          'is_approved',
          'rejection_reason',
          'total_products',
          'total_orders',
          'total_revenue_rupees',
          'registered_at',
          'payout_method',
          'payout_to',
          'pan',
          'gstin',
          'payout_details_changed_at',
        ],
        items.map((v) => [
          ...[
            v.id,
            v.businessName,
            v.address,
            v.email,
            v.phone,
            v.isApproved,
            v.rejectionReason,
            v.totalProducts,
            v.totalOrders,
            csvRupees(v.totalRevenuePaise),
            v.registeredAt,
          ],
          // The account number masked, as on screen.
          ...(v.payout
            ? [v.payout.method, payoutDestination(v.payout), v.payout.pan, v.payout.gstin, v.payout.updatedAt]
            : [null, null, null, null, null]),
        ]),
      );
      return sendCsv(reply, `vendors-${req.query.approval}`, csv);
    },
  );

  app.post(
    '/api/admin/vendors/:id/approve',
    {
      config: { permission: 'vendors' },
      schema: {
        tags: ['admin'],
        summary: 'Approve a rejected vendor (a fresh 2FA code); its products return to the storefront',
        params,
        body: approveVendorSchema,
        response: { 200: adminVendorSchema, ...errors },
      },
    },
    async (req, reply) =>
      requireFreshCode(req, reply, (sensitiveTx) =>
        setAdminVendorApproval({ db, sensitiveTx, vendorUserId: req.params.id, approved: true, reason: null }),
      ),
  );

  app.post(
    '/api/admin/vendors/:id/reject',
    {
      config: { permission: 'vendors' },
      schema: {
        tags: ['admin'],
        summary: 'Reject a vendor (a reason and a fresh 2FA code); its products leave the storefront',
        params,
        body: rejectVendorSchema,
        response: { 200: adminVendorSchema, ...errors },
      },
    },
    async (req, reply) =>
      requireFreshCode(req, reply, (sensitiveTx) =>
        setAdminVendorApproval({
          db,
          sensitiveTx,
          vendorUserId: req.params.id,
          approved: false,
          reason: req.body.reason,
        }),
      ),
  );
}
