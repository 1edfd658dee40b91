import { randomInt } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Me, Role } from '../../../contracts/auth.contract';
import { messages } from '../../../contracts/auth.contract';
import { makeReferralCode, referralPrefix } from '../../../domain/referral-code';
import { AppError } from '../../platform/app-error';
import type { SessionUser } from '../../platform/auth-guards';
import { builtOncePer, type Db, type DbOrTx, type Tx } from '../../platform/db';
import { customers, sessions, userProfiles, users, vendors } from './auth.tables';
import { hashPassword, verifyPassword } from './auth.passwords';
import { hashToken, newSessionToken } from './auth.sessions';

export type NewAccount = {
  email: string;
  password: string;
  role: Exclude<Role, 'admin'> | 'admin';
  firstName?: string | null;
  lastName?: string | null;
  phoneNumber?: string | null;
  dateOfBirth?: string | null;
  gender?: string | null;
  /** customers.address or vendors.address */
  address?: string | null;
  businessName?: string | null;
};

const isUniqueViolation = (e: unknown, constraint: string) => {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const c = err.cause ?? err;
  return c.code === '23505' && c.constraint === constraint;
};

/** Throws EMAIL_TAKEN when an account already uses this email. */
export async function assertEmailFree(tx: DbOrTx, email: string): Promise<void> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (row) throw new AppError('EMAIL_TAKEN', messages.emailTaken, { email: messages.emailTaken });
}

/** A referral code not used by any account yet. */
async function freshReferralCode(tx: DbOrTx, prefix: string): Promise<string> {
  for (;;) {
    const code = makeReferralCode(prefix, randomInt);
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.referralCode, code)).limit(1);
    if (!taken) return code;
  }
}

/**
 * Creates the account, its user_profiles row and its customers or vendors row, inside the caller's
 * transaction. Merchants' own row is written by the merchants module in the same transaction.
 */
export async function createAccount(tx: Tx, input: NewAccount): Promise<{ userId: string; referralCode: string }> {
  await assertEmailFree(tx, input.email);
  const referralCode = await freshReferralCode(tx, referralPrefix[input.role]);
  const passwordHash = await hashPassword(input.password);
  let user: { id: string };
  try {
    [user] = await tx
      .insert(users)
      .values({ email: input.email, passwordHash, referralCode })
      .returning({ id: users.id });
  } catch (e) {
    if (isUniqueViolation(e, 'users_email_unique'))
      throw new AppError('EMAIL_TAKEN', messages.emailTaken, { email: messages.emailTaken });
    throw e;
  }
  await tx.insert(userProfiles).values({
    userId: user.id,
    role: input.role,
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    phoneNumber: input.phoneNumber ?? null,
    dateOfBirth: input.dateOfBirth ?? null,
    gender: input.gender ?? null,
  });
  if (input.role === 'customer') {
    const fullName = [input.firstName, input.lastName].filter(Boolean).join(' ') || 'New Customer';
    await tx.insert(customers).values({
      userId: user.id,
      fullName,
      email: input.email,
      phone: input.phoneNumber ?? null,
      address: input.address ?? null,
    });
  } else if (input.role === 'vendor') {
    await tx.insert(vendors).values({
      userId: user.id,
      businessName: input.businessName || 'New Business',
      email: input.email,
      phone: input.phoneNumber ?? null,
      address: input.address ?? null,
      isApproved: true,
    });
  }
  return { userId: user.id, referralCode };
}

export type Referrer = { userId: string; email: string; phone: string | null; role: Role };

/** The account that owns a referral code, or null. */
export async function findReferrer(tx: DbOrTx, code: string): Promise<Referrer | null> {
  const [row] = await tx
    .select({ userId: users.id, email: users.email, phone: userProfiles.phoneNumber, role: userProfiles.role })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(and(eq(users.referralCode, code), eq(users.status, 'active')))
    .limit(1);
  return row ? { ...row, role: row.role as Role } : null;
}

/** `replacing`: the session token the browser sent, if any; it ends when the new session opens (no session fixation). */
export type LoginArgs = {
  db: Db;
  email: string;
  password: string;
  ip: string;
  userAgent: string | null;
  ttlHours: number;
  replacing?: string;
};

/** Checks the credentials and opens a session; the token goes into the cookie. */
export async function login({
  db,
  email,
  password,
  ip,
  userAgent,
  ttlHours,
  replacing,
}: LoginArgs): Promise<{ token: string; userId: string }> {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  const ok = await verifyPassword(row?.passwordHash, password);
  if (!row || !ok) throw new AppError('INVALID_CREDENTIALS', messages.invalidCredentials);
  if (row.status !== 'active') throw new AppError('ACCOUNT_SUSPENDED', messages.suspended);
  const token = newSessionToken();
  await db.transaction(async (tx) => {
    // The browser's earlier session, its own or one planted before sign-in, ends here.
    if (replacing) await tx.delete(sessions).where(eq(sessions.tokenHash, hashToken(replacing)));
    await tx.insert(sessions).values({
      tokenHash: hashToken(token),
      userId: row.id,
      expiresAt: new Date(Date.now() + ttlHours * 3600_000),
      ipAddress: ip,
      userAgent,
    });
  });
  return { token, userId: row.id };
}

/** The session lookup every signed-in request makes, built once per database and prepared by it. */
const sessionLookup = builtOncePer((db) =>
  db
    .select({ sessionId: sessions.id, id: users.id, email: users.email, role: userProfiles.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.status, 'active'),
      ),
    )
    .limit(1)
    .prepare('resolve_session'),
);

/** The user behind a session token, or null when the session is unknown, expired or the account suspended. */
export async function resolveSession({ db, token }: { db: Db; token: string }): Promise<SessionUser | null> {
  const [row] = await sessionLookup(db).execute({ tokenHash: hashToken(token), now: new Date().toISOString() });
  return row ? { ...row, role: row.role as Role } : null;
}

/** Ends one session. */
export async function logout({ db, token }: { db: Db; token: string }): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user (suspension, password change), optionally keeping one. */
export async function endSessions(tx: DbOrTx, userId: string, keepSessionId?: string): Promise<void> {
  await tx
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepSessionId}`)
        : eq(sessions.userId, userId),
    );
}

/** Removes expired sessions. */
export async function purgeExpiredSessions({ db }: { db: Db }): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

/** The signed-in user with role and profile. */
export async function getMe({ db, userId }: { db: DbOrTx; userId: string }): Promise<Me> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      referralCode: users.referralCode,
      createdAt: users.createdAt,
      role: userProfiles.role,
      firstName: userProfiles.firstName,
      lastName: userProfiles.lastName,
      phoneNumber: userProfiles.phoneNumber,
      dateOfBirth: userProfiles.dateOfBirth,
      gender: userProfiles.gender,
      profileImageUrl: userProfiles.profileImageUrl,
      vendorBusiness: vendors.businessName,
      customerName: customers.fullName,
    })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
    .leftJoin(vendors, eq(vendors.userId, users.id))
    .leftJoin(customers, eq(customers.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Account not found');
  const { vendorBusiness, customerName, createdAt, ...rest } = row;
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    ...rest,
    role: row.role as Role,
    gender: row.gender as Me['gender'],
    businessName: vendorBusiness ?? null,
    displayName: name || vendorBusiness || customerName || row.email,
    createdAt: createdAt.toISOString(),
  };
}
