import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/**
 * Where a process is in its life: starting (migrations, demo data), ready, draining (SIGTERM came:
 * still serving as usual, but not ready, so that load balancers take it out), or stopping
 * (connections are closed as their answers go out).
 */
export type Phase = 'starting' | 'ready' | 'draining' | 'stopping';

/** The process's phase, read by the readiness check (`/api/ready`) and the start-up gate; main.ts and the shutdown set it. */
export type Lifecycle = { phase: Phase };

/** The readiness check. */
export const READY_PATH = '/api/ready';
/** The liveness check: the process is alive while it starts and while it stops. */
export const LIVE_PATH = '/api/health';

/**
 * While starting, every request but the readiness and liveness checks answers 503 with Retry-After
 * (the tables may not exist yet); while draining, requests are served as usual (keep-alive too);
 * while stopping, every answer closes its connection, so that the server can finish and a client's
 * next request goes to another process.
 */
export function installLifecycle(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (
      app.ctx.lifecycle.phase !== 'starting' ||
      req.routeOptions.url === READY_PATH ||
      req.routeOptions.url === LIVE_PATH
    )
      return;
    reply.header('retry-after', '1');
    throw new AppError('UNAVAILABLE', 'Haat is starting. Please try again in a moment.');
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (app.ctx.lifecycle.phase === 'stopping') reply.header('connection', 'close');
    return payload;
  });
}
