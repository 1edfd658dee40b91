import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../contracts/errors.contract';
import { AppError } from './app-error';
import { databaseAnswers, migrationVersion } from './db';
import { LIVE_PATH, READY_PATH } from './lifecycle';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgresql']),
  migration: z.object({ version: z.number().int(), tag: z.string().nullable() }),
});

const readySchema = z.object({ status: z.literal('ready') });

/** How long the readiness check waits for the database's `select 1` before it says not ready. */
export const READY_DB_TIMEOUT_MS = 2_000;

/**
 * `GET /api/health`, the liveness check: the database kind and the applied migration version (read
 * once the process has started; before the first migration it is 0); it answers while the process
 * starts and while it stops.
 * `GET /api/ready`, the readiness check: 200 when this process should get traffic; 503 while it
 * starts (migrations, demo data), from the moment it is told to stop (its drain, then its stop), and
 * while the database does not answer.
 */
export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Liveness asks nothing of the database once the process has started: the version it started on is
  // read once, so a flood of other requests waiting for a database connection never slows the probe.
  let startedOn: { version: number; tag: string | null } | undefined;
  const liveVersion = async () => {
    if (startedOn) return startedOn;
    const starting = app.ctx.lifecycle.phase === 'starting';
    const version = await migrationVersion(app.ctx.db).catch((e: unknown) => {
      // While starting, the migrations' own table may not exist yet.
      if (starting) return { version: 0, tag: null };
      throw e;
    });
    if (!starting) startedOn = version;
    return version;
  };
  app.get(
    LIVE_PATH,
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness, database kind and migration version',
        response: { 200: healthSchema },
      },
    },
    async () => ({
      status: 'ok' as const,
      database: app.ctx.dbKind,
      // While starting, the migrations' own table may not exist yet.
      migration: await liveVersion(),
    }),
  );

  app.get(
    READY_PATH,
    {
      schema: {
        tags: ['platform'],
        summary: 'Readiness: 503 while starting, stopping or without the database',
        response: { 200: readySchema, 503: errorResponseSchema },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      const { phase } = app.ctx.lifecycle;
      if (phase === 'starting')
        throw new AppError('UNAVAILABLE', 'Starting: migrations and start-up are not finished.');
      if (phase === 'draining')
        throw new AppError(
          'UNAVAILABLE',
          'Stopping: this process still answers, but send new requests to another one.',
        );
      if (phase === 'stopping') throw new AppError('UNAVAILABLE', 'Stopping: this process takes no new requests.');
      if (!(await databaseAnswers(app.ctx.db, READY_DB_TIMEOUT_MS)))
        throw new AppError('UNAVAILABLE', 'The database is not answering.');
      return { status: 'ready' as const };
    },
  );
}
