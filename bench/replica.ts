// `npx tsx bench/replica.ts [--seconds 30] [--products 10000] [--concurrency 8]`: the catalog's reads served by a
// PostgreSQL streaming replica under load. A database of its own on the local server (REPLICA_BENCH_PG, default
// postgres://postgres@127.0.0.1:5432), seeded with the bench catalog; a replica made by pg_basebackup
// (scripts/pg-replica.ts); one API process in this process on both (no process cache: every request reads a
// database). Product lists, searches and product pages for the whole run, a catalog write each second (as another
// process's, so reads catch up after it), the replica stopped for the middle third and started again. Reports
// failed requests (the point: none), where the reads went in each third, the lag seen, and the response times.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { startReplica } from '../scripts/pg-replica';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/platform/config';
import { openDatabase, openPostgres, runMigrations } from '../src/server/platform/db';
import { listen, percentiles } from './load';
import { RARE_WORDS, seedCatalog } from './seed';

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
}

const seconds = arg('seconds', 30);
const productCount = arg('products', 10_000);
const concurrency = arg('concurrency', 8);
const server = process.env.REPLICA_BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const dbName = `haat_replica_bench_${randomBytes(3).toString('hex')}`;
const url = (() => {
  const u = new URL(server);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const dir = mkdtempSync(join(tmpdir(), 'haat-replica-bench-'));

async function admin(text: string) {
  const owner = await openPostgres(new URL('/postgres', server).toString(), 1);
  try {
    await owner.db.execute(sql.raw(text));
  } finally {
    await owner.close();
  }
}

await admin(`create database ${dbName}`);
const cleanups: (() => Promise<void> | void)[] = [async () => admin(`drop database if exists ${dbName} with (force)`)];
try {
  const seeding = await openPostgres(url, 4);
  await runMigrations(seeding);
  console.log(`Seeding ${productCount} products into ${dbName} ...`);
  await seedCatalog(seeding.db, productCount);
  await seeding.close();

  const t0 = performance.now();
  const replica = startReplica({
    primary: new URL('/postgres', server).toString(),
    dir,
    port: 54_000 + (process.pid % 1000),
  });
  cleanups.unshift(() => replica.remove());
  console.log(
    `Replica on 127.0.0.1:${replica.port}: made and started in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dir,
    CATALOG_CACHE_SECONDS: '0',
    DATABASE_URL: url,
    DATABASE_REPLICA_URL: replica.urlFor(url),
  });
  const database = await openDatabase(config);
  cleanups.unshift(() => database.close());
  const app = await buildApp({ config, database, logger: false, webDist: join(dir, 'no-web') });
  cleanups.unshift(() => app.close());
  const base = await listen(app);
  const reads = app.ctx.catalogReads;
  // Product pages of products the list shows (a product of an inactive shop has none).
  const ids: string[] = [];
  for (let page = 1; page <= 2; page++) {
    const res = await fetch(`${base}/api/products?pageSize=100&page=${page}`);
    ids.push(...((await res.json()) as { items: { id: string }[] }).items.map((i) => i.id));
  }
  while (reads.state !== 'in-use') await reads.look();

  type Phase = { name: string; ok: number; failed: number; ms: number[]; maxLag: number; counts: typeof reads.counts };
  const phases: Phase[] = ['replica up', 'replica stopped', 'replica started again'].map((name) => ({
    name,
    ok: 0,
    failed: 0,
    ms: [],
    maxLag: 0,
    counts: { replica: 0, primary: 0, fallback: 0 },
  }));
  let phase = phases[0];
  const failures: string[] = [];
  const end = performance.now() + seconds * 1000;
  let n = 0;
  const nextUrl = () => {
    n += 1;
    if (n % 3 === 0) return `/api/products/${ids[n % ids.length]}`;
    if (n % 3 === 1) return `/api/products?q=${RARE_WORDS[n % RARE_WORDS.length].toLowerCase()}`;
    return `/api/products?page=${1 + (n % 10)}&sort=newest`;
  };
  const worker = async () => {
    while (performance.now() < end) {
      const path = nextUrl();
      const at = performance.now();
      try {
        const res = await fetch(`${base}${path}`);
        await res.arrayBuffer();
        if (res.status === 200) phase.ok += 1;
        else {
          phase.failed += 1;
          failures.push(`${res.status} ${path}`);
        }
      } catch (e) {
        phase.failed += 1;
        failures.push(`${e instanceof Error ? e.message : String(e)} ${path}`);
      }
      phase.ms.push(performance.now() - at);
    }
  };
  // A catalog write each second on the primary, told as another process would (the cache's forget).
  const writer = setInterval(() => {
    void database.db
      .execute(sql`update products set stock_quantity = stock_quantity + 1 where id = ${ids[0]}`)
      .then(() => app.ctx.catalogCache.forget());
  }, 1000);
  const lagWatch = setInterval(() => {
    phase.maxLag = Math.max(phase.maxLag, reads.lagSeconds ?? 0);
  }, 100);
  const snapshot = () => ({ ...reads.counts });
  let before = snapshot();
  const closePhase = () => {
    const now = snapshot();
    phase.counts = {
      replica: now.replica - before.replica,
      primary: now.primary - before.primary,
      fallback: now.fallback - before.fallback,
    };
    before = now;
  };
  const third = (seconds * 1000) / 3;
  const switches = (async () => {
    await new Promise((r) => setTimeout(r, third));
    closePhase();
    phase = phases[1];
    replica.stop();
    await new Promise((r) => setTimeout(r, third));
    closePhase();
    phase = phases[2];
    replica.start();
  })();
  await Promise.all([...Array.from({ length: concurrency }, worker), switches]);
  closePhase();
  clearInterval(writer);
  clearInterval(lagWatch);

  const total = phases.reduce((s, p) => s + p.ok + p.failed, 0);
  const failed = phases.reduce((s, p) => s + p.failed, 0);
  console.log(`\n${seconds} s, ${concurrency} at once, ${productCount} products, no process cache:`);
  console.log(
    '| Third | Requests | Failed | Reads on replica / primary / primary after a replica failure | Max lag ' +
      '| p50 / p95 ms |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const p of phases) {
    const l = percentiles(p.ms);
    console.log(
      `| ${p.name} | ${p.ok + p.failed} | ${p.failed} ` +
        `| ${p.counts.replica} / ${p.counts.primary} / ${p.counts.fallback} ` +
        `| ${p.maxLag.toFixed(3)} s | ${l.p50} / ${l.p95} |`,
    );
  }
  console.log(`\n${total} requests, ${failed} failed${failures.length ? `: ${failures.slice(0, 5).join('; ')}` : ''}`);
  process.exitCode = failed === 0 ? 0 : 1;
} finally {
  for (const c of cleanups) await Promise.resolve(c()).catch((e: unknown) => console.error(String(e)));
  rmSync(dir, { recursive: true, force: true });
}
