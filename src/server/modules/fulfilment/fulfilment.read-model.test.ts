import { describe, expect, it } from 'vitest';
import { readModelSource, WRITES_AND_LOCKS } from '../../test/read-models';

// The read model may name other modules' tables (see .dependency-cruiser.cjs) because it only reads them.
const { source, code } = readModelSource(new URL('./fulfilment.read-model.ts', import.meta.url));

describe('fulfilment.read-model.ts', () => {
  it('only reads: no insert, update, delete or row lock, in the query builder or in raw SQL', () => {
    expect(code).toContain('.select(');
    for (const write of WRITES_AND_LOCKS) {
      expect(code).not.toMatch(write);
    }
  });

  it('says in its header which modules it joins and why', () => {
    expect(source.slice(0, source.indexOf('const ownedBy'))).toMatch(/orders[\s\S]*shops[\s\S]*auth[\s\S]*catalog/);
  });
});
