import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openPglite, runMigrations, SESSION_OPTIONS, type Database, type Db } from '../src/server/platform/db';

/** Every SQL statement the driver receives while counting is on: its text and parameters. */
export type Statement = { text: string; params: unknown[] };

export type CountingDatabase = {
  database: Database;
  label: string;
  /** Runs `fn` and answers the statements the database received meanwhile. */
  record: (fn: () => Promise<unknown>) => Promise<Statement[]>;
  /** The plan PostgreSQL chooses for a recorded statement. */
  explain: (s: Statement) => Promise<string>;
  serverVersion: () => Promise<string>;
  close: () => Promise<void>;
};

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Counts statements at the driver: pg's Pool.query, which every non-transaction Drizzle query goes through. */
class CountingPool extends pg.Pool {
  recording: Statement[] | null = null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const [q, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    this.recording?.push(
      typeof q === 'string' ? { text: q, params: values ?? [] } : { text: q.text, params: q.values ?? values ?? [] },
    );
    return (super.query as (...a: unknown[]) => unknown)(...args);
  }
}

/**
 * A fresh, migrated `haat_bench` database on the PostgreSQL server of `url`, with statement counting;
 * with `reuse`, the `haat_bench` database left by an earlier run when there is one (to measure again
 * without seeding a million products again).
 */
export async function openCountingPostgres(
  url: string,
  { reuse = false, name = 'haat_bench' } = {},
): Promise<CountingDatabase & { reused: boolean }> {
  const BENCH_DB = name;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [BENCH_DB])).rowCount === 1;
  const reused = reuse && exists;
  if (!reused) {
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${BENCH_DB}`);
  }
  await admin.end();
  const pool = new CountingPool({ connectionString: withDatabase(url, BENCH_DB), max: 10, options: SESSION_OPTIONS });
  const database: Database = { db: drizzle(pool) as unknown as Db, kind: 'postgresql', close: () => pool.end() };
  await runMigrations(database);
  return {
    database,
    reused,
    label: `PostgreSQL (${new URL(url).host}, database ${BENCH_DB}${reused ? ', reused' : ''})`,
    record: async (fn) => {
      pool.recording = [];
      try {
        await fn();
        return pool.recording;
      } finally {
        pool.recording = null;
      }
    },
    explain: async (s) =>
      ((await pool.query(`EXPLAIN ${s.text}`, s.params)) as pg.QueryResult<{ 'QUERY PLAN': string }>).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n'),
    serverVersion: async () =>
      ((await pool.query('show server_version')) as pg.QueryResult<{ server_version: string }>).rows[0].server_version,
    close: () => pool.end(),
  };
}

/** A fresh, migrated PGlite database in a temporary folder, with statement counting on `query` and `exec`. */
export async function openCountingPglite(): Promise<CountingDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'haat-bench-'));
  const database = await openPglite({ dataDir: join(dir, 'db') });
  await runMigrations(database);
  const client = database.pglite!;
  let recording: Statement[] | null = null;
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  client.query = ((text: string, params?: unknown[], opts?: unknown) => {
    recording?.push({ text, params: params ?? [] });
    return query(text, params, opts as never);
  }) as typeof client.query;
  client.exec = ((text: string, opts?: unknown) => {
    recording?.push({ text, params: [] });
    return exec(text, opts as never);
  }) as typeof client.exec;
  return {
    database,
    label: `PGlite (embedded, ${dir})`,
    record: async (fn) => {
      recording = [];
      try {
        await fn();
        return recording;
      } finally {
        recording = null;
      }
    },
    explain: async (s) =>
      (await query<{ 'QUERY PLAN': string }>(`EXPLAIN ${s.text}`, s.params)).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n'),
    serverVersion: async () => (await query<{ server_version: string }>('show server_version')).rows[0].server_version,
    close: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
