/**
 * What `npm run bench` (bench/run.ts) and bench/paired.ts share: the API as the bench runs it, a
 * local port, autocannon in its own process, and percentiles of response times.
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/platform/config';
import type { Database } from '../src/server/platform/db';

export type Latency = { p50: number | string; p95: number | string; p99: number | string };

/** The API on `database`, as deployed (production, no demo data), with or without its catalog cache. */
export function benchApi(
  database: Database,
  dataDir: string,
  { catalogCache }: { catalogCache: boolean },
): Promise<FastifyInstance> {
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    ...(catalogCache ? {} : { CATALOG_CACHE_SECONDS: '0' }),
  };
  return buildApp({ config: loadConfig(env), database, logger: false, webDist: join(dataDir, 'no-web') });
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

/** Nearest-rank percentiles of response times in milliseconds, rounded to 0.1 ms. */
export function percentiles(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  // No sample at all: not one request answered within autocannon's 10 s timeout.
  const at = (p: number) =>
    sorted.length
      ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) / 10
      : '> 10000';
  return { p50: at(50), p95: at(95), p99: at(99) };
}

export type CannonResult = { requests: { average: number }; non2xx: number; errors: number; timeouts: number };

/**
 * autocannon in a child process (bench/cannon.mjs), with every 2xx response time kept, so that p95
 * is exact (autocannon itself reports p97.5 and p99). In its own process so that generating the load
 * takes no time from the API's event loop.
 */
export async function cannon(
  url: string,
  headers: Record<string, string>,
  duration: number,
  connections: number,
): Promise<{ result: CannonResult; times: number[] }> {
  const child = fork(fileURLToPath(new URL('./cannon.mjs', import.meta.url)), [], { execArgv: [] });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as { result: CannonResult; times: number[] }));
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`the load generator stopped (exit ${code})`)));
    child.send({ url, connections, duration, headers });
  });
}
