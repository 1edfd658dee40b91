import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserPageSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  stepUpBodySchema,
} from '../../../contracts/admin-people.contract';
import { adminErrors as errors } from '../../platform/admin-errors';
import { toCsv } from '../../../domain/csv';
import { listUserAccounts } from '../auth';
import { requireFreshCode, sendCsv } from './admin.step-up';
import { setAdminUserStatus } from './admin.users';

const params = z.object({ id: z.uuid({ error: 'User not found' }) });

/** The Users tab: the accounts, their CSV, and suspending or reactivating one with a fresh code. */
export async function adminUsersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/api/admin/users',
    {
      config: { permission: 'customers' },
      schema: {
        tags: ['admin'],
        summary: 'Sign-in accounts, paged, searched (name, email, id) and sorted',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUserPageSchema, ...errors },
      },
    },
    async (req) => listUserAccounts({ db, query: req.query }),
  );

  app.get(
    '/api/admin/users/export',
    {
      config: { permission: 'customers' },
      schema: { tags: ['admin'], summary: 'The same filter as CSV', querystring: adminUsersQuerySchema },
    },
    async (req, reply) => {
      const { items } = await listUserAccounts({ db, query: req.query, forExport: true });
      return sendCsv(
        reply,
        'users',
        toCsv(
          ['id', 'first_name', 'last_name', 'email', 'role', 'status', 'registered_at'],
          items.map((u) => [u.id, u.firstName, u.lastName, u.email, u.role, u.status, u.registeredAt]),
        ),
      );
    },
  );

  for (const [path, status] of [
    ['suspend', 'suspended'],
    ['reactivate', 'active'],
  ] as const) {
    app.post(
      `/api/admin/users/:id/${path}`,
      {
        config: { permission: 'customers' },
        schema: {
          tags: ['admin'],
          summary: `${path === 'suspend' ? 'Suspend (ends every session)' : 'Reactivate'} an account, with a fresh 2FA code`,
          params,
          body: stepUpBodySchema,
          response: { 200: adminUserSchema, ...errors },
        },
      },
      async (req, reply) =>
        requireFreshCode(req, reply, (sensitiveTx) =>
          setAdminUserStatus({ db, sensitiveTx, userId: req.params.id, status }),
        ),
    );
  }
}
