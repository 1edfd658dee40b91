import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { staffMessages as m, type StaffMember, type StaffRole } from '../../../contracts/staff.contract';
import { formatDateTime } from '../../../domain/india-time';
import {
  builtInRolePermissions,
  isStaffPermission,
  permissionsOf,
  type BuiltInRole,
  type StaffPermission,
} from '../../../domain/staff-permissions';
import { AppError } from '../../platform/app-error';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { notify } from '../notifications';
import { hashPassword } from './auth.passwords';
import { hashToken, newSessionToken } from './auth.sessions';
import { adminAccountRoles, adminAccounts, adminInvites, adminRoles, adminSessions } from './auth.tables';

/** An invitation link works once, for 72 hours. */
export const STAFF_INVITE_HOURS = 72;

type RoleRow = typeof adminRoles.$inferSelect;

/** A role's permissions: a built-in role's are the code's (domain/staff-permissions), a custom role's its own. */
const permissionsOfRole = (r: Pick<RoleRow, 'builtIn' | 'permissions'>): StaffPermission[] =>
  r.builtIn ? [...builtInRolePermissions[r.builtIn as BuiltInRole]] : r.permissions.filter(isStaffPermission);

/** What a staff member may do: the union of their roles' permissions. */
export async function staffPermissionsOf(db: DbOrTx, adminId: string): Promise<StaffPermission[]> {
  const roles = await db
    .select({ builtIn: adminRoles.builtIn, permissions: adminRoles.permissions })
    .from(adminAccountRoles)
    .innerJoin(adminRoles, eq(adminRoles.id, adminAccountRoles.roleId))
    .where(eq(adminAccountRoles.adminId, adminId));
  return permissionsOf(roles.map((r) => ({ permissions: permissionsOfRole(r) })));
}

/** Gives a staff member the built-in owner role (the first account, and every account the CLI creates). */
export async function grantOwner(db: DbOrTx, adminId: string): Promise<void> {
  await db.execute(
    sql`insert into ${adminAccountRoles} (admin_id, role_id)
        select ${adminId}, ${adminRoles.id} from ${adminRoles} where ${adminRoles.builtIn} = 'owner'
        on conflict do nothing`,
  );
}

/** Whether any staff member holds the owner role. */
export async function hasOwner(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(adminAccountRoles)
    .innerJoin(adminRoles, eq(adminRoles.id, adminAccountRoles.roleId))
    .where(eq(adminRoles.builtIn, 'owner'));
  return Number(row.n) > 0;
}

/** Every role, built-in first, with how many staff members hold it. */
export async function listStaffRoles(db: DbOrTx): Promise<StaffRole[]> {
  const rows = await db
    .select({
      id: adminRoles.id,
      name: adminRoles.name,
      builtIn: adminRoles.builtIn,
      permissions: adminRoles.permissions,
      members: sql<number>`(select count(*)::int from ${adminAccountRoles} where ${adminAccountRoles.roleId} = ${adminRoles.id})`,
    })
    .from(adminRoles)
    .orderBy(sql`${adminRoles.builtIn} is null`, asc(adminRoles.createdAt), asc(adminRoles.name));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    builtIn: r.builtIn as BuiltInRole | null,
    permissions: permissionsOfRole(r),
    members: Number(r.members),
  }));
}

/** Every staff member with their roles, owners and active people first. */
export async function listStaff(db: DbOrTx): Promise<StaffMember[]> {
  const accounts = await db
    .select({
      id: adminAccounts.id,
      email: adminAccounts.email,
      name: adminAccounts.name,
      status: adminAccounts.status,
      twoFactor: adminAccounts.twoFaEnabled,
      createdAt: adminAccounts.createdAt,
    })
    .from(adminAccounts)
    .orderBy(asc(adminAccounts.status), asc(adminAccounts.createdAt));
  const held = await db
    .select({ adminId: adminAccountRoles.adminId, id: adminRoles.id, name: adminRoles.name })
    .from(adminAccountRoles)
    .innerJoin(adminRoles, eq(adminRoles.id, adminAccountRoles.roleId))
    .orderBy(asc(adminRoles.name));
  return accounts.map((a) => ({
    ...a,
    status: a.status as StaffMember['status'],
    createdAt: a.createdAt.toISOString(),
    roles: held.filter((h) => h.adminId === a.id).map(({ id, name }) => ({ id, name })),
  }));
}

/** The invitations not yet used and not yet expired. */
export async function listPendingInvites(db: DbOrTx) {
  const [invites, roles] = await Promise.all([
    db
      .select({
        id: adminInvites.id,
        email: adminInvites.email,
        roleIds: adminInvites.roleIds,
        expiresAt: adminInvites.expiresAt,
      })
      .from(adminInvites)
      .where(and(isNull(adminInvites.usedAt), gt(adminInvites.expiresAt, new Date())))
      .orderBy(asc(adminInvites.createdAt)),
    db.select({ id: adminRoles.id, name: adminRoles.name }).from(adminRoles),
  ]);
  return invites.map((i) => ({
    id: i.id,
    email: i.email,
    roles: roles.filter((r) => i.roleIds.includes(r.id)).map((r) => r.name),
    expiresAt: i.expiresAt.toISOString(),
  }));
}

async function roleNames(tx: DbOrTx, roleIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(roleIds)];
  const rows = await tx
    .select({ name: adminRoles.name })
    .from(adminRoles)
    .where(inArray(adminRoles.id, unique))
    .orderBy(asc(adminRoles.name));
  if (rows.length !== unique.length) throw new AppError('VALIDATION_FAILED', m.roleUnknown);
  return rows.map((r) => r.name);
}

const staffEmail = (email: string) => sql`lower(${adminAccounts.email}) = ${email.trim().toLowerCase()}`;

/**
 * Invites a person to the staff with the chosen roles: a single-use link, good for 72 hours, mailed
 * through the notifications outbox in the caller's transaction. An email that is already staff: 409.
 */
export async function inviteStaff(
  tx: Tx,
  args: { email: string; roleIds: readonly string[]; invitedBy: { id: string; email: string; name: string | null } },
): Promise<{ id: string; expiresAt: Date }> {
  const email = args.email.trim().toLowerCase();
  const [existing] = await tx.select({ id: adminAccounts.id }).from(adminAccounts).where(staffEmail(email));
  if (existing) throw new AppError('CONFLICT', m.alreadyStaff);
  const names = await roleNames(tx, args.roleIds);
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + STAFF_INVITE_HOURS * 3_600_000);
  const [invite] = await tx
    .insert(adminInvites)
    .values({
      email,
      tokenHash: hashToken(token),
      roleIds: [...new Set(args.roleIds)],
      invitedBy: args.invitedBy.id,
      expiresAt,
    })
    .returning({ id: adminInvites.id });
  await notify(tx, {
    kind: 'staff-invite',
    to: { email },
    data: {
      token,
      invitedBy: args.invitedBy.name ?? args.invitedBy.email,
      roles: names.join(', '),
      expires: formatDateTime(expiresAt),
    },
  });
  return { id: invite.id, expiresAt };
}

/** Withdraws an invitation that has not been used: its link stops working. */
export async function cancelStaffInvite(tx: Tx, inviteId: string): Promise<{ email: string }> {
  const [row] = await tx
    .update(adminInvites)
    .set({ expiresAt: new Date() })
    .where(and(eq(adminInvites.id, inviteId), isNull(adminInvites.usedAt)))
    .returning({ email: adminInvites.email });
  if (!row) throw new AppError('NOT_FOUND', 'Invitation not found');
  return row;
}

/** The invitation behind a link: 404 unknown, 410 used or expired. */
async function openInvite(db: DbOrTx, token: string, lock = false) {
  const query = db
    .select()
    .from(adminInvites)
    .where(eq(adminInvites.tokenHash, hashToken(token)));
  const [invite] = lock ? await query.for('update') : await query;
  if (!invite) throw new AppError('NOT_FOUND', m.inviteUnknown);
  if (invite.usedAt) throw new AppError('GONE', m.inviteUsed);
  if (invite.expiresAt.getTime() <= Date.now()) throw new AppError('GONE', m.inviteExpired);
  return invite;
}

/** Whom an invitation link invites, and as what. */
export async function readStaffInvite(db: Db, token: string): Promise<{ email: string; roles: string[] }> {
  const invite = await openInvite(db, token);
  const roles = await db
    .select({ name: adminRoles.name })
    .from(adminRoles)
    .where(inArray(adminRoles.id, invite.roleIds))
    .orderBy(asc(adminRoles.name));
  return { email: invite.email, roles: roles.map((r) => r.name) };
}

/**
 * Accepts an invitation: creates the staff account with its name, password and the invited roles,
 * and spends the link (once: a second use, even at the same moment, is refused). Two-factor is set
 * up next, at the sign-in's setup step, before any session opens. Answers the new account's id.
 */
export async function acceptStaffInvite(
  db: Db,
  args: { token: string; name: string; password: string },
): Promise<{ adminId: string; email: string }> {
  const passwordHash = await hashPassword(args.password);
  return db.transaction(async (tx) => {
    const invite = await openInvite(tx, args.token, true);
    const [taken] = await tx.select({ id: adminAccounts.id }).from(adminAccounts).where(staffEmail(invite.email));
    if (taken) throw new AppError('CONFLICT', m.alreadyStaff);
    await tx.update(adminInvites).set({ usedAt: new Date() }).where(eq(adminInvites.id, invite.id));
    const [account] = await tx
      .insert(adminAccounts)
      .values({ email: invite.email, name: args.name.trim(), passwordHash })
      .returning({ id: adminAccounts.id });
    const roles = await tx.select({ id: adminRoles.id }).from(adminRoles).where(inArray(adminRoles.id, invite.roleIds));
    if (roles.length > 0)
      await tx.insert(adminAccountRoles).values(roles.map((r) => ({ adminId: account.id, roleId: r.id })));
    return { adminId: account.id, email: invite.email };
  });
}

/**
 * The last-owner rule: after `change`, at least one active staff member still holds the owner role.
 * Every active owner's row is locked first (in id order), so two changes at once cannot each leave
 * the other as the last owner and both go through.
 */
async function keepingAnOwner(tx: Tx, change: () => Promise<void>): Promise<void> {
  await tx.execute(
    sql`select a.id from ${adminAccounts} a
        join ${adminAccountRoles} ar on ar.admin_id = a.id
        join ${adminRoles} r on r.id = ar.role_id
        where r.built_in = 'owner' and a.status = 'active' order by a.id for update of a`,
  );
  await change();
  const [left] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(adminAccounts)
    .innerJoin(adminAccountRoles, eq(adminAccountRoles.adminId, adminAccounts.id))
    .innerJoin(adminRoles, eq(adminRoles.id, adminAccountRoles.roleId))
    .where(and(eq(adminRoles.builtIn, 'owner'), eq(adminAccounts.status, 'active')));
  if (Number(left.n) === 0) throw new AppError('CONFLICT', m.lastOwner);
}

async function staffAccount(tx: Tx, adminId: string) {
  const [row] = await tx
    .select({ id: adminAccounts.id, email: adminAccounts.email, status: adminAccounts.status })
    .from(adminAccounts)
    .where(eq(adminAccounts.id, adminId));
  if (!row) throw new AppError('NOT_FOUND', 'Staff member not found');
  return row;
}

/** Replaces a staff member's roles (the last owner keeps the owner role). Answers the old and new role names. */
export async function setStaffRoles(
  tx: Tx,
  args: { adminId: string; roleIds: readonly string[] },
): Promise<{ email: string; before: string[]; after: string[] }> {
  const account = await staffAccount(tx, args.adminId);
  const after = await roleNames(tx, args.roleIds);
  const before = await tx
    .select({ name: adminRoles.name })
    .from(adminAccountRoles)
    .innerJoin(adminRoles, eq(adminRoles.id, adminAccountRoles.roleId))
    .where(eq(adminAccountRoles.adminId, args.adminId))
    .orderBy(asc(adminRoles.name));
  await keepingAnOwner(tx, async () => {
    await tx.delete(adminAccountRoles).where(eq(adminAccountRoles.adminId, args.adminId));
    await tx
      .insert(adminAccountRoles)
      .values([...new Set(args.roleIds)].map((roleId) => ({ adminId: args.adminId, roleId })));
  });
  return { email: account.email, before: before.map((r) => r.name), after };
}

/** Suspends or restores a staff member. Suspending ends every session of theirs at once; never one's own account. */
export async function setStaffStatus(
  tx: Tx,
  args: { adminId: string; status: 'active' | 'suspended'; actingAdminId: string },
): Promise<{ email: string; before: string }> {
  if (args.status === 'suspended' && args.adminId === args.actingAdminId) throw new AppError('CONFLICT', m.notYourself);
  const account = await staffAccount(tx, args.adminId);
  await keepingAnOwner(tx, async () => {
    await tx
      .update(adminAccounts)
      .set({ status: args.status, updatedAt: new Date() })
      .where(eq(adminAccounts.id, args.adminId));
  });
  if (args.status === 'suspended') await tx.delete(adminSessions).where(eq(adminSessions.adminId, args.adminId));
  return { email: account.email, before: account.status };
}

/** Creates a custom role from the permission list. */
export async function createStaffRole(
  tx: Tx,
  args: { name: string; permissions: readonly StaffPermission[] },
): Promise<{ id: string }> {
  const [taken] = await tx
    .select({ id: adminRoles.id })
    .from(adminRoles)
    .where(sql`lower(${adminRoles.name}) = ${args.name.trim().toLowerCase()}`);
  if (taken) throw new AppError('CONFLICT', m.roleNameTaken);
  const [row] = await tx
    .insert(adminRoles)
    .values({ name: args.name.trim(), permissions: [...new Set(args.permissions)] })
    .returning({ id: adminRoles.id });
  return row;
}

async function customRole(tx: Tx, roleId: string): Promise<RoleRow> {
  const [role] = await tx.select().from(adminRoles).where(eq(adminRoles.id, roleId)).for('update');
  if (!role) throw new AppError('NOT_FOUND', 'Role not found');
  if (role.builtIn) throw new AppError('CONFLICT', m.builtInFixed);
  return role;
}

/** Renames a custom role or changes its permissions (its holders' next request sees the change). */
export async function updateStaffRole(
  tx: Tx,
  args: { roleId: string; name: string; permissions: readonly StaffPermission[] },
): Promise<{ before: RoleRow }> {
  const before = await customRole(tx, args.roleId);
  const [taken] = await tx
    .select({ id: adminRoles.id })
    .from(adminRoles)
    .where(
      and(sql`lower(${adminRoles.name}) = ${args.name.trim().toLowerCase()}`, sql`${adminRoles.id} <> ${args.roleId}`),
    );
  if (taken) throw new AppError('CONFLICT', m.roleNameTaken);
  await tx
    .update(adminRoles)
    .set({ name: args.name.trim(), permissions: [...new Set(args.permissions)], updatedAt: new Date() })
    .where(eq(adminRoles.id, args.roleId));
  return { before };
}

/** Deletes a custom role that nobody holds. */
export async function deleteStaffRole(tx: Tx, roleId: string): Promise<{ name: string }> {
  const role = await customRole(tx, roleId);
  const [held] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(adminAccountRoles)
    .where(eq(adminAccountRoles.roleId, roleId));
  if (Number(held.n) > 0) throw new AppError('CONFLICT', m.roleInUse);
  await tx.delete(adminRoles).where(eq(adminRoles.id, roleId));
  return { name: role.name };
}

/**
 * A staff member created directly with built-in roles (the demo data's): as after an invitation,
 * with no authenticator yet, so their first sign-in sets one up.
 */
export async function createStaffMember(
  tx: Tx,
  args: { email: string; name: string; password: string; roles: readonly BuiltInRole[] },
): Promise<{ id: string }> {
  const [account] = await tx
    .insert(adminAccounts)
    .values({ email: args.email.toLowerCase(), name: args.name, passwordHash: await hashPassword(args.password) })
    .returning({ id: adminAccounts.id });
  const roles = await tx
    .select({ id: adminRoles.id })
    .from(adminRoles)
    .where(inArray(adminRoles.builtIn, [...args.roles]));
  if (roles.length > 0)
    await tx.insert(adminAccountRoles).values(roles.map((r) => ({ adminId: account.id, roleId: r.id })));
  return account;
}

/** The password hashes of the staff accounts with these emails (the demo's published-password check). */
export async function staffPasswordHashes(db: DbOrTx, emails: readonly string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ email: adminAccounts.email, hash: adminAccounts.passwordHash })
    .from(adminAccounts)
    .where(inArray(adminAccounts.email, [...emails]));
  return new Map(rows.map((r) => [r.email, r.hash]));
}
