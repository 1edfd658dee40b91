import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The read model may name other modules' tables (see .dependency-cruiser.cjs) because it only reads them.
const source = readFileSync(new URL('./fulfilment.read-model.ts', import.meta.url), 'utf8');
const code = source.replace(/^\s*\/\/.*$/gm, '').replace(/\/\*\*[\s\S]*?\*\//g, '');

describe('fulfilment.read-model.ts', () => {
  it('only reads: no insert, update, delete or row lock, in the query builder or in raw SQL', () => {
    expect(code).toContain('.select(');
    for (const write of [
      /\.(insert|update|delete)\(/,
      /\.for\(/,
      /\binsert\s+into\b/i,
      /\bupdate\s+\w+\s+set\b/i,
      /\bdelete\s+from\b/i,
      /\bfor\s+(no key\s+)?update\b/i,
      /\bfor\s+(key\s+)?share\b/i,
    ]) {
      expect(code).not.toMatch(write);
    }
  });

  it('says in its header which modules it joins and why', () => {
    expect(source.slice(0, source.indexOf('const ownedBy'))).toMatch(/orders[\s\S]*shops[\s\S]*auth[\s\S]*catalog/);
  });
});
