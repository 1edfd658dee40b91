import { and, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type {
  AdminUser as AdminUserRow,
  AdminUserPage,
  AdminUsersQuery,
} from '../../../contracts/admin-people.contract';
import type { Db, DbOrTx } from '../../platform/db';
import { containsPattern, countCapped, idStartsWith, orderOf, pageWindow } from '../../platform/list-query';
import { userProfiles, users } from './auth.tables';

const fullName = sql`coalesce(${userProfiles.firstName}, '') || ' ' || coalesce(${userProfiles.lastName}, '')`;
const sorts = {
  name: fullName,
  email: users.email,
  role: userProfiles.role,
  status: users.status,
  registeredAt: users.createdAt,
};

/** Accounts whose name or email contains the text, each half answered by its trigram index (user_profiles_name_trgm_idx, users_email_trgm_idx). */
const usersMatching = (db: Db, q: string) =>
  union(
    db
      .select({ id: userProfiles.userId })
      .from(userProfiles)
      .where(ilike(fullName, containsPattern(q))),
    db
      .select({ id: users.id })
      .from(users)
      .where(ilike(users.email, containsPattern(q))),
  );

function where(db: Db, query: AdminUsersQuery) {
  const q = query.q;
  return and(
    // Deleted accounts stay (anonymised) for their history, but are nobody to list.
    ne(users.status, 'deleted'),
    q ? or(inArray(users.id, usersMatching(db, q)), idStartsWith(users.id, q)) : undefined,
    query.role ? eq(userProfiles.role, query.role) : undefined,
    query.status ? eq(users.status, query.status) : undefined,
  );
}

type Row = {
  id: string;
  email: string;
  status: string;
  createdAt: Date;
  role: string | null;
  firstName: string | null;
  lastName: string | null;
};
const toItem = (r: Row): AdminUserRow => ({
  id: r.id,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  // SPEC.md: customer when the profile is missing.
  role: (r.role ?? 'customer') as AdminUserRow['role'],
  status: r.status as AdminUserRow['status'],
  registeredAt: r.createdAt.toISOString(),
});

const columns = {
  id: users.id,
  email: users.email,
  status: users.status,
  createdAt: users.createdAt,
  role: userProfiles.role,
  firstName: userProfiles.firstName,
  lastName: userProfiles.lastName,
};

/** The super admin's Users tab: every sign-in account (customers, vendors, merchants, role admin), searched by name, email or id. */
export async function listUserAccounts({
  db,
  query,
  forExport = false,
}: {
  db: Db;
  query: AdminUsersQuery;
  forExport?: boolean;
}): Promise<AdminUserPage> {
  const { limit, offset } = pageWindow(query, forExport);
  const [rows, total] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
      .where(where(db, query))
      .orderBy(...orderOf(sorts, query, 'registeredAt', users.id))
      .limit(limit)
      .offset(offset),
    countCapped(db, query, (upTo) =>
      db
        .select({ one: sql`1` })
        .from(users)
        .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
        .where(where(db, query))
        .limit(upTo)
        .as('matches'),
    ),
  ]);
  return { items: rows.map(toItem), ...total, page: query.page, pageSize: query.pageSize };
}

/** One account as the Users tab shows it. */
export async function getUserAccount(db: DbOrTx, userId: string): Promise<AdminUserRow> {
  const [row] = await db
    .select(columns)
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return toItem(row);
}

/**
 * The ids of the accounts that can be reached (active: not suspended, not deleted), of one role or
 * of every role: the audience of the super admin's news. An account without a profile is a customer.
 */
export async function activeAccountIds(db: DbOrTx, role?: 'customer' | 'vendor' | 'merchant'): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(
      and(eq(users.status, 'active'), role ? sql`coalesce(${userProfiles.role}, 'customer') = ${role}` : undefined),
    )
    .orderBy(users.id);
  return rows.map((r) => r.id);
}

/** Where mail for a user goes: its sign-in email, or null for an account deleted (anonymised) by the super admin. */
export async function emailOfUser(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email, status: users.status }).from(users).where(eq(users.id, userId));
  return row && row.status !== 'deleted' ? row.email : null;
}
