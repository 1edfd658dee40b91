import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { meSchema } from '../../../contracts/auth.contract';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import { profileUpdateSchema } from '../../../contracts/profile.contract';
import { requireUser } from '../../platform/auth-guards';
import { updateProfile } from './auth.profile';

/** The signed-in user's own personal information. */
export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  // A guest gets 401 before the body is looked at.
  app.addHook('onRequest', async (req) => {
    requireUser(req);
  });

  app.patch(
    '/api/me/profile',
    {
      schema: {
        tags: ['auth'],
        summary: 'Update your own name, phone, date of birth and gender; answers as GET /api/me',
        body: profileUpdateSchema,
        response: { 200: meSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (req) => {
      const user = requireUser(req);
      return updateProfile({ db, userId: user.id, input: req.body });
    },
  );
}
