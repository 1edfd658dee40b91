import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminSessionSchema } from '../../../contracts/admin-auth.contract';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import { ADMIN_SESSION_COOKIE, requireAdmin, sessionCookieOptions } from '../../platform/auth-guards';
import { endAdminSession } from '../auth';

/** The super admin's session: read it (the header's super-admin mode) and end it. */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/api/admin/session',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['admin'],
        summary: 'The signed-in staff member and their permissions (the panel shows only what they allow), or 401',
        response: { 200: adminSessionSchema, 401: errorResponseSchema },
      },
    },
    async (req) => {
      const { email, name, permissions } = requireAdmin(req);
      return { email, name, permissions: [...permissions] };
    },
  );

  app.post(
    '/api/admin/logout',
    {
      config: { permission: 'anyone' },
      schema: { tags: ['admin'], summary: 'End the super admin session', response: { 204: z.null() } },
    },
    async (req, reply) => {
      const token = req.cookies[ADMIN_SESSION_COOKIE];
      if (token) await endAdminSession({ db, token });
      reply.clearCookie(ADMIN_SESSION_COOKIE, sessionCookieOptions(app.ctx.config));
      return reply.status(204).send(null);
    },
  );
}
