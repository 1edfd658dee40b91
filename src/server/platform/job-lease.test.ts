import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db';
import { claimJobLease } from './repeating-job';
import { freshDatabase } from '../test/db';

// Issue 11, point 7: with several API processes on one database, each scheduled job runs in one of them.

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe('job leases', () => {
  it('lets one process hold a job, renew it, and another take over only once it runs out', async () => {
    const { db } = database;
    expect(await claimJobLease(db, 'Points release', 60_000, 'process-a')).toBe(true);
    expect(await claimJobLease(db, 'Points release', 60_000, 'process-b')).toBe(false);
    expect(await claimJobLease(db, 'Points release', 60_000, 'process-a')).toBe(true);
    // Another job is free for anyone.
    expect(await claimJobLease(db, 'Stock holds', 60_000, 'process-b')).toBe(true);
    // A lease that has run out goes to the next process that asks.
    expect(await claimJobLease(db, 'Referral qualification', 1, 'process-a')).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(await claimJobLease(db, 'Referral qualification', 60_000, 'process-b')).toBe(true);
    expect(await claimJobLease(db, 'Referral qualification', 60_000, 'process-a')).toBe(false);
  });
});
