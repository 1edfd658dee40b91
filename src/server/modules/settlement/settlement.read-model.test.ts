import { describe, expect, it } from 'vitest';
import { readModelSource, WRITES_AND_LOCKS } from '../../test/read-models';

// The read models join other modules' row sources because they only read them.
const sourceOf = (file: string) => readModelSource(new URL(`./${file}`, import.meta.url)).source;
const codeOf = (file: string) => readModelSource(new URL(`./${file}`, import.meta.url)).code;

describe.each(['settlement.read-model.ts', 'settlement.payouts.read-model.ts'])('%s', (file) => {
  it('only reads: no insert, update, delete or row lock, in the query builder or in raw SQL', () => {
    const code = codeOf(file);
    expect(code).toContain('.select(');
    // Nor a raw statement of its own (db.execute).
    for (const write of [...WRITES_AND_LOCKS, /\.execute\(/]) {
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
