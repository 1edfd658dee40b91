import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { freshDatabase } from '../test/db';
import { connectTestRedis, testRedisUrl, uniqueRedisPrefix } from '../test/redis';
import { loadConfig } from './config';
import { databaseAnswers, queryRows, type Database } from './db';
import { startRepeatingJob } from './repeating-job';
import { gracefulShutdown } from './shutdown';
import { requireServices } from '../test/services';

await requireServices(['redis']);

// On SIGTERM the process takes no new connections, lets the requests in flight
// get their answers and a running job finish its pass and hand its lease back, then closes Redis and
// the database. (main.sigterm.test.ts sends the real signal to the real server.)

const dataDir = mkdtempSync(join(tmpdir(), 'haat-shutdown-'));
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A gate a test opens: a slow request or job pass waits on it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** The real app on its own database, listening on a free port, with one extra route that answers when the test says so. */
async function listeningApp(env: Record<string, string> = {}) {
  const fresh = await freshDatabase();
  cleanups.push(() => fresh.close());
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: dataDir, ...env });
  const app: FastifyInstance = await buildApp({
    config,
    database: fresh.asApp,
    logger: false,
    webDist: join(dataDir, 'no-web'),
  });
  const slow = gate();
  let entered = 0;
  app.get('/test/slow', async () => {
    entered += 1;
    await slow.opened;
    return { answered: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  cleanups.push(async () => {
    slow.open();
    await app.close();
  });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return { app, fresh, url, slow, entered: () => entered };
}

/** Whether a new connection to `url` is refused (the server has stopped listening). */
const refused = (url: string) =>
  fetch(`${url}/api/health`).then(
    () => false,
    (e: { cause?: { code?: string } }) => e.cause?.code === 'ECONNREFUSED',
  );

describe('gracefulShutdown', () => {
  it('answers the request in flight, refuses new connections, waits for the running job, hands its lease back, then closes Redis and the database', async () => {
    const redis = await connectTestRedis();
    cleanups.push(async () => redis.disconnect());
    const prefix = uniqueRedisPrefix();
    const { app, fresh, url, slow, entered } = await listeningApp({ REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix });
    const redisClients = async () =>
      ((await redis.client('LIST')) as string).split('\n').filter((line) => line.includes(` name=${prefix}api `))
        .length;
    // The app's connection and its catalog subscriber.
    expect(await redisClients()).toBe(2);

    const jobName = 'Shutdown test job';
    const holderOf = async (db: Database['db']) =>
      (await queryRows<{ holder: string }>(db, sql`select holder from job_leases where name = ${jobName}`))[0]
        ?.holder ?? null;
    const pass = gate();
    let passStarted = false;
    const stopJob = startRepeatingJob({
      name: jobName,
      intervalMs: 60_000,
      db: fresh.asApp.db,
      holder: 'this-process',
      log: { info: () => {}, error: (m) => expect.fail(m) },
      run: async () => {
        passStarted = true;
        await pass.opened;
        return null;
      },
    });
    await expect.poll(() => passStarted, { timeout: 5_000, interval: 20 }).toBe(true);

    const inFlight = fetch(`${url}/test/slow`);
    await expect.poll(entered, { timeout: 5_000, interval: 10 }).toBe(1);

    let leaseWhenDatabaseClosed: string | null | undefined;
    let finished = false;
    const shutdown = gracefulShutdown({
      app,
      jobs: [stopJob],
      database: {
        close: async () => {
          leaseWhenDatabaseClosed = await holderOf(fresh.asApp.db);
          await fresh.asApp.close();
        },
      },
      timeoutMs: 20_000,
    }).then((result) => {
      finished = true;
      return result;
    });
    expect(app.ctx.lifecycle.phase).toBe('stopping');
    await expect.poll(() => refused(url), { timeout: 5_000, interval: 20 }).toBe(true);

    slow.open();
    const res = await inFlight;
    expect([res.status, await res.json(), res.headers.get('connection')]).toEqual([200, { answered: true }, 'close']);
    // The job's pass is still running, so the shutdown is not over, and the lease is still held.
    expect(finished).toBe(false);
    expect(await holderOf(fresh.asApp.db)).toBe('this-process');

    pass.open();
    expect(await shutdown).toEqual({ clean: true });
    expect(leaseWhenDatabaseClosed).toBeNull();
    expect(await databaseAnswers(fresh.asApp.db, 1_000)).toBe(false);
    expect(await redisClients()).toBe(0);
  });

  it('past its timeout, cuts the requests still running and says it was not clean', async () => {
    const { app, fresh, url, entered } = await listeningApp();
    const inFlight = fetch(`${url}/test/slow`).then(
      (r) => r.status,
      () => 'cut',
    );
    await expect.poll(entered, { timeout: 5_000, interval: 10 }).toBe(1);
    expect(await gracefulShutdown({ app, jobs: [], database: fresh.asApp, timeoutMs: 200 })).toEqual({ clean: false });
    expect(await inFlight).toBe('cut');
    expect(await databaseAnswers(fresh.asApp.db, 1_000)).toBe(false);
  });
});
