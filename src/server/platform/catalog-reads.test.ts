import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notFound } from './app-error';
import {
  CatalogReads,
  lsnValue,
  measureReplica,
  openPglite,
  queryRows,
  type Database,
  type Db,
  type ReplicaPosition,
} from './db';

// Two embedded databases stand for the primary and its replica: each says which one it is.
let primary: Database;
let replica: Database;

beforeAll(async () => {
  [primary, replica] = await Promise.all([openPglite({}), openPglite({})]);
  for (const [d, name] of [
    [primary, 'primary'],
    [replica, 'replica'],
  ] as const) {
    await d.db.execute(sql`create table whoami (name text)`);
    await d.db.execute(sql`insert into whoami values (${name})`);
  }
});
afterAll(async () => {
  await primary.close();
  await replica.close();
});

const whoAnswers = (reads: CatalogReads) =>
  reads.read(async (db: Db) => (await queryRows<{ name: string }>(db, sql`select name from whoami`))[0].name);

/** A replica whose position and lag the test sets; each look reads them. */
function fakeReplica(start: Partial<ReplicaPosition> = {}) {
  const now: ReplicaPosition & { fails: boolean } = {
    primaryLsn: 100n,
    replayedLsn: 100n,
    lagMs: 0,
    fails: false,
    ...start,
  };
  const measure = async () => {
    if (now.fails) throw new Error('connection refused');
    return { primaryLsn: now.primaryLsn, replayedLsn: now.replayedLsn, lagMs: now.lagMs };
  };
  return { now, measure };
}

function readsWith(fake: ReturnType<typeof fakeReplica>, maxLagMs = 2000) {
  return new CatalogReads({ primary: primary.db, replica: replica.db, maxLagMs, measure: fake.measure });
}

describe('catalog reads with a replica', () => {
  it('go to the primary when no replica is configured', async () => {
    const reads = new CatalogReads({ primary: primary.db, maxLagMs: 2000 });
    expect(reads.state).toBe('none');
    expect(await whoAnswers(reads)).toBe('primary');
    expect(reads.counts).toEqual({ replica: 0, primary: 1, fallback: 0 });
  });

  it('go to the primary until a first look finds the replica within the lag limit, then to the replica', async () => {
    const reads = readsWith(fakeReplica({ lagMs: 300 }));
    expect(reads.state).toBe('unmeasured');
    expect(await whoAnswers(reads)).toBe('primary');
    await reads.look();
    expect(reads.state).toBe('in-use');
    expect(reads.lagSeconds).toBe(0.3);
    expect(await whoAnswers(reads)).toBe('replica');
    expect(reads.counts).toEqual({ replica: 1, primary: 1, fallback: 0 });
  });

  it('go back to the primary while the replica is behind by over the limit, and return when it caught up', async () => {
    const fake = fakeReplica();
    const reads = readsWith(fake, 2000);
    await reads.look();
    expect(await whoAnswers(reads)).toBe('replica');
    fake.now.lagMs = 2500;
    await reads.look();
    expect(reads.state).toBe('behind');
    expect(reads.lagSeconds).toBe(2.5);
    expect(await whoAnswers(reads)).toBe('primary');
    // Exactly at the limit is still within it.
    fake.now.lagMs = 2000;
    await reads.look();
    expect(await whoAnswers(reads)).toBe('replica');
  });

  it('go to the primary while the replica cannot be asked, and back to it once a look finds it well', async () => {
    const fake = fakeReplica();
    const reads = readsWith(fake);
    await reads.look();
    fake.now.fails = true;
    await reads.look();
    expect(reads.state).toBe('down');
    expect(reads.lagSeconds).toBeNull();
    expect(await whoAnswers(reads)).toBe('primary');
    fake.now.fails = false;
    await reads.look();
    expect(await whoAnswers(reads)).toBe('replica');
  });

  it('read again on the primary when a read fails on the replica, and leave it until the next look', async () => {
    const reads = readsWith(fakeReplica());
    await reads.look();
    let tries = 0;
    const answer = await reads.read(async (db) => {
      tries += 1;
      if (db === replica.db) throw new Error('Connection terminated unexpectedly');
      return 'from the primary';
    });
    expect(answer).toBe('from the primary');
    expect(tries).toBe(2);
    expect(reads.counts.fallback).toBe(1);
    expect(reads.state).toBe('down');
    expect(await whoAnswers(reads)).toBe('primary');
    await reads.look();
    expect(await whoAnswers(reads)).toBe('replica');
  });

  it("pass on the catalog's own answer (not found) from the replica without asking the primary", async () => {
    const reads = readsWith(fakeReplica());
    await reads.look();
    const asked: Db[] = [];
    const reading = reads.read(async (db) => {
      asked.push(db);
      throw notFound('Product not found');
    });
    await expect(reading).rejects.toThrow('Product not found');
    expect(asked).toEqual([replica.db]);
    expect(reads.state).toBe('in-use');
  });

  it('after a write, stay on the primary until the replica has replayed where the primary was after it', async () => {
    const fake = fakeReplica({ primaryLsn: 100n, replayedLsn: 100n });
    const reads = readsWith(fake);
    await reads.look();
    expect(await whoAnswers(reads)).toBe('replica');
    // The write moves the primary to 200; the replica has not replayed it yet.
    fake.now.primaryLsn = 200n;
    reads.noteWrite();
    expect(reads.state).toBe('catching-up');
    expect(await whoAnswers(reads)).toBe('primary');
    await reads.look();
    expect(reads.state).toBe('catching-up');
    expect(await whoAnswers(reads)).toBe('primary');
    fake.now.replayedLsn = 150n;
    await reads.look();
    expect(await whoAnswers(reads)).toBe('primary');
    fake.now.replayedLsn = 200n;
    await reads.look();
    expect(reads.state).toBe('in-use');
    expect(await whoAnswers(reads)).toBe('replica');
  });

  it('a write noted while a look is under way waits for a look that started after it', async () => {
    let release: (p: ReplicaPosition) => void = () => {};
    const looks: Promise<ReplicaPosition>[] = [];
    let position: ReplicaPosition = { primaryLsn: 100n, replayedLsn: 100n, lagMs: 0 };
    const reads = new CatalogReads({
      primary: primary.db,
      replica: replica.db,
      maxLagMs: 2000,
      measure: () => {
        // The first look hangs until released; the later ones answer the current position.
        if (looks.length === 0) {
          const first = new Promise<ReplicaPosition>((done) => (release = done));
          looks.push(first);
          return first;
        }
        looks.push(Promise.resolve(position));
        return Promise.resolve(position);
      },
    });
    const firstLook = reads.look();
    reads.noteWrite();
    // The write moved the primary to 200; the replica is at 100 still.
    position = { primaryLsn: 200n, replayedLsn: 100n, lagMs: 0 };
    // The first look read the primary before the write: it finds the replica level with that older position.
    release({ primaryLsn: 100n, replayedLsn: 100n, lagMs: 0 });
    await firstLook;
    expect(reads.state).toBe('catching-up');
    expect(await whoAnswers(reads)).toBe('primary');
    position = { primaryLsn: 300n, replayedLsn: 300n, lagMs: 0 };
    await reads.look();
    expect(looks.length).toBeGreaterThanOrEqual(2);
    expect(reads.state).toBe('in-use');
    expect(await whoAnswers(reads)).toBe('replica');
  });
});

describe('replica positions', () => {
  it('compare WAL positions across the high and low halves', () => {
    expect(lsnValue('0/10')).toBe(16n);
    expect(lsnValue('16/B374D848') > lsnValue('16/B374D847')).toBe(true);
    expect(lsnValue('1/0') > lsnValue('0/FFFFFFFF')).toBe(true);
  });

  it('refuse a server that is not a standby as the replica', async () => {
    await expect(measureReplica(primary.db, replica.db)).rejects.toThrow(/not a streaming replica/);
  });
});
