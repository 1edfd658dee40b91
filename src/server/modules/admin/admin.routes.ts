import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import { AppError } from '../../platform/app-error';
import { ADMIN_SESSION_COOKIE, sessionCookieOptions } from '../../platform/auth-guards';
import { endAdminSession, resolveAdminSession } from '../auth';

const adminSessionSchema = z.object({ email: z.string() });

/** The super admin's session: read it (the header's super-admin mode) and end it. */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get('/api/admin/session', { schema: { tags: ['admin'], summary: 'The super admin session, or 401', response: { 200: adminSessionSchema, 401: errorResponseSchema } } }, async (req) => {
    const token = req.cookies[ADMIN_SESSION_COOKIE];
    const admin = token ? await resolveAdminSession({ db, token }) : null;
    if (!admin) throw new AppError('UNAUTHENTICATED', 'Authentication required');
    return { email: admin.email };
  });

  app.post('/api/admin/logout', { schema: { tags: ['admin'], summary: 'End the super admin session', response: { 204: z.null() } } }, async (req, reply) => {
    const token = req.cookies[ADMIN_SESSION_COOKIE];
    if (token) await endAdminSession({ db, token });
    reply.clearCookie(ADMIN_SESSION_COOKIE, sessionCookieOptions(app.ctx.config));
    return reply.status(204).send(null);
  });
}
