import { and, eq, ne, sql } from 'drizzle-orm';
import type { Me } from '../../../contracts/auth.contract';
import { messages } from '../../../contracts/auth.contract';
import { settingsMessages } from '../../../contracts/shops.contract';
import { AppError } from '../../platform/app-error';
import type { Db, Tx } from '../../platform/db';
import { hashPassword, verifyPassword } from './auth.passwords';
import { assertEmailFree, endSessions, getMe } from './auth.service';
import { customers, sessions, users, vendors } from './auth.tables';
import { revokePasswordResets } from './auth.password-reset';
import { formatDateTime } from '../../../domain/india-time';
import { notify } from '../notifications';

const wrongPassword = () =>
  new AppError('VALIDATION_FAILED', settingsMessages.wrongPassword, {
    currentPassword: settingsMessages.wrongPassword,
  });

const isEmailUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const c = err.cause ?? err;
  return c.code === '23505' && c.constraint === 'users_email_unique';
};

/** Locks the user's row for the rest of the transaction and checks the current password against it. */
async function checkCurrentPassword(
  tx: Tx,
  userId: string,
  currentPassword: string,
): Promise<{ email: string; passwordHash: string }> {
  const [row] = await tx
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', 'Account not found');
  if (!(await verifyPassword(row.passwordHash, currentPassword))) throw wrongPassword();
  return row;
}

/**
 * For other modules' changes that need the password again (payout details): locks the user's row for
 * the rest of the caller's transaction and checks the password, as changing the email does (400 with
 * the message under currentPassword when it is wrong, so the caller's transaction writes nothing).
 */
export async function confirmCurrentPassword(tx: Tx, userId: string, currentPassword: string): Promise<void> {
  await checkCurrentPassword(tx, userId, currentPassword);
}

export type ChangeEmailArgs = {
  db: Db;
  userId: string;
  newEmail: string;
  currentPassword: string;
  /** Updates copies of the email that other modules keep (merchants), in the same transaction. */
  alsoInTransaction?: (tx: Tx) => Promise<void>;
};

/**
 * Changes the sign-in email after checking the current password (409 when another account uses
 * it), and the copies kept on the customer or vendor row; answers the user as GET /api/me does.
 */
export async function changeEmail({
  db,
  userId,
  newEmail,
  currentPassword,
  alsoInTransaction,
}: ChangeEmailArgs): Promise<Me> {
  await db.transaction(async (tx) => {
    const current = await checkCurrentPassword(tx, userId, currentPassword);
    if (current.email.toLowerCase() === newEmail.toLowerCase()) {
      throw new AppError('VALIDATION_FAILED', settingsMessages.sameEmail, { newEmail: settingsMessages.sameEmail });
    }
    await assertEmailFree(tx, newEmail);
    try {
      await tx.update(users).set({ email: newEmail, updatedAt: new Date() }).where(eq(users.id, userId));
    } catch (e) {
      // Two accounts racing for the same address: the unique index decides.
      if (isEmailUniqueViolation(e))
        throw new AppError('EMAIL_TAKEN', messages.emailTaken, { newEmail: messages.emailTaken });
      throw e;
    }
    await tx.update(customers).set({ email: newEmail, updatedAt: new Date() }).where(eq(customers.userId, userId));
    await tx.update(vendors).set({ email: newEmail, updatedAt: new Date() }).where(eq(vendors.userId, userId));
    await alsoInTransaction?.(tx);
  });
  return getMe({ db, userId });
}

export type ChangePasswordArgs = {
  db: Db;
  userId: string;
  keepSessionId: string;
  currentPassword: string;
  newPassword: string;
};

/**
 * Changes the password after checking the current one, and ends every other session of the user in
 * the same transaction (the session making the change stays signed in); answers how many ended.
 */
export async function changePassword({
  db,
  userId,
  keepSessionId,
  currentPassword,
  newPassword,
}: ChangePasswordArgs): Promise<{ otherSessionsEnded: number }> {
  return db.transaction(async (tx) => {
    const current = await checkCurrentPassword(tx, userId, currentPassword);
    if (await verifyPassword(current.passwordHash, newPassword)) {
      throw new AppError('VALIDATION_FAILED', settingsMessages.samePassword, {
        newPassword: settingsMessages.samePassword,
      });
    }
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date() })
      .where(eq(users.id, userId));
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
    await endSessions(tx, userId, keepSessionId);
    // A reset link sent before the change must not undo it.
    await revokePasswordResets(tx, userId);
    // A security message: sent whatever the user's email preferences.
    const ended = Number(n);
    await notify(tx, {
      kind: 'password-changed',
      to: { userId },
      data: {
        email: current.email,
        when: formatDateTime(new Date()),
        sessions:
          ended > 0
            ? `You were signed out on ${ended} other device${ended === 1 ? '' : 's'}.`
            : 'No other device was signed in.',
      },
    });
    return { otherSessionsEnded: ended };
  });
}
