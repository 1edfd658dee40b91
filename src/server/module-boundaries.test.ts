import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Narrow doors: a module reads and writes another module's data only through
 * the functions (or SQL building blocks) that the owner's index.ts exports. This test reads every
 * non-test .ts file under src/server/modules and fails when a module
 *   (a) imports another module's table (an identifier made by pgTable in another module's
 *       *.tables.ts, through its index or its path) or imports another module's *.tables file;
 *   (b) names another module's table in raw SQL (from / join / update / into / delete from <table>
 *       inside a template literal).
 * A module's own *.tables.ts may name other tables (foreign keys are schema, not data access).
 * The only other files allowed to are listed below, each with its reason; the test also fails when
 * a listed file no longer needs its place, so the lists only ever shrink.
 */

/** Files that read across modules on purpose: one read model per module, read-only, for a screen or a rule that needs one statement. */
const READ_MODELS: Record<string, string> = {
  'fulfilment/fulfilment.read-model.ts':
    'the vendor screens (order list, overview) join orders, order parts and items, the vendor’s shops, the customer and the product image in one statement per list, the shop limiting access inside the query',
  'settlement/settlement.read-model.ts':
    'the vendor’s earnings statement pages its own parts of orders (order parts with their orders’ dates, its shops’ names, the shop limiting access inside the query) with their settlement lines summed and their ledger state in one statement',
  'returns/returns.read-model.ts':
    'returns as the customer, the vendor and the super admin list them join the return with its order, its part’s shop (which limits a vendor’s access inside the query), the customer’s name, the items with their pictures, the refund and the credit note, in one statement per page',
  'referrals/referrals.read-model.ts':
    'referral qualification counts the referred party’s delivered orders, its shops’ order parts and its recorded merchant payments in the one update that qualifies a referral; "my referrals" names each party by its business or person name',
};

/**
 * STILL TO NARROW: files that still read or write other modules' tables. Empty since every module
 * was made narrow; a new cross-module read belongs in its module's read model, not here. A
 * listed file that no longer needs its line fails the test.
 */
const STILL_TO_NARROW: Record<string, string> = {};

const here = dirname(fileURLToPath(import.meta.url));
const modulesDir = join(here, 'modules');

type SourceFile = { path: string; module: string; text: string };

function moduleFiles(): SourceFile[] {
  const files: SourceFile[] = [];
  for (const module of readdirSync(modulesDir, { withFileTypes: true })) {
    if (!module.isDirectory()) continue;
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) files.push({ path, module: module.name, text: readFileSync(path, 'utf8') });
      }
    };
    walk(join(modulesDir, module.name));
  }
  return files;
}

const isTablesFile = (path: string) => path.endsWith('.tables.ts');

/** Every table of every module: its identifier and its SQL name, with its owner. */
function tablesOf(files: SourceFile[]) {
  const byIdentifier = new Map<string, string>();
  const bySqlName = new Map<string, string>();
  for (const f of files.filter((x) => isTablesFile(x.path))) {
    const source = ts.createSourceFile(f.path, f.text, ts.ScriptTarget.Latest, true);
    source.forEachChild((node) => {
      if (!ts.isVariableStatement(node) || !node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return;
      for (const d of node.declarationList.declarations) {
        const init = d.initializer;
        if (!ts.isIdentifier(d.name) || !init || !ts.isCallExpression(init) || !ts.isIdentifier(init.expression) || init.expression.text !== 'pgTable') continue;
        const [name] = init.arguments;
        if (!name || !ts.isStringLiteral(name)) continue;
        byIdentifier.set(d.name.text, f.module);
        bySqlName.set(name.text, f.module);
      }
    });
  }
  return { byIdentifier, bySqlName };
}

/** The module a relative import specifier enters, and whether it names a *.tables file. */
function target(fromPath: string, specifier: string): { module: string; tablesFile: boolean } | null {
  if (!specifier.startsWith('.')) return null;
  const rel = relative(modulesDir, resolve(dirname(fromPath), specifier));
  if (rel.startsWith('..')) return null;
  const [module] = rel.split(/[\\/]/);
  return { module, tablesFile: /\.tables(\.ts)?$/.test(rel) };
}

const SQL_TABLE = /\b(?:from|join|update|into)\s+("?)([a-z_][a-z0-9_]*)\1/gi;

/** The violations of one file, as readable lines. */
function violationsOf(f: SourceFile, tables: ReturnType<typeof tablesOf>): string[] {
  const found: string[] = [];
  const source = ts.createSourceFile(f.path, f.text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const to = target(f.path, node.moduleSpecifier.text);
      if (to && to.module !== f.module) {
        if (to.tablesFile) found.push(`imports ${node.moduleSpecifier.text}`);
        const names: string[] = [];
        if (ts.isImportDeclaration(node)) {
          const bindings = node.importClause?.namedBindings;
          if (bindings && ts.isNamedImports(bindings)) names.push(...bindings.elements.map((e) => (e.propertyName ?? e.name).text));
          if (bindings && ts.isNamespaceImport(bindings)) found.push(`imports * from ${node.moduleSpecifier.text}`);
        } else if (node.exportClause && ts.isNamedExports(node.exportClause)) {
          names.push(...node.exportClause.elements.map((e) => (e.propertyName ?? e.name).text));
        }
        for (const n of names) if (tables.byIdentifier.get(n) === to.module) found.push(`imports table ${n} of ${to.module}`);
      }
    }
    const texts: string[] = [];
    if (ts.isNoSubstitutionTemplateLiteral(node)) texts.push(node.text);
    if (ts.isTemplateExpression(node)) texts.push(node.head.text, ...node.templateSpans.map((s) => s.literal.text));
    for (const text of texts) {
      for (const [, , name] of text.matchAll(SQL_TABLE)) {
        const owner = tables.bySqlName.get(name.toLowerCase());
        if (owner && owner !== f.module) found.push(`names ${name} of ${owner} in SQL`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...new Set(found)];
}

function allViolations(files = moduleFiles()): Map<string, string[]> {
  const tables = tablesOf(files);
  const out = new Map<string, string[]>();
  for (const f of files) {
    if (isTablesFile(f.path)) continue;
    const v = violationsOf(f, tables);
    if (v.length > 0) out.set(relative(modulesDir, f.path).split('\\').join('/'), v);
  }
  return out;
}

describe('module boundaries', () => {
  const violations = allViolations();
  const allowed = { ...READ_MODELS, ...STILL_TO_NARROW };

  it('finds the tables of the modules', () => {
    const { byIdentifier, bySqlName } = tablesOf(moduleFiles());
    expect(byIdentifier.get('customers')).toBe('auth');
    expect(bySqlName.get('order_parts')).toBe('orders');
    expect(bySqlName.get('rewards_transactions')).toBe('rewards');
  });

  it('catches each kind of violation in a file made for it (so an empty list still means something)', () => {
    const tables = tablesOf(moduleFiles());
    const path = join(modulesDir, 'cart', 'cart.example.ts');
    const text = [
      "import { sql } from 'drizzle-orm';",
      "import { customers, getMe } from '../auth';",
      "import { rewardsTransactions } from '../rewards/rewards.tables';",
      "import { cartItems } from './cart.tables';",
      'export const q = sql`select 1 from order_parts p join "vendor_shops" s on s.id = p.store_id ${sql`where exists (select 1 from users)`}`;',
      'export const own = sql`delete from cart_items; update cart_items set quantity = 1`;',
    ].join('\n');
    expect(violationsOf({ path, module: 'cart', text }, tables)).toEqual([
      'imports table customers of auth',
      'imports ../rewards/rewards.tables',
      'imports table rewardsTransactions of rewards',
      'names order_parts of orders in SQL',
      'names vendor_shops of shops in SQL',
      'names users of auth in SQL',
    ]);
  });

  it('no module imports another module’s tables or names them in raw SQL, except the listed files', () => {
    const unlisted = [...violations].filter(([file]) => !(file in allowed)).map(([file, v]) => `${file}: ${v.join('; ')}`);
    expect(unlisted).toEqual([]);
  });

  it('every listed file still needs its place (the lists only shrink)', () => {
    const unneeded = Object.keys(allowed).filter((file) => !violations.has(file));
    expect(unneeded).toEqual([]);
  });

  it('read models only read: no insert, update or delete', () => {
    const writes = /\.(insert|update|delete|execute)\(|\binsert\s+into\b|\bupdate\s+\w+(\s+\w+)?\s+set\b|\bdelete\s+from\b/i;
    for (const file of Object.keys(READ_MODELS)) expect(readFileSync(join(modulesDir, file), 'utf8'), file).not.toMatch(writes);
  });

  it('every listed file gives its reason', () => {
    for (const [file, reason] of Object.entries(allowed)) expect(reason.length, file).toBeGreaterThan(20);
  });
});
