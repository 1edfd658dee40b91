import pg from 'pg';
import { testPostgresUrl } from './db';
import { connectTestRedis, testRedisUrl } from './redis';

// The tests named *.services.test.ts need a server besides Node (npm run test:services runs them;
// npm test leaves them out). Each such file starts with `await requireServices([...])`: without the
// server the file fails, never skips, and says in one line what it needs.

export type Service = 'postgresql' | 'redis';

const SEE = 'see docs/testing.md';
export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** An error that prints as its one line: no stack under it, the message says it all. */
class ServiceMissing extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServiceMissing';
    this.stack = `${this.name}: ${message}`;
  }
}

/** Why PostgreSQL at DATABASE_URL cannot serve the tests, or null when it answers. */
async function postgresRefusal(): Promise<string | null> {
  const url = testPostgresUrl();
  if (!url) return `needs PostgreSQL: set DATABASE_URL (e.g. DATABASE_URL=${LOCAL_POSTGRES_URL}), ${SEE}`;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (e) {
    return `needs PostgreSQL at DATABASE_URL=${url} (${(e as Error).message || String(e)}), ${SEE}`;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Why Redis cannot serve the tests, or null when it answers. */
async function redisRefusal(): Promise<string | null> {
  try {
    (await connectTestRedis()).disconnect();
    return null;
  } catch {
    return `needs Redis on ${testRedisUrl()} (redis-server; TEST_REDIS_URL for another), ${SEE}`;
  }
}

/** Throws one line naming every service of `services` that does not answer. */
export async function requireServices(services: Service[], who = 'This test file'): Promise<void> {
  const refusals = await Promise.all(services.map((s) => (s === 'postgresql' ? postgresRefusal() : redisRefusal())));
  const missing = refusals.filter((r): r is string => r !== null);
  if (missing.length > 0) throw new ServiceMissing(`${who} ${missing.join('; and ')}`);
}
