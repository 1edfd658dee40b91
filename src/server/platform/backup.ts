import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import {
  copyFile,
  cp,
  link,
  mkdir,
  mkdtemp,
  open,
  readdir,
  readFile,
  rename,
  rm,
  rmdir,
  stat,
  writeFile,
} from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { ConfigError } from './config';
import {
  grantAppRole,
  migrationsFolder,
  migrationVersion,
  openPglite,
  openPostgres,
  queryRows,
  type Database,
  type DbKind,
} from './db';

// One backup is one tar file (readable with any tar): the manifest, the database and the pictures.
//   haat-backup.json          what is inside (BackupManifest)
//   database.pgdump           PostgreSQL: pg_dump in custom format (pg_restore reads it)
//   database.pglite.tar.gz    embedded database: PGlite's dumpDataDir() of its data folder
//   uploads/                  the pictures of DATA_DIR/uploads (absent when they are in an S3 bucket)
//   documents/                the tax documents' PDFs of DATA_DIR/documents (absent when they are in the bucket)

const MANIFEST = 'haat-backup.json';
const DUMP_FILE: Record<DbKind, string> = { postgresql: 'database.pgdump', pglite: 'database.pglite.tar.gz' };
const UPLOADS = 'uploads';
const DOCUMENTS = 'documents';

/** A backup or restore that cannot go on, said in one line for the person running it. */
export class BackupError extends Error {}

/**
 * Ends `npm run backup` or `npm run restore` that failed (`what`: 'Backup' or 'Restore'): a known
 * error (a setting, a BackupError) in its own words, anything else as '<what> failed: …'; exit code 1.
 */
export function exitOnBackupFailure(what: string, e: unknown): never {
  console.error(
    e instanceof ConfigError || e instanceof BackupError
      ? e.message
      : `${what} failed: ${e instanceof Error ? e.message : String(e)}`,
  );
  process.exit(1);
}

/** What a backup file holds. */
export type BackupManifest = {
  format: 'haat-backup';
  version: 1;
  createdAt: string;
  database: { kind: DbKind; file: string; migration: { version: number; tag: string | null } };
  /** The pictures: in the file (how many), or left in their S3 bucket. */
  uploads: { included: true; files: number } | { included: false; bucket: string };
  /** The tax documents' PDFs likewise (absent from backups written before PDFs were kept). */
  documents?: { included: true; files: number } | { included: false; bucket: string };
};

/** Where the pictures are: a local folder (DATA_DIR/uploads), or an S3 bucket that a backup leaves alone. */
export type PicturesAt = { dir: string } | { bucket: string };

/** The pictures' place for a configuration: the S3 bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function picturesAt(config: { DATA_DIR: string; S3_BUCKET?: string }): PicturesAt {
  return config.S3_BUCKET ? { bucket: config.S3_BUCKET } : { dir: resolve(config.DATA_DIR, UPLOADS) };
}

/** The documents' PDFs' place: the S3 bucket (its documents/ folder) when S3_BUCKET is set, else DATA_DIR/documents. */
export function documentsAt(config: { DATA_DIR: string; S3_BUCKET?: string }): PicturesAt {
  return config.S3_BUCKET ? { bucket: config.S3_BUCKET } : { dir: resolve(config.DATA_DIR, DOCUMENTS) };
}

/** The default backup file: DATA_DIR/backups/haat-backup-<UTC date and time>.tar. */
export function defaultBackupPath(dataDir: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  return resolve(dataDir, 'backups', `haat-backup-${stamp}.tar`);
}

/**
 * True while a process has the embedded database open (PGlite keeps postmaster.pid in its folder
 * until it closes): its folder must not be copied then.
 */
export function embeddedDatabaseInUse(dataDir: string): boolean {
  return existsSync(join(dataDir, 'postmaster.pid'));
}

/**
 * Writes one backup file at `out` (written aside and renamed, so a file with that name is always
 * whole): the database first, as one consistent snapshot (pg_dump, or PGlite's dump of its
 * folder), then the pictures and the documents' PDFs. Both are written before the rows that name them
 * and never rewritten, so every file the snapshot refers to is in the file (a document's PDF is
 * stored before its key is kept, and keeps its bytes forever). On PostgreSQL `pgUrl` is the
 * connection pg_dump uses (the owner's, or any role that may read every table).
 */
export async function writeBackup(a: {
  database: Database;
  pgUrl?: string;
  pictures: PicturesAt;
  documents?: PicturesAt;
  out: string;
}): Promise<BackupManifest> {
  const out = resolve(a.out);
  // A folder it creates is its owner's alone, as is the file (tarInto): a backup holds every customer's data and password hash.
  await mkdir(dirname(out), { recursive: true, mode: 0o700 });
  const staging = await mkdtemp(join(dirname(out), '.haat-backup-'));
  const partial = `${out}.partial`;
  try {
    const kind = a.database.kind;
    const dumpPath = join(staging, DUMP_FILE[kind]);
    const migration = await migrationVersion(a.database.db).catch(() => ({ version: 0, tag: null }));
    if (kind === 'postgresql') {
      if (!a.pgUrl) throw new BackupError('A PostgreSQL backup needs the database URL for pg_dump.');
      const conn = pgConnection(a.pgUrl);
      await run('pg_dump', ['--format=custom', '--file', dumpPath, '--dbname', conn.url], conn.env);
    } else {
      if (!a.database.pglite) throw new BackupError('The embedded database is not open.');
      const dump = await a.database.pglite.dumpDataDir('gzip');
      await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
    }
    const uploads: BackupManifest['uploads'] =
      'bucket' in a.pictures
        ? { included: false, bucket: a.pictures.bucket }
        : { included: true, files: await linkTree(a.pictures.dir, join(staging, UPLOADS)) };
    const place = a.documents;
    const documents: BackupManifest['documents'] = !place
      ? undefined
      : 'bucket' in place
        ? { included: false, bucket: place.bucket }
        : { included: true, files: await linkTree(place.dir, join(staging, DOCUMENTS)) };
    const database = { kind, file: DUMP_FILE[kind], migration };
    const manifest: BackupManifest = {
      format: 'haat-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      database,
      uploads,
      ...(documents ? { documents } : {}),
    };
    await writeFile(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const folders = [...(uploads.included ? [UPLOADS] : []), ...(documents?.included ? [DOCUMENTS] : [])];
    await tarInto(partial, ['-C', staging, MANIFEST, DUMP_FILE[kind], ...folders]);
    await rename(partial, out);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/** Where a restore goes: an empty PostgreSQL database (`appRole` is then granted what the app may do), or an empty folder for the embedded database. */
export type RestoreTarget = { kind: 'postgresql'; url: string; appRole?: string } | { kind: 'pglite'; dataDir: string };

/**
 * Restores a backup file into an empty database (or database folder), an empty uploads folder and
 * (with `documentsDir`) an empty documents folder,
 * and refuses, before changing anything, when either is not empty, when the file is not a Haat
 * backup, when it is of the other kind of database, or when it comes from a newer Haat. On
 * PostgreSQL pg_restore runs in one transaction as the connecting role, which then owns every table
 * (the owner's, with MIGRATION_DATABASE_URL), and the app's role gets its grants as at start-up.
 */
export async function restoreBackup(a: {
  file: string;
  into: RestoreTarget;
  uploadsDir: string;
  documentsDir?: string;
}): Promise<BackupManifest> {
  const file = resolve(a.file);
  if (!existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  const uploadsDir = resolve(a.uploadsDir);
  await mkdir(dirname(uploadsDir), { recursive: true });
  // Unpacked next to the uploads folder, so that the pictures move into place without a copy.
  const staging = await mkdtemp(join(dirname(uploadsDir), '.haat-restore-'));
  try {
    await run('tar', ['-xf', file, '-C', staging]);
    const manifest = await readManifest(staging, file);
    if (manifest.database.kind !== a.into.kind) {
      throw new BackupError(
        manifest.database.kind === 'postgresql'
          ? 'This backup is of a PostgreSQL database: restore it with DATABASE_URL set.'
          : 'This backup is of the embedded database: restore it with DATABASE_URL unset.',
      );
    }
    await refuseUnlessEmpty(a.into, uploadsDir);
    const documentsDir = a.documentsDir ? resolve(a.documentsDir) : null;
    if (documentsDir && !(await isEmptyDir(documentsDir))) {
      throw new BackupError(
        `The documents folder ${documentsDir} is not empty: restore only into a DATA_DIR without documents.`,
      );
    }
    // The file name is ours, never the manifest's (a crafted one could name any file).
    const dumpPath = join(staging, DUMP_FILE[manifest.database.kind]);
    if (a.into.kind === 'postgresql') {
      const conn = pgConnection(a.into.url);
      await run(
        'pg_restore',
        ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--dbname', conn.url, dumpPath],
        conn.env,
      );
      if (a.into.appRole) {
        const owner = await openPostgres(a.into.url, 1);
        try {
          await grantAppRole(owner.db, a.into.appRole);
        } finally {
          await owner.close();
        }
      }
    } else {
      const restored = await openPglite({ dataDir: a.into.dataDir, loadDataDir: new Blob([await readFile(dumpPath)]) });
      await restored.close();
    }
    if (manifest.uploads.included) await moveInto(join(staging, UPLOADS), uploadsDir);
    if (documentsDir && manifest.documents?.included) {
      await mkdir(dirname(documentsDir), { recursive: true });
      await moveInto(join(staging, DOCUMENTS), documentsDir);
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function readManifest(staging: string, file: string): Promise<BackupManifest> {
  const notOurs = () => new BackupError(`${basename(file)} is not a Haat backup (it has no readable ${MANIFEST}).`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(staging, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw notOurs();
  }
  if (
    manifest.format !== 'haat-backup' ||
    !DUMP_FILE[manifest.database?.kind] ||
    !existsSync(join(staging, DUMP_FILE[manifest.database.kind]))
  )
    throw notOurs();
  if (manifest.version !== 1)
    throw new BackupError(
      `This backup has format version ${manifest.version}, which this Haat cannot read: restore it with a newer Haat.`,
    );
  const known = (
    JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
  ).entries.length;
  if (manifest.database.migration.version > known) {
    throw new BackupError(
      `This backup comes from a newer Haat (migration ${manifest.database.migration.tag}, number ${manifest.database.migration.version}; this one knows ${known}): upgrade Haat first.`,
    );
  }
  return manifest;
}

/** Refuses a target that holds anything: a restore never mixes with or overwrites data. */
async function refuseUnlessEmpty(into: RestoreTarget, uploadsDir: string): Promise<void> {
  if (into.kind === 'postgresql') {
    const target = await openPostgres(into.url, 1);
    try {
      const [row] = await queryRows<{ relations: number; schemas: number }>(
        target.db,
        sql`select
              (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname not in ('pg_catalog', 'information_schema')
                  and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%')::int as relations,
              (select count(*) from pg_namespace n where n.nspname not in ('public', 'pg_catalog', 'information_schema')
                  and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%')::int as schemas`,
      );
      if (row.relations > 0 || row.schemas > 0) {
        throw new BackupError(
          `The database ${databaseName(into.url)} is not empty (${row.relations} tables or sequences): restore only into a new, empty database (CREATE DATABASE ... OWNER ...), before Haat is started on it.`,
        );
      }
    } finally {
      await target.close();
    }
  } else if (!(await isEmptyDir(into.dataDir))) {
    throw new BackupError(
      `The database folder ${resolve(into.dataDir)} is not empty: restore only into a DATA_DIR whose db folder is absent or empty, with Haat stopped.`,
    );
  }
  if (!(await isEmptyDir(uploadsDir)))
    throw new BackupError(
      `The uploads folder ${uploadsDir} is not empty: restore only into a DATA_DIR without pictures.`,
    );
}

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw e;
  }
}

/** Mirrors the files of `from` into `to` as hard links (a copy where links cannot be made): a fixed set, at no cost in space. Answers the file count. */
async function linkTree(from: string, to: string): Promise<number> {
  await mkdir(to, { recursive: true });
  if (!existsSync(from)) return 0;
  let files = 0;
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      files += await linkTree(source, target);
    } else if (entry.isFile()) {
      await link(source, target).catch(() => copyFile(source, target));
      files++;
    }
  }
  return files;
}

/** Moves the unpacked folder into place (the target is absent or empty); copies when it is on another file system. */
async function moveInto(from: string, to: string): Promise<void> {
  if (existsSync(to)) await rmdir(to);
  try {
    await rename(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    await cp(from, to, { recursive: true });
  }
}

/** The URL for pg_dump and pg_restore without its password, which goes in PGPASSWORD instead (never on a command line others can read). */
function pgConnection(url: string): { url: string; env: Record<string, string> } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env: password ? { PGPASSWORD: password } : {} };
}

const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1)) || '(default)';

const execFileAsync = promisify(execFile);

/** Runs a tool (tar, pg_dump, pg_restore) and turns its failure into one readable line. */
async function run(command: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  try {
    await execFileAsync(command, args, { env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 });
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { stderr?: string };
    if (err.code === 'ENOENT') {
      throw new BackupError(
        `${command} was not found: install it${command === 'tar' ? '' : " (the PostgreSQL client tools, of the server's major version or newer: apt-get install postgresql-client)"} and try again.`,
      );
    }
    const said = (err.stderr ?? '').trim().split('\n').filter(Boolean).slice(-3).join(' ') || err.message;
    throw new BackupError(`${command} failed: ${said}`);
  }
}

/**
 * Writes a tar of `args` into `file`, which is created with mode 0600 (readable by its owner only)
 * before a byte is written, rather than made private afterwards; tar writes to its standard output.
 */
async function tarInto(file: string, args: string[]): Promise<void> {
  // A partial file left by an interrupted backup would keep its own mode: start from none.
  await rm(file, { force: true });
  const handle = await open(file, 'wx', 0o600);
  try {
    await new Promise<void>((resolvePromise, reject) => {
      const tar = spawn('tar', ['-cf', '-', ...args], { stdio: ['ignore', handle.fd, 'pipe'] });
      let stderr = '';
      tar.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
      tar.on('error', (e: NodeJS.ErrnoException) =>
        reject(e.code === 'ENOENT' ? new BackupError('tar was not found: install it and try again.') : e),
      );
      tar.on('close', (code) => {
        if (code === 0) resolvePromise();
        else
          reject(
            new BackupError(
              `tar failed: ${stderr.trim().split('\n').filter(Boolean).slice(-3).join(' ') || `exit code ${code}`}`,
            ),
          );
      });
    });
  } finally {
    await handle.close();
  }
}

/** The size of a file in a unit people read (for the scripts' last line). */
export async function fileSize(path: string): Promise<string> {
  const bytes = (await stat(path)).size;
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  const i = bytes > 0 ? Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024))) : 0;
  return i === 0 ? `${bytes} bytes` : `${(bytes / 1024 ** i).toFixed(1)} ${units[i]}`;
}
