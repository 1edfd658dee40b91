// Page speed: Lighthouse (mobile, simulated throttling, its defaults) on the home
// page, a search and a product page of the built app, 3 runs each, with Debian's Chromium; and the
// gzipped JavaScript each of those pages needs for its first load, added up from the Vite manifest.
// Needs `npm run build` (runs it when dist/ is missing). Run: npm run bench:lighthouse [-- --write]
// (--write puts the figures into bench/RESULTS.md). LH_RUNS=5 for more runs, CHROMIUM_PATH to change
// the browser, --weights for the JavaScript sizes alone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { machine, median, waitUntilAnswering, writeResultsSection } from './report';

const webDist = 'dist/web';
const runs = Number(process.env.LH_RUNS ?? 3);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const write = process.argv.includes('--write');
const weightsOnly = process.argv.includes('--weights');

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };

/** The gzipped bytes (level 9, as scripts/compress-web.ts writes them) of the entry, the route's lazy chunk and everything they import statically. */
function firstLoadJs(route: string | null): { bytes: number; files: number } {
  const manifest = JSON.parse(readFileSync(join(webDist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('no entry chunk in the Vite manifest');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const k of manifest[key].imports ?? []) visit(k);
  };
  visit(entry);
  if (route) {
    if (!manifest[route]) throw new Error(`${route} is not a chunk of the build`);
    visit(route);
  }
  const bytes = [...seen].reduce(
    (sum, k) => sum + gzipSync(readFileSync(join(webDist, manifest[k].file)), { level: 9 }).length,
    0,
  );
  return { bytes, files: seen.size };
}

const pages = [
  { name: 'Home', path: () => '/', route: 'src/web/features/home/home-page.tsx' },
  { name: 'Search "shirt"', path: () => '/search?q=shirt', route: 'src/web/features/catalog/search-page.tsx' },
  {
    name: 'Product page',
    path: (productId: string) => `/product/${productId}`,
    route: 'src/web/features/catalog/product-page.tsx',
  },
];

/** The home page may be in the entry chunk itself; then only the entry counts. */
function routeKey(route: string) {
  const manifest = JSON.parse(readFileSync(join(webDist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  return manifest[route] ? route : null;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

if (!existsSync(join(webDist, '.vite/manifest.json')) || !existsSync('dist/server/main.js')) {
  console.log('No build (or no manifest): running npm run build...');
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const weights = pages.map((p) => ({ name: p.name, ...firstLoadJs(routeKey(p.route)) }));
for (const w of weights)
  console.log(`${w.name}: first load ${kb(w.bytes)} KB of gzipped JavaScript in ${w.files} files`);
if (weightsOnly) process.exit(0);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

type Run = { score: number; fcp: number; lcp: number; tbt: number; cls: number; si: number; jsTransfer: number };

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  // Every script the page fetched, as sent (over plain http Chromium asks for gzip, not brotli).
  const requests =
    (
      lhr.audits['network-requests']?.details as
        { items?: { resourceType?: string; transferSize?: number }[] } | undefined
    )?.items ?? [];
  const jsTransfer = requests
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    score: lhr.categories.performance.score ?? 0,
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    si: num('speed-index'),
    jsTransfer,
  };
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'haat-lighthouse-'));
const load = loadavg()[0];
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  const base = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${base}/api/ready`, { child: server });
  const products = (await (await fetch(`${base}/api/products?pageSize=1`)).json()) as { items: { id: string }[] };
  const productId = products.items[0]?.id;
  if (!productId) throw new Error('the demo data has no product');

  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  // One unmeasured visit, so the server's first answers (database pages, catalog cache) are warm.
  for (const p of pages) await fetch(`${base}${p.path(productId)}`);
  await audit(`${base}/`, chrome.port);

  const rows: { name: string; path: string; runs: Run[] }[] = [];
  for (const p of pages) {
    const path = p.path(productId);
    const done: Run[] = [];
    for (let i = 0; i < runs; i++) {
      const r = await audit(`${base}${path}`, chrome.port);
      done.push(r);
      console.log(
        `${p.name} run ${i + 1}: score ${Math.round(r.score * 100)}, FCP ${Math.round(r.fcp)} ms, LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms, CLS ${r.cls.toFixed(3)}`,
      );
    }
    rows.push({ name: p.name, path, runs: done });
  }

  const chromeVersion = spawnSync(chromePath, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const lighthouseVersion = (
    JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')) as { version: string }
  ).version;
  const date = new Date().toISOString().slice(0, 10);
  const header =
    '| page | score | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms | scores of the runs | first-load JS, gzip KB | JS fetched, KB on the wire |';
  const lines = rows.map((r) => {
    const m = (k: keyof Run) => median(r.runs.map((x) => x[k]));
    const w = weights.find((x) => x.name === r.name)!;
    return `| ${r.name} \`${r.path.replace(productId, '{id}')}\` | ${Math.round(m('score') * 100)} | ${Math.round(m('fcp'))} | ${Math.round(m('lcp'))} | ${Math.round(m('tbt'))} | ${m('cls').toFixed(3)} | ${Math.round(m('si'))} | ${r.runs.map((x) => Math.round(x.score * 100)).join(', ')} | ${kb(w.bytes)} | ${kb(m('jsTransfer'))} |`;
  });
  const section = [
    `### Page speed: Lighthouse mobile (${date})`,
    '',
    `\`npm run bench:lighthouse\`: Lighthouse ${lighthouseVersion} (performance only, mobile form factor, simulated throttling: its defaults) with ${chromeVersion}, headless, on the built app (\`node dist/server/main.js\`, embedded database with the demo data); ${runs} runs per page, the median of each figure. First-load JS: the entry chunk, the page's chunk and every chunk they import statically, gzip level 9, from the Vite manifest. ${machine(load)}.`,
    '',
    header,
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...lines,
  ].join('\n');
  console.log(`\n${section}\n`);
  if (write) {
    writeResultsSection('lighthouse', section);
    console.log('Wrote the figures into bench/RESULTS.md.');
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
