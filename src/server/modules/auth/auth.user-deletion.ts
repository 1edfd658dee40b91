import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db';
import { endSessions } from './auth.service';
import { addresses, customers, passwordResetTokens, userProfiles, users, vendors } from './auth.tables';

/** The address a deleted account's email becomes: unique, unroutable, and no longer anyone's. */
export const deletedEmail = (id: string) => `deleted-${id}@deleted.invalid`;

/** The ids of deleted accounts: kept (anonymised) for their history, but nobody to count or list. */
export const deletedUserIds = sql`select ${users.id} from ${users} where ${users.status} = 'deleted'`;

/**
 * Locks a live (not deleted) account's row for the rest of the caller's transaction (a second
 * delete waits) and answers its email with `hasHistory`, a boolean expression the caller composes
 * from the other modules' history conditions, evaluated in the same statement; null when the
 * account is unknown or deleted.
 */
export async function lockAccountForDeletion(
  tx: Tx,
  userId: string,
  hasHistory: SQL,
): Promise<{ email: string; history: boolean } | null> {
  const [account] = await queryRows<{ email: string; history: boolean }>(
    tx,
    sql`select email, (${hasHistory}) as history from users where id = ${userId} and status <> 'deleted' for update`,
  );
  return account ?? null;
}

/**
 * Anonymises an account that history refers to (orders, points, payouts): every personal field is
 * cleared, its addresses, sessions and reset links go, and sign-in is off for good (status
 * 'deleted', an email nobody has and a password hash nothing matches). The account row stays, so
 * its orders, ledger rows and audit entries keep their meaning. Answers the email it had, or null.
 */
export async function anonymiseUser(tx: Tx, userId: string): Promise<string | null> {
  const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
  if (!before) return null;
  const email = deletedEmail(userId);
  await tx
    .update(users)
    .set({ email, passwordHash: '!deleted', status: 'deleted', updatedAt: new Date() })
    .where(eq(users.id, userId));
  await endSessions(tx, userId);
  await tx
    .update(userProfiles)
    .set({
      firstName: null,
      lastName: null,
      phoneNumber: null,
      dateOfBirth: null,
      gender: null,
      profileImageUrl: null,
      updatedAt: new Date(),
    })
    .where(eq(userProfiles.userId, userId));
  await tx
    .update(customers)
    .set({ fullName: 'Deleted user', email, phone: null, address: null, updatedAt: new Date() })
    .where(eq(customers.userId, userId));
  await tx
    .update(vendors)
    .set({ businessName: 'Deleted vendor', email, phone: null, address: null, updatedAt: new Date() })
    .where(eq(vendors.userId, userId));
  await tx.delete(addresses).where(eq(addresses.userId, userId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  return before.email;
}

/** Removes an account nothing refers to, with everything that is only its own (profile, addresses, sessions, cart, shops). Answers the email it had, or null. */
export async function removeUser(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await tx.delete(users).where(eq(users.id, userId)).returning({ email: users.email });
  return row?.email ?? null;
}
