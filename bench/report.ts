// What the bench scripts share: the line describing the machine a run was made on, the sections of
// bench/RESULTS.md each script rewrites, and waiting for a started server to answer.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { relative } from 'node:path';

/** The commit a run was made on (with "and uncommitted changes" when the tree differs from it). */
function commitOfRun(): string {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: 'pipe' }).trim();
  try {
    // The results file itself is written by the runs: a run after another is still on its commit.
    const changed = git('status', '--porcelain', '--', '.', ':!bench/RESULTS.md') ? ' and uncommitted changes' : '';
    return `commit ${git('rev-parse', '--short', 'HEAD')}${changed}`;
  } catch {
    return 'no git commit known';
  }
}

/** How the run was started: `npm run <script> -- <args>` or `npx tsx <file> <args>`, after DATABASE_URL if set. */
function commandOfRun(): string {
  const args = process.argv.slice(2);
  const env = process.env.DATABASE_URL ? 'DATABASE_URL=… ' : '';
  // npx sets npm_lifecycle_event to 'npx': a script run by npx tsx is named by its file.
  const script = process.env.npm_lifecycle_event === 'npx' ? undefined : process.env.npm_lifecycle_event;
  if (!script)
    return `${env}npx tsx ${relative(process.cwd(), process.argv[1] ?? '')}${args.map((a) => ` ${a}`).join('')}`;
  return `${env}npm run ${script}${args.length ? ` -- ${args.join(' ')}` : ''}`;
}

/**
 * The run and its machine: the commit and the command (bench/RESULTS.md's tables each say what made
 * them), then the machine with the load average taken before the run (`loadBefore`) and now.
 */
export function machine(loadBefore: number): string {
  const cpu = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'})`;
  const load = `load average ${loadBefore.toFixed(1)} before the run and ${loadavg()[0].toFixed(1)} after it`;
  const memory = `${Math.round(totalmem() / 2 ** 30)} GB RAM`;
  return `${commitOfRun()}, \`${commandOfRun()}\`; ${cpu}, ${memory}, Node.js ${process.version}, ${load}`;
}

/** A Markdown table: the header, its rule, then one line per row. */
/** The middle of the figures (the mean of the two middle ones for an even count). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** A paragraph broken into lines of at most `width` characters (a longer word stays whole on its line). */
export function wrapped(text: string, width = 110): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

/**
 * A bench script's start: with `childArg` as its first argument it is the child process the script forked
 * (its load generator), which sends what `child` answers to its parent and exits; else it runs `main`.
 */
export function runBench<T>(childArg: string, child: (args: string[]) => Promise<T>, main: () => Promise<void>): void {
  const fail = (e: unknown) => {
    console.error(e);
    process.exit(1);
  };
  if (process.argv[2] === childArg)
    child(process.argv.slice(3)).then((r) => process.send?.(r, () => process.exit(0)), fail);
  else main().catch(fail);
}

const RESULTS = new URL('./RESULTS.md', import.meta.url);

/**
 * Replaces the section of bench/RESULTS.md between `<!-- bench:{marker}:start -->` and its end
 * marker with `body`; a section not there yet is added before "## Reading the figures".
 */
export function writeResultsSection(marker: string, body: string): void {
  const start = `<!-- bench:${marker}:start -->`;
  const end = `<!-- bench:${marker}:end -->`;
  let text = readFileSync(RESULTS, 'utf8');
  if (!text.includes(start)) {
    const before = text.indexOf('## Reading the figures');
    if (before < 0)
      throw new Error('bench/RESULTS.md has no "## Reading the figures" heading to put a new section before');
    text = `${text.slice(0, before)}${start}\n${end}\n\n${text.slice(before)}`;
  }
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (j < i) throw new Error(`bench/RESULTS.md has no ${start} ... ${end} section`);
  writeFileSync(
    RESULTS,
    `${text.slice(0, i + start.length)}\n${body.endsWith('\n') ? body : `${body}\n`}${text.slice(j)}`,
  );
}

/** Waits until `url` answers 2xx, for at most `seconds`; fails at once if `child` (the server) stops. */
export async function waitUntilAnswering(
  url: string,
  { child, seconds = 120 }: { child?: ChildProcess; seconds?: number } = {},
): Promise<void> {
  for (let i = 0; i < seconds * 10; i++) {
    if (child && child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}
