import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

import exceptions from './module-boundary-exceptions.json';

/*
 * Narrow doors: a module reads and writes another module's data only through the functions, the
 * SQL building blocks and the typed, column-limited row sources (`shopRows`, `orderPartRows`) that
 * the owner's index.ts exports. This test reads every non-test .ts file under src/server/modules
 * and fails when a module
 *   (a) imports another module's table (an identifier made by pgTable in another module's
 *       *.tables.ts, through its index or its path) or imports another module's *.tables file;
 *   (b) names another module's table in SQL text (from / join / update / into / delete from /
 *       exists (select ... from <table>, bare, quoted or schema-qualified, in a template or string literal).
 * A module's own *.tables.ts may name other tables (foreign keys are schema, not data access).
 * The only other files allowed to are the exceptions of module-boundary-exceptions.json (one list,
 * each file with its reason, which .dependency-cruiser.cjs reads too); the test also fails when a
 * listed file no longer needs its place, so the list only ever shrinks. Its goal is to be empty.
 */
const EXCEPTIONS: Record<string, string> = exceptions;

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
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts'))
          files.push({ path, module: module.name, text: readFileSync(path, 'utf8') });
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
        if (
          !ts.isIdentifier(d.name) ||
          !init ||
          !ts.isCallExpression(init) ||
          !ts.isIdentifier(init.expression) ||
          init.expression.text !== 'pgTable'
        )
          continue;
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

/**
 * A table named after from / join / update / into (so also `delete from`, `insert into` and
 * `exists (select ... from`), bare or quoted, optionally schema-qualified (`public.users`,
 * `public."users"`, `"public"."users"`): group 2 is the table's name.
 */
const SQL_TABLE = new RegExp(
  String.raw`\b(?:from|join|update|into)\s+(?:only\s+)?` + // the keyword
    String.raw`(?:"?[a-z_][a-z0-9_]*"?\s*\.\s*)?` + // a schema, quoted or not
    String.raw`("?)([a-z_][a-z0-9_]*)\1(?![a-z0-9_."])`, // the table, quoted or not, whole
  'gi',
);

/** The violations of one file, as readable lines. */
function violationsOf(f: SourceFile, tables: ReturnType<typeof tablesOf>): string[] {
  const found: string[] = [];
  const source = ts.createSourceFile(f.path, f.text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const to = target(f.path, node.moduleSpecifier.text);
      if (to && to.module !== f.module) {
        if (to.tablesFile) found.push(`imports ${node.moduleSpecifier.text}`);
        const names: string[] = [];
        if (ts.isImportDeclaration(node)) {
          const bindings = node.importClause?.namedBindings;
          if (bindings && ts.isNamedImports(bindings))
            names.push(...bindings.elements.map((e) => (e.propertyName ?? e.name).text));
          if (bindings && ts.isNamespaceImport(bindings)) found.push(`imports * from ${node.moduleSpecifier.text}`);
        } else if (node.exportClause && ts.isNamedExports(node.exportClause)) {
          names.push(...node.exportClause.elements.map((e) => (e.propertyName ?? e.name).text));
        }
        for (const n of names)
          if (tables.byIdentifier.get(n) === to.module) found.push(`imports table ${n} of ${to.module}`);
      }
    }
    const texts: string[] = [];
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) texts.push(node.text);
    if (ts.isTemplateExpression(node)) texts.push(node.head.text, ...node.templateSpans.map((s) => s.literal.text));
    for (const text of texts) {
      for (const [, , spelt] of text.matchAll(SQL_TABLE)) {
        const name = spelt.toLowerCase();
        const owner = tables.bySqlName.get(name);
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
  const allowed = EXCEPTIONS;

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

  describe('catches every spelling of another module’s table in SQL text', () => {
    const tables = tablesOf(moduleFiles());
    const path = join(modulesDir, 'cart', 'cart.example.ts');
    const inCart = (text: string) => violationsOf({ path, module: 'cart', text }, tables);
    const spellings: [string, string][] = [
      ['from', 'sql`select id from users where id = ${id}`'],
      ['join', 'sql`select 1 from cart_items c join users u on u.id = c.customer_id`'],
      ['left join', 'sql`select 1 from cart_items c left join users u on u.id = c.customer_id`'],
      ['update', 'sql`update users set email = ${e}`'],
      ['insert into', 'sql`insert into users (id) values (${id})`'],
      ['delete from', 'sql`delete from users where id = ${id}`'],
      ['exists (select ... from', 'sql`select 1 where exists (select 1 from users u where u.id = ${id})`'],
      ['upper case', 'sql`SELECT 1 FROM USERS`'],
      ['a line break', 'sql`select 1\n  from\n    users`'],
      ['schema-qualified', 'sql`select 1 from public.users`'],
      ['quoted', 'sql`select 1 from "users"`'],
      ['schema-qualified and quoted', 'sql`select 1 from public."users"`'],
      ['both quoted', 'sql`select 1 from "public"."users"`'],
      ['after an interpolation', 'sql`select ${a} from ${b} join users u on true`'],
      ['in a string given to sql.raw', "sql.raw('select 1 from users')"],
    ];
    it.each(spellings)('%s', (_, text) => {
      expect(inCart(`export const q = ${text};`)).toEqual(['names users of auth in SQL']);
    });

    it('not its own tables, another table’s column, nor a name that only starts like a table', () => {
      const own = 'sql`delete from cart_items; select 1 from public.cart_items`';
      const notTables = 'sql`select extract(epoch from u.created_at) from usersx`';
      expect(inCart(`export const a = ${own}; export const b = ${notTables};`)).toEqual([]);
    });
  });

  it('no module imports another module’s tables or names them in raw SQL, except the listed files', () => {
    const unlisted = [...violations]
      .filter(([file]) => !(file in allowed))
      .map(([file, v]) => `${file}: ${v.join('; ')}`);
    expect(unlisted).toEqual([]);
  });

  it('every listed file still needs its place (the lists only shrink)', () => {
    const unneeded = Object.keys(allowed).filter((file) => !violations.has(file));
    expect(unneeded).toEqual([]);
  });

  it('the listed files only read: no insert, update or delete', () => {
    const writes =
      /\.(insert|update|delete|execute)\(|\binsert\s+into\b|\bupdate\s+\w+(\s+\w+)?\s+set\b|\bdelete\s+from\b/i;
    for (const file of Object.keys(EXCEPTIONS)) {
      expect(readFileSync(join(modulesDir, file), 'utf8'), file).not.toMatch(writes);
    }
  });

  it('every listed file gives its reason', () => {
    for (const [file, reason] of Object.entries(allowed)) expect(reason.length, file).toBeGreaterThan(20);
  });
});
