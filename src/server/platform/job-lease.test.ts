import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db';
import { claimJobLease, releaseJobLease, startRepeatingJob } from './repeating-job';
import { queryRows } from './db';
import { sql } from 'drizzle-orm';
import { freshDatabase } from '../test/db';

// With several API processes on one database, each scheduled job runs in one of them.

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

describe('stopping a job', () => {
  const holderOf = async (name: string) =>
    (await queryRows<{ holder: string }>(database.db, sql`select holder from job_leases where name = ${name}`))[0]
      ?.holder ?? null;

  it('waits for the pass in progress, then hands the lease back so that another process takes the job at once', async () => {
    const name = 'Stop test: running pass';
    const events: string[] = [];
    let finish = () => {};
    const log = { info: (m: string) => events.push(m), error: (m: string) => events.push(`error: ${m}`) };
    const stop = startRepeatingJob({
      name,
      intervalMs: 60_000,
      db: database.db,
      holder: 'process-a',
      log,
      run: async () => {
        events.push('pass started');
        await new Promise<void>((resolve) => (finish = resolve));
        // The lease is still this process's while its pass runs.
        events.push(`pass ending, lease held by ${await holderOf(name)}`);
        return 'done';
      },
    });
    await expect.poll(() => events, { timeout: 5_000, interval: 20 }).toContain('pass started');
    expect(await claimJobLease(database.db, name, 60_000, 'process-b')).toBe(false);

    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    // The stop waits on the pass: a database round trip later it has not returned.
    expect(await holderOf(name)).toBe('process-a');
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(events).toEqual(['pass started', 'pass ending, lease held by process-a', `${name}: done`]);
    expect(await holderOf(name)).toBeNull();
    expect(await claimJobLease(database.db, name, 60_000, 'process-b')).toBe(true);
  });

  it("hands back only its own lease, never another process's", async () => {
    // Process A's lease ran out during a long pass and B took the job: A stopping must not free it.
    const name = 'Stop test: not the holder';
    expect(await claimJobLease(database.db, name, 60_000, 'process-b')).toBe(true);
    await releaseJobLease(database.db, name, 'process-a');
    expect(await holderOf(name)).toBe('process-b');
    await releaseJobLease(database.db, name, 'process-b');
    expect(await holderOf(name)).toBeNull();
  });
});
