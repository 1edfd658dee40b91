import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMoney } from './money-checks';
import { migrationsFolder, openPglite, queryRows, runMigrations, type Database, type Db } from './platform/db';
import { LocalDiskStorage } from './platform/object-storage';
import { seedDemoData } from './seed/demo-data';

// The points balances moved from customers.reward_points / pending_points to rewards' reward_balances
// (migrations 0032 and 0033): every balance is kept, and the money rules hold before and after.

const BEFORE = '0031_documents_pdf';
/** The last migration of the move. */
const MOVED = '0033_customers_without_points';

type Journal = { entries: { tag: string; when: number }[] };
type Balance = { user_id: string; available: number; pending: number };

/** A copy of the migrations folder that stops at `lastTag`, so a database can be built as it was then. */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'haat-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8')) as Journal;
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  return dir;
}

/** When the migration after `tag` was made (what the migrator records as its created_at). */
function firstAfter(tag: string): number {
  const { entries } = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;
  return entries[entries.findIndex((e) => e.tag === tag) + 1].when;
}

/**
 * The points rules of the store before the move, on the old columns: the balances equal the
 * ledger's sums and are never negative.
 */
async function oldPointsRulesBroken(db: Db): Promise<unknown[]> {
  return queryRows(
    db,
    sql`select c.user_id from customers c left join rewards_transactions t on t.customer_id = c.user_id
        group by c.user_id, c.reward_points, c.pending_points
        having c.reward_points <> coalesce(sum(t.points), 0) or c.pending_points <> coalesce(sum(t.pending_points), 0)
            or c.reward_points < 0 or c.pending_points < 0`,
  );
}

const oldBalances = (db: Db) =>
  queryRows<Balance>(
    db,
    sql`select user_id, reward_points as available, pending_points as pending from customers order by user_id`,
  );
const newBalances = (db: Db) =>
  queryRows<Balance>(
    db,
    sql`select user_id, available_points as available, pending_points as pending from reward_balances
        order by user_id`,
  );

async function expectEveryRuleHolds(db: Db): Promise<void> {
  const broken = (await checkMoney(db)).filter((c) => c.broken > 0);
  expect(broken).toEqual([]);
}

async function customersColumns(db: Db): Promise<string[]> {
  const rows = await queryRows<{ column_name: string }>(
    db,
    sql`select column_name from information_schema.columns
        where table_name = 'customers' and column_name like '%points'`,
  );
  return rows.map((r) => r.column_name);
}

describe('moving the points balances to reward_balances', () => {
  let folder: string;
  let database: Database;
  beforeAll(async () => {
    folder = migrationsUpTo(BEFORE);
    database = await openPglite({});
    await migrate(database.db as never, { migrationsFolder: folder });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('keeps every balance written at the migration before it, and the money rules hold before and after', async () => {
    const db = database.db;
    const account = async (email: string) => {
      const [u] = await queryRows<{ id: string }>(
        db,
        sql`insert into users (email, password_hash, referral_code)
            values (${email}, 'x', ${email.slice(0, 6).toUpperCase()}) returning id`,
      );
      return u.id;
    };
    const asha = await account('asha@example.in');
    const ravi = await account('ravi@example.in');
    const nobody = await account('nobody@example.in');
    const vendor = await account('vendor@example.in');
    const ledger = async (userId: string, type: string, points: number, pending: number) =>
      db.execute(sql`insert into rewards_transactions
                       (customer_id, transaction_type, points, pending_points, description)
                     values (${userId}, ${type}, ${points}, ${pending}, 'migration test')`);
    // Asha: 150 available (a bonus), 45 pending cashback; Ravi: 30 available; nobody: none; a vendor referrer: 50.
    await ledger(asha, 'cashback', 150, 0);
    await ledger(asha, 'cashback', 0, 45);
    await ledger(ravi, 'referral', 30, 0);
    await ledger(vendor, 'referral', 50, 0);
    await db.execute(sql`insert into customers (user_id, full_name, email, reward_points, pending_points) values
                         (${asha}, 'Asha Verma', 'asha@example.in', 150, 45),
                         (${ravi}, 'Ravi Kumar', 'ravi@example.in', 30, 0),
                         (${nobody}, 'New Customer', 'nobody@example.in', 0, 0),
                         (${vendor}, 'Ravi Traders', 'vendor@example.in', 50, 0)`);
    const before = await oldBalances(db);
    expect(before).toHaveLength(4);
    expect(await oldPointsRulesBroken(db)).toEqual([]);

    await runMigrations(database);

    expect(await newBalances(db)).toEqual(before);
    expect(await customersColumns(db)).toEqual([]);
    await expectEveryRuleHolds(db);

    // A customers row inserted from now on opens its balance row at zero, and takes it away when removed.
    const later = await account('later@example.in');
    await db.execute(sql`insert into customers (user_id, email) values (${later}, 'later@example.in')`);
    const opened = (await newBalances(db)).find((b) => b.user_id === later);
    expect(opened).toEqual({ user_id: later, available: 0, pending: 0 });
    await db.execute(sql`delete from customers where user_id = ${later}`);
    expect((await newBalances(db)).map((b) => b.user_id)).not.toContain(later);
    await expectEveryRuleHolds(db);
  });
});

describe('the demo data across the move', () => {
  let database: Database;
  let uploadsDir: string;
  beforeAll(async () => {
    database = await openPglite({});
    await runMigrations(database);
    uploadsDir = mkdtempSync(join(tmpdir(), 'haat-seed-'));
    await seedDemoData({ db: database.db, storage: new LocalDiskStorage(uploadsDir) });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
  });

  it('keeps every demo balance when the store is taken back to the migration before and migrated again', async () => {
    const db = database.db;
    await expectEveryRuleHolds(db);
    const seeded = await newBalances(db);
    // customer, rahul, kavya and anjali: one balance row per customers row.
    const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from customers`);
    expect(seeded).toHaveLength(Number(n));
    expect(seeded.length).toBeGreaterThanOrEqual(4);
    expect(seeded.some((b) => b.available > 0) && seeded.some((b) => b.pending > 0)).toBe(true);

    // Back to the schema of the migration before: the balances on customers, no reward_balances,
    // 0032 and 0033 not applied.
    await db.execute(sql`alter table customers add column reward_points integer default 0 not null,
                           add column pending_points integer default 0 not null,
                           add constraint customers_reward_points_check check (reward_points >= 0),
                           add constraint customers_pending_points_check check (pending_points >= 0)`);
    await db.execute(sql`update customers c set reward_points = b.available_points, pending_points = b.pending_points
                         from reward_balances b where b.user_id = c.user_id`);
    await db.execute(sql`drop trigger customers_open_reward_balance on customers`);
    await db.execute(sql`drop function haat_open_reward_balance()`);
    await db.execute(sql`drop table reward_balances`);
    // The migrations made after the move stay applied (their tables are there): set aside, put back after.
    const later = await queryRows<{ id: number; hash: string; created_at: string }>(
      db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations where created_at >= ${firstAfter(MOVED)}`,
    );
    await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at >= ${firstAfter(BEFORE)}`);
    expect(await oldBalances(db)).toEqual(seeded);
    expect(await oldPointsRulesBroken(db)).toEqual([]);

    await migrate(database.db as never, { migrationsFolder: migrationsUpTo(MOVED) });
    for (const m of later)
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${m.id}, ${m.hash}, ${m.created_at})`,
      );
    await runMigrations(database);

    expect(await newBalances(db)).toEqual(seeded);
    expect(await customersColumns(db)).toEqual([]);
    await expectEveryRuleHolds(db);
  });
});
