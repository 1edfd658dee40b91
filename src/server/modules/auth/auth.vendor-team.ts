import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  INVITE_TTL_HOURS,
  permissionsOf,
  teamMessages as m,
  vendorRoleLabels,
  type ActingVendor,
  type InviteLookup,
  type Team,
} from '../../../contracts/vendor-team.contract';
import type { VendorMemberRole } from '../../../domain/vendor-team';
import { AppError } from '../../platform/app-error';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { notify } from '../notifications';
import { createAccount } from './auth.service';
import { hashToken, newSessionToken } from './auth.sessions';
import { userProfiles, users, vendorInvites, vendorMembers, vendors } from './auth.tables';

const notFound = (message: string) => new AppError('NOT_FOUND', message);
const invalidLink = () => new AppError('VALIDATION_FAILED', m.linkInvalid, { token: m.linkInvalid });
const sameEmail = (column: typeof users.email | typeof vendorInvites.email, email: string) =>
  sql`lower(${column}) = ${email.toLowerCase()}`;

/**
 * The role of an account in a vendor's team, or null when it is not a member (or the vendor's
 * account is no longer active). Read on every request that acts for another vendor, so a removed
 * member's next request is refused.
 */
export async function vendorMemberRole(
  db: DbOrTx,
  vendorUserId: string,
  memberUserId: string,
): Promise<VendorMemberRole | null> {
  const [row] = await db
    .select({ role: vendorMembers.role })
    .from(vendorMembers)
    .innerJoin(users, eq(users.id, vendorMembers.vendorUserId))
    .where(
      and(
        eq(vendorMembers.vendorUserId, vendorUserId),
        eq(vendorMembers.memberUserId, memberUserId),
        eq(users.status, 'active'),
      ),
    )
    .limit(1);
  return (row?.role as VendorMemberRole | undefined) ?? null;
}

/** The owner's Team section: members (oldest first) and invitations not accepted nor withdrawn. */
export async function listTeam(db: DbOrTx, vendorUserId: string): Promise<Team> {
  const [members, invites] = await Promise.all([
    db
      .select({
        id: vendorMembers.id,
        userId: vendorMembers.memberUserId,
        email: users.email,
        firstName: userProfiles.firstName,
        lastName: userProfiles.lastName,
        role: vendorMembers.role,
        since: vendorMembers.createdAt,
      })
      .from(vendorMembers)
      .innerJoin(users, eq(users.id, vendorMembers.memberUserId))
      .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
      .where(eq(vendorMembers.vendorUserId, vendorUserId))
      .orderBy(asc(vendorMembers.createdAt), asc(vendorMembers.id)),
    db
      .select({
        id: vendorInvites.id,
        email: vendorInvites.email,
        role: vendorInvites.role,
        expiresAt: vendorInvites.expiresAt,
        expired: sql<boolean>`${vendorInvites.expiresAt} <= now()`,
      })
      .from(vendorInvites)
      .where(
        and(
          eq(vendorInvites.vendorUserId, vendorUserId),
          isNull(vendorInvites.acceptedAt),
          isNull(vendorInvites.revokedAt),
        ),
      )
      .orderBy(asc(vendorInvites.createdAt), asc(vendorInvites.id)),
  ]);
  return {
    members: members.map((r) => ({
      id: r.id,
      userId: r.userId,
      email: r.email,
      name: [r.firstName, r.lastName].filter(Boolean).join(' ') || null,
      role: r.role as VendorMemberRole,
      status: 'active' as const,
      since: r.since.toISOString(),
    })),
    invites: invites.map((r) => ({
      id: r.id,
      email: r.email,
      role: r.role as VendorMemberRole,
      status: r.expired ? ('expired' as const) : ('invited' as const),
      expiresAt: r.expiresAt.toISOString(),
    })),
  };
}

/**
 * Invites an email to the vendor's team with a role: a single-use link for INVITE_TTL_HOURS, sent
 * through the notifications outbox in the same transaction. An earlier open invitation of the same
 * email is withdrawn (the newest link alone works). Answers the token (only its hash is stored).
 */
export async function inviteMember(
  db: Db,
  a: { vendorUserId: string; email: string; role: VendorMemberRole },
): Promise<{ token: string; message: string }> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ email: users.email, businessName: vendors.businessName })
      .from(users)
      .innerJoin(vendors, eq(vendors.userId, users.id))
      .where(eq(users.id, a.vendorUserId));
    if (!owner) throw notFound(m.inviteNotFound);
    if (owner.email.toLowerCase() === a.email.toLowerCase())
      throw new AppError('VALIDATION_FAILED', m.ownEmail, { email: m.ownEmail });
    const [member] = await tx
      .select({ id: vendorMembers.id })
      .from(vendorMembers)
      .innerJoin(users, eq(users.id, vendorMembers.memberUserId))
      .where(and(eq(vendorMembers.vendorUserId, a.vendorUserId), sameEmail(users.email, a.email)));
    if (member) throw new AppError('CONFLICT', m.alreadyMember, { email: m.alreadyMember });
    await tx
      .update(vendorInvites)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(vendorInvites.vendorUserId, a.vendorUserId),
          sameEmail(vendorInvites.email, a.email),
          isNull(vendorInvites.acceptedAt),
          isNull(vendorInvites.revokedAt),
        ),
      );
    const token = newSessionToken();
    await tx.insert(vendorInvites).values({
      vendorUserId: a.vendorUserId,
      email: a.email,
      role: a.role,
      tokenHash: hashToken(token),
      expiresAt: sql`now() + ${INVITE_TTL_HOURS} * interval '1 hour'`,
    });
    await notify(tx, {
      kind: 'vendor-team-invite',
      to: { email: a.email },
      data: {
        vendorName: owner.businessName,
        inviterEmail: owner.email,
        email: a.email,
        role: vendorRoleLabels[a.role].label,
        roleHint: vendorRoleLabels[a.role].hint,
        hours: INVITE_TTL_HOURS,
        token,
      },
    });
    return { token, message: m.invited(a.email) };
  });
}

/** Withdraws an open invitation of the vendor's. */
export async function revokeInvite(db: DbOrTx, vendorUserId: string, inviteId: string): Promise<void> {
  const rows = await db
    .update(vendorInvites)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(vendorInvites.id, inviteId),
        eq(vendorInvites.vendorUserId, vendorUserId),
        isNull(vendorInvites.acceptedAt),
        isNull(vendorInvites.revokedAt),
      ),
    )
    .returning({ id: vendorInvites.id });
  if (rows.length === 0) throw notFound(m.inviteNotFound);
}

/** Gives a member of the vendor's team another role (its next request is judged by it). */
export async function changeMemberRole(
  db: DbOrTx,
  a: { vendorUserId: string; memberId: string; role: VendorMemberRole },
): Promise<void> {
  const rows = await db
    .update(vendorMembers)
    .set({ role: a.role, updatedAt: new Date() })
    .where(and(eq(vendorMembers.id, a.memberId), eq(vendorMembers.vendorUserId, a.vendorUserId)))
    .returning({ id: vendorMembers.id });
  if (rows.length === 0) throw notFound(m.memberNotFound);
}

/** Removes a member from the vendor's team: its next request for the vendor is refused. */
export async function removeMember(db: DbOrTx, a: { vendorUserId: string; memberId: string }): Promise<void> {
  const rows = await db
    .delete(vendorMembers)
    .where(and(eq(vendorMembers.id, a.memberId), eq(vendorMembers.vendorUserId, a.vendorUserId)))
    .returning({ id: vendorMembers.id });
  if (rows.length === 0) throw notFound(m.memberNotFound);
}

type OpenInvite = { id: string; vendorUserId: string; email: string; role: VendorMemberRole; vendorName: string };

async function openInvite(db: DbOrTx, token: string): Promise<OpenInvite | null> {
  const [row] = await db
    .select({
      id: vendorInvites.id,
      vendorUserId: vendorInvites.vendorUserId,
      email: vendorInvites.email,
      role: vendorInvites.role,
      vendorName: vendors.businessName,
    })
    .from(vendorInvites)
    .innerJoin(vendors, eq(vendors.userId, vendorInvites.vendorUserId))
    .where(
      and(
        eq(vendorInvites.tokenHash, hashToken(token)),
        isNull(vendorInvites.acceptedAt),
        isNull(vendorInvites.revokedAt),
        gt(vendorInvites.expiresAt, sql`now()`),
      ),
    );
  return row ? { ...row, role: row.role as VendorMemberRole } : null;
}

/** What the accept page shows: whose team, which email and role, and whether that email has an account. */
export async function lookupInvite(db: DbOrTx, token: string): Promise<InviteLookup> {
  const invite = await openInvite(db, token);
  if (!invite) throw invalidLink();
  const [account] = await db.select({ id: users.id }).from(users).where(sameEmail(users.email, invite.email)).limit(1);
  return { vendorName: invite.vendorName, email: invite.email, role: invite.role, hasAccount: !!account };
}

/** Spends the link (once, before it expires) and makes the account a member with the invitation's role. */
async function join(tx: Tx, token: string, userId: string, email: string): Promise<OpenInvite> {
  const invite = await openInvite(tx, token);
  if (!invite) throw invalidLink();
  if (invite.email.toLowerCase() !== email.toLowerCase()) throw new AppError('FORBIDDEN', m.wrongAccount(invite.email));
  if (invite.vendorUserId === userId) throw new AppError('VALIDATION_FAILED', m.ownEmail);
  // Single use: the conditional update is the one that spends it, whoever else tries at once.
  const spent = await tx
    .update(vendorInvites)
    .set({ acceptedAt: sql`now()` })
    .where(and(eq(vendorInvites.id, invite.id), isNull(vendorInvites.acceptedAt), isNull(vendorInvites.revokedAt)))
    .returning({ id: vendorInvites.id });
  if (spent.length === 0) throw invalidLink();
  await tx
    .insert(vendorMembers)
    .values({ vendorUserId: invite.vendorUserId, memberUserId: userId, role: invite.role })
    .onConflictDoUpdate({
      target: [vendorMembers.vendorUserId, vendorMembers.memberUserId],
      set: { role: invite.role, updatedAt: new Date() },
    });
  return invite;
}

/** The signed-in account accepts an invitation made out to its email. */
export async function acceptInvite(
  db: Db,
  a: { token: string; userId: string; email: string },
): Promise<{ vendorUserId: string; message: string }> {
  return db.transaction(async (tx) => {
    const invite = await join(tx, a.token, a.userId, a.email);
    return { vendorUserId: invite.vendorUserId, message: m.joined(invite.vendorName) };
  });
}

/**
 * A person without an account accepts: an account of its own is made for the invited email (a
 * customer account: any account may be a member), with the name and password given, and joins.
 */
export async function registerAndAcceptInvite(
  db: Db,
  a: { token: string; firstName: string; lastName: string; password: string },
): Promise<{ vendorUserId: string; email: string; message: string }> {
  return db.transaction(async (tx) => {
    const invite = await openInvite(tx, a.token);
    if (!invite) throw invalidLink();
    const [taken] = await tx.select({ id: users.id }).from(users).where(sameEmail(users.email, invite.email)).limit(1);
    if (taken) throw new AppError('EMAIL_TAKEN', m.emailHasAccount, { token: m.emailHasAccount });
    const { userId } = await createAccount(tx, {
      email: invite.email,
      password: a.password,
      role: 'customer',
      firstName: a.firstName,
      lastName: a.lastName,
    });
    await join(tx, a.token, userId, invite.email);
    return { vendorUserId: invite.vendorUserId, email: invite.email, message: m.joined(invite.vendorName) };
  });
}

/** The vendors an account may act for: its own (a vendor account) first, then its teams by name. */
export async function myVendors(db: DbOrTx, user: { id: string; role: string }): Promise<ActingVendor[]> {
  const own =
    user.role === 'vendor'
      ? await db.select({ businessName: vendors.businessName }).from(vendors).where(eq(vendors.userId, user.id))
      : [];
  const teams = await db
    .select({ vendorUserId: vendorMembers.vendorUserId, businessName: vendors.businessName, role: vendorMembers.role })
    .from(vendorMembers)
    .innerJoin(vendors, eq(vendors.userId, vendorMembers.vendorUserId))
    .innerJoin(users, eq(users.id, vendorMembers.vendorUserId))
    .where(and(eq(vendorMembers.memberUserId, user.id), eq(users.status, 'active')))
    .orderBy(asc(vendors.businessName));
  return [
    ...own.map((o) => ({
      vendorUserId: user.id,
      businessName: o.businessName,
      role: 'owner' as const,
      permissions: permissionsOf('owner'),
    })),
    ...teams.map((t) => ({
      vendorUserId: t.vendorUserId,
      businessName: t.businessName,
      role: t.role as VendorMemberRole,
      permissions: permissionsOf(t.role as VendorMemberRole),
    })),
  ];
}

/**
 * A team member with an account of their own (a customer account: any account may be a member),
 * added without an invitation: the demo data's packer and accountant.
 */
export async function addVendorMember(
  tx: Tx,
  a: {
    vendorUserId: string;
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    role: VendorMemberRole;
  },
): Promise<{ userId: string }> {
  const { userId } = await createAccount(tx, {
    email: a.email,
    password: a.password,
    role: 'customer',
    firstName: a.firstName,
    lastName: a.lastName,
  });
  await tx.insert(vendorMembers).values({ vendorUserId: a.vendorUserId, memberUserId: userId, role: a.role });
  return { userId };
}
