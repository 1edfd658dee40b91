import { describe, expect, it } from 'vitest';
import { cycleReport, findModuleCycles, moduleGraph, moduleOf } from './check-module-cycles';

const file = (source: string, ...deps: [string, string[]][]) =>
  ({
    source,
    dependencies: deps.map(([resolved, dependencyTypes]) => ({ resolved, dependencyTypes })),
  }) as unknown as Parameters<typeof moduleGraph>[0][number];
const runtime = ['local', 'import'];
const typeOnly = ['local', 'type-only', 'import'];
const m = (name: string, path = 'x.ts') => `src/server/modules/${name}/${name}.${path}`;

describe('module cycles', () => {
  it('names the module of a file inside src/server/modules only', () => {
    expect(moduleOf('src/server/modules/auth/auth.settings.ts')).toBe('auth');
    expect(moduleOf('src/server/platform/db.ts')).toBeNull();
  });

  it('finds no cycle in a graph that goes one way', () => {
    expect(
      findModuleCycles(
        new Map([
          ['orders', ['auth', 'catalog']],
          ['catalog', ['auth']],
        ]),
      ),
    ).toEqual([]);
  });

  it('finds a cycle between two modules, and one through three', () => {
    expect(
      findModuleCycles(
        new Map([
          ['auth', ['notifications']],
          ['notifications', ['auth']],
        ]),
      ),
    ).toEqual([['auth', 'notifications', 'auth']]);
    const three = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findModuleCycles(three)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('collapses files to modules: a cycle between different files of two modules fails', () => {
    const graph = moduleGraph([
      file(m('auth', 'settings.ts'), ['src/server/modules/notifications/index.ts', runtime]),
      file(m('notifications', 'tables.ts'), [m('auth', 'tables.ts'), runtime]),
    ]);
    const [cycle, ...steps] = cycleReport(graph);
    expect(cycle).toBe('Module cycle: auth -> notifications -> auth');
    expect(steps).toEqual([
      `  auth -> notifications: ${m('auth', 'settings.ts')} -> src/server/modules/notifications/index.ts`,
      `  notifications -> auth: ${m('notifications', 'tables.ts')} -> ${m('auth', 'tables.ts')}`,
    ]);
  });

  it('leaves out type-only imports, tests and imports inside a module', () => {
    const graph = moduleGraph([
      file(m('auth', 'settings.ts'), [m('notifications'), typeOnly], [m('auth', 'tables.ts'), runtime]),
      file(m('auth', 'settings.test.ts'), [m('notifications'), runtime]),
      file(m('notifications', 'tables.ts'), [m('auth', 'tables.ts'), runtime]),
    ]);
    expect([...graph.keys()]).toEqual(['notifications']);
    expect(cycleReport(graph)).toEqual([]);
  });
});
