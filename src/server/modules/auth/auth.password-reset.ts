import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { passwordResetMessages } from '../../../contracts/auth.contract';
import { AppError } from '../../platform/app-error';
import type { Db, Tx } from '../../platform/db';
import { hashPassword } from './auth.passwords';
import { hashToken, newSessionToken } from './auth.sessions';
import { passwordResetTokens, sessions, users } from './auth.tables';

export type PasswordResetRequest = { db: Db; email: string; ttlMinutes: number };

/**
 * Issues a single-use reset token for an active account with this email, replacing any earlier one
 * of that account; answers the token (only its hash is stored) and the account's email, or null when
 * there is no such active account (the caller answers the same either way).
 */
export async function createPasswordReset({
  db,
  email,
  ttlMinutes,
}: PasswordResetRequest): Promise<{ token: string; email: string } | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.status, 'active')))
      .for('update');
    if (!user) return null;
    await revokePasswordResets(tx, user.id);
    const token = newSessionToken();
    await tx
      .insert(passwordResetTokens)
      .values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMinutes * 60_000) });
    return { token, email: user.email };
  });
}

/** Ends every unused reset token of a user (a newer one was issued, or the password changed). */
export async function revokePasswordResets(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/**
 * Sets a new password with a reset token: once, before it expires, for an active account. The
 * token is spent, and every session of the account ends (whoever had the old password is out).
 */
export async function resetPassword({
  db,
  token,
  newPassword,
}: {
  db: Db;
  token: string;
  newPassword: string;
}): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    const invalid = () =>
      new AppError('VALIDATION_FAILED', passwordResetMessages.linkInvalid, {
        token: passwordResetMessages.linkInvalid,
      });
    if (!row) throw invalid();
    const updated = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(users.id, row.userId), eq(users.status, 'active')))
      .returning({ id: users.id });
    if (updated.length === 0) throw invalid();
    await revokePasswordResets(tx, row.userId);
    await tx.delete(sessions).where(eq(sessions.userId, row.userId));
  });
}
