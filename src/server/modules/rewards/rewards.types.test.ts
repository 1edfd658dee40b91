import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionTypes } from '../../../contracts/rewards.contract';
import { queryRows } from '../../platform/db';
import { buildTestApp, type TestApp } from '../../test/app';

// The wallet's answer is checked against the contract's list of row types: a type the database
// accepts but the contract does not name (as 'return_refund', a cash on delivery return's refund,
// once was) makes GET /api/wallet fail for every customer who has such a row.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('points ledger row types', () => {
  it('are the same in the database check and in the wallet contract', async () => {
    const [row] = await queryRows<{ def: string }>(
      t.db,
      sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'rewards_transactions_type_check'`,
    );
    const inDatabase = [...row.def.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
    expect(inDatabase.length).toBeGreaterThan(0);
    expect([...inDatabase].sort()).toEqual([...transactionTypes].sort());
  });
});
