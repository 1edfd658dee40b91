import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Admin's read models (one per tab) join other modules' rows through their owners' row sources and only read them.
const dir = new URL('./', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.read-model.ts'));

describe.each(files)('%s', (file) => {
  const source = readFileSync(new URL(file, dir), 'utf8');
  const code = source.replace(/^\s*\/\/.*$/gm, '').replace(/\/\*\*[\s\S]*?\*\//g, '');

  it('only reads: no insert, update, delete or row lock, in the query builder or in raw SQL', () => {
    expect(code).toMatch(/\.select\(|queryRows[<(]/);
    const builder = [/\.(insert|update|delete)\(/, /\.for\(/];
    const raw = [
      /\binsert\s+into\b/i,
      /\bupdate\s+\w+\s+set\b/i,
      /\bdelete\s+from\b/i,
      /\bfor\s+(no key\s+)?update\b/i,
    ];
    for (const write of [...builder, ...raw, /\bfor\s+(key\s+)?share\b/i]) {
      expect(code).not.toMatch(write);
    }
  });

  it('says in its header which modules it reads and that it only reads', () => {
    const header = source.slice(0, source.search(/^(const|export|function|async)/m));
    const modules = [...new Set([...source.matchAll(/from '\.\.\/([a-z-]+)'/g)].map((m) => m[1]))];
    for (const module of modules) expect(header, module).toMatch(new RegExp(`\\b${module} \\(|\\(${module}\\)`));
    expect(header).toContain('Read-only');
  });
});

it('admin has read models', () => {
  expect(files.length).toBeGreaterThan(5);
});
