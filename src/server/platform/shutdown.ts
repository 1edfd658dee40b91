import type { FastifyInstance } from 'fastify';
import type { StopJob } from './repeating-job';

export type ShutdownOptions = {
  /** The app, listening or not; its onClose hooks close Redis. */
  app: FastifyInstance;
  /** The scheduled jobs' stops: each waits for a pass in progress and hands the job's lease back. */
  jobs: StopJob[];
  /** Closed last, once the requests and the jobs are done with it. */
  database: { close: () => Promise<void> };
  /** How long requests in flight and running jobs may take; then their connections are cut. */
  timeoutMs: number;
};

/** How long closing may still take once the open connections are cut (Redis, hooks). */
const AFTER_CUT_MS = 2_000;

/**
 * Stops the process gracefully: the readiness check answers 503 at once, the server takes no new
 * connections, requests in flight get their answers (each closing its connection), running jobs
 * finish their pass and hand their leases back, then Redis (the app's onClose hooks) and the
 * database close. Past `timeoutMs` the remaining connections are cut; answers whether everything
 * finished in time.
 */
export async function gracefulShutdown({ app, jobs, database, timeoutMs }: ShutdownOptions): Promise<{ clean: boolean }> {
  app.ctx.lifecycle.phase = 'stopping';
  let failed = false;
  const closing = app.close().then(
    () => undefined,
    (e: unknown) => {
      failed = true;
      app.log.error(`Stopping: closing the server failed: ${e instanceof Error ? e.message : String(e)}`);
    },
  );
  // server.close() closes the connections idle at that moment; keep-alive connections that fall idle later are closed here.
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  idle.unref();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), timeoutMs);
  });
  try {
    const done = Promise.all([closing, Promise.all(jobs.map((stop) => stop()))]).then(() => 'done' as const);
    if ((await Promise.race([done, late])) === 'late') {
      failed = true;
      app.log.warn(`Stopping: requests or jobs still running after ${timeoutMs / 1000} s; cutting their connections`);
      app.server.closeAllConnections();
      await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, AFTER_CUT_MS).unref())]);
    }
  } finally {
    clearTimeout(timer);
    clearInterval(idle);
    await database.close();
  }
  return { clean: !failed };
}
