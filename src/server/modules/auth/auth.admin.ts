import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { hashPassword } from './auth.passwords';
import { hashToken } from './auth.sessions';
import { adminAccounts, adminSessions } from './auth.tables';
import { grantOwner, hasOwner, staffPermissionsOf } from './auth.staff';
import type { StaffPermission } from '../../../domain/staff-permissions';

export const DEFAULT_ADMIN_EMAIL = 'superadmin@haat.local';

export type EnsureSuperAdminArgs = { db: Db; email?: string; password?: string };

/**
 * Creates the super admin account (the first owner) when no owner exists: from the given email and
 * password, or with a generated password that the caller prints once. Answers what was created, or null.
 */
export async function ensureSuperAdmin({
  db,
  email,
  password,
}: EnsureSuperAdminArgs): Promise<{ email: string; generatedPassword: string | null } | null> {
  // Staff without an owner (the demo's Finance and Support loaded first) still get their first owner here.
  if (await hasOwner(db)) return null;
  const finalEmail = (email ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const generatedPassword = password ? null : randomBytes(12).toString('base64url');
  const [created] = await db
    .insert(adminAccounts)
    .values({ email: finalEmail, passwordHash: await hashPassword(password ?? generatedPassword!) })
    .onConflictDoNothing()
    .returning({ id: adminAccounts.id });
  // The first account is the first owner.
  if (created) await grantOwner(db, created.id);
  return { email: finalEmail, generatedPassword };
}

/** Sets a new password for the super admin with this email, creating the account if needed (CLI). */
export async function setSuperAdminPassword({
  db,
  email,
  password,
}: {
  db: Db;
  email: string;
  password: string;
}): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(password);
  const updated = await db
    .update(adminAccounts)
    .set({ passwordHash, updatedAt: new Date() })
    .where(sql`lower(${adminAccounts.email}) = ${email.toLowerCase()}`)
    .returning({ id: adminAccounts.id });
  if (updated.length > 0) return 'updated';
  // The CLI is the way back in for whoever runs the server: what it creates is an owner.
  const [created] = await db
    .insert(adminAccounts)
    .values({ email: email.toLowerCase(), passwordHash })
    .returning({ id: adminAccounts.id });
  await grantOwner(db, created.id);
  return 'created';
}

/** The staff member behind an admin session token, with their permissions; null when unknown, expired or suspended. */
export async function resolveAdminSession({
  db,
  token,
}: {
  db: Db;
  token: string;
}): Promise<{ id: string; email: string; name: string | null; permissions: StaffPermission[] } | null> {
  const [row] = await db
    .select({ id: adminAccounts.id, email: adminAccounts.email, name: adminAccounts.name })
    .from(adminSessions)
    .innerJoin(adminAccounts, eq(adminAccounts.id, adminSessions.adminId))
    .where(
      and(
        eq(adminSessions.tokenHash, hashToken(token)),
        gt(adminSessions.expiresAt, new Date()),
        eq(adminAccounts.status, 'active'),
      ),
    )
    .limit(1);
  return row ? { ...row, permissions: await staffPermissionsOf(db, row.id) } : null;
}

/** Ends one admin session. */
export async function endAdminSession({ db, token }: { db: Db; token: string }): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, hashToken(token)));
}
