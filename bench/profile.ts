/**
 * `npm run bench:profile`: where the API's time goes on the catalog's busiest reads. On PostgreSQL
 * (DATABASE_URL; the `haat_bench` database of `npm run bench`, seeded with 10,000 products when it is
 * missing), the API without its catalog cache answers each endpoint below for PROFILE_SECONDS (8) at
 * 50 connections from autocannon in its own process, while V8's sampling profiler records the API's
 * thread. Each profile is written to bench/profiles/<name>.cpuprofile (open it in Chrome DevTools,
 * Performance, or speedscope.app, as a flame graph) and summed up here: the share of the thread's busy
 * time in each package and in the heaviest functions. `-- list search` profiles only those.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session, type Profiler } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openCountingPostgres } from './counting-db';
import { benchApi, cannon, listen, percentiles } from './load';
import { readSeeded, seedCatalog } from './seed';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 50);
const OUT = join(import.meta.dirname, 'profiles');

/** How a profile node reads in a summary: a package under node_modules, a file of ours, or Node's own. */
function placeOf(url: string): string {
  const pkg = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.includes('/src/')) return `src/${url.split('/src/')[1]}`;
  if (url.startsWith('node:')) return 'node';
  return url ? url : '(V8 and the system)';
}

/** The shares of the busy samples (idle left out) by package and by function, largest first. */
export function summarise(
  profile: Profiler.Profile,
  top = 15,
): { busyMs: number; packages: string[]; functions: string[] } {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const timeOf = new Map<number, number>();
  profile.samples?.forEach((id, i) => timeOf.set(id, (timeOf.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)));
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const [id, micros] of timeOf) {
    const frame = nodes.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    busy += micros;
    const place = placeOf(frame.url);
    const pkg = place.startsWith('src/') ? place.split('/').slice(0, 4).join('/').replace(/\.ts$/, '') : place;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
    const fn = `${frame.functionName || '(anonymous)'} (${place}${frame.url ? `:${frame.lineNumber + 1}` : ''})`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
  }
  const rows = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => `${((100 * v) / busy).toFixed(1).padStart(5)} %  ${k}`);
  return { busyMs: Math.round(busy / 1000), packages: rows(byPackage), functions: rows(byFunction) };
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error(
      'bench:profile measures PostgreSQL: set DATABASE_URL (for example postgres://postgres@127.0.0.1:5432/postgres)',
    );
  const counting = await openCountingPostgres(url, { reuse: true, name: 'haat_bench' });
  const { db } = counting.database;
  let seeded = counting.reused ? await readSeeded(db) : null;
  if (!seeded) {
    seeded = await seedCatalog(db, 10_000, { progress: (line) => console.log(line) });
    await db.execute(sql`vacuum analyze`);
  }
  const targets: Record<string, string> = {
    list: '/api/products?page=3',
    product: `/api/products/${seeded.sampleProductId}`,
    search: '/api/products?q=pashmina',
    typo: '/api/products?q=kurtha',
    category: '/api/products?category=fashion&sort=price-low',
  };
  const chosen = process.argv.slice(2).filter((a) => a !== '--');
  for (const name of chosen)
    if (!targets[name]) throw new Error(`no such target ${name}: ${Object.keys(targets).join(', ')}`);

  const dataDir = mkdtempSync(join(tmpdir(), 'haat-profile-'));
  const app = await benchApi(counting.database, dataDir, { catalogCache: false });
  const base = await listen(app);
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  mkdirSync(OUT, { recursive: true });
  try {
    for (const [name, path] of Object.entries(targets)) {
      if (chosen.length && !chosen.includes(name)) continue;
      await cannon(base + path, {}, 2, CONNECTIONS);
      await session.post('Profiler.start');
      const { result, times } = await cannon(base + path, {}, SECONDS, CONNECTIONS);
      const { profile } = await session.post('Profiler.stop');
      const file = join(OUT, `${name}.cpuprofile`);
      // Indented, one value a line: committed flame graphs stay within the repository's line length.
      writeFileSync(file, `${JSON.stringify(profile, null, 1)}\n`);
      const s = summarise(profile);
      const { p50, p99 } = percentiles(times);
      console.log(`\n${name}: GET ${path}, ${CONNECTIONS} connections, ${SECONDS} s, profiled`);
      console.log(
        `  ${Math.round(result.requests.average)} req/s, p50 ${p50} ms, p99 ${p99} ms, non-2xx ${result.non2xx}`,
      );
      console.log(`  the API's thread busy ${s.busyMs} ms of ${SECONDS * 1000} ms; profile ${file}`);
      console.log('  by package:\n    ' + s.packages.join('\n    '));
      console.log('  heaviest functions (self time):\n    ' + s.functions.join('\n    '));
    }
  } finally {
    session.disconnect();
    await app.close();
    await counting.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
