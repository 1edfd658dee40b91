/**
 * `DATABASE_URL=… npx tsx bench/paired.ts [--write]`: every catalog read of `npm run bench` on 10,000 and on
 * 1,000,000 products in paired rounds, each 8 s at 10 connections after a 1 s warm-up, the two catalogs
 * taking turns to go first, and each round's p99 ratio (1M ÷ 10k). Two separate `npm run bench` runs
 * compare figures taken minutes apart, whose noise on this 2-core machine is as large as the differences
 * looked for; paired rounds show it. The verdict: a read's median ratio is at most 1.5. Reads the
 * databases the last `npm run bench` runs left (`haat_bench`, `haat_bench_1000000`); ROUNDS (4),
 * CONNECTIONS (10) and ROWS (comma-separated parts of the reads' names) choose what to measure;
 * `--write` puts the report into bench/RESULTS.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogEndpoints } from './catalog-endpoints';
import { openCountingPostgres } from './counting-db';
import { benchApi, cannon, listen, percentiles } from './load';
import { machine, median, table, wrapped, writeResultsSection } from './report';
import { readSeeded } from './seed';

const url = process.env.DATABASE_URL ?? '';
if (!url) throw new Error('DATABASE_URL: the PostgreSQL server holding haat_bench and haat_bench_1000000');
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const ROWS = (process.env.ROWS ?? '').split(',').filter(Boolean);
/** A million-product read passes when its median p99 ratio to the 10,000-product one is at most this. */
const LIMIT = 1.5;
const loadBefore = loadavg()[0];

const dataDir = mkdtempSync(join(tmpdir(), 'haat-bench-paired-'));
// Both APIs run in this process, one idle while the other is measured; every catalog request reads the database.
const catalogs = [];
for (const [label, name] of [
  ['10k', 'haat_bench'],
  ['1M', 'haat_bench_1000000'],
] as const) {
  const counting = await openCountingPostgres(url, { reuse: true, name });
  if (!counting.reused) throw new Error(`${name}: run npm run bench for that catalog size first`);
  const seeded = await readSeeded(counting.database.db);
  const app = await benchApi(counting.database, dataDir, { catalogCache: false });
  const endpoints = catalogEndpoints(seeded.sampleProductId);
  catalogs.push({ label, counting, app, base: await listen(app), endpoints, products: seeded.products });
}
const names = catalogs[0].endpoints.map((e) => e.name).filter((n) => !ROWS.length || ROWS.some((r) => n.includes(r)));

type Row = { name: string; path: string; ratios: number[]; rps: number[][] };
const rows: Row[] = [];
for (const name of names) {
  const row: Row = { name, path: catalogs[0].endpoints.find((e) => e.name === name)!.path, ratios: [], rps: [[], []] };
  for (let round = 0; round < ROUNDS; round++) {
    const p99 = [0, 0];
    // The catalogs take turns to go first, so that neither is always measured on a warmer machine.
    for (const i of round % 2 ? [1, 0] : [0, 1]) {
      const c = catalogs[i];
      const path = c.endpoints.find((e) => e.name === name)!.path;
      await cannon(c.base + path, {}, 1, CONNECTIONS);
      const { result, times } = await cannon(c.base + path, {}, 8, CONNECTIONS);
      p99[i] = Number(percentiles(times).p99);
      row.rps[i].push(Math.round(result.requests.average));
      console.log(`${name} ${c.label}: ${Math.round(result.requests.average)} requests/s, p99 ${p99[i]} ms`);
    }
    row.ratios.push(p99[1] / p99[0]);
  }
  console.log(`${name}: p99 ratios ${row.ratios.map((r) => r.toFixed(2)).join(', ')}`);
  rows.push(row);
}
for (const c of catalogs) {
  await c.app.close();
  await c.counting.close();
}
rmSync(dataDir, { recursive: true, force: true });

const range = (xs: number[]) => `${Math.min(...xs)} to ${Math.max(...xs)}`;
const passed = rows.filter((r) => median(r.ratios) <= LIMIT).length;
const report = [
  `### PostgreSQL, 10,00,000 against 10,000 products, paired rounds (${new Date().toISOString().slice(0, 10)})`,
  '',
  wrapped(
    `The catalog reads of \`npm run bench\` on the databases of its last 10,000- and million-product runs, ` +
      `${ROUNDS} rounds each, 8 s at ${CONNECTIONS} connections after a 1 s warm-up per catalog, the catalogs ` +
      `taking turns to go first; catalog cache off. ${machine(loadBefore)}.`,
  ),
  '',
  table(
    ['read', 'p99 ratio (1M ÷ 10k) per round', 'median', `within ${LIMIT}×`, 'requests/s, 10k', 'requests/s, 1M'],
    rows.map((r) => [
      r.name,
      r.ratios.map((x) => x.toFixed(2)).join(', '),
      median(r.ratios).toFixed(2),
      median(r.ratios) <= LIMIT ? 'yes' : '**no**',
      range(r.rps[0]),
      range(r.rps[1]),
    ]),
  ),
  '',
  ...rows.map((r) => `- ${r.name}: \`${r.path.replace(/\/api\/products\/[0-9a-f-]{36}/, '/api/products/:id')}\``),
  '',
  `${passed} of ${rows.length} reads within ${LIMIT}× at the median.`,
].join('\n');
console.log(`\n${report}\n`);
if (process.argv.includes('--write')) {
  writeResultsSection('paired:postgresql', report);
  console.log('Wrote the report into bench/RESULTS.md.');
}
