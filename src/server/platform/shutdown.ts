import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { StopJob } from './repeating-job';

export type ShutdownOptions = {
  /** The app, listening or not; its onClose hooks close Redis. */
  app: FastifyInstance;
  /** The scheduled jobs' stops: each waits for a pass in progress and hands the job's lease back. */
  jobs: StopJob[];
  /** Closed last, once the requests and the jobs are done with it. */
  database: { close: () => Promise<void> };
  /** How long a ready process keeps serving as usual, /api/ready answering 503, before it closes (SHUTDOWN_DRAIN_MS). */
  drainMs?: number;
  /** Once drained, how long requests in flight and running jobs may take; then their connections are cut. */
  timeoutMs: number;
};

/** How long closing may still take once the open connections are cut (Redis, hooks). */
const AFTER_CUT_MS = 2_000;
/**
 * After the drain, how long connections in use have to get an answer with Connection: close before
 * those still idle are closed: a connection idle that long is not about to carry a request.
 */
export const LAST_CALL_MS = 1_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const openConnections = (app: FastifyInstance) =>
  new Promise<number>((resolve) => app.server.getConnections((e, n) => resolve(e ? 0 : n)));

/**
 * Stops the process gracefully, in this order:
 * 1. drain: /api/ready answers 503 at once, while the server still accepts connections and serves
 *    every request as usual for `drainMs` (if the process was ready), so that a load balancer
 *    polling it takes the process out before anything is refused; the jobs finish their pass and
 *    hand their leases back meanwhile;
 * 2. the listener closes (new connections are refused: nginx sends them to another process), and
 *    every answer says Connection: close; a connection left idle for LAST_CALL_MS is then closed
 *    (closing an idle connection at once would reset a request already on its way on it);
 * 3. requests in flight get their answers, then Redis (the app's onClose hooks) and the database close.
 * Past `timeoutMs` after the drain the remaining connections are cut; answers whether everything
 * finished in time.
 */
export async function gracefulShutdown({
  app,
  jobs,
  database,
  drainMs = 0,
  timeoutMs,
}: ShutdownOptions): Promise<{ clean: boolean }> {
  const wasReady = app.ctx.lifecycle.phase === 'ready';
  app.ctx.lifecycle.phase = 'draining';
  let failed = false;
  const jobsStopped = Promise.all(jobs.map((stop) => stop()));
  if (wasReady && drainMs > 0 && app.server.listening) await sleep(drainMs);

  app.ctx.lifecycle.phase = 'stopping';
  if (app.server.listening) {
    // net.Server's own close: stops accepting without http.Server.close's closing of idle connections at once.
    NetServer.prototype.close.call(app.server);
    for (let waited = 0; waited < LAST_CALL_MS && (await openConnections(app)) > 0; waited += 50) await sleep(50);
  }
  const closing = app.close().then(
    () => undefined,
    (e: unknown) => {
      failed = true;
      app.log.error(`Stopping: closing the server failed: ${e instanceof Error ? e.message : String(e)}`);
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), timeoutMs);
  });
  try {
    const done = Promise.all([closing, jobsStopped]).then(() => 'done' as const);
    if ((await Promise.race([done, late])) === 'late') {
      failed = true;
      app.log.warn(
        `Stopping: requests or jobs still running ${timeoutMs / 1000} s after the drain; cutting their connections`,
      );
      app.server.closeAllConnections();
      await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, AFTER_CUT_MS).unref())]);
    }
  } finally {
    clearTimeout(timer);
    await database.close();
  }
  return { clean: !failed };
}
