import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminDeletionSchema, deleteBodySchema } from '../../../contracts/admin-lists.contract';
import { adminErrors as errors } from '../../platform/admin-errors';
import { deleteByAdmin, type DeletionKind } from './admin.deletions';
import { requireFreshCode } from './admin.step-up';
import type { StaffPermission } from '../../../domain/staff-permissions';

const kinds: [DeletionKind, string, string, StaffPermission][] = [
  [
    'user',
    'users',
    'Delete an account: anonymised when orders, points, payouts or referrals refer to it, otherwise removed',
    'customers',
  ],
  [
    'vendor',
    'vendors',
    'Delete a vendor (not while an order part is open): anonymised with its shops closed and products withdrawn, or removed',
    'vendors',
  ],
  [
    'merchant',
    'merchants',
    'Delete a merchant: anonymised when it has recorded payments or referrals, otherwise removed',
    'merchants',
  ],
  ['product', 'products', 'Delete a product: withdrawn when it was ever ordered, otherwise removed', 'products'],
  [
    'employee',
    'employees',
    'Delete an employee: anonymised when timesheets, tasks or projects refer to them, otherwise removed',
    'employees',
  ],
  [
    'order',
    'orders',
    'Delete an order (not while a part is shipped or a return is under way): its open parts cancelled and refunded, then hidden from every list, its history and ledger kept',
    'orders',
  ],
  ['referral', 'referrals', 'Delete a referral that has paid no reward (one that paid stays on record)', 'referrals'],
];

/** Deleting from the Users, Vendors, Merchants, Products, Employees, Orders and Referrals tabs, each with a fresh 2FA code. */
export async function adminDeletionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  for (const [kind, path, summary, permission] of kinds) {
    const params = z.object({ id: z.uuid({ error: `${kind[0].toUpperCase()}${kind.slice(1)} not found` }) });
    app.post(
      `/api/admin/${path}/:id/delete`,
      {
        config: { permission },
        schema: {
          tags: ['admin'],
          summary: `${summary} (a fresh 2FA code)`,
          params,
          body: deleteBodySchema,
          response: { 200: adminDeletionSchema, ...errors },
        },
      },
      async (req, reply) =>
        requireFreshCode(req, reply, (sensitiveTx) => deleteByAdmin({ sensitiveTx, kind, id: req.params.id })),
    );
  }
}
