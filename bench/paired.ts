/**
 * `DATABASE_URL=… npx tsx bench/paired.ts`: the same searches on 10,000 and on 1,000,000 products in
 * alternating rounds (10k, 1M, 10k, 1M…), each 8 s at 10 connections after a 1 s warm-up, and each
 * round's p99 ratio (1M ÷ 10k). Two separate `npm run bench` runs compare figures taken minutes apart,
 * whose noise on this 2-core machine is as large as the differences looked for; paired rounds show
 * it. Reads the databases the last `npm run bench` runs left (`haat_bench`, `haat_bench_1000000`);
 * PATHS (comma-separated) and ROUNDS (4) choose what to measure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCountingPostgres } from './counting-db';
import { benchApi, cannon, listen, percentiles } from './load';

const url = process.env.DATABASE_URL ?? '';
if (!url) throw new Error('DATABASE_URL: the PostgreSQL server holding haat_bench and haat_bench_1000000');
const PATHS = (process.env.PATHS ?? '/api/products?q=kurtha,/api/products?q=pashmina,/api/products?q=cotton').split(
  ',',
);
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const CONNECTIONS = 10;

const dataDir = mkdtempSync(join(tmpdir(), 'haat-bench-paired-'));
// Both APIs run in this process, one idle while the other is measured; every catalog request reads the database.
const catalogs = [];
for (const [label, name] of [
  ['10k', 'haat_bench'],
  ['1M', 'haat_bench_1000000'],
] as const) {
  const counting = await openCountingPostgres(url, { reuse: true, name });
  if (!counting.reused) throw new Error(`${name}: run npm run bench for that catalog size first`);
  const app = await benchApi(counting.database, dataDir, { catalogCache: false });
  catalogs.push({ label, counting, app, base: await listen(app) });
}
for (const path of PATHS) {
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const p99s: number[] = [];
    for (const c of catalogs) {
      await cannon(c.base + path, {}, 1, CONNECTIONS);
      const { result, times } = await cannon(c.base + path, {}, 8, CONNECTIONS);
      const { p99 } = percentiles(times);
      p99s.push(Number(p99));
      console.log(`${path} ${c.label}: ${Math.round(result.requests.average)} requests/s, p99 ${p99} ms`);
    }
    ratios.push(p99s[1] / p99s[0]);
  }
  console.log(
    `${path}: p99 ratios, lowest to highest: ${ratios
      .sort((a, b) => a - b)
      .map((r) => r.toFixed(2))
      .join(', ')}`,
  );
}
for (const c of catalogs) {
  await c.app.close();
  await c.counting.close();
}
rmSync(dataDir, { recursive: true, force: true });
