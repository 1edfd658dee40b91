import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { migrationVersion } from './db';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgresql']),
  migration: z.object({ version: z.number().int(), tag: z.string().nullable() }),
});

/** `GET /api/health`: the database kind and the applied migration version. */
export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/health', { schema: { tags: ['platform'], summary: 'Liveness, database kind and migration version', response: { 200: healthSchema } } }, async () => ({
    status: 'ok' as const,
    database: app.ctx.dbKind,
    migration: await migrationVersion(app.ctx.db),
  }));
}
