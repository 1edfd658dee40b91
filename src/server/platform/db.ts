import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; helpers that take part in a caller's transaction take one of these first. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: for reads and single statements. */
export type DbOrTx = Db | Tx;

export type DbKind = 'pglite' | 'postgresql';
/** An open database (`close` may be called more than once): `pglite` is the embedded one's client, `pool` the PostgreSQL server's connection pool (its use is measured). */
export type Database = { db: Db; kind: DbKind; close: () => Promise<void>; pglite?: PGlite; pool?: pg.Pool };

/** The committed migrations: found upwards from this file, whether it runs from src/ (tsx) or from the build in dist/. */
export const migrationsFolder = findUp(
  dirname(fileURLToPath(import.meta.url)),
  'migrations/meta/_journal.json',
).replace(/[\\/]meta[\\/]_journal\.json$/, '');

function findUp(from: string, relative: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, relative);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`Cannot find ${relative} above ${from}`);
  }
}

// pg returns bigint (int8) as a string by default; our bigint columns hold paise, well inside 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
// numeric stays a string in pg; drizzle's numeric mode handles conversion per column.

/** Opens the embedded PGlite database stored in `dataDir`, or a fresh in-memory one loaded from a dump. */
export async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob | File }): Promise<Database> {
  if (opts.dataDir) await mkdir(opts.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client) as unknown as Db;
  let closing: Promise<void> | undefined;
  return { db, kind: 'pglite', close: () => (closing ??= client.close()), pglite: client };
}

/**
 * Settings of every session. A search for a common word reads products in the table's order and
 * stops at enough matches (catalog.search.ts); a synchronized scan would start where another
 * session's scan is, so two requests for the same page could see different matches.
 */
export const SESSION_OPTIONS = '-c synchronize_seqscans=off';

/** A PostgreSQL role name we are willing to put into a statement (no quoting games). */
const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Connects to a PostgreSQL server through a node-postgres pool; `role` runs every session as that role (SET ROLE at connection). */
export async function openPostgres(url: string, poolSize = 10, o: { role?: string } = {}): Promise<Database> {
  if (o.role !== undefined && !ROLE_NAME.test(o.role)) throw new Error(`Not a role name: ${o.role}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: o.role ? `${SESSION_OPTIONS} -c role=${o.role}` : SESSION_OPTIONS,
  });
  // An idle connection the server closes (restart, failover, DROP DATABASE) must not crash the
  // process: the pool discards it and opens a new one for the next query.
  pool.on('error', () => {});
  // Fail fast with a clear message when the server is not there.
  const c = await pool.connect().catch((e: Error) => {
    void pool.end();
    throw new Error(`Cannot connect to PostgreSQL at ${redact(url)}: ${e.message}`);
  });
  c.release();
  const db = drizzlePg(pool) as unknown as Db;
  let closing: Promise<void> | undefined;
  return { db, kind: 'postgresql', close: () => (closing ??= pool.end()), pool };
}

/** Opens the database the configuration names: PostgreSQL when a URL is given, else PGlite in `dataDir/db`. */
export function openDatabase(cfg: { DATABASE_URL?: string; DATA_DIR: string }): Promise<Database> {
  return cfg.DATABASE_URL ? openPostgres(cfg.DATABASE_URL) : openPglite({ dataDir: `${cfg.DATA_DIR}/db` });
}

/** Applies the committed migrations that are not applied yet. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
  } else {
    await migratePg(database.db as never, { migrationsFolder });
  }
}

/**
 * What the app's own database role may do, granted by the role that owns the tables (run after
 * every migration): read and write rows of every table, but only insert into and read the audit
 * log (`system_logs`) and the vendor ledger (`vendor_ledger`), never update what an order item paid
 * whom (`order_item_settlements`) or an issued tax invoice (`tax_documents`, `tax_document_lines`), and read which migrations ran. It owns nothing, so it cannot alter, drop or
 * disable a trigger of any table; migrations run as the owner. Idempotent.
 */
export async function grantAppRole(db: Db, role: string): Promise<void> {
  if (!ROLE_NAME.test(role)) throw new Error(`Not a role name: ${role}`);
  const r = sql.identifier(role);
  await db.execute(sql`grant usage on schema public to ${r}`);
  await db.execute(sql`grant select, insert, update, delete on all tables in schema public to ${r}`);
  await db.execute(sql`revoke update, delete, truncate on system_logs from ${r}`);
  // What an order item paid whom is written once, and the vendor ledger only grows (their triggers refuse it too).
  await db.execute(sql`revoke update, truncate on order_item_settlements from ${r}`);
  await db.execute(sql`revoke update, delete, truncate on vendor_ledger from ${r}`);
  // A tax invoice or credit note, once issued, is never changed (corrections are credit notes).
  await db.execute(sql`revoke update, delete, truncate on tax_documents, tax_document_lines from ${r}`);
  // So is Haat's own commission invoice or credit note.
  await db.execute(sql`revoke update, delete, truncate on commission_documents from ${r}`);
  // Except its PDF's key and hash, set once when the PDF is rendered (their trigger refuses any other change).
  await db.execute(sql`grant update (pdf_key, pdf_sha256) on tax_documents, commission_documents to ${r}`);
  await db.execute(sql`grant usage, select, update on all sequences in schema public to ${r}`);
  await db.execute(sql`grant usage on schema drizzle to ${r}`);
  await db.execute(sql`grant select on all tables in schema drizzle to ${r}`);
}

/** The user name of a postgres:// URL (the role the app signs in as). */
export function roleOfUrl(url: string): string {
  return decodeURIComponent(new URL(url).username);
}

/** The advisory lock key under which a process migrates a PostgreSQL database (and grants the app role). */
export const MIGRATION_LOCK = 72_410_000;

/**
 * Runs `work` while a session of its own on `url` holds the migration lock: processes that start
 * together migrate one after another (Drizzle's migrator takes no lock, and two at once would both
 * apply the same migration, or both GRANT and fail with "tuple concurrently updated").
 */
async function underMigrationLock(url: string, work: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await work();
  } finally {
    // Ending the session releases the lock, whatever happened.
    await client.end();
  }
}

/**
 * Brings the database up to date at start-up. With `MIGRATION_DATABASE_URL` (the role that owns the
 * tables), migrations run there and the app's role (the user of `DATABASE_URL`) is granted what it
 * may do; otherwise the app's own connection migrates, as on the embedded database. On PostgreSQL
 * this runs under MIGRATION_LOCK, so several API processes may start at once.
 */
export async function migrateForApp(
  database: Database,
  cfg: { DATABASE_URL?: string; MIGRATION_DATABASE_URL?: string },
): Promise<void> {
  if (database.kind === 'pglite' || !cfg.DATABASE_URL) return runMigrations(database);
  if (!cfg.MIGRATION_DATABASE_URL) return underMigrationLock(cfg.DATABASE_URL, () => runMigrations(database));
  const appRole = roleOfUrl(cfg.DATABASE_URL);
  const owner = await openPostgres(cfg.MIGRATION_DATABASE_URL, 1);
  try {
    await underMigrationLock(cfg.MIGRATION_DATABASE_URL, async () => {
      await runMigrations(owner);
      await grantAppRole(owner.db, appRole);
    });
  } finally {
    await owner.close();
  }
}

type Journal = { entries: { idx: number; tag: string }[] };

/** The migrations this build carries: read once, as they do not change while it runs. */
let journalOfThisBuild: Journal | undefined;

/** The applied migration count and the tag of the latest applied one. */
export async function migrationVersion(db: Db): Promise<{ version: number; tag: string | null }> {
  const journal = (journalOfThisBuild ??= JSON.parse(
    readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8'),
  ) as Journal);
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  const n = Number(row?.n ?? 0);
  return { version: n, tag: journal.entries[n - 1]?.tag ?? null };
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

/**
 * Whether the database answers `select 1` within `timeoutMs`: false when it is closed, refuses
 * connections, fails or is too slow (the readiness check).
 */
export async function databaseAnswers(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs raw SQL and answers its rows, whichever driver is underneath. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * How many rows the planner expects `query` to answer (EXPLAIN, without running it): for totals too
 * costly to count exactly. Rounded to two significant figures, as an estimate should be shown.
 */
export async function estimateRows(db: DbOrTx, query: SQL): Promise<number> {
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) ${query}`);
  const raw = row['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  const rows = Math.max(0, Math.round(plan[0].Plan['Plan Rows']));
  if (rows < 100) return rows;
  const unit = 10 ** (Math.floor(Math.log10(rows)) - 1);
  return Math.round(rows / unit) * unit;
}

/**
 * One page of a raw list query: `rows` (ordered, without limit) for the page's rows, `count` (one
 * row with `total`) for all of them, run together; each row becomes an item through `map`.
 */
export async function queryPage<R, T>(
  db: DbOrTx,
  a: { rows: SQL; count: SQL; page: number; pageSize: number; map: (row: R) => T },
): Promise<{ items: T[]; total: number; page: number; pageSize: number }> {
  const [rows, [{ total }]] = await Promise.all([
    queryRows<R>(db, sql`${a.rows} limit ${a.pageSize} offset ${(a.page - 1) * a.pageSize}`),
    queryRows<{ total: number }>(db, a.count),
  ]);
  return { items: rows.map(a.map), total: Number(total), page: a.page, pageSize: a.pageSize };
}

/**
 * A statement built once per database (or transaction) by `build`, typically with `sql.placeholder`s
 * and `.prepare(name)`, instead of by the query builder on every request; kept as long as the database.
 */
export function builtOncePer<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const built = new WeakMap<DbOrTx, T>();
  return (db) => {
    let b = built.get(db);
    if (b === undefined) built.set(db, (b = build(db)));
    return b;
  };
}
