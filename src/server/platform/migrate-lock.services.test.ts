import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_APP_ROLE, testPostgresUrl } from '../test/db';
import { migrateForApp, migrationsFolder, openPostgres, queryRows } from './db';
import { requireServices } from '../test/services';

await requireServices(['postgresql']);

// Several API processes start at once on one PostgreSQL database (compose, `npm run
// cluster`) and each migrates at start. Drizzle's migrator takes no lock, so migrateForApp holds an
// advisory lock: they migrate one after another instead of failing on each other's tables or GRANTs.
// A race on PostgreSQL (the embedded database belongs to one process): on the server of DATABASE_URL
// (npm run test:services), and the file fails in one line when there is none.

const server = testPostgresUrl() ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `haat_mlock_${randomBytes(5).toString('hex')}`;
const url = (user?: string) => {
  const u = new URL(server);
  u.pathname = `/${name}`;
  if (user) u.username = user;
  return u.toString();
};

async function admin(text: string) {
  const c = new pg.Client({ connectionString: server });
  await c.connect().catch((e: Error) => {
    throw new Error(`This test needs PostgreSQL at ${server} (set TEST_POSTGRES_URL to use another): ${e.message}`);
  });
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

describe('migrations of processes starting together (PostgreSQL)', () => {
  beforeAll(async () => {
    await admin(`create database ${name}`);
    // The app's role is granted to, so it must exist (on a server the PostgreSQL test run has not prepared yet too).
    await admin(
      `do $$ begin create role ${TEST_APP_ROLE} nologin; exception when duplicate_object or unique_violation then null; end $$`,
    );
  });
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it('four processes migrate an empty database and grant the app role at once: all succeed, each migration applied once', async () => {
    const databases = await Promise.all(Array.from({ length: 4 }, () => openPostgres(url(), 2)));
    try {
      // Two migrate with their own connection, two as the owner granting the app's role.
      const results = await Promise.allSettled(
        databases.map((d, i) =>
          migrateForApp(
            d,
            i % 2 ? { DATABASE_URL: url() } : { DATABASE_URL: url(TEST_APP_ROLE), MIGRATION_DATABASE_URL: url() },
          ),
        ),
      );
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);
      const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
        entries: unknown[];
      };
      const [row] = await queryRows<{ n: number }>(
        databases[0].db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(Number(row.n)).toBe(journal.entries.length);
    } finally {
      await Promise.all(databases.map((d) => d.close()));
    }
  });
});
