import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTestAppRole, freshDatabase, TEST_APP_ROLE } from '../test/db';
import { grantAppRole, queryRows, roleOfUrl, type Tx } from './db';

// The app runs as a database role that owns no table. It reads and writes rows,
// may only insert into (and read) the audit log, and cannot disable a trigger, alter or drop a
// table: the audit log's protection cannot be switched off from the app's connection. Migrations
// run as the owning role. On PostgreSQL every API test already runs the app as this role
// (src/server/test/db.ts); here each refusal is shown, on PGlite (one user, SET ROLE) and PostgreSQL.

let database: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  database = await freshDatabase();
  // As the owner: the role (PostgreSQL's test template made it already; PGlite starts with none) and its grants.
  await ensureTestAppRole(database.db);
});
afterAll(() => database?.close());

/** Runs `fn` as the app's role, in a transaction that is rolled back whatever happens. */
async function asAppRole(fn: (tx: Tx) => Promise<unknown>): Promise<void> {
  const rollback = new Error('rollback');
  await database.db
    .transaction(async (tx) => {
      await tx.execute(sql.raw(`set local role ${TEST_APP_ROLE}`));
      await fn(tx);
      throw rollback;
    })
    .catch((e: unknown) => {
      if (e !== rollback) throw e;
    });
}

/** The database's own refusal (Drizzle wraps it as the cause of 'Failed query: ...'). */
async function refused(statement: string, reason: RegExp): Promise<void> {
  const error = await asAppRole((tx) => tx.execute(sql.raw(statement))).then(
    () => null,
    (e: unknown) => e as Error & { cause?: Error },
  );
  expect(error, statement).not.toBeNull();
  expect(error?.cause?.message ?? error?.message).toMatch(reason);
}

describe("the app's database role", () => {
  it('cannot UPDATE, DELETE or TRUNCATE the audit log', async () => {
    await refused(`update system_logs set action = 'tampered'`, /permission denied/);
    await refused(`delete from system_logs`, /permission denied/);
    await refused(`truncate system_logs`, /permission denied/);
  });

  it("cannot switch the audit log's protection off: no ALTER TABLE ... DISABLE TRIGGER, no DROP TRIGGER", async () => {
    await refused(`alter table system_logs disable trigger system_logs_append_only`, /must be (the )?owner/);
    await refused(`alter table system_logs disable trigger all`, /must be (the )?owner/);
    await refused(`drop trigger system_logs_append_only on system_logs`, /must be (the )?owner/);
  });

  it('cannot DROP or ALTER a table, nor create one', async () => {
    await refused(`drop table system_logs`, /must be (the )?owner/);
    await refused(`drop table orders`, /must be (the )?owner/);
    await refused(`alter table orders add column sneaky text`, /must be (the )?owner/);
    await refused(`create table sneaky (id int)`, /permission denied/);
  });

  it('can insert into and read the audit log, and read and write the rows of other tables', async () => {
    await asAppRole(async (tx) => {
      const [who] = await queryRows<{ role: string }>(tx, sql`select current_user as role`);
      expect(who.role).toBe(TEST_APP_ROLE);
      await tx.execute(
        sql`insert into system_logs (actor_type, action, resource_type) values ('system', 'role_check', 'platform')`,
      );
      const [row] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from system_logs where action = 'role_check'`,
      );
      expect(Number(row.n)).toBe(1);
      await tx.execute(
        sql`insert into contact_messages (name, email, subject, message) values ('Asha', 'asha@example.in', 'Hello', 'A message long enough')`,
      );
      await tx.execute(sql`update contact_messages set is_read = true where email = 'asha@example.in'`);
      await tx.execute(sql`delete from contact_messages where email = 'asha@example.in'`);
      const [migrations] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(Number(migrations.n)).toBeGreaterThan(0);
    });
  });

  it("is the role the app under test signs in as on PostgreSQL (the owner's handle stays the test's own)", async () => {
    const [app] = await queryRows<{ role: string }>(database.asApp.db, sql`select current_user as role`);
    if (database.kind === 'postgresql') expect(app.role).toBe(TEST_APP_ROLE);
    else expect(database.asApp.pglite === database.pglite).toBe(true); // PGlite: one embedded user, unchanged
  });

  it('reads the role from a DATABASE_URL', () => {
    expect(roleOfUrl('postgres://haat_app:s3cret@db.internal:5432/haat')).toBe('haat_app');
  });

  it('refuses a role name that is not a plain identifier', async () => {
    await expect(grantAppRole(database.db, 'haat; drop table orders')).rejects.toThrow('Not a role name');
  });
});
