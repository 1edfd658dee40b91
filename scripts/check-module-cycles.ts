// Part of `npm run check:imports`: fails when the server's modules import each other in a circle
// (src/server/modules/a -> b -> ... -> a), even when the files differ, which dependency-cruiser's
// `circular` (a rule about files) does not see. Every file of a module counts as the module; tests
// do not (they are not run in the app). Runtime imports only: a type-only import is erased when the
// code is compiled, so a cycle through one does not exist at run time. docs/architecture.md.
import { resolve } from 'node:path';
import { cruise, type ICruiseResult, type IModule } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

/** A module's name for a file inside src/server/modules/<name>/, or null for any other file. */
export function moduleOf(path: string): string | null {
  return /^src\/server\/modules\/([^/]+)\//.exec(path)?.[1] ?? null;
}

/** Imports that do not exist at run time: `import type`, and `import('x').T` in a type. */
const typeOnly = new Set(['type-only', 'type-import']);

/** A module-to-module edge, with the file imports it stands for. */
export type ModuleGraph = Map<string, Map<string, string[]>>;

/** The files' runtime imports collapsed to their modules (tests left out, imports inside a module dropped). */
export function moduleGraph(files: Pick<IModule, 'source' | 'dependencies'>[]): ModuleGraph {
  const graph: ModuleGraph = new Map();
  for (const file of files) {
    const from = moduleOf(file.source);
    if (!from || /\.test\.tsx?$/.test(file.source)) continue;
    for (const dep of file.dependencies) {
      const to = moduleOf(dep.resolved);
      if (!to || to === from || dep.dependencyTypes.some((t) => typeOnly.has(t))) continue;
      const edges = graph.get(from) ?? graph.set(from, new Map()).get(from)!;
      const via = edges.get(to) ?? edges.set(to, []).get(to)!;
      via.push(`${file.source} -> ${dep.resolved}`);
    }
  }
  return graph;
}

/**
 * One cycle per group of modules that reach each other (a strongly connected component, Tarjan),
 * as the path that closes it: ['auth', 'notifications', 'auth']. Empty when the graph has none.
 */
export function findModuleCycles(graph: Map<string, string[]>): string[][] {
  const next = (m: string) => graph.get(m) ?? [];
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (m: string) => {
    index.set(m, index.size);
    low.set(m, index.get(m)!);
    stack.push(m);
    onStack.add(m);
    for (const n of next(m)) {
      if (!index.has(n)) {
        visit(n);
        low.set(m, Math.min(low.get(m)!, low.get(n)!));
      } else if (onStack.has(n)) low.set(m, Math.min(low.get(m)!, index.get(n)!));
    }
    if (low.get(m) === index.get(m)) {
      const group: string[] = [];
      let n: string;
      do {
        n = stack.pop()!;
        onStack.delete(n);
        group.push(n);
      } while (n !== m);
      if (group.length > 1 || next(m).includes(m)) groups.push(group);
    }
  };
  const nodes = [...new Set([...graph.keys(), ...[...graph.values()].flat()])].sort();
  for (const m of nodes) if (!index.has(m)) visit(m);
  return groups.map((group) => cycleThrough(group.sort()[0], new Set(group), next));
}

/** A shortest path from start back to start inside the group (breadth first). */
function cycleThrough(start: string, group: Set<string>, next: (m: string) => string[]): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const m = queue.shift()!;
    for (const n of next(m)
      .filter((x) => group.has(x))
      .sort()) {
      if (n === start) {
        const between: string[] = [];
        for (let at = m; at !== start; at = cameFrom.get(at)!) between.unshift(at);
        return [start, ...between, start];
      }
      if (!cameFrom.has(n)) {
        cameFrom.set(n, m);
        queue.push(n);
      }
    }
  }
  return [start, start];
}

/** The report's lines: one per cycle, with the file imports of each step. */
export function cycleReport(graph: ModuleGraph): string[] {
  const edges = new Map([...graph].map(([from, to]) => [from, [...to.keys()]]));
  return findModuleCycles(edges).flatMap((cycle) => [
    `Module cycle: ${cycle.join(' -> ')}`,
    ...cycle.slice(1).map((to, i) => `  ${cycle[i]} -> ${to}: ${graph.get(cycle[i])!.get(to)!.join(', ')}`),
  ]);
}

async function main(): Promise<number> {
  const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
  const tsConfig = extractTSConfig(resolve('tsconfig.json'));
  const { output } = await cruise(['src/server/modules'], { ...options, validate: false }, {}, { tsConfig });
  const lines = cycleReport(moduleGraph((output as ICruiseResult).modules));
  if (lines.length) {
    console.error([...lines, 'A module may not import, through any chain, a module that imports it.'].join('\n'));
    return 1;
  }
  console.log('No cycles between modules.');
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.dirname, 'check-module-cycles.ts')) {
  main().then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(`The module cycle check failed: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(2);
    },
  );
}
