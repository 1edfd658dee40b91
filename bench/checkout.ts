/**
 * `npm run bench:checkout`: checkouts per second through the built-in test gateway, on 10,000
 * products. CONNECTIONS distinct customers (20), each on its own keep-alive connection, buy one random
 * product at a time for BENCH_SECONDS (20, after 3 s unmeasured): add it to the cart, read the
 * checkout's total, start the checkout, pay with the test gateway and verify the payment (the order
 * is placed then). It prints checkouts a second and the p50, p95 and p99 of a checkout (start, pay,
 * verify: what a shopper waits for after pressing Pay) and of the whole visit; the SQL statements
 * PostgreSQL receives for one checkout, step by step (counted at the driver, transactions included);
 * and the time of the race of BUYERS (200) customers for UNITS (50) units of one product, each
 * starting a checkout at once and paying (50 orders, 150 refused before paying).
 *
 * PostgreSQL when DATABASE_URL is set (a fresh `haat_bench_checkout` database), otherwise PGlite in a
 * temporary folder (no statement counts: PGlite has no driver to count at). The API runs in this
 * process; the shoppers run in a child process so that their work takes no time from the API's
 * event loop. `-- --write` records the figures in bench/RESULTS.md.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/platform/config';
import { statementsOf as countStatements } from '../src/server/test/statements';
import type { Db } from '../src/server/platform/db';
import { openCountingPglite, openCountingPostgres, type CountingDatabase } from './counting-db';
import { listen, percentiles, type Latency } from './load';
import { machine, runBench, wrapped, writeResultsSection } from './report';
import { seedCatalog } from './seed';
import { Client, Recorder } from './soak-client';
import { newShopper, type Shopper } from './soak-traffic';

const PRODUCTS = 10_000;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_S = 3;
const BUYERS = Number(process.env.BUYERS ?? 200);
const UNITS = Number(process.env.UNITS ?? 50);
/** BENCH_SHOW_SQL=1 prints the statements of the counted checkout. */
const SHOW_SQL = process.env.BENCH_SHOW_SQL === '1';

const rows = async <T>(db: Db, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

type Started = { status: 'placed'; orderId: string } | { status: 'payment_required'; paymentId: string };

/** One purchase of `productId` by a signed-in shopper, through the test gateway; answers when each step ended. */
async function buy(client: Client, s: Shopper, productId: string): Promise<{ ok: boolean; marks: number[] }> {
  const marks = [performance.now()];
  const mark = () => marks.push(performance.now());
  const fail = { ok: false, marks };
  if (!(await client.call('cart', 'POST', '/api/cart/items', { jar: s.jar, json: { productId, quantity: 1 } })))
    return fail;
  const summary = await client.call('summary', 'GET', '/api/checkout/summary?pointsToUse=0', { jar: s.jar });
  if (!summary) return fail;
  mark();
  const total = summary.json<{ amounts: { totalPaise: number } }>().amounts.totalPaise;
  const startedAnswer = await client.call('start', 'POST', '/api/checkout', {
    jar: s.jar,
    json: { addressId: s.addressId, pointsToUse: 0, expectedTotalPaise: total },
    refusals: [409],
  });
  if (!startedAnswer) return fail;
  mark();
  const started = startedAnswer.json<Started>();
  if (started.status === 'placed') return { ok: true, marks };
  const signed = await client.call('pay', 'POST', `/api/payments/${started.paymentId}/test-pay`, { jar: s.jar });
  if (!signed) return fail;
  mark();
  const verified = await client.call('verify', 'POST', '/api/payments/verify', {
    jar: s.jar,
    json: { paymentId: started.paymentId, ...signed.json<Record<string, string>>() },
  });
  mark();
  return { ok: verified !== null, marks };
}

type LoadResult = {
  checkouts: number[];
  visits: number[];
  failed: number;
  seconds: number;
  errors: string[];
};
type RaceResult = { seconds: number; paid: number; refused: number; failed: number };

function errorsOf(recorder: Recorder): string[] {
  return [...recorder.errors.values()].map((e) => `${e.route}: ${e.kind} x${e.total} (${e.example})`);
}

/** The child: registers the shoppers, then buys for the measured time; or runs the race. */
async function shoppers(base: string, mode: 'load' | 'race', productIds: string[]): Promise<LoadResult | RaceResult> {
  const recorder = new Recorder();
  const n = mode === 'load' ? CONNECTIONS : BUYERS;
  const client = new Client(base, Math.max(CONNECTIONS, mode === 'race' ? BUYERS : 0), recorder);
  const run = `${mode}${Date.now().toString(36)}`;
  const all: Shopper[] = [];
  // Registering hashes a password on purpose slowly: a few at a time.
  for (let i = 0; i < n; i += 10)
    all.push(
      ...(await Promise.all(Array.from({ length: Math.min(10, n - i) }, (_, k) => newShopper(client, i + k, run)))),
    );
  const pick = () => productIds[Math.floor(Math.random() * productIds.length)];
  if (mode === 'race') {
    const [productId] = productIds;
    await Promise.all(
      all.map((s) => client.call('cart', 'POST', '/api/cart/items', { jar: s.jar, json: { productId, quantity: 1 } })),
    );
    const totals = await Promise.all(
      all.map(async (s) => {
        const a = await client.call('summary', 'GET', '/api/checkout/summary?pointsToUse=0', { jar: s.jar });
        return a?.json<{ amounts: { totalPaise: number } }>().amounts.totalPaise ?? 0;
      }),
    );
    const t0 = performance.now();
    const outcomes = await Promise.all(
      all.map(async (s, i) => {
        const started = await client.call('start', 'POST', '/api/checkout', {
          jar: s.jar,
          json: { addressId: s.addressId, pointsToUse: 0, expectedTotalPaise: totals[i] },
          refusals: [409],
        });
        if (!started) return 'refused';
        const { paymentId } = started.json<{ paymentId: string }>();
        const signed = await client.call('pay', 'POST', `/api/payments/${paymentId}/test-pay`, { jar: s.jar });
        const verified =
          signed &&
          (await client.call('verify', 'POST', '/api/payments/verify', {
            jar: s.jar,
            json: { paymentId, ...signed.json<Record<string, string>>() },
          }));
        return verified ? 'paid' : 'failed';
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    client.close();
    const count = (o: string) => outcomes.filter((x) => x === o).length;
    return { seconds, paid: count('paid'), refused: count('refused'), failed: count('failed') };
  }
  const checkouts: number[] = [];
  const visits: number[] = [];
  let failed = 0;
  const warmEnd = performance.now() + WARMUP_S * 1000;
  const end = warmEnd + DURATION_S * 1000;
  await Promise.all(
    all.map(async (s) => {
      while (performance.now() < end) {
        const { ok, marks } = await buy(client, s, pick());
        if (marks[0] < warmEnd) continue;
        if (!ok) failed++;
        else if (marks.at(-1)! <= end) {
          checkouts.push(marks.at(-1)! - marks[1]);
          visits.push(marks.at(-1)! - marks[0]);
        }
      }
    }),
  );
  client.close();
  return { checkouts, visits, failed, seconds: DURATION_S, errors: errorsOf(recorder) };
}

function inChild<T>(base: string, mode: 'load' | 'race', productIds: string[]): Promise<T> {
  const child = fork(fileURLToPath(import.meta.url), ['shoppers', base, mode, productIds.join(',')], {
    execArgv: ['--import', 'tsx'],
  });
  return new Promise<T>((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('error', reject);
    child.once('exit', (code) => code && reject(new Error(`the shoppers' process exited ${code}`)));
  });
}

/** The statements `fn` sends, printed one by one with BENCH_SHOW_SQL=1. */
function statementsOf(fn: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const show = (text: string) => console.log(`  ${++n}. ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
  return countStatements(fn, SHOW_SQL ? show : undefined);
}

/** One shopper's checkout, step by step, with the statements each step sends (PostgreSQL only). */
async function statementsPerStep(base: string, productId: string): Promise<Record<string, number>> {
  const recorder = new Recorder();
  const client = new Client(base, 1, recorder);
  const s = await newShopper(client, 0, `count${Date.now().toString(36)}`);
  /** The answer's body, or the recorded error when the step failed. */
  const must = <T>(a: { json<U>(): U } | null, step: string): T => {
    if (!a) throw new Error(`the counted checkout failed at ${step}: ${errorsOf(recorder).join('; ')}`);
    return a.json<T>();
  };
  const steps: Record<string, number> = {};
  await client.call('cart', 'POST', '/api/cart/items', { jar: s.jar, json: { productId, quantity: 1 } });
  let total = 0;
  steps['GET /api/checkout/summary'] = await statementsOf(async () => {
    const a = await client.call('summary', 'GET', '/api/checkout/summary?pointsToUse=0', { jar: s.jar });
    total = must<{ amounts: { totalPaise: number } }>(a, 'the total').amounts.totalPaise;
  });
  let paymentId = '';
  steps['POST /api/checkout'] = await statementsOf(async () => {
    const a = await client.call('start', 'POST', '/api/checkout', {
      jar: s.jar,
      json: { addressId: s.addressId, pointsToUse: 0, expectedTotalPaise: total },
    });
    paymentId = must<{ paymentId: string }>(a, 'the start').paymentId;
  });
  let signed: Record<string, string> = {};
  steps['POST /api/payments/:id/test-pay'] = await statementsOf(async () => {
    const a = await client.call('pay', 'POST', `/api/payments/${paymentId}/test-pay`, { jar: s.jar });
    signed = must<Record<string, string>>(a, 'the payment');
  });
  steps['POST /api/payments/verify'] = await statementsOf(async () => {
    const a = await client.call('verify', 'POST', '/api/payments/verify', {
      jar: s.jar,
      json: { paymentId, ...signed },
    });
    must(a, 'the verification');
  });
  client.close();
  return steps;
}

async function main(): Promise<void> {
  const write = process.argv.includes('--write');
  const loadBefore = loadavg()[0];
  const url = process.env.DATABASE_URL;
  const counting: CountingDatabase = url
    ? await openCountingPostgres(url, { name: 'haat_bench_checkout' })
    : await openCountingPglite();
  const { db } = counting.database;
  const t0 = Date.now();
  await seedCatalog(db, PRODUCTS, { customers: 60, orders: 200 });
  // The bench's shops deliver to the shoppers' state (Maharashtra): a seller without GST
  // registration ships only within its own state, and the bench's shops had none.
  await db.execute(sql`update vendor_shops set state = 'Maharashtra'`);
  const products = await rows<{ id: string }>(
    db,
    sql`select p.id from products p join vendor_shops s on s.id = p.store_id
        where p.is_active and s.is_active and p.option1_name is null and p.stock_quantity >= 100
        order by p.id limit 2000`,
  );
  const [racer] = await rows<{ id: string }>(
    db,
    sql`update products set stock_quantity = ${UNITS} where id = (
          select p.id from products p join vendor_shops s on s.id = p.store_id
          where p.is_active and s.is_active and p.option1_name is null order by p.id desc limit 1)
        returning id`,
  );
  console.log(
    `${counting.label}: seeded ${PRODUCTS.toLocaleString('en-IN')} products in ${(Date.now() - t0) / 1000} s`,
  );

  const dataDir = mkdtempSync(join(tmpdir(), 'haat-bench-checkout-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    CATALOG_CACHE_SECONDS: '0',
    // The shoppers all come from one address: registrations are limited per address.
    REGISTRATIONS_PER_HOUR: '1000000',
    // The built-in test gateway: no money moves (production refuses it unless this is said).
    PAYMENTS_TEST_MODE: 'true',
  });
  const app = await buildApp({ config, database: counting.database, logger: false, webDist: join(dataDir, 'none') });
  const base = await listen(app);
  const productIds = products.map((p) => p.id);

  const steps = url ? await statementsPerStep(base, productIds[0]) : null;
  if (steps) {
    const checkout = Object.entries(steps).filter(([k]) => !k.includes('summary'));
    console.log(
      `SQL statements of one checkout (start, pay, verify): ${checkout.reduce((s, [, n]) => s + n, 0)}: ` +
        Object.entries(steps)
          .map(([k, n]) => `${k} ${n}`)
          .join(', '),
    );
  }

  console.log(`${CONNECTIONS} shoppers buying for ${DURATION_S} s after ${WARMUP_S} s…`);
  const r = await inChild<LoadResult>(base, 'load', productIds);
  const checkout = percentiles(r.checkouts);
  const visit = percentiles(r.visits);
  const perSecond = Math.round((r.checkouts.length / r.seconds) * 10) / 10;
  console.log(
    `Checkouts: ${r.checkouts.length} in ${r.seconds} s = ${perSecond}/s, ${r.failed} failed; ` +
      `a checkout (start, pay, verify) p50 ${checkout.p50} ms, p95 ${checkout.p95} ms, p99 ${checkout.p99} ms; ` +
      `the whole visit (cart, total, checkout) p50 ${visit.p50} ms, p99 ${visit.p99} ms`,
  );
  for (const e of r.errors) console.log(`  error ${e}`);

  console.log(`The race: ${BUYERS} shoppers for ${UNITS} units…`);
  const race = await inChild<RaceResult>(base, 'race', [racer.id]);
  console.log(
    `The race: ${race.paid} paid, ${race.refused} refused before paying, ${race.failed} failed, ` +
      `all answered in ${race.seconds.toFixed(2)} s`,
  );
  const [{ stock }] = await rows<{ stock: number }>(
    db,
    sql`select stock_quantity::int as stock from products where id = ${racer.id}`,
  );
  if (race.paid !== UNITS || stock !== 0) console.log(`  WRONG: ${race.paid} paid, stock left ${stock}`);

  await app.close();
  await counting.close();
  rmSync(dataDir, { recursive: true, force: true });

  if (write) {
    const line = (name: string, l: Latency) => `| ${name} | ${l.p50} | ${l.p95} | ${l.p99} |`;
    const body = [
      `### ${url ? 'PostgreSQL' : 'PGlite'}, checkout through the test gateway ` +
        `(${new Date().toISOString().slice(0, 10)})`,
      '',
      wrapped(
        `${machine(loadBefore)}. ${PRODUCTS.toLocaleString('en-IN')} products (bench/seed.ts), ${CONNECTIONS} ` +
          `distinct customers on ${CONNECTIONS} connections for ${DURATION_S} s after ${WARMUP_S} s, each buying ` +
          'one random product at a time.',
      ),
      '',
      `**${perSecond} checkouts a second**, ${r.failed} failed.`,
      '',
      '| ms | p50 | p95 | p99 |',
      '| --- | --- | --- | --- |',
      line('a checkout: start, pay, verify', checkout),
      line('the whole visit: cart, total, checkout', visit),
      '',
      wrapped(
        steps
          ? `SQL statements of one checkout: ${Object.entries(steps)
              .map(([k, n]) => `${k} ${n}`)
              .join(', ')}.`
          : 'SQL statements: counted on PostgreSQL only.',
      ),
      '',
      wrapped(
        `The race: ${BUYERS} customers for ${UNITS} units, all starting at once: ${race.paid} paid, ` +
          `${race.refused} refused before paying, ${race.failed} failed, in ${race.seconds.toFixed(2)} s.`,
      ),
    ].join('\n');
    writeResultsSection(`checkout:${url ? 'postgresql' : 'pglite'}`, body);
    console.log('Wrote the figures to bench/RESULTS.md');
  }
}

runBench('shoppers', ([base, mode, ids]) => shoppers(base, mode as 'load' | 'race', ids.split(',')), main);
