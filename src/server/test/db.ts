import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import pg from 'pg';
import { grantAppRole, openPglite, openPostgres, runMigrations, type Database, type Db } from '../platform/db';

declare module 'vitest' {
  export interface ProvidedContext {
    haatTemplate: string;
  }
}

// Each test run has its own template (a dump file or a template database), so runs never collide.
const templateFile = (run: string) => resolve(`node_modules/.cache/haat-test/template-${run}.tar.gz`);
const pgTemplate = (run: string) => `haat_tmpl_${run}`;

/** The PostgreSQL server the tests use, when DATABASE_URL is set. */
export const testPostgresUrl = (): string | undefined => process.env.DATABASE_URL || undefined;

/** The same server's URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs one statement on its own connection (CREATE DATABASE cannot run in a pool's transaction). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Migrates a database once per test run: a PGlite dump on disk, or a template database on PostgreSQL. Answers the run id. */
export async function prepareTemplate(): Promise<string> {
  const run = randomBytes(5).toString('hex');
  const url = testPostgresUrl();
  if (url) {
    await adminQuery(url, `CREATE DATABASE ${pgTemplate(run)}`);
    const database = await openPostgres(withDatabase(url, pgTemplate(run)), 1);
    await runMigrations(database);
    // The app under test runs as a role that owns nothing; the copies inherit the grants.
    await ensureTestAppRole(database.db);
    await database.close();
    return run;
  }
  const database = await openPglite({});
  await runMigrations(database);
  const dump = await database.pglite!.dumpDataDir('gzip');
  mkdirSync(resolve(templateFile(run), '..'), { recursive: true });
  writeFileSync(templateFile(run), Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return run;
}

/** Removes the run's template. */
export async function dropTemplate(run: string): Promise<void> {
  const url = testPostgresUrl();
  if (url) await adminQuery(url, `DROP DATABASE IF EXISTS ${pgTemplate(run)} WITH (FORCE)`);
  else rmSync(templateFile(run), { force: true });
}

/** On PostgreSQL, the app under test signs its sessions in as this role: it owns no table (see grantAppRole). */
export const TEST_APP_ROLE = 'haat_app';

/** As the owner: creates the tests' app role when the cluster has none yet, and grants it what the app may do. */
export async function ensureTestAppRole(db: Db): Promise<void> {
  await db.execute(
    sql.raw(
      `do $$ begin if not exists (select 1 from pg_roles where rolname = '${TEST_APP_ROLE}') then create role ${TEST_APP_ROLE} nologin; end if; end $$`,
    ),
  );
  await grantAppRole(db, TEST_APP_ROLE);
}

/**
 * A fresh, migrated, empty database for one test file; close() throws it away. `db` is the owner's
 * (for the test's own setup: any statement); on PostgreSQL `asApp` is the same database seen as the
 * app's role, which is what the app under test gets (on PGlite, one user: the same handle). `url`
 * is the owner's connection string on PostgreSQL (for tools such as pg_dump).
 */
export async function freshDatabase(): Promise<Database & { asApp: Database; url?: string }> {
  const url = testPostgresUrl();
  const run = inject('haatTemplate');
  if (url) {
    const name = `haat_t_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${pgTemplate(run)}`);
    const owner = await openPostgres(withDatabase(url, name), 5);
    const asApp = await openPostgres(withDatabase(url, name), 20, { role: TEST_APP_ROLE });
    return {
      ...owner,
      asApp,
      url: withDatabase(url, name),
      close: async () => {
        await asApp.close();
        await owner.close();
        await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const dump = new Blob([readFileSync(templateFile(run))]);
  const database = await openPglite({ loadDataDir: dump });
  return { ...database, asApp: database };
}

/** What the database said when it refused a statement, 'allowed' when it did not (drizzle wraps it as the cause). */
export const refusal = (query: PromiseLike<unknown>): Promise<string> =>
  Promise.resolve(query).then(
    () => 'allowed',
    (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
  );
