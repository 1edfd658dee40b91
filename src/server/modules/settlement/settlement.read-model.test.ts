import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The read models join other modules' row sources because they only read them.
const sourceOf = (file: string) => readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
const codeOf = (source: string) => source.replace(/^\s*\/\/.*$/gm, '').replace(/\/\*\*[\s\S]*?\*\//g, '');

describe.each(['settlement.read-model.ts', 'settlement.payouts.read-model.ts'])('%s', (file) => {
  it('only reads: no insert, update, delete or row lock, in the query builder or in raw SQL', () => {
    const code = codeOf(sourceOf(file));
    expect(code).toContain('.select(');
    for (const write of [
      /\.(insert|update|delete|execute)\(/,
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
});

describe('settlement.read-model.ts', () => {
  it('says in its header which modules it joins and why', () => {
    const source = sourceOf('settlement.read-model.ts');
    expect(source.slice(0, source.indexOf('/** Which statement rows'))).toMatch(
      /joins orders \([\s\S]*shops[\s/]+\(vendor_shops[\s\S]*one statement/,
    );
  });
});

describe('settlement.payouts.read-model.ts', () => {
  it('says in its header which module it joins and why', () => {
    const source = sourceOf('settlement.payouts.read-model.ts');
    expect(source.slice(0, source.indexOf('/** The vendor'))).toMatch(/auth[\s\S]*vendorRows[\s\S]*one statement/);
  });
});
