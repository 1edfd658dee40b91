/**
 * `npm run bench`: the catalog endpoints and the admin product, order and user lists under load,
 * beside a bare Fastify endpoint, on 10,000 products (BENCH_PRODUCTS=1000000 for a million); and the
 * SQL statements each endpoint issues for 5 and for 50 results (no N+1). PostgreSQL when
 * DATABASE_URL is set (a fresh `haat_bench` database on that server, `haat_bench_1000000` for a million; BENCH_REUSE=1 measures again on
 * the one an earlier run left), otherwise a fresh PGlite database in a temporary folder.
 * `npm run bench -- --write` also records the figures in bench/RESULTS.md; BENCH_CONNECTIONS sets the
 * concurrency (10 by default).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { ensureSuperAdmin } from '../src/server/modules/auth';
import { adminAccounts } from '../src/server/modules/auth/auth.tables';
import { ADMIN_SESSION_COOKIE } from '../src/server/platform/auth-guards';
import type { Db } from '../src/server/platform/db';
import { totpCode } from '../src/server/platform/totp';
import { openCountingPglite, openCountingPostgres, type CountingDatabase } from './counting-db';
import { benchApi, cannon, listen, percentiles, type Latency } from './load';
import { machine, table, wrapped, writeResultsSection } from './report';
import { catalogEndpoints, type Endpoint } from './catalog-endpoints';
import { readSeeded, seedCatalog } from './seed';

const DEFAULT_PRODUCTS = 10_000;
/** `--products 1000000` (or `--products=1000000`, or BENCH_PRODUCTS): the catalog's size. */
function productsArg(): number {
  const i = process.argv.findIndex((a) => a === '--products' || a.startsWith('--products='));
  const raw =
    i < 0
      ? process.env.BENCH_PRODUCTS
      : process.argv[i].includes('=')
        ? process.argv[i].split('=')[1]
        : process.argv[i + 1];
  const n = Number(raw ?? DEFAULT_PRODUCTS);
  if (!Number.isInteger(n) || n < 100) throw new Error(`--products must be a whole number of at least 100, not ${raw}`);
  return n;
}
const PRODUCTS = productsArg();
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
/** The catalog is measured at each of these concurrencies; the admin lists at the first. */
const CONCURRENCY = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
/** BENCH_ADMIN=0 skips the admin lists (they take a few minutes at a million products). */
const WITH_ADMIN = process.env.BENCH_ADMIN !== '0';
/** Requests sent one after another (one admin at a time) for the latency of a single request. */
const SEQUENTIAL_REQUESTS = Number(process.env.BENCH_SEQUENTIAL ?? 200);
const REUSE = process.env.BENCH_REUSE === '1';
const BENCH_ADMIN = { email: 'bench-admin@example.invalid', password: 'bench-admin-password-not-secret' };

type Load = {
  name: string;
  path: string;
  connections: number;
  rps: number;
  underLoad: Latency;
  alone: (Latency & { n: number }) | null;
  non2xx: number;
  errors: number;
  timeouts: number;
};

/**
 * Waits until the database has finished the statements of the last measurement: autocannon gives
 * up on a request after 10 s, but PostgreSQL goes on with its query and would slow the next endpoint.
 */
async function drain(db: Db, postgres: boolean): Promise<void> {
  if (!postgres) return;
  for (let i = 0; i < 600; i++) {
    const { rows } = (await db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
    )) as unknown as { rows: { n: number }[] };
    if (Number(rows[0].n) === 0) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function load(
  e: Endpoint,
  base: string,
  headers: Record<string, string>,
  sequential: boolean,
  connections: number,
): Promise<Load> {
  // A short warm-up so the first compiled plans and JIT do not count.
  await cannon(base + e.path, headers, 1, connections);
  const { result, times } = await cannon(base + e.path, headers, DURATION_S, connections);
  let alone: Load['alone'] = null;
  if (sequential) {
    const samples: number[] = [];
    // At most a minute per endpoint: a list that takes a second would otherwise hold the run for minutes.
    const until = Date.now() + 60_000;
    for (let i = 0; i < SEQUENTIAL_REQUESTS && (i < 20 || Date.now() < until); i++) {
      const t = performance.now();
      const res = await fetch(base + e.path, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${e.path} answered ${res.status}`);
      samples.push(performance.now() - t);
    }
    alone = { ...percentiles(samples), n: samples.length };
  }
  return {
    name: e.name,
    path: e.path,
    connections,
    rps: Math.round(result.requests.average),
    underLoad: percentiles(times),
    alone,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/**
 * Signs in as the super admin through the API, as a browser does: password, two-factor setup, a
 * code computed from the secret like an authenticator app; answers the session cookie.
 */
async function signInAdmin(db: Db, base: string): Promise<string> {
  // A reused bench database keeps the admin of the last run: start again from a new account.
  await db.delete(adminAccounts);
  await ensureSuperAdmin({ db, ...BENCH_ADMIN });
  const jar = new Map<string, string>();
  const post = async <T>(path: string, body: unknown = {}): Promise<T> => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'haat', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0];
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`admin sign-in: ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text) as T;
  };
  const login = await post<{ next: string }>('/api/admin/login', BENCH_ADMIN);
  if (login.next !== 'setup2fa') throw new Error(`admin sign-in: expected two-factor setup, got ${login.next}`);
  const { secret } = await post<{ secret: string }>('/api/admin/2fa/setup');
  await post('/api/admin/2fa/verify', { code: totpCode(secret) });
  const token = jar.get(ADMIN_SESSION_COOKIE);
  if (!token) throw new Error('admin sign-in: no session cookie');
  return `${ADMIN_SESSION_COOKIE}=${token}`;
}

async function main() {
  const started = Date.now();
  // Other work on the machine skews the figures; the report says how busy it was.
  const loadBefore = loadavg()[0];
  const url = process.env.DATABASE_URL;
  const counting: CountingDatabase & { reused?: boolean } = url
    ? await openCountingPostgres(url, {
        reuse: REUSE,
        name: PRODUCTS === DEFAULT_PRODUCTS ? 'haat_bench' : `haat_bench_${PRODUCTS}`,
      })
    : await openCountingPglite();
  const { db } = counting.database;
  const version = await counting.serverVersion();
  console.log(`Database: ${counting.label}, ${version}`);

  const seedStart = Date.now();
  let seeded = counting.reused ? await readSeeded(db) : null;
  if (seeded && seeded.products !== PRODUCTS)
    throw new Error(`BENCH_REUSE: the bench database holds ${seeded.products} products, not ${PRODUCTS}`);
  let seedSeconds: number | null = null;
  if (!seeded) {
    seeded = await seedCatalog(db, PRODUCTS, { progress: (line) => console.log(line) });
    // A bulk load's last step: the products table rewritten packed, in its order, without the room
    // the seed left on each page for writing the option keys (bench/seed.ts, seedVariants).
    if (PRODUCTS > 50_000 && counting.database.kind === 'postgresql') await db.execute(sql`vacuum full products`);
    // As autovacuum leaves a table in steady use: hint bits set, visibility map ready for index-only scans.
    await db.execute(sql`vacuum analyze`);
    seedSeconds = (Date.now() - seedStart) / 1000;
  }
  const what = `${seeded.products.toLocaleString('en-IN')} products (${seeded.productsWithOptions.toLocaleString('en-IN')} with sizes or colours, ${seeded.variants.toLocaleString('en-IN')} variants), ${seeded.shops} shops, ${seeded.categories} categories, ${seeded.reviews} reviews, ${seeded.customers.toLocaleString('en-IN')} customers, ${seeded.orders.toLocaleString('en-IN')} orders (${seeded.orderParts.toLocaleString('en-IN')} shop parts, ${seeded.orderItems.toLocaleString('en-IN')} items)`;
  console.log(seedSeconds === null ? `Reused ${what}` : `Seeded ${what} in ${seedSeconds.toFixed(1)} s`);

  await db.execute(sql`vacuum analyze`);
  // The pages the seed and the vacuum dirtied are written now, not by a checkpoint in the middle of
  // the measurements (after a million-product seed, gigabytes written while the first rows run).
  if (url) await db.execute(sql`checkpoint`);

  const dataDir = mkdtempSync(join(tmpdir(), 'haat-bench-app-'));
  // The database's own speed: every catalog request reads it (no in-process cache).
  const app = await benchApi(counting.database, dataDir, { catalogCache: false });
  const base = await listen(app);
  // As deployed: repeated catalog reads answered from the catalog cache.
  const cachedApp = await benchApi(counting.database, dataDir, { catalogCache: true });
  const cachedBase = await listen(cachedApp);
  const bare = Fastify({ logger: false });
  bare.get('/bench/bare', async () => ({ ok: true }));
  const bareBase = await listen(bare);
  const adminCookie = await signInAdmin(db, base);
  const headersOf = (e: Endpoint): Record<string, string> => (e.admin ? { cookie: adminCookie } : {});

  const id = seeded.sampleProductId;
  const endpoints = catalogEndpoints(id);
  const countedOnly: Endpoint[] = [
    {
      name: 'Product reviews',
      path: `/api/products/${id}/reviews`,
      sized: (n) => `/api/products/${id}/reviews?pageSize=${n}`,
    },
  ];
  const adminEndpoints: Endpoint[] = [
    {
      name: 'Admin products, page 1',
      path: '/api/admin/products',
      sized: (n) => `/api/admin/products?pageSize=${n}`,
      admin: true,
    },
    {
      name: 'Admin products, search "kurta"',
      path: '/api/admin/products?q=kurta',
      sized: (n) => `/api/admin/products?q=kurta&pageSize=${n}`,
      admin: true,
    },
    {
      name: 'Admin orders, page 1',
      path: '/api/admin/orders',
      sized: (n) => `/api/admin/orders?pageSize=${n}`,
      admin: true,
    },
    {
      name: 'Admin orders, search "sharma"',
      path: '/api/admin/orders?q=sharma',
      sized: (n) => `/api/admin/orders?q=sharma&pageSize=${n}`,
      admin: true,
    },
    {
      name: 'Admin users, page 1',
      path: '/api/admin/users',
      sized: (n) => `/api/admin/users?pageSize=${n}`,
      admin: true,
    },
    {
      name: 'Admin users, search "sharma"',
      path: '/api/admin/users?q=sharma',
      sized: (n) => `/api/admin/users?q=sharma&pageSize=${n}`,
      admin: true,
    },
  ];

  // SQL statements per request, one request at a time, for 5 and for 50 results.
  const counts: (string | number)[][] = [];
  const plans: string[] = [];
  for (const e of [...endpoints, ...countedOnly, ...(WITH_ADMIN ? adminEndpoints : [])]) {
    const perSize: number[] = [];
    let found = '';
    for (const size of [5, 50]) {
      let body = '';
      // Counted as the database sees a new request: the catalog cache would answer a repeated one with none.
      app.ctx.catalogCache.invalidate();
      const statements = await counting.record(async () => {
        const res = await fetch(base + e.sized(size), { headers: headersOf(e) });
        body = await res.text();
        if (!res.ok) throw new Error(`${e.sized(size)} answered ${res.status}: ${body}`);
      });
      perSize.push(statements.length);
      const parsed = JSON.parse(body) as {
        id?: string;
        total?: number;
        items?: unknown[];
        options?: { values: unknown[] }[];
      };
      // A product's page has options too (its own, none for most): it is one product.
      if (size === 50 && parsed.id) found = '1 product';
      else if (size === 50 && parsed.items) found = `${parsed.items.length} of ${parsed.total}`;
      else if (size === 50 && parsed.options)
        found = `${parsed.options.length} options, ${parsed.options.reduce((n, o) => n + o.values.length, 0)} values`;
      if (size === 50 && e.path.includes('?q=') && !e.admin) {
        // The products' page (a typo's corrections are looked up first, also with an ORDER BY).
        const page =
          statements.find((s) => /order by/i.test(s.text) && /from "products"/i.test(s.text)) ?? statements[0];
        const indexes = [...new Set((await counting.explain(page)).match(/products_\w+_idx/g) ?? [])];
        plans.push(
          `${e.name}, the plan PostgreSQL chose: ${indexes.length ? `index scans on ${indexes.join(', ')}` : 'one sequential scan of products (see Indexes below)'}`,
        );
      }
      if (size === 50 && e.admin && e.path.includes('?q=')) {
        // The admin session lookup is one of the statements; the list's own are the page and the count.
        const own = statements.filter((s) => !/admin_sessions/.test(s.text));
        const used = new Set<string>();
        let scans = false;
        for (const s of own) {
          const plan = await counting.explain(s);
          for (const m of plan.match(/\b\w+_(?:idx|pkey|unique)\b/g) ?? []) used.add(m);
          if (/Seq Scan on (products|orders|order_parts|order_items|users|user_profiles|customers)\b/.test(plan))
            scans = true;
        }
        plans.push(
          `${e.name}, the plans PostgreSQL chose: ${used.size ? `indexes ${[...used].join(', ')}` : 'no index'}${scans ? ', with a sequential scan of a large table' : ''}`,
        );
      }
    }
    counts.push([e.name, perSize[0], perSize[1], found || '1 product']);
  }

  const loads: Load[] = [];
  const measure = async (e: Endpoint, at: string, sequential: boolean, connections: number) => {
    await drain(db, Boolean(url));
    const l = await load(e, at, headersOf(e), sequential, connections);
    console.log(
      `${e.name}, ${connections} connections: ${l.rps} requests/s, p99 ${l.underLoad.p99} ms${l.alone ? `, alone p95 ${l.alone.p95} ms` : ''}`,
    );
    return l;
  };
  for (const connections of CONCURRENCY) {
    for (const e of endpoints) loads.push(await measure(e, base, false, connections));
    loads.push(
      await measure(
        { ...endpoints[0], name: `${endpoints[0].name}, from the catalog cache` },
        cachedBase,
        false,
        connections,
      ),
    );
    loads.push(
      await measure(
        { name: 'Bare Fastify (same process)', path: '/bench/bare', sized: () => '' },
        bareBase,
        false,
        connections,
      ),
    );
  }
  const adminLoads: Load[] = [];
  if (WITH_ADMIN) for (const e of adminEndpoints) adminLoads.push(await measure(e, base, true, CONCURRENCY[0]));

  await app.close();
  await cachedApp.close();
  await bare.close();
  await counting.close();
  rmSync(dataDir, { recursive: true, force: true });

  const loadTable = table(
    ['endpoint', 'connections', 'requests/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx', 'errors (timeouts)'],
    loads.map((l) => [
      l.name,
      l.connections,
      l.rps,
      l.underLoad.p50,
      l.underLoad.p95,
      l.underLoad.p99,
      l.non2xx,
      `${l.errors} (${l.timeouts})`,
    ]),
  );
  const adminTable = table(
    [
      'endpoint',
      'requests/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'alone: requests',
      'alone: p50 ms',
      'alone: p95 ms',
      'alone: p99 ms',
      'non-2xx',
      'errors (timeouts)',
    ],
    adminLoads.map((l) => [
      l.name,
      l.rps,
      l.underLoad.p50,
      l.underLoad.p95,
      l.underLoad.p99,
      l.alone?.n ?? '',
      l.alone?.p50 ?? '',
      l.alone?.p95 ?? '',
      l.alone?.p99 ?? '',
      l.non2xx,
      `${l.errors} (${l.timeouts})`,
    ]),
  );
  // The endpoints' paths under the tables, so that a row stays short enough to read.
  const pathsOf = (measured: readonly { name: string; path: string }[]) =>
    [...new Map(measured.map((l) => [l.name, l.path.replace(id, ':id')]))].map(([n, p]) => `- ${n}: \`${p}\``);
  const countTable = table(
    ['endpoint', 'SQL statements, pageSize 5', 'SQL statements, pageSize 50', 'results (pageSize 50)'],
    counts,
  );
  const database = url
    ? `PostgreSQL ${version} server on the same machine`
    : `PGlite ${version}, embedded in the API process`;
  const seedTime = seedSeconds === null ? '' : `, seeded in ${seedSeconds.toFixed(0)} s`;
  const intro =
    `${database}; ${what}${seedTime}; ${machine(loadBefore)}. autocannon in its own process, ` +
    `${CONCURRENCY.join(' and ')} connections, ${DURATION_S} s per endpoint after a 1 s warm-up; p50, p95 and ` +
    'p99 computed from every response time. Every catalog request reads the database ' +
    '(CATALOG_CACHE_SECONDS=0), except the row "from the catalog cache".';
  const adminIntro =
    'Admin lists (a super admin session signed in with password and two-factor code), at ' +
    `${CONCURRENCY[0]} connections. "alone": up to ${SEQUENTIAL_REQUESTS} requests one after another (at most ` +
    "a minute's worth), the time one admin waits when nobody else is using the API.";
  const report = [
    `### ${url ? 'PostgreSQL' : 'PGlite'}${PRODUCTS === DEFAULT_PRODUCTS ? '' : `, ${PRODUCTS.toLocaleString('en-IN')} products`} (${new Date().toISOString().slice(0, 10)})`,
    '',
    wrapped(intro),
    '',
    loadTable,
    '',
    ...pathsOf(loads),
    '',
    ...(WITH_ADMIN
      ? [wrapped(adminIntro), '', adminTable, '', ...pathsOf(adminLoads), '']
      : ['Admin lists not measured this run (BENCH_ADMIN=0).', '']),
    countTable,
    '',
    // A list item's further lines are indented under its first.
    ...plans.map((p) => wrapped(`- ${p}`).replaceAll('\n', '\n  ')),
    '',
  ].join('\n');
  console.log(`\n${report}`);
  console.log(`Finished in ${((Date.now() - started) / 1000).toFixed(0)} s.`);

  if (process.argv.includes('--write')) {
    // One section per database and per catalog size other than the default.
    const marker = `${url ? 'postgresql' : 'pglite'}${PRODUCTS === DEFAULT_PRODUCTS ? '' : `:${PRODUCTS}`}`;
    writeResultsSection(marker, report);
    console.log(`Wrote the ${marker} figures to bench/RESULTS.md`);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
