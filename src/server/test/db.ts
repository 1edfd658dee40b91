import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { inject } from 'vitest';
import pg from 'pg';
import { openPglite, openPostgres, runMigrations, type Database } from '../platform/db';

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

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(url: string, text: string): Promise<void> {
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

/** A fresh, migrated, empty database for one test file; close() throws it away. */
export async function freshDatabase(): Promise<Database> {
  const url = testPostgresUrl();
  const run = inject('haatTemplate');
  if (url) {
    const name = `haat_t_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${pgTemplate(run)}`);
    const database = await openPostgres(withDatabase(url, name), 20);
    return {
      ...database,
      close: async () => {
        await database.close();
        await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const dump = new Blob([readFileSync(templateFile(run))]);
  return openPglite({ loadDataDir: dump });
}
