/**
 * `npm run bench`: the catalog endpoints under load, beside a bare Fastify endpoint, on 10,000
 * products; and the SQL statements each endpoint issues for 5 and for 50 results (no N+1).
 * PostgreSQL when DATABASE_URL is set (a fresh `haat_bench` database on that server), otherwise a
 * fresh PGlite database in a temporary folder. `npm run bench -- --write` also records the figures
 * in bench/RESULTS.md.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/platform/config';
import { openCountingPglite, openCountingPostgres, type CountingDatabase } from './counting-db';
import { seedCatalog } from './seed';

const PRODUCTS = 10_000;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;

type Load = { name: string; path: string; rps: number; p50: number; p99: number; non2xx: number; errors: number };

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

async function load(name: string, base: string, path: string): Promise<Load> {
  // A short warm-up so the first compiled plans and JIT do not count.
  await autocannon({ url: base + path, connections: CONNECTIONS, duration: 1 });
  const r = await autocannon({ url: base + path, connections: CONNECTIONS, duration: DURATION_S });
  return { name, path, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

async function main() {
  const started = Date.now();
  // Other work on the machine skews the figures; the report says how busy it was.
  const loadBefore = loadavg()[0].toFixed(1);
  const url = process.env.DATABASE_URL;
  const counting: CountingDatabase = url ? await openCountingPostgres(url) : await openCountingPglite();
  const { db } = counting.database;
  const version = await counting.serverVersion();
  console.log(`Database: ${counting.label}, ${version}`);

  const seedStart = Date.now();
  const seeded = await seedCatalog(db, PRODUCTS);
  await db.execute(sql`analyze`);
  console.log(`Seeded ${seeded.products} products, ${seeded.shops} shops, ${seeded.categories} categories, ${seeded.reviews} reviews in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

  const dataDir = mkdtempSync(join(tmpdir(), 'haat-bench-app-'));
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: dataDir });
  const app = await buildApp({ config, database: counting.database, logger: false, webDist: join(dataDir, 'no-web') });
  const base = await listen(app);
  const bare = Fastify({ logger: false });
  bare.get('/bench/bare', async () => ({ ok: true }));
  const bareBase = await listen(bare);

  const endpoints = [
    { name: 'Product list, page 3', path: '/api/products?page=3', sized: (n: number) => `/api/products?page=3&pageSize=${n}` },
    { name: 'Search "cotton"', path: '/api/products?q=cotton', sized: (n: number) => `/api/products?q=cotton&pageSize=${n}` },
    { name: 'Search with a typo "kurtha"', path: '/api/products?q=kurtha', sized: (n: number) => `/api/products?q=kurtha&pageSize=${n}` },
    { name: 'Product page', path: `/api/products/${seeded.sampleProductId}`, sized: () => `/api/products/${seeded.sampleProductId}` },
    { name: 'Product reviews', path: `/api/products/${seeded.sampleProductId}/reviews`, sized: (n: number) => `/api/products/${seeded.sampleProductId}/reviews?pageSize=${n}` },
  ];

  // SQL statements per request, one request at a time, for 5 and for 50 results.
  const counts: (string | number)[][] = [];
  const plans: string[] = [];
  for (const e of endpoints) {
    const perSize: number[] = [];
    let found = '';
    for (const size of [5, 50]) {
      let body = '';
      const statements = await counting.record(async () => {
        const res = await fetch(base + e.sized(size));
        body = await res.text();
        if (!res.ok) throw new Error(`${e.sized(size)} answered ${res.status}: ${body}`);
      });
      perSize.push(statements.length);
      const parsed = JSON.parse(body) as { total?: number; items?: unknown[] };
      if (size === 50 && parsed.items) found = `${parsed.items.length} of ${parsed.total}`;
      if (size === 50 && e.path.includes('?q=')) {
        const page = statements.find((s) => /order by/i.test(s.text)) ?? statements[0];
        const indexes = [...new Set((await counting.explain(page)).match(/products_\w+_idx/g) ?? [])];
        plans.push(`${e.name}, the plan PostgreSQL chose: ${indexes.length ? `index scans on ${indexes.join(', ')}` : 'one sequential scan of products (see Indexes below)'}`);
      }
    }
    counts.push([e.name, perSize[0], perSize[1], found || '1 product']);
  }

  const loads: Load[] = [];
  for (const e of endpoints.slice(0, 4)) loads.push(await load(e.name, base, e.path));
  loads.push(await load('Bare Fastify (same process)', bareBase, '/bench/bare'));

  await app.close();
  await bare.close();
  await counting.close();
  rmSync(dataDir, { recursive: true, force: true });

  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node.js ${process.version}, load average ${loadBefore} before the run`;
  const loadTable = table(
    ['endpoint', 'requests/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
    loads.map((l) => [`${l.name} \`${l.path.replace(seeded.sampleProductId, ':id')}\``, l.rps, l.p50, l.p99, l.non2xx, l.errors]),
  );
  const countTable = table(['endpoint', 'SQL statements, pageSize 5', 'SQL statements, pageSize 50', 'results (pageSize 50)'], counts);
  const report = [
    `### ${url ? 'PostgreSQL' : 'PGlite'} (${new Date().toISOString().slice(0, 10)})`,
    '',
    `${url ? `PostgreSQL ${version} server on the same machine` : `PGlite ${version}, embedded in the API process`}; ${PRODUCTS.toLocaleString('en-IN')} products; ${machine}. autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per endpoint.`,
    '',
    loadTable,
    '',
    countTable,
    '',
    ...plans.map((p) => `- ${p}`),
    '',
  ].join('\n');
  console.log(`\n${report}`);
  console.log(`Finished in ${((Date.now() - started) / 1000).toFixed(0)} s.`);

  if (process.argv.includes('--write')) {
    const file = new URL('./RESULTS.md', import.meta.url);
    const marker = url ? 'postgresql' : 'pglite';
    const text = readFileSync(file, 'utf8');
    const start = `<!-- bench:${marker}:start -->`;
    const end = `<!-- bench:${marker}:end -->`;
    const i = text.indexOf(start);
    const j = text.indexOf(end);
    if (i < 0 || j < i) throw new Error(`bench/RESULTS.md has no ${start} ... ${end} section`);
    writeFileSync(file, `${text.slice(0, i + start.length)}\n${report}${text.slice(j)}`);
    console.log(`Wrote the ${marker} figures to bench/RESULTS.md`);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
