import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Admin is a set of tabs, each importing only what it shows: no file of the admin module imports
 * more than MAX_MODULES other modules (distinct src/server/modules/<other>/ targets of its imports,
 * re-exports and dynamic imports; its own files, platform, contracts and domain do not count), and
 * no read model of any module is over MAX_READ_MODEL_LINES lines. Tests are left out: their fixtures
 * write rows of every module directly, as .dependency-cruiser.cjs allows them to.
 */
const MAX_MODULES = 5;
const MAX_READ_MODEL_LINES = 250;
const modulesDir = join(dirname(fileURLToPath(import.meta.url)), 'modules');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return filesUnder(join(dir, e.name));
    return e.name.endsWith('.ts') ? [join(dir, e.name)] : [];
  });
}

const lineCount = (text: string) => text.trimEnd().split('\n').length;
const importsOf = (path: string) => modulesImportedBy(path, readFileSync(path, 'utf8'));
const name = (path: string) => relative(modulesDir, path).split('\\').join('/');
const isTest = (path: string) => path.endsWith('.test.ts') || path.endsWith('.d.ts');

/** The other modules a file imports from: its relative imports, re-exports and dynamic imports into other modules. */
function modulesImportedBy(path: string, text: string): string[] {
  const own = relative(modulesDir, path).split(/[\\/]/)[0];
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    const declared = (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier;
    if (declared && ts.isStringLiteral(declared)) specifiers.push(declared.text);
    const isImportCall = ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword;
    const dynamic = isImportCall && node.arguments[0];
    if (dynamic && ts.isStringLiteral(dynamic)) specifiers.push(dynamic.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true));
  const modules = specifiers
    .filter((s) => s.startsWith('.'))
    .map((s) => relative(modulesDir, resolve(dirname(path), s)))
    .filter((rel) => !rel.startsWith('..'))
    .map((rel) => rel.split(/[\\/]/)[0]);
  return [...new Set(modules)].filter((m) => m !== own).sort();
}

describe('the admin module’s shape', () => {
  it('counts the modules a file imports (so a pass means something)', () => {
    const path = join(modulesDir, 'admin', 'admin.example.ts');
    const text = [
      "import { a } from '../auth';",
      "import type { B } from '../orders/orders.queries';",
      "import { c } from './admin.step-up';",
      "import { d } from '../../platform/db';",
      "import { e } from '../../../contracts/admin.contract';",
      "export { f } from '../shops';",
      "const g = () => import('../catalog');",
      "import { h } from '../auth/auth.rows';",
    ].join('\n');
    expect(modulesImportedBy(path, text)).toEqual(['auth', 'catalog', 'orders', 'shops']);
  });

  it(`no file of admin imports more than ${MAX_MODULES} other modules`, () => {
    const tooMany = filesUnder(join(modulesDir, 'admin'))
      .filter((path) => !isTest(path))
      .map((path) => ({ file: relative(modulesDir, path), modules: importsOf(path) }))
      .filter(({ modules }) => modules.length > MAX_MODULES)
      .map(({ file, modules }) => `${file}: ${modules.join(', ')}`);
    expect(tooMany).toEqual([]);
  });

  it(`no read model of any module is over ${MAX_READ_MODEL_LINES} lines`, () => {
    const readModels = filesUnder(modulesDir).filter((path) => path.endsWith('.read-model.ts'));
    expect(readModels.length).toBeGreaterThan(0);
    const tooLong = readModels
      .map((path) => ({ file: name(path), lines: lineCount(readFileSync(path, 'utf8')) }))
      .filter(({ lines }) => lines > MAX_READ_MODEL_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });
});
