/**
 * `npx tsx bench/documents.ts`: 300 downloads of one tax invoice's PDF, 20 at a time, while
 * /api/health is asked every 20 ms; prints the p50 and p99 of both. The API runs in this process on
 * the demo store (the embedded database in a temporary DATA_DIR, or DATABASE_URL's database when set
 * and empty); the downloads and the health checks come from a child process, so that the client's
 * work does not slow the server it measures. The download limit is lifted for the run (it measures
 * serving the stored file, not the limit). WARMUP downloads (300 unless set; 0 measures a server just
 * started) go first, unmeasured. Goal: /api/health p99 < 50 ms, PDF p50 ≤ 2 ms.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/platform/config';
import { migrateForApp, openDatabase, queryRows } from '../src/server/platform/db';
import { CUSTOMER_WITH_PAST_ORDERS } from '../src/server/seed/demo-settlement';
import { seedDemoData } from '../src/server/seed/demo-data';
import { listen, percentiles } from './load';
import { runBench } from './report';
import { sql } from 'drizzle-orm';

const DOWNLOADS = Number(process.env.DOWNLOADS ?? 300);
const AT_ONCE = Number(process.env.AT_ONCE ?? 20);
/** Downloads before the measured ones, AT_ONCE at a time: a server that has been running, not one just started. */
const WARMUP = Number(process.env.WARMUP ?? 300);
const HEALTH_EVERY_MS = 20;

type Timings = { pdf: number[]; health: number[]; statuses: Record<string, number>; seconds: number };

/** The child: signs in, downloads the PDF DOWNLOADS times AT_ONCE at a time while polling /api/health. */
async function client(base: string, path: string): Promise<Timings> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'haat' },
    body: JSON.stringify({ email: CUSTOMER_WITH_PAST_ORDERS.email, password: CUSTOMER_WITH_PAST_ORDERS.password }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = { cookie, 'x-requested-with': 'haat' };
  const timed = async (url: string, into: number[], statuses?: Record<string, number>) => {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    into.push(performance.now() - started);
    if (statuses) statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  };
  // Warm-up (not measured): the route, the session, the file, and the compiled code of a running server.
  let warmed = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (warmed < Math.max(WARMUP, 5)) {
        warmed++;
        await timed(base + path, []);
      }
    }),
  );
  const t: Timings = { pdf: [], health: [], statuses: {}, seconds: 0 };
  const started = performance.now();
  let done = false;
  const polling = (async () => {
    while (!done) {
      await timed(`${base}/api/health`, t.health);
      await new Promise((r) => setTimeout(r, HEALTH_EVERY_MS));
    }
  })();
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < DOWNLOADS) {
        next++;
        await timed(base + path, t.pdf, t.statuses);
      }
    }),
  );
  t.seconds = (performance.now() - started) / 1000;
  done = true;
  await polling;
  return t;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-bench-documents-'));
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    DOWNLOADS_PER_MINUTE: '1000000',
  };
  const config = loadConfig({
    ...env,
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const database = await openDatabase(config);
  await migrateForApp(database, config);
  const app = await buildApp({ config, database, logger: false, webDist: join(dataDir, 'no-web') });
  console.log('Loading the demo store and rendering its documents…');
  await seedDemoData({ db: database.db, storage: app.ctx.storage, documents: app.ctx.documents });
  const [doc] = await queryRows<{ id: string; order_id: string; number: string }>(
    database.db,
    sql`select d.id, d.order_id, d.number from tax_documents d join orders o on o.id = d.order_id join users u on u.id = o.customer_id
        where u.email = ${CUSTOMER_WITH_PAST_ORDERS.email} and d.pdf_sha256 is not null order by d.created_at limit 1`,
  );
  if (!doc) throw new Error('the demo customer has no document with its PDF');
  // The server's own time for each download (from the request's arrival to its last byte handed to
  // the socket), apart from the client's: at 20 at a time the client-observed time is mostly the wait.
  const served: number[] = [];
  app.addHook('onResponse', async (req, reply) => {
    if (req.url.endsWith('.pdf')) served.push(reply.elapsedTime);
  });
  const base = await listen(app);
  const path = `/api/orders/${doc.order_id}/documents/${doc.id}.pdf`;
  console.log(
    `${DOWNLOADS} downloads of ${doc.number} (${path}), ${AT_ONCE} at a time, after ${WARMUP} not measured, ` +
      `/api/health every ${HEALTH_EVERY_MS} ms (${database.kind})`,
  );
  const child = fork(fileURLToPath(import.meta.url), ['client', base, path], { execArgv: ['--import', 'tsx'] });
  const t = await new Promise<Timings>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Timings));
    child.once('error', reject);
    child.once('exit', (code) => code && reject(new Error(`client exited ${code}`)));
  });
  const pdf = percentiles(t.pdf);
  const server = percentiles(served.slice(-DOWNLOADS));
  const health = percentiles(t.health);
  console.log(
    `PDF downloads: ${t.pdf.length}, statuses ${JSON.stringify(t.statuses)}: p50 ${pdf.p50} ms, p99 ${pdf.p99} ms`,
  );
  console.log(
    `  server time per download: p50 ${server.p50} ms, p99 ${server.p99} ms; ${Math.round(DOWNLOADS / t.seconds)} downloads/s overall`,
  );
  console.log(`/api/health meanwhile: ${t.health.length} checks: p50 ${health.p50} ms, p99 ${health.p99} ms`);
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

runBench('client', ([base, path]) => client(base, path), main);
