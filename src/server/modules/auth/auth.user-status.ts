import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../platform/db';
import { endSessions } from './auth.service';
import { userProfiles, users } from './auth.tables';

/**
 * Suspends or reactivates an account. A suspension ends every session of the account at once (the
 * next request is signed out; sign-in then answers that the account is suspended). Answers the
 * account's email, or null when there is no such account.
 */
export async function setUserStatus(
  tx: Tx,
  { userId, status }: { userId: string; status: 'active' | 'suspended' },
): Promise<string | null> {
  const [row] = await tx
    .update(users)
    .set({ status, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  if (!row) return null;
  if (status === 'suspended') await endSessions(tx, userId);
  return row.email;
}

/** Whether the account's profile has this role (vendor, merchant, ...). */
export async function hasRole(db: DbOrTx, { userId, role }: { userId: string; role: string }): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`select exists (select 1 from ${userProfiles} where ${and(eq(userProfiles.userId, userId), eq(userProfiles.role, role))}) as ok`,
  );
  return row?.ok === true;
}
