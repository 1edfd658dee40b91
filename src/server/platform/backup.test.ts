import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { seedDemoData } from '../seed/demo-data';
import { buildTestApp, TestClient, type TestApp } from '../test/app';
import { newShopper, placeOrder, twoShops, type Shopper, postCheckout } from '../test/checkout-fixtures';
import { adminQuery, TEST_APP_ROLE, testPostgresUrl, withDatabase } from '../test/db';
import { moneyInvariantViolations } from '../test/invariants';
import { upload } from '../test/multipart';
import {
  BackupError,
  defaultBackupPath,
  embeddedDatabaseInUse,
  restoreBackup,
  writeBackup,
  type BackupManifest,
  type RestoreTarget,
} from './backup';
import { loadConfig } from './config';
import { openPglite, openPostgres, queryRows, type Database, type DbOrTx } from './db';

// A store with orders, ledgers and pictures is backed up, restored into a fresh database (an empty
// PostgreSQL database owned by another role, or an empty folder), and served again by the app.

/** What a store holds, table by table: row counts and a hash of every row's text. */
async function contents(db: DbOrTx): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number; h: string }>(
      db,
      sql`select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.identifier(name)} x`,
    );
    out[name] = `${row.n} ${row.h}`;
  }
  return out;
}

/** Every picture address the store's rows name. */
async function pictureUrls(db: DbOrTx): Promise<string[]> {
  const rows = await queryRows<{ url: string }>(
    db,
    sql`select url from (
          select image_url as url from products union select logo_url from vendor_shops union select banner_url from vendor_shops
          union select image_url from shop_images union select profile_image_url from user_profiles
          union select '/uploads/' || filename from images union select '/uploads/' || thumbnail_filename from images
        ) u where url like '/uploads/%' order by 1`,
  );
  return rows.map((r) => r.url);
}

const tarList = (file: string) => execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
const png = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 20, g: 140, b: 90 } } })
    .png()
    .toBuffer();

/** An empty place to restore into: a new database owned by a role that is not the source's (PostgreSQL), or an empty folder. */
type Target = {
  into: RestoreTarget;
  dataDir: string;
  openAsApp: () => Promise<Database>;
  openAsOwner: () => Promise<Database>;
  drop: () => Promise<void>;
};
const RESTORE_OWNER = 'haat_backup_owner';

async function emptyTarget(): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-restore-'));
  const server = testPostgresUrl();
  if (!server) {
    const dbDir = join(dataDir, 'db');
    return {
      into: { kind: 'pglite', dataDir: dbDir },
      dataDir,
      openAsApp: () => openPglite({ dataDir: dbDir }),
      openAsOwner: () => openPglite({ dataDir: dbDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `haat_r_${randomBytes(6).toString('hex')}`;
  await adminQuery(
    server,
    `do $$ begin if not exists (select 1 from pg_roles where rolname = '${RESTORE_OWNER}') then create role ${RESTORE_OWNER} login; end if; end $$`,
  );
  await adminQuery(server, `CREATE DATABASE ${name} OWNER ${RESTORE_OWNER} TEMPLATE template0`);
  const asOwner = new URL(withDatabase(server, name));
  asOwner.username = RESTORE_OWNER;
  asOwner.password = '';
  return {
    into: { kind: 'postgresql', url: asOwner.toString(), appRole: TEST_APP_ROLE },
    dataDir,
    openAsApp: () => openPostgres(withDatabase(server, name), 5, { role: TEST_APP_ROLE }),
    openAsOwner: () => openPostgres(asOwner.toString(), 2),
    drop: async () => {
      await adminQuery(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let source: TestApp;
let shopper: Shopper & { password: string };
let work: string;
let backupFile: string;
let manifest: BackupManifest;
let before: { contents: Record<string, string>; pictures: string[] };

beforeAll(async () => {
  source = await buildTestApp();
  work = mkdtempSync(join(tmpdir(), 'haat-backups-'));
  // The demo store (vendors, 66 products with pictures, points, withdrawals, merchant cashback, referrals) ...
  await seedDemoData({
    db: source.database.asApp.db,
    storage: source.app.ctx.storage,
    documents: source.app.ctx.documents,
  });
  // ... and orders paid through the gateway and with points, a withdrawal and an uploaded picture.
  const shop = await twoShops(source);
  const s = await newShopper(source, 400);
  await placeOrder(s, [{ productId: shop.a.id, quantity: 2 }], 150);
  await placeOrder(s, [{ productId: shop.b.id }]);
  expect((await s.client.post('/api/wallet/withdrawals', { points: 100, upiId: 'asha@oksbi' })).statusCode).toBe(201);
  expect(
    (
      await upload(
        s.client,
        { imageType: 'profile', entityId: s.userId },
        { filename: 'me.png', type: 'image/png', data: await png() },
      )
    ).statusCode,
  ).toBe(201);
  shopper = { ...s, password: 'secret123' };
  before = { contents: await contents(source.db), pictures: await pictureUrls(source.db) };
  // In a folder of its own: the other tests write their files elsewhere under work.
  backupFile = join(work, 'backup', 'store.tar');
  const documents = { dir: join(source.dataDir, 'documents') };
  manifest = await writeBackup({
    database: source.database,
    pgUrl: source.database.url,
    pictures: { dir: join(source.dataDir, 'uploads') },
    documents,
    out: backupFile,
  });
}, 180_000);

afterAll(async () => {
  await source?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('npm run backup', () => {
  it('is one tar file: the manifest, the database dump and every picture', () => {
    const kind = source.database.kind;
    const files = readdirSync(join(source.dataDir, 'uploads'));
    expect(manifest).toMatchObject({
      format: 'haat-backup',
      version: 1,
      database: { kind, file: kind === 'postgresql' ? 'database.pgdump' : 'database.pglite.tar.gz' },
      uploads: { included: true, files: files.length },
    });
    expect(manifest.database.migration.version).toBeGreaterThan(0);
    const listed = tarList(backupFile);
    expect(listed).toEqual(
      expect.arrayContaining(['haat-backup.json', manifest.database.file, ...files.map((f) => `uploads/${f}`)]),
    );
    expect(files.length).toBeGreaterThan(66);
    // Written aside and renamed: no partial file or staging folder is left behind.
    expect(readdirSync(dirname(backupFile))).toEqual(['store.tar']);
  });

  it('is readable by its owner only (mode 0600) from the moment the file appears, in a folder of its owner (0700)', async () => {
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(backupFile)).mode & 0o777).toBe(0o700);
    // Every file seen in the folder while a backup is written, the partial one included, as it first appears.
    const folder = join(work, 'watched');
    mkdirSync(folder);
    const seen = new Map<string, number>();
    const watcher = watch(folder, (_event, name) => {
      try {
        const info = statSync(join(folder, String(name)));
        if (info.isFile() && !seen.has(String(name))) seen.set(String(name), info.mode & 0o777);
      } catch {
        // Already renamed or removed.
      }
    });
    try {
      await writeBackup({
        database: source.database,
        pgUrl: source.database.url,
        pictures: { bucket: 'haat-pictures' },
        out: join(folder, 'store.tar'),
      });
    } finally {
      watcher.close();
    }
    expect(seen.size).toBeGreaterThan(0);
    expect(
      [...seen.values()].every((mode) => mode === 0o600),
      JSON.stringify([...seen]),
    ).toBe(true);
    rmSync(folder, { recursive: true });
  });

  it('leaves the pictures out, and says where they are, when they live in an S3 bucket', async () => {
    const out = join(work, 'bucket', 'store.tar');
    const m = await writeBackup({
      database: source.database,
      pgUrl: source.database.url,
      pictures: { bucket: 'haat-pictures' },
      documents: { bucket: 'haat-pictures' },
      out,
    });
    expect(m.uploads).toEqual({ included: false, bucket: 'haat-pictures' });
    expect(m.documents).toEqual({ included: false, bucket: 'haat-pictures' });
    expect(tarList(out).sort()).toEqual(['haat-backup.json', m.database.file].sort());
    rmSync(join(work, 'bucket'), { recursive: true });
  });

  it('names the default file under DATA_DIR/backups with the UTC time', () => {
    expect(defaultBackupPath('/srv/haat/data', new Date('2025-03-09T04:05:06.789Z'))).toBe(
      '/srv/haat/data/backups/haat-backup-2025-03-09T04-05-06Z.tar',
    );
  });

  it('tells whether the embedded database folder is open (PGlite keeps postmaster.pid there while it is)', () => {
    const dir = join(work, 'pid');
    mkdirSync(dir);
    expect(embeddedDatabaseInUse(dir)).toBe(false);
    writeFileSync(join(dir, 'postmaster.pid'), '-42\n');
    expect(embeddedDatabaseInUse(dir)).toBe(true);
    rmSync(dir, { recursive: true });
  });
});

describe('npm run restore into an empty store', () => {
  let target: Target;
  let app: FastifyInstance;
  let appDatabase: Database;
  let owner: Database;
  // The rows as restored, before the tests below use the store (one of them orders again).
  let restoredContents: Record<string, string>;

  beforeAll(async () => {
    target = await emptyTarget();
    const restored = await restoreBackup({
      file: backupFile,
      into: target.into,
      uploadsDir: join(target.dataDir, 'uploads'),
      documentsDir: join(target.dataDir, 'documents'),
    });
    expect(restored).toEqual(manifest);
    appDatabase = await target.openAsApp();
    // The embedded database has one user, and its folder is opened once.
    owner = target.into.kind === 'pglite' ? appDatabase : await target.openAsOwner();
    restoredContents = await contents(owner.db);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: target.dataDir });
    app = await buildApp({ config, database: appDatabase, logger: false, webDist: join(target.dataDir, 'no-web') });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    if (owner && owner !== appDatabase) await owner.close();
    await appDatabase?.close();
    await target?.drop();
  });

  it('has the same rows in every table, and every money invariant holds', async () => {
    expect(await moneyInvariantViolations(source.db)).toEqual([]);
    expect(restoredContents).toEqual(before.contents);
    expect(await moneyInvariantViolations(owner.db)).toEqual([]);
  });

  it('serves every picture the restored rows name, byte for byte', async () => {
    const urls = await pictureUrls(owner.db);
    expect(urls).toEqual(before.pictures);
    expect(urls.length).toBeGreaterThan(70);
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.rawPayload.equals(readFileSync(join(source.dataDir, url.slice(1)))), url).toBe(true);
    }
  });

  it("keeps every tax document's PDF: the restored files are the bytes whose SHA-256 the restored rows keep", async () => {
    expect(manifest.documents).toMatchObject({ included: true });
    const docs = await queryRows<{ pdf_key: string | null; pdf_sha256: string | null }>(
      owner.db,
      sql`select pdf_key, pdf_sha256 from tax_documents union all select pdf_key, pdf_sha256 from commission_documents`,
    );
    expect(docs.length).toBeGreaterThan(0);
    expect(manifest.documents?.included && manifest.documents.files).toBe(docs.length);
    for (const d of docs) {
      expect(d.pdf_key, 'every demo document has its PDF').not.toBeNull();
      const bytes = readFileSync(join(target.dataDir, 'documents', d.pdf_key as string));
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(d.pdf_sha256);
    }
  });

  it('runs the app on it: the shopper signs in, sees their points, and orders again with the ledger still right', async () => {
    const client = new TestClient(app, '10.77.0.1');
    expect(
      (await client.post('/api/auth/login', { email: shopper.email, password: shopper.password })).statusCode,
    ).toBe(200);
    const wallet = (await client.get('/api/wallet')).json();
    const [cached] = await queryRows<{ reward_points: number }>(
      owner.db,
      sql`select available_points as reward_points from reward_balances where user_id = ${shopper.userId}`,
    );
    expect(wallet.availablePoints).toBe(Number(cached.reward_points));
    const product = (await client.get('/api/products?pageSize=1')).json().items[0];
    expect((await client.post('/api/cart/items', { productId: product.id, quantity: 1 })).statusCode).toBeLessThan(300);
    const checkout = await postCheckout(client, { addressId: shopper.addressId, pointsToUse: 10 });
    expect(checkout.statusCode).toBe(200);
    expect(await moneyInvariantViolations(owner.db)).toEqual([]);
  });

  it("on PostgreSQL: the restoring role owns every table and the app's role has its grants back, no more", async () => {
    if (target.into.kind === 'pglite') {
      // One user on the embedded database; the restored folder is the one the app now has open.
      expect(embeddedDatabaseInUse(target.into.dataDir)).toBe(true);
      return;
    }
    const owners = await queryRows<{ owner: string }>(
      owner.db,
      sql`select distinct tableowner as owner from pg_tables where schemaname in ('public', 'drizzle')`,
    );
    expect(owners).toEqual([{ owner: RESTORE_OWNER }]);
    // As the app: writes rows, may add to the audit log, and may not change it.
    await appDatabase.db.execute(
      sql`insert into system_logs (actor_type, action, resource_type) values ('system', 'backup.test', 'system')`,
    );
    // The database's own refusal is the cause of Drizzle's 'Failed query: ...'.
    const refusal = (query: ReturnType<typeof sql>) =>
      appDatabase.db.execute(query).then(
        () => 'accepted',
        (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
      );
    expect(await refusal(sql`update system_logs set action = 'forged' where action = 'backup.test'`)).toMatch(
      /permission denied/,
    );
    expect(await refusal(sql`alter table orders add column sneaky int`)).toMatch(/must be owner/);
  });

  it('refuses to restore over it (the database and the pictures are left as they were)', async () => {
    const rows = await contents(owner.db);
    await expect(
      restoreBackup({ file: backupFile, into: target.into, uploadsDir: join(target.dataDir, 'uploads') }),
    ).rejects.toThrow(/is not empty/);
    expect(await contents(owner.db)).toEqual(rows);
  });
});

describe('npm run restore refusals', () => {
  it('refuses a target whose uploads folder has files, before touching the database', async () => {
    const target = await emptyTarget();
    try {
      mkdirSync(join(target.dataDir, 'uploads'));
      writeFileSync(join(target.dataDir, 'uploads', 'old.webp'), 'x');
      const err = await restoreBackup({
        file: backupFile,
        into: target.into,
        uploadsDir: join(target.dataDir, 'uploads'),
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BackupError);
      expect((err as Error).message).toMatch(/^The uploads folder .* is not empty/);
      if (target.into.kind === 'pglite') {
        expect(existsSync(target.into.dataDir)).toBe(false);
      } else {
        const db = await target.openAsOwner();
        const [row] = await queryRows<{ n: number }>(
          db.db,
          sql`select count(*)::int as n from pg_tables where schemaname = 'public'`,
        );
        await db.close();
        expect(row.n).toBe(0);
      }
    } finally {
      await target.drop();
    }
  });

  it('refuses a file that is not a Haat backup, and a backup of the other kind of database', async () => {
    const target = await emptyTarget();
    try {
      const into = { file: '', into: target.into, uploadsDir: join(target.dataDir, 'uploads') };
      // Its files in a folder of its own.
      const own = mkdtempSync(join(work, 'refusals-'));
      const dir = join(own, 'forged');
      mkdirSync(dir);
      writeFileSync(join(dir, 'notes.txt'), 'hello');
      execFileSync('tar', ['-cf', join(own, 'other.tar'), '-C', dir, 'notes.txt']);
      await expect(restoreBackup({ ...into, file: join(own, 'other.tar') })).rejects.toThrow(
        'other.tar is not a Haat backup',
      );
      await expect(restoreBackup({ ...into, file: join(own, 'missing.tar') })).rejects.toThrow(/^No backup file at /);
      const otherKind = target.into.kind === 'pglite' ? 'postgresql' : 'pglite';
      const file = otherKind === 'postgresql' ? 'database.pgdump' : 'database.pglite.tar.gz';
      writeFileSync(
        join(dir, 'haat-backup.json'),
        JSON.stringify({ ...manifest, database: { ...manifest.database, kind: otherKind, file } }),
      );
      writeFileSync(join(dir, file), '');
      execFileSync('tar', ['-cf', join(own, 'other-kind.tar'), '-C', dir, 'haat-backup.json', file]);
      await expect(restoreBackup({ ...into, file: join(own, 'other-kind.tar') })).rejects.toThrow(
        otherKind === 'postgresql' ? 'restore it with DATABASE_URL set' : 'restore it with DATABASE_URL unset',
      );
      // A backup from a newer Haat (more migrations than this one knows) is refused too.
      writeFileSync(
        join(dir, 'haat-backup.json'),
        JSON.stringify({
          ...manifest,
          database: { ...manifest.database, migration: { version: 9999, tag: '9999_future' } },
        }),
      );
      writeFileSync(join(dir, manifest.database.file), '');
      execFileSync('tar', ['-cf', join(own, 'newer.tar'), '-C', dir, 'haat-backup.json', manifest.database.file]);
      await expect(restoreBackup({ ...into, file: join(own, 'newer.tar') })).rejects.toThrow(
        'This backup comes from a newer Haat (migration 9999_future',
      );
    } finally {
      await target.drop();
    }
  });
});
