/**
 * `DATABASE_URL=… npx tsx bench/ab.ts [--base REV] [--a-flags "…"] [--b-flags "…"]`: is a change faster? The API
 * of commit REV (A, HEAD when not given) and the API of the working tree (B) run side by side, each in its own
 * process on the `haat_bench` database `npm run bench` left (10,000 products, no catalog cache), and take turns
 * under autocannon: ROUNDS (8) rounds of ROUND_SECONDS (5) at CONNECTIONS (50) for each read, A first in odd
 * rounds and B first in even ones. On a shared machine whose speed drifts by a fifth within minutes, two bench
 * runs taken apart cannot show a gain of a tenth; rounds taken in turn can. For each read: the medians of
 * requests a second, p99, and the CPU time per request (user and system, from /proc) of the API's process and
 * of PostgreSQL's (the server must run on this machine; its other work counts), B ÷ A, and in how many rounds
 * B was the faster. The flags are Node's (`--b-flags "--max-semi-space-size=64"`), to compare settings of one
 * commit. ROWS (comma-separated parts of the reads' names) chooses the reads. Both sides must have the same
 * migrations.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogEndpoints } from './catalog-endpoints';
import { cannon, percentiles } from './load';
import { median } from './report';

const url = process.env.DATABASE_URL ?? '';
if (!url) throw new Error('DATABASE_URL: the PostgreSQL server holding haat_bench (npm run bench leaves it)');
const ROUNDS = Number(process.env.ROUNDS ?? 8);
const SECONDS = Number(process.env.ROUND_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const ROWS = (process.env.ROWS ?? 'page 3,by id,pashmina,price low').split(',').filter(Boolean);

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}
const repo = join(import.meta.dirname, '..');
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
const baseRev = git('rev-parse', '--short', option('--base') ?? 'HEAD');
const changed = git('status', '--porcelain', '--untracked-files=no');
const head = git('rev-parse', '--short', 'HEAD');

// A's source tree: a detached worktree of the base commit, using this repository's installed packages.
const tree = join(tmpdir(), `haat-ab-${baseRev}`);
if (existsSync(tree)) git('worktree', 'remove', '--force', tree);
git('worktree', 'add', '--detach', tree, baseRev);
symlinkSync(join(repo, 'node_modules'), join(tree, 'node_modules'), 'dir');

type Side = { label: string; child: ChildProcess; base: string; productId: string };
async function start(label: string, root: string, flags: string): Promise<Side> {
  const child = fork(join(repo, 'bench/ab-serve.ts'), [], {
    execArgv: ['--import', 'tsx', ...flags.split(' ').filter(Boolean)],
    env: { ...process.env, AB_ROOT: root },
  });
  const ready = await new Promise<{ base: string; productId: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { base: string; productId: string }));
    child.once('exit', (code) => reject(new Error(`${label}'s API stopped before it listened (exit ${code})`)));
  });
  return { label, child, ...ready };
}

/** A process's CPU time so far in microseconds (user and system), from /proc/<pid>/stat; 0 once it has ended. */
function cpuMicros(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
  } catch {
    return 0;
  }
}

/**
 * The CPU time so far of each of this machine's PostgreSQL processes (a local server: DATABASE_URL on this machine),
 * by process id.
 */
function postgresMicros(): Map<string, number> {
  const times = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) times.set(pid, cpuMicros(pid));
    } catch {
      // The process ended while the list was read.
    }
  }
  return times;
}

/** The CPU time PostgreSQL's processes spent since `before` (a process that ended meanwhile is left out). */
function postgresMicrosSince(before: Map<string, number>): number {
  let sum = 0;
  for (const [pid, micros] of postgresMicros()) sum += micros - (before.get(pid) ?? 0);
  return sum;
}

const aFlags = option('--a-flags') ?? '';
const bFlags = option('--b-flags') ?? '';
const loadBefore = loadavg()[0];
const sides: Side[] = [];
try {
  sides.push(await start('A', tree, aFlags));
  sides.push(await start('B', repo, bFlags));
  console.log(
    `A: ${baseRev}${aFlags ? ` with ${aFlags}` : ''}; B: the working tree` +
      (changed ? ` (${changed.split('\n').length} files changed from HEAD ${head})` : '') +
      `${bFlags ? ` with ${bFlags}` : ''}; ${ROUNDS} rounds of ${SECONDS} s at ${CONNECTIONS} connections; ` +
      `load average ${loadBefore.toFixed(1)}`,
  );
  // Both sides read the same database, so the same product.
  for (const endpoint of catalogEndpoints(sides[0].productId)) {
    if (!ROWS.some((r) => endpoint.name.includes(r))) continue;
    const figures = sides.map(() => ({
      rps: [] as number[],
      p99: [] as number[],
      cpu: [] as number[],
      pg: [] as number[],
    }));
    let bFaster = 0;
    for (const side of sides) await cannon(side.base + endpoint.path, {}, 1, CONNECTIONS);
    for (let round = 0; round < ROUNDS; round++) {
      const rps = [0, 0];
      for (const i of round % 2 ? [1, 0] : [0, 1]) {
        const side = sides[i];
        const [before, pgBefore] = [cpuMicros(side.child.pid!), postgresMicros()];
        const { result, times } = await cannon(side.base + endpoint.path, {}, SECONDS, CONNECTIONS);
        if (result.non2xx || result.errors)
          throw new Error(`${side.label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        rps[i] = result.requests.average;
        figures[i].rps.push(rps[i]);
        figures[i].p99.push(Number(percentiles(times).p99));
        figures[i].cpu.push((cpuMicros(side.child.pid!) - before) / (rps[i] * SECONDS));
        figures[i].pg.push(postgresMicrosSince(pgBefore) / (rps[i] * SECONDS));
      }
      if (rps[1] > rps[0]) bFaster++;
    }
    const [a, b] = figures.map((f) => ({
      rps: median(f.rps),
      p99: Math.round(median(f.p99) * 10) / 10,
      cpu: median(f.cpu),
      pg: median(f.pg),
    }));
    console.log(
      `${endpoint.name}: requests/s A ${Math.round(a.rps)}, B ${Math.round(b.rps)} (×${(b.rps / a.rps).toFixed(2)}, ` +
        `B faster in ${bFaster} of ${ROUNDS}); p99 A ${a.p99} ms, B ${b.p99} ms; API CPU a request ` +
        `A ${Math.round(a.cpu)} µs, B ${Math.round(b.cpu)} µs (×${(b.cpu / a.cpu).toFixed(2)}); PostgreSQL's ` +
        `A ${Math.round(a.pg)} µs, B ${Math.round(b.pg)} µs (×${(b.pg / a.pg).toFixed(2)})`,
    );
  }
} finally {
  for (const side of sides) side.child.send('stop');
  await Promise.all(sides.map((s) => new Promise((resolve) => s.child.once('exit', resolve))));
  git('worktree', 'remove', '--force', tree);
  rmSync(tree, { recursive: true, force: true });
}
