import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteBodySchema } from '../../../contracts/admin-lists.contract';
import {
  customRoleSchema,
  staffInviteSchema,
  staffMessages,
  staffOverviewSchema,
  staffRolesSchema,
  staffStatusSchema,
} from '../../../contracts/staff.contract';
import type { AdminUser } from '../../platform/auth-guards';
import type { Tx } from '../../platform/db';
import {
  cancelStaffInvite,
  createStaffRole,
  deleteStaffRole,
  inviteStaff,
  listPendingInvites,
  listStaff,
  listStaffRoles,
  setStaffRoles,
  setStaffStatus,
  updateStaffRole,
} from '../auth';
import { auditChanges } from '../audit';
import { adminErrors as errors } from '../../platform/admin-errors';
import { requireFreshCode, type ActionAudit } from './admin.step-up';

const params = z.object({ id: z.uuid({ error: 'Not found' }) });
const done = z.object({ message: z.string() });
const tags = ['admin'];
const config = { permission: 'staff' } as const;

type Change<B> = {
  method: 'POST' | 'PUT';
  url: string;
  summary: string;
  body: z.ZodType<B>;
  withId?: boolean;
  status?: 200 | 201;
  /** The change, in the fresh code's transaction: what the answer says and what the audit log records. */
  run: (tx: Tx, admin: AdminUser, req: { body: B; id: string }) => Promise<{ message: string; audit: ActionAudit }>;
};

/** The Staff tab (owners): the team and its roles, invitations, suspension; every change with a fresh code. */
export async function adminStaffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  /** One staff change: the owner's permission, a fresh code, one transaction with its audit entry. */
  const change = <B>(c: Change<B>) =>
    app.route({
      method: c.method,
      url: c.url,
      config,
      schema: {
        tags,
        summary: `${c.summary} (a fresh 2FA code)`,
        ...(c.withId ? { params } : {}),
        body: c.body,
        response: { [c.status ?? 200]: done, ...errors },
      },
      handler: async (req: FastifyRequest, reply) => {
        const input = { body: req.body as B, id: (req.params as { id?: string }).id ?? '' };
        const message = await requireFreshCode(req, reply, (sensitiveTx) =>
          sensitiveTx(async (tx, admin) => {
            const { message, audit } = await c.run(tx, admin, input);
            return { result: message, audit };
          }),
        );
        return reply.status(c.status ?? 200).send({ message });
      },
    });

  app.get(
    '/api/admin/staff',
    {
      config,
      schema: {
        tags,
        summary: 'Staff members, roles and open invitations',
        response: { 200: staffOverviewSchema, ...errors },
      },
    },
    async () => {
      const [members, roles, invites] = await Promise.all([listStaff(db), listStaffRoles(db), listPendingInvites(db)]);
      return { members, roles, invites };
    },
  );

  change({
    method: 'POST',
    url: '/api/admin/staff/invites',
    summary: 'Invite a person by email with roles: a single-use link for 72 hours',
    body: staffInviteSchema,
    status: 201,
    run: async (tx, admin, { body: { email, roleIds } }) => {
      const invite = await inviteStaff(tx, { email, roleIds, invitedBy: admin });
      const audit = { action: 'staff_invited', resourceType: 'admin_invite', resourceId: invite.id };
      return { message: staffMessages.invited, audit: { ...audit, newData: { email, roleIds } } };
    },
  });

  change({
    method: 'POST',
    url: '/api/admin/staff/invites/:id/cancel',
    summary: 'Withdraw an unused invitation',
    body: deleteBodySchema,
    withId: true,
    run: async (tx, _admin, { id }) => {
      const { email } = await cancelStaffInvite(tx, id);
      const audit = { action: 'staff_invite_cancelled', resourceType: 'admin_invite', resourceId: id };
      return { message: 'Invitation withdrawn.', audit: { ...audit, newData: { email } } };
    },
  });

  change({
    method: 'PUT',
    url: '/api/admin/staff/:id/roles',
    summary: "Replace a staff member's roles; the last owner keeps the owner role",
    body: staffRolesSchema,
    withId: true,
    run: async (tx, _admin, { body, id }) => {
      const { email, before, after } = await setStaffRoles(tx, { adminId: id, roleIds: body.roleIds });
      const changes = auditChanges({ roles: before.join(', ') }, { roles: after.join(', ') });
      const audit = { action: 'staff_roles_changed', resourceType: 'admin_account', resourceId: id };
      return { message: 'Roles saved.', audit: { ...audit, newData: { email, changes } } };
    },
  });

  change({
    method: 'POST',
    url: '/api/admin/staff/:id/status',
    summary: 'Suspend a staff member (their sessions end at once) or restore them',
    body: staffStatusSchema,
    withId: true,
    run: async (tx, admin, { body: { status }, id }) => {
      const { email, before } = await setStaffStatus(tx, { adminId: id, status, actingAdminId: admin.id });
      const suspended = status === 'suspended';
      return {
        message: suspended ? 'Suspended: their sessions have ended.' : 'Restored.',
        audit: {
          action: suspended ? 'staff_suspended' : 'staff_restored',
          resourceType: 'admin_account',
          resourceId: id,
          newData: { email, changes: auditChanges<{ status: string }>({ status: before }, { status }) },
        },
      };
    },
  });

  change({
    method: 'POST',
    url: '/api/admin/staff/roles',
    summary: 'Create a custom role from the permission list',
    body: customRoleSchema,
    status: 201,
    run: async (tx, _admin, { body: { name, permissions } }) => {
      const { id } = await createStaffRole(tx, { name, permissions });
      const audit = { action: 'staff_role_created', resourceType: 'admin_role', resourceId: id };
      return { message: 'Role created.', audit: { ...audit, newData: { name, permissions } } };
    },
  });

  change({
    method: 'PUT',
    url: '/api/admin/staff/roles/:id',
    summary: "Change a custom role's name or permissions",
    body: customRoleSchema,
    withId: true,
    run: async (tx, _admin, { body: { name, permissions }, id }) => {
      const { before } = await updateStaffRole(tx, { roleId: id, name, permissions });
      const changes = auditChanges(
        { name: before.name, permissions: before.permissions.join(', ') },
        { name, permissions: permissions.join(', ') },
      );
      const audit = { action: 'staff_role_changed', resourceType: 'admin_role', resourceId: id };
      return { message: 'Role saved.', audit: { ...audit, newData: { changes } } };
    },
  });

  change({
    method: 'POST',
    url: '/api/admin/staff/roles/:id/delete',
    summary: 'Delete a custom role nobody holds',
    body: deleteBodySchema,
    withId: true,
    run: async (tx, _admin, { id }) => {
      const { name } = await deleteStaffRole(tx, id);
      const audit = { action: 'staff_role_deleted', resourceType: 'admin_role', resourceId: id };
      return { message: 'Role deleted.', audit: { ...audit, newData: { name } } };
    },
  });
}
