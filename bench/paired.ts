/**
 * `DATABASE_URL=… npx tsx bench/paired.ts`: the same searches on 10,000 and on 1,000,000 products in
 * alternating rounds (10k, 1M, 10k, 1M…), each 8 s at 10 connections after a 1 s warm-up, and each
 * round's p99 ratio (1M ÷ 10k). Two separate `npm run bench` runs compare figures taken minutes apart,
 * whose noise on this 2-core machine is as large as the differences looked for; paired rounds show
 * it. Reads the databases the last `npm run bench` runs left (`haat_bench`, `haat_bench_1000000`);
 * PATHS (comma-separated) and ROUNDS (4) choose what to measure.
 */
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/platform/config';
import { openCountingPostgres } from './counting-db';

const url = process.env.DATABASE_URL ?? '';
if (!url) throw new Error('DATABASE_URL: the PostgreSQL server holding haat_bench and haat_bench_1000000');
async function start(name: string) {
  const c = await openCountingPostgres(url, { reuse: true, name });
  const dataDir = mkdtempSync(join(tmpdir(), 'paired-'));
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: dataDir, CATALOG_CACHE_SECONDS: '0' }), database: c.database, logger: false, webDist: join(dataDir, 'no-web') });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}
function cannon(u: string, duration: number): Promise<{ result: { requests: { average: number } }; times: number[] }> {
  const child = fork(fileURLToPath(new URL('./cannon.mjs', import.meta.url)), [], { execArgv: [] });
  return new Promise((res) => { child.once('message', (m) => res(m as never)); child.send({ url: u, connections: 10, duration, headers: {} }); });
}
const small = await start('haat_bench');
// Both APIs run in this process, one idle while the other is measured.
const big = await start('haat_bench_1000000');
const paths = (process.env.PATHS ?? '/api/products?q=kurtha,/api/products?q=pashmina,/api/products?q=cotton').split(',');
const rounds = Number(process.env.ROUNDS ?? 4);
for (const p of paths) {
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const out: number[] = [];
    for (const b of [small, big]) {
      await cannon(b + p, 1);
      const { result, times } = await cannon(b + p, 8);
      times.sort((x, y) => x - y);
      const p99 = times[Math.ceil(0.99 * times.length) - 1];
      out.push(p99);
      process.stdout.write(`${p} ${b === small ? '10k' : '1M '} ${Math.round(result.requests.average)} rps p99 ${p99.toFixed(1)}\n`);
    }
    ratios.push(out[1] / out[0]);
  }
  ratios.sort((x, y) => x - y);
  console.log(`${p}: ratios ${ratios.map((x) => x.toFixed(2)).join(' ')}`);
}
process.exit(0);
