import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplica, type Replica } from '../../../scripts/pg-replica';
import { adminQuery, testPostgresUrl, withDatabase } from '../test/db';
import { requireServices } from '../test/services';
import { CatalogReads, measureReplica, openDatabase, queryRows, type Database } from './db';

await requireServices(['postgresql']);

// A real streaming replica of the server of DATABASE_URL (pg_basebackup -R into a temporary folder, started on a
// free port, removed at the end): the primary must allow replication connections from 127.0.0.1 (.ci/run adds
// the pg_hba.conf line). The catalog's read rules on it: read-your-writes, lag, a replica that stops.

const server = testPostgresUrl() as string;
const name = `haat_replica_${randomBytes(5).toString('hex')}`;
const dir = mkdtempSync(join(tmpdir(), 'haat-replica-test-'));
let replica: Replica;
let database: Database;
let reads: CatalogReads;

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((done) => s.listen(0, '127.0.0.1', done));
  const { port } = s.address() as { port: number };
  await new Promise((done) => s.close(done));
  return port;
}

beforeAll(async () => {
  await adminQuery(server, `CREATE DATABASE ${name}`);
  const url = withDatabase(server, name);
  replica = startReplica({ primary: server, dir, port: await freePort() });
  database = await openDatabase({ DATABASE_URL: url, DATABASE_REPLICA_URL: replica.urlFor(url), DATA_DIR: dir });
  await database.db.execute(sql`create table shelf (id serial primary key, name text not null)`);
  reads = new CatalogReads({ primary: database.db, replica: database.replica!.db, maxLagMs: 2000 });
});
afterAll(async () => {
  await database?.close();
  replica?.remove();
  rmSync(dir, { recursive: true, force: true });
  await adminQuery(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

/** Looks at the replica until it serves the reads (it catches up within moments on an idle machine). */
async function untilInUse(): Promise<void> {
  const inUse = () => reads.state === 'in-use';
  for (let i = 0; i < 200 && !inUse(); i++) {
    await reads.look();
    if (!inUse()) await new Promise((r) => setTimeout(r, 50));
  }
  expect(reads.state).toBe('in-use');
}

const shelfNames = () =>
  reads.read(async (db) =>
    (await queryRows<{ name: string }>(db, sql`select name from shelf order by id`)).map((r) => r.name),
  );

describe('a streaming replica of PostgreSQL', () => {
  it('is measured: a replica that has replayed everything is 0 seconds behind', async () => {
    await untilInUse();
    let p = await measureReplica(database.db, database.replica!.db);
    for (let i = 0; i < 100 && p.replayedLsn < p.primaryLsn; i++) {
      await new Promise((r) => setTimeout(r, 50));
      p = await measureReplica(database.db, database.replica!.db);
    }
    expect(p.replayedLsn >= p.primaryLsn).toBe(true);
    expect(p.lagMs).toBe(0);
  });

  it('every read after a write sees it, and the replica serves the reads again once it has replayed it', async () => {
    await untilInUse();
    const before = reads.counts.replica;
    for (let i = 0; i < 20; i++) {
      await database.db.execute(sql`insert into shelf (name) values (${`pot ${i}`})`);
      reads.noteWrite();
      expect(await shelfNames()).toContain(`pot ${i}`);
    }
    await untilInUse();
    const [onReplica] = await queryRows<{ n: number }>(
      database.replica!.db,
      sql`select count(*)::int as n from shelf where name like 'pot %'`,
    );
    expect(onReplica.n).toBeGreaterThanOrEqual(20);
    await shelfNames();
    expect(reads.counts.replica).toBeGreaterThan(before);
  });

  it('a stopped replica leaves the reads to the primary without a failure, and serves them when back', async () => {
    await database.db.execute(sql`insert into shelf (name) values ('lamp')`);
    await untilInUse();
    replica.stop();
    // The read that finds it gone is read again on the primary.
    expect(await shelfNames()).toContain('lamp');
    await reads.look();
    expect(reads.state).toBe('down');
    expect(reads.lagSeconds).toBeNull();
    expect(await shelfNames()).toContain('lamp');
    replica.start();
    await untilInUse();
    expect(await shelfNames()).toContain('lamp');
  });
});
