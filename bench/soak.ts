/**
 * `npm run soak -- --minutes N [--connections 50] [--port 8490] [--write]`: starts the cluster
 * (bench/cluster-topology.ts: nginx, two API processes, PostgreSQL, Redis, s3rver), then drives mixed
 * traffic through nginx for N minutes over `--connections` keep-alive connections, restarting the
 * first API process halfway (SIGTERM, then started again; `--no-restart` leaves both running, to
 * measure memory). Reports requests, errors by kind (and which fell in the restart window),
 * p50/p95/p99 per route, each process's memory and its growth after a 5-minute warm-up, and the money
 * invariants checked in SQL at the end; `--write` puts the report into bench/RESULTS.md. Exits
 * non-zero when an invariant fails or a request failed outside the restart window. The PostgreSQL
 * database (and its two roles) is the run's own, made at the start and dropped at the end
 * (bench/cluster-topology.ts: CLUSTER_DB and CLUSTER_*_ROLE choose others).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { openPostgres, type Db } from '../src/server/platform/db';
import { startCluster, type ApiProcess, type Cluster } from './cluster-topology';
import { Client, Recorder } from './soak-client';
import { checkInvariants, stockAccount, type Invariant } from './soak-invariants';
import { MIX, newShopper, nextVisit, signInAdmin, signInVendor, type World } from './soak-traffic';
import { machine, table, wrapped, writeResultsSection } from './report';

function arg(name: string, dflt: number): number {
  const i = process.argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return dflt;
  const raw = process.argv[i].includes('=') ? process.argv[i].split('=')[1] : process.argv[i + 1];
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, not ${raw}`);
  return n;
}

const MINUTES = arg('minutes', 2);
const CONNECTIONS = Math.round(arg('connections', 50));
const PORT = Math.round(arg('port', 8490));
const WRITE = process.argv.includes('--write');
const RESTART = !process.argv.includes('--no-restart');
/** Memory may grow while a process warms up; after these minutes, growth of 10 % or more is reported as a leak. */
const WARM_UP_MINUTES = 5;
const GROWTH_LIMIT = 0.1;
/** Errors this long after the restarted process is ready still count as the restart's. */
const WINDOW_TAIL_MS = 5_000;
/** Units every product gets before the run, so that a long soak never sells out (the conservation check counts from there). */
const STOCK = 1_000_000;

const loadBefore = loadavg()[0];
const startedAt = new Date();
const log = (line: string) =>
  console.log(`[${((Date.now() - startedAt.getTime()) / 1000).toFixed(0).padStart(4)} s] ${line}`);

async function soak(cluster: Cluster): Promise<{ failed: boolean; errorsOutside: number }> {
  const owner = await openPostgres(cluster.ownerUrl, 2);
  const recorder = new Recorder();
  const client = new Client(cluster.url, CONNECTIONS, recorder);
  try {
    await giveStock(owner.db);
    const stockBefore = await stockAccount(owner.db);
    const world = await setUp(client, cluster);
    log(
      `set up: ${world.shoppers.length} shoppers with an address, ${world.vendors.length} vendors and the super admin signed in; ${world.products.length} products`,
    );

    const rss = new Map<string, { label: string; kb: number | null }[]>(
      cluster.apis.map((a) => [a.name, [{ label: 'start', kb: a.rssKb() }]]),
    );
    const restarted = cluster.apis[0];
    const runMs = MINUTES * 60_000;
    const t0 = performance.now();
    const until = t0 + runMs;
    const restart = (async () => {
      if (!RESTART) return null;
      await new Promise((r) => setTimeout(r, runMs / 2));
      rss.get(restarted.name)!.push({ label: 'before restart', kb: restarted.rssKb() });
      log(`restarting ${restarted.name}: SIGTERM`);
      recorder.window = { from: performance.now(), to: null };
      const r = await restarted.restart();
      recorder.window.to = performance.now() + WINDOW_TAIL_MS;
      rss.get(restarted.name)!.push({ label: 'after restart', kb: restarted.rssKb() });
      log(
        `${restarted.name} stopped in ${(r.stoppingMs / 1000).toFixed(1)} s and was ready again ${(r.startingMs / 1000).toFixed(1)} s later`,
      );
      return { ...r, atS: Math.round((recorder.window.from - t0) / 1000) };
    })();

    const progress = setInterval(() => log(`${total(recorder)} requests, ${errorsOf(recorder)} errors`), 15_000);
    // Memory every 5 minutes, so that warming up (caches, pools, V8's heap growing) shows apart from a leak.
    const sampler = setInterval(() => {
      const minute = Math.round((performance.now() - t0) / 60_000);
      for (const a of cluster.apis) rss.get(a.name)!.push({ label: `${minute} min`, kb: a.rssKb() });
    }, 5 * 60_000);
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, vu) => {
        while (performance.now() < until) await nextVisit()(world, vu);
      }),
    );
    clearInterval(progress);
    clearInterval(sampler);
    const seconds = (performance.now() - t0) / 1000;
    const restartInfo = await restart;
    for (const a of cluster.apis) rss.get(a.name)!.push({ label: 'end', kb: a.rssKb() });

    log('traffic stopped; checking the money invariants');
    // Let the points release and stock hold jobs finish a pass they may be in.
    await new Promise((r) => setTimeout(r, 2_000));
    const invariants = await checkInvariants(owner.db, stockBefore);
    const nginx = nginxPassedOn(cluster.nginxAccessLog);
    const report = render({ recorder, seconds, rss, restartInfo, restarted, invariants, nginx });
    console.log(`\n${report}\n`);
    if (WRITE) {
      writeResultsSection('soak', report);
      console.log('Wrote the report into bench/RESULTS.md.');
    }
    const errorsOutside = [...recorder.errors.values()].reduce((s, e) => s + e.total - e.inRestart, 0);
    return { failed: invariants.some((i) => i.broken > 0), errorsOutside };
  } finally {
    client.close();
    await owner.close();
  }
}

/**
 * Every variant on sale and every product without options gets at least STOCK units; a product with
 * options then holds its variants' sum, as the catalog keeps it (one transaction, so no request sees
 * a product whose stock is not its variants').
 */
async function giveStock(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update product_variants set stock_quantity = greatest(stock_quantity, ${STOCK}) where withdrawn_at is null`,
    );
    await tx.execute(sql`update products p set stock_quantity = v.units
      from (select product_id, sum(stock_quantity)::int as units from product_variants where withdrawn_at is null group by product_id) v
      where v.product_id = p.id`);
    await tx.execute(sql`update products p set stock_quantity = greatest(stock_quantity, ${STOCK})
      where not exists (select 1 from product_variants v where v.product_id = p.id)`);
  });
}

/** Shoppers registered through nginx (a few at a time: argon2 is slow on purpose), the vendors, the admin, the catalog. */
async function setUp(client: Client, cluster: Cluster): Promise<World> {
  const run = Date.now().toString(36);
  const shoppers: World['shoppers'] = [];
  for (let i = 0; i < CONNECTIONS; i += 5)
    shoppers.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(5, CONNECTIONS - i) }, (_, j) => newShopper(client, i + j, run)),
      )),
    );
  const vendors = await Promise.all(
    ['vendor@haat.test', 'vendor2@haat.test', 'vendor3@haat.test'].map((e) => signInVendor(client, e)),
  );
  const admin = await signInAdmin(client, cluster.admin);
  // The shoppers live in Pune. Of the demo vendors only Sharma (vendor@haat.test) has a GSTIN; the
  // others deliver only within their own states (Notification 34/2023-Central Tax), so checkout
  // would refuse their items to Pune: the soak buys only from Sharma's shops.
  const sharmaShops = await client.call('GET /api/vendor/shops', 'GET', '/api/vendor/shops', { jar: vendors[0].jar });
  const shopsJson = sharmaShops?.json<{ id: string }[] | { items: { id: string }[] }>();
  const deliverable = new Set((Array.isArray(shopsJson) ? shopsJson : (shopsJson?.items ?? [])).map((shop) => shop.id));
  const list = await client.call('GET /api/products (list)', 'GET', '/api/products?pageSize=100');
  const listed = (list?.json<{ items: { id: string; delivers: boolean; storeId: string }[] }>().items ?? []).filter(
    (p) => p.delivers && deliverable.has(p.storeId),
  );
  // A product with sizes or colours is bought as one of its variants: the visitors choose one, as the product page makes a person do.
  const products: World['products'] = [];
  for (const p of listed) {
    const page = await client.call('GET /api/products/:id', 'GET', `/api/products/${p.id}`);
    const variants = page?.json<{ variants: { id: string; stockQuantity: number }[] }>().variants ?? [];
    products.push({ id: p.id, variantIds: variants.filter((v) => v.stockQuantity > 0).map((v) => v.id) });
  }
  const cats = await client.call('GET /api/categories', 'GET', '/api/categories');
  const categories = (cats?.json<{ items: { name: string }[] }>().items ?? []).map((c) => c.name);
  if (products.length === 0 || categories.length === 0)
    throw new Error('set-up failed: no products or categories to shop from');
  return { client, shoppers, vendors, admin, products, categories };
}

const total = (r: Recorder) => [...r.routes.values()].reduce((n, s) => n + s.requests, 0);
const errorsOf = (r: Recorder) => [...r.routes.values()].reduce((n, s) => n + s.errors, 0);

/** Requests nginx passed on to the other process (its upstream status list has two entries), by final status. */
function nginxPassedOn(file: string): Map<string, number> {
  const passed = new Map<string, number>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = / (\d{3}) \d+ [\d.]+ upstream=.* ustatus=(\S+, \S+)/.exec(line);
    if (!m) continue;
    const method = /"(\w+) /.exec(line)?.[1] ?? '?';
    const key = `${method}: ${m[2]} -> ${m[1]}`;
    passed.set(key, (passed.get(key) ?? 0) + 1);
  }
  return passed;
}

/** Nearest-rank percentile in ms. */
function pct(sorted: number[], p: number): string {
  if (sorted.length === 0) return '-';
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(1);
}

const mb = (kb: number | null) => (kb === null ? '-' : `${Math.round(kb / 1024)} MB`);
const n = (x: number) => x.toLocaleString('en-IN');
type Rendered = {
  recorder: Recorder;
  seconds: number;
  rss: Map<string, { label: string; kb: number | null }[]>;
  restartInfo: { stoppingMs: number; startingMs: number; atS: number } | null;
  restarted: ApiProcess;
  invariants: Invariant[];
  nginx: Map<string, number>;
};

function restartSentence(o: Rendered): string {
  const r = o.restartInfo;
  if (!r) return 'No process was restarted (`--no-restart`).';
  const s = (ms: number) => (ms / 1000).toFixed(1);
  return (
    `${o.restarted.name} got SIGTERM at ${r.atS} s, exited ${s(r.stoppingMs)} s later and was ready ` +
    `${s(r.startingMs)} s after its start; the restart window runs from the SIGTERM to ${WINDOW_TAIL_MS / 1000} s ` +
    'after it was ready.'
  );
}

/** Each process's growth from the end of the warm-up to the end of the run (not for a restarted process). */
function memoryGrowth(rss: Rendered['rss']): string {
  const lines = [...rss].map(([name, points]) => {
    const from = points.find((p) => p.label === `${WARM_UP_MINUTES} min`)?.kb;
    const to = points.at(-1)?.kb;
    if (points.some((p) => p.label === 'after restart')) return `${name}: restarted during the run`;
    if (!from || !to) return `${name}: the run was shorter than the ${WARM_UP_MINUTES}-minute warm-up`;
    const growth = to / from - 1;
    const verdict = growth < GROWTH_LIMIT ? 'within' : '**not within**';
    const pct = `${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %`;
    return `${name} ${mb(from)} → ${mb(to)} (${pct}, ${verdict} the ${GROWTH_LIMIT * 100} % limit)`;
  });
  return `Memory growth after the ${WARM_UP_MINUTES}-minute warm-up: ${lines.join('; ')}.`;
}

/** The report, in Markdown (the same text goes to the terminal and to bench/RESULTS.md). */
function render(o: Rendered): string {
  const stats = [...o.recorder.routes.entries()].sort(([a], [b]) => a.localeCompare(b));
  const sum = (k: 'requests' | 'ok' | 'retried' | 'refused' | 'errors') => stats.reduce((s, [, r]) => s + r[k], 0);
  const errors = [...o.recorder.errors.values()].sort((a, b) => b.total - a.total);
  const inRestart = errors.reduce((s, e) => s + e.inRestart, 0);
  const outside = sum('errors') - inRestart;
  const broken = o.invariants.filter((i) => i.broken > 0);
  const mix = MIX.map((m) => `${m.name} ${m.weight}`).join(', ');
  return [
    `### Soak: ${MINUTES} minute${MINUTES === 1 ? '' : 's'} through nginx, ${CONNECTIONS} connections (${startedAt.toISOString().slice(0, 10)})`,
    '',
    wrapped(
      `\`npm run soak -- --minutes ${MINUTES}${RESTART ? '' : ' --no-restart'}\`: two built API processes ` +
        "(`NODE_ENV=production`, PostgreSQL as the run's own app role, which owns nothing, Redis, s3rver) " +
        "behind Debian's nginx (deploy/nginx-proxy.conf); " +
        `${CONNECTIONS} virtual visitors, each with its own registered customer, over ${CONNECTIONS} keep-alive ` +
        `connections, without pauses; visits by weight: ${mix}. ${restartSentence(o)} A GET that failed (network ` +
        'error, 502, 503, 504) is tried once more after 200 ms; answered then, it counts as retried. ' +
        `${machine(loadBefore)}.`,
    ),
    '',
    wrapped(
      `**${n(sum('requests'))} requests** in ${o.seconds.toFixed(0)} s ` +
        `(${Math.round(sum('requests') / o.seconds)}/s): ${n(sum('ok'))} answered, ` +
        `${n(sum('retried'))} answered on a retry, ${n(sum('refused'))} refused as allowed, ` +
        `**${n(sum('errors'))} errors` +
        (o.restartInfo ? `: ${n(inRestart)} in the restart window, ${n(outside)} outside it**.` : '**.'),
    ),
    '',
    errors.length
      ? table(
          ['route', 'error', 'count', 'in the restart window', 'example'],
          errors.map((e) => [e.route, e.kind, e.total, e.inRestart, e.example.replace(/\|/g, '/').slice(0, 40)]),
        )
      : 'No errors.',
    '',
    o.recorder.refusals.size
      ? `Refused as allowed (a vendor's move and a customer's cancel racing for one part): ${[...o.recorder.refusals].map(([k, v]) => `${k} (${v})`).join(', ')}.`
      : 'Nothing was refused.',
    o.recorder.retriedKinds.size
      ? `Retried GETs, by the first failure: ${[...o.recorder.retriedKinds].map(([k, v]) => `${k} ${v}`).join(', ')}.`
      : 'No GET needed a retry.',
    o.nginx.size
      ? `nginx passed on to the other process: ${[...o.nginx].map(([k, v]) => `${k} (${v})`).join(', ')}.`
      : 'nginx never had to pass a request on to the other process.',
    '',
    table(
      ['route', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'retried', 'refused', 'errors'],
      stats.map(([route, r]) => {
        const t = [...r.times].sort((a, b) => a - b);
        return [route, r.requests, pct(t, 50), pct(t, 95), pct(t, 99), r.retried, r.refused, r.errors];
      }),
    ),
    '',
    wrapped(
      `Memory (VmRSS): ${[...o.rss]
        .map(([name, points]) => `${name} ${points.map((p) => `${mb(p.kb)} (${p.label})`).join(', ')}`)
        .join('; ')}.`,
    ),
    wrapped(memoryGrowth(o.rss)),
    '',
    `Money invariants, checked in SQL after the run (bench/soak-invariants.ts): ${broken.length ? `**${broken.length} broken**` : 'all hold'}.`,
    '',
    ...o.invariants.map(
      (i) =>
        `- ${i.broken ? `**broken** (${i.broken}): ` : 'holds: '}${i.name}${i.broken ? `; e.g. \`${JSON.stringify(i.examples[0])}\`` : ''}`,
    ),
  ].join('\n');
}

const cluster = await startCluster({ port: PORT, dbPrefix: 'haat_soak', log, env: { RETURN_WINDOW_DAYS: '0' } });
let exitCode = 1;
let keepFiles = true;
try {
  const { failed, errorsOutside } = await soak(cluster);
  // A broken invariant or an error outside the restart window fails the run (CI runs a short soak).
  exitCode = failed || errorsOutside > 0 ? 1 : 0;
  keepFiles = exitCode !== 0;
} catch (e) {
  console.error(`The soak failed: ${e instanceof Error ? e.message : String(e)}`);
} finally {
  // The logs stay when something failed, or erred outside the restart window, to be looked into.
  await cluster.stop({ keepFiles });
  if (keepFiles) console.log(`Logs kept in ${cluster.dir}`);
}
process.exit(exitCode);
