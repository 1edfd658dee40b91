import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type Query, type SQL, type SQLWrapper } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { AppError } from './app-error';

/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; helpers that take part in a caller's transaction take one of these first. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: for reads and single statements. */
export type DbOrTx = Db | Tx;

export type DbKind = 'pglite' | 'postgresql';
/** An open database (`close` may be called more than once): `pglite` is the embedded one's client, `pool` the PostgreSQL server's connection pool (its use is measured). */
export type Database = {
  db: Db;
  kind: DbKind;
  close: () => Promise<void>;
  pglite?: PGlite;
  pool?: pg.Pool;
  /** A streaming replica of the server (DATABASE_REPLICA_URL), for the catalog's reads; closed with the database. */
  replica?: Database;
};

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

/**
 * Connects to a PostgreSQL server through a node-postgres pool; `role` runs every session as that role (SET ROLE
 * at connection). `optional`: a server that may be down (a replica): no connection is tried now, and connecting
 * or a query gives up after `timeoutMs`, so that the caller can turn to the primary.
 */
export async function openPostgres(
  url: string,
  poolSize = 10,
  o: { role?: string; optional?: { timeoutMs: number } } = {},
): Promise<Database> {
  if (o.role !== undefined && !ROLE_NAME.test(o.role)) throw new Error(`Not a role name: ${o.role}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: o.role ? `${SESSION_OPTIONS} -c role=${o.role}` : SESSION_OPTIONS,
    ...(o.optional ? { connectionTimeoutMillis: o.optional.timeoutMs, query_timeout: o.optional.timeoutMs } : {}),
  });
  // An idle connection the server closes (restart, failover, DROP DATABASE) must not crash the
  // process: the pool discards it and opens a new one for the next query.
  pool.on('error', () => {});
  if (o.optional) {
    let closing: Promise<void> | undefined;
    return { db: drizzlePg(pool) as unknown as Db, kind: 'postgresql', close: () => (closing ??= pool.end()), pool };
  }
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

/**
 * Opens the database the configuration names: PostgreSQL when a URL is given, else PGlite in `dataDir/db`; with
 * DATABASE_REPLICA_URL, its replica too (optional: it may be down now, the start does not wait for it).
 */
export async function openDatabase(cfg: {
  DATABASE_URL?: string;
  DATABASE_REPLICA_URL?: string;
  DATA_DIR: string;
}): Promise<Database> {
  if (!cfg.DATABASE_URL) return openPglite({ dataDir: `${cfg.DATA_DIR}/db` });
  const primary = await openPostgres(cfg.DATABASE_URL);
  if (!cfg.DATABASE_REPLICA_URL) return primary;
  const replica = await openPostgres(cfg.DATABASE_REPLICA_URL, 10, { optional: { timeoutMs: REPLICA_TIMEOUT_MS } });
  let closing: Promise<void> | undefined;
  return {
    ...primary,
    replica,
    close: () => (closing ??= Promise.all([primary.close(), replica.close()]).then(() => undefined)),
  };
}

/** How long connecting to the replica, or one query there, may take before the read turns to the primary. */
export const REPLICA_TIMEOUT_MS = 2000;

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

/**
 * Runs `work` while this call holds the advisory lock `key`, so that one pass of a job runs at a time
 * across processes; answers null at once, without running it, while another session holds the lock.
 * The lock is held by a transaction of its own that touches no rows, and `work` runs its own short
 * transactions on other pooled connections: a long pass never keeps a customer's or a vendor's row
 * locked until it ends (checkouts and cancels would wait for the whole pass). PGlite is one process on
 * one connection, where a transaction held open would stop `work`'s own: there `work` simply runs.
 */
export async function whileHoldingLock<T>(db: Db, key: number, work: () => Promise<T>): Promise<T | null> {
  if ((db as { $client?: unknown }).$client instanceof PGlite) return work();
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${key}) as locked`);
    return lock?.locked ? work() : null;
  });
}

/** Runs raw SQL and answers its rows, whichever driver is underneath. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Each field selected under its key's name, so that rows read as objects (`preparedRows`) carry those keys. */
export function selectedAs<K extends string>(fields: Record<K, SQLWrapper>): Record<K, SQL.Aliased> {
  const entries = Object.entries(fields) as [K, SQLWrapper][];
  return Object.fromEntries(entries.map(([key, value]) => [key, sql`${value}`.as(key)])) as Record<K, SQL.Aliased>;
}

/** A statement prepared by `preparedRows`: run with its placeholders' values, it answers its rows. */
export type PreparedRows<T> = { execute: (values?: Record<string, unknown>) => Promise<T[]> };

/**
 * A query prepared once under `name` ('' for an unnamed statement, planned on every run), answering its
 * rows as the driver reads them: objects keyed by the columns' names (`selectedAs`), with the driver's
 * values (a bigint or numeric as a string on PostgreSQL). The ORM's own prepared statement maps each
 * field of each row through its column's decoder, which was a tenth of a product list's time in the API.
 */
export function preparedRows<T>(db: DbOrTx, query: { toSQL: () => Query }, name: string): PreparedRows<T> {
  const prepared = db._.session.prepareQuery(query.toSQL(), undefined, name, false);
  return { execute: async (values = {}) => ((await prepared.execute(values)) as { rows: T[] }).rows };
}

/**
 * A value its owner reads from its own tables as one column of a caller's select (a scalar subquery,
 * json), with how to read it back: a checkout's read model takes several modules' columns in one
 * statement.
 */
export type JsonColumn<T> = { sql: SQL; read: (value: unknown) => T };

/** A JsonColumn read by itself, in a statement of its own: its owner's read when nobody composes it. */
export async function readColumn<T>(db: DbOrTx, column: JsonColumn<T>): Promise<T> {
  const [row] = await queryRows<{ value: unknown }>(db, sql`select ${column.sql} as value`);
  return column.read(row?.value);
}

/**
 * One data-modifying statement over its owner's own table, named, that a caller composes with other
 * modules' writes into one statement of data-modifying WITHs (writeAtOnce). `body` is an insert,
 * update or delete without a WITH of its own (PostgreSQL allows those only at the top level); it may
 * read an earlier write of the same owner by its name. `counted`: its RETURNING rows are counted.
 */
export type NamedWrite = { name: string; body: SQL; counted?: boolean };

/**
 * What a module writes of its own rows for a caller's one statement: its named writes, and the rule
 * it keeps on what they wrote (`check`, told the counted writes' row counts; it throws to refuse, and
 * the caller's transaction rolls back).
 */
export type ModuleWrite = { writes: readonly NamedWrite[]; check?: (counts: Readonly<Record<string, number>>) => void };

const writeName = /^[a-z][a-z0-9_]*$/;

/**
 * Named writes composed into a statement of data-modifying WITHs: `ctes` their `name as (body)` joined
 * by commas (null for none), `counts` a json object of the counted ones' row counts, and `countsOf` to
 * read it back. Their names are checked: lowercase words, none repeated nor among `taken` (the names
 * of the statement's own steps).
 */
export function composedWrites(writes: readonly NamedWrite[], taken: readonly string[] = []) {
  const names = new Set<string>(taken);
  for (const w of writes) {
    if (!writeName.test(w.name) || names.has(w.name)) throw new Error(`bad or repeated step name ${w.name}`);
    names.add(w.name);
  }
  const counted = writes.filter((w) => w.counted);
  return {
    ctes:
      writes.length === 0
        ? null
        : sql.join(
            writes.map((w) => sql`${sql.raw(w.name)} as (${w.body})`),
            sql`, `,
          ),
    counts:
      counted.length === 0
        ? sql`'{}'::json`
        : sql`json_build_object(${sql.join(
            counted.map((w) => sql`${w.name}::text, (select count(*) from ${sql.raw(w.name)})`),
            sql`, `,
          )})`,
    countsOf: (value: unknown): Record<string, number> =>
      Object.fromEntries(Object.entries((value ?? {}) as Record<string, unknown>).map(([k, v]) => [k, Number(v)])),
  };
}

/**
 * Runs several modules' writes as one statement of data-modifying WITHs, in the caller's transaction,
 * then each module's check. One statement: its rows are written together, the foreign keys between
 * them checked at its end; no write sees another's rows (each reads the snapshot the statement began
 * with), so no two may change the same row.
 */
export async function writeAtOnce(tx: Tx, ...parts: readonly ModuleWrite[]): Promise<void> {
  const w = composedWrites(parts.flatMap((p) => p.writes));
  if (w.ctes === null) return;
  const [row] = await queryRows<{ counts: unknown }>(tx, sql`with ${w.ctes} select ${w.counts} as counts`);
  const counts = w.countsOf(row?.counts);
  for (const p of parts) p.check?.(counts);
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
 * estimateRows, remembered per database under `key` (what decides the query: a search's text and
 * filters) for `seconds`: the planner's figure moves only when the table's statistics are gathered
 * again (ANALYZE, after many rows changed), and it is shown rounded, so a figure a minute old is as
 * good as a new one and saves planning the query again. At most `max` keys; the oldest go first.
 */
export function rememberedEstimates({ seconds = 60, max = 1000 } = {}) {
  const memos = builtOncePer(() => new Map<string, { rows: number; until: number }>());
  return async (db: DbOrTx, key: string, query: () => SQL): Promise<number> => {
    const memo = memos(db);
    const now = Date.now();
    const known = memo.get(key);
    if (known && known.until > now) return known.rows;
    const rows = await estimateRows(db, query());
    memo.delete(key);
    if (memo.size >= max) memo.delete(memo.keys().next().value as string);
    memo.set(key, { rows, until: now + seconds * 1000 });
    return rows;
  };
}

/** What a list of the signed-in user's own rows is asked for: one page of it. */
export type OwnPageArgs = { db: Db; userId: string; page: number; pageSize: number };

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

/** A PostgreSQL WAL position (`16/B374D848`) as a number that compares. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** One look at the replica: the primary's WAL position, then how far the replica has replayed, and its lag. */
export type ReplicaPosition = { primaryLsn: bigint; replayedLsn: bigint; lagMs: number };

/**
 * Measures the replica against the primary: the primary's position first, then the replica's replayed
 * position. A replica that has replayed that position is not behind at all (an idle primary writes nothing,
 * and `now() - pg_last_xact_replay_timestamp()` would grow without any lag); else the lag is the age of the
 * last transaction it replayed. Throws when either cannot be asked, or the replica is not a standby.
 */
export async function measureReplica(primary: Db, replica: Db): Promise<ReplicaPosition> {
  const [p] = await queryRows<{ lsn: string }>(primary, sql`select pg_current_wal_lsn()::text as lsn`);
  const [r] = await queryRows<{ lsn: string | null; ms: number | string | null }>(
    replica,
    sql`select pg_last_wal_replay_lsn()::text as lsn,
               extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000 as ms`,
  );
  if (!r?.lsn) throw new Error('DATABASE_REPLICA_URL is not a streaming replica (pg_last_wal_replay_lsn() is null)');
  const primaryLsn = lsnValue(p.lsn);
  const replayedLsn = lsnValue(r.lsn);
  const lagMs = replayedLsn >= primaryLsn ? 0 : r.ms === null ? Number.POSITIVE_INFINITY : Math.max(0, Number(r.ms));
  return { primaryLsn, replayedLsn, lagMs };
}

/** Where catalog reads go now, and why. */
export type ReplicaState = 'none' | 'unmeasured' | 'in-use' | 'behind' | 'down' | 'catching-up';

/**
 * The catalog's read database: the replica while it keeps up, else the primary. The rules (docs/several-processes.md:
 * A read replica):
 * - lag: a look every second (`watch`); a replica more than `maxLagMs` behind, or one that cannot be asked, is not
 *   used until a look finds it within the limit again;
 * - down: a read that fails on the replica for any reason but the catalog's own answer (AppError) is read again on
 *   the primary, and the replica is not used until the next look finds it well;
 * - read-your-writes: after a write (`noteWrite`: any successful change in this process, or another process's
 *   word that it changed something), reads stay on the primary until a look that started after the write has
 *   found the replica past the primary's position of that look; so a change, and the next cache fill, are seen
 *   at once.
 */
export class CatalogReads {
  /**
   * Reads answered by the replica, by the primary (by choice), and read again on the primary after a replica
   * failure.
   */
  readonly counts = { replica: 0, primary: 0, fallback: 0 };
  /** The last measured lag in seconds; null before the first look or while the replica cannot be asked. */
  lagSeconds: number | null = null;
  private healthy = false;
  private down = false;
  private replayed = 0n;
  /** The primary position the replica must have replayed: the highest seen by a look that followed a write. */
  private mustReach = 0n;
  /** Writes noted, and how many of them a finished look covers (it started after them). */
  private writes = 0;
  private writesCovered = 0;
  private looking: Promise<void> | null = null;
  private lookAgain = false;
  private lookedAt = Number.NEGATIVE_INFINITY;
  private readonly now: () => number;

  constructor(
    private readonly o: {
      primary: Db;
      replica?: Db;
      maxLagMs: number;
      /** One look at the replica (measureReplica by default). */
      measure?: () => Promise<ReplicaPosition>;
      now?: () => number;
    },
  ) {
    this.now = o.now ?? Date.now;
  }

  /** Whether a replica is configured at all. */
  get hasReplica(): boolean {
    return this.o.replica !== undefined;
  }

  /** Where the next catalog read goes, and why. */
  get state(): ReplicaState {
    if (!this.o.replica) return 'none';
    if (this.down) return 'down';
    if (this.lagSeconds === null) return 'unmeasured';
    if (!this.healthy) return 'behind';
    if (this.writesCovered < this.writes || this.replayed < this.mustReach) return 'catching-up';
    return 'in-use';
  }

  /**
   * Runs a catalog read on the replica when it may serve it, else on the primary; a replica failure is read
   * again there.
   */
  async read<T>(work: (db: Db) => Promise<T>): Promise<T> {
    const replica = this.o.replica;
    const state = this.state;
    // Catching up after a write: a look soon (not only each second) ends it as soon as the replica has replayed it.
    if (state === 'catching-up' && !this.looking && this.now() - this.lookedAt >= 50) void this.look();
    if (!replica || state !== 'in-use') {
      this.counts.primary += 1;
      return work(this.o.primary);
    }
    try {
      const answer = await work(replica);
      this.counts.replica += 1;
      return answer;
    } catch (e) {
      if (e instanceof AppError) throw e;
      // Down (or a query cancelled by replay): the primary answers, and a look decides when the replica is back.
      this.down = true;
      this.counts.fallback += 1;
      return work(this.o.primary);
    }
  }

  /** Something was written: reads stay on the primary until the replica has replayed it (a look starts now). */
  noteWrite(): void {
    if (!this.o.replica) return;
    this.writes += 1;
    void this.look();
  }

  /** Looks at the replica now (after the look in progress, if one is): its lag, its position, whether it answers. */
  look(): Promise<void> {
    if (!this.o.replica) return Promise.resolve();
    if (this.looking) {
      this.lookAgain = true;
      return this.looking;
    }
    const covers = this.writes;
    this.lookedAt = this.now();
    const measure = this.o.measure ?? (() => measureReplica(this.o.primary, this.o.replica as Db));
    this.looking = measure()
      .then(
        (p) => {
          this.replayed = p.replayedLsn;
          if (covers > this.writesCovered) {
            if (p.primaryLsn > this.mustReach) this.mustReach = p.primaryLsn;
            this.writesCovered = covers;
          }
          this.lagSeconds = p.lagMs / 1000;
          this.healthy = p.lagMs <= this.o.maxLagMs;
          this.down = false;
        },
        () => {
          this.lagSeconds = null;
          this.healthy = false;
          this.down = true;
        },
      )
      .finally(() => {
        this.looking = null;
        if (this.lookAgain) {
          this.lookAgain = false;
          void this.look();
        }
      });
    return this.looking;
  }

  /** Looks every `everyMs` until the answered function is called (does nothing without a replica). */
  watch(everyMs = 1000): () => void {
    if (!this.o.replica) return () => {};
    void this.look();
    const timer = setInterval(() => void this.look(), everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
