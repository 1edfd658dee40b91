import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactMessageCreatedSchema, contactMessageSchema } from '../../../contracts/content.contract';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import { createContactMessage } from './content.service';

/** The contact form. */
export async function contentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/contact',
    {
      schema: {
        tags: ['content'],
        summary: 'Send a message through the contact form',
        body: contactMessageSchema,
        response: { 201: contactMessageCreatedSchema, 400: errorResponseSchema },
      },
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (req, reply) => {
      const row = await createContactMessage({
        db: app.ctx.db,
        input: req.body,
        userId: req.user?.id ?? null,
        ip: req.ip,
      });
      return reply.status(201).send({ id: row.id, createdAt: row.createdAt.toISOString() });
    },
  );
}
