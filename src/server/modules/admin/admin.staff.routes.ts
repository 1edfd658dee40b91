import type { FastifyInstance } from 'fastify';
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
import { adminErrors as errors } from './admin.errors';
import { requireFreshCode } from './admin.step-up';

const params = z.object({ id: z.uuid({ error: 'Not found' }) });
const done = z.object({ message: z.string() });
const tags = ['admin'];

/** The Staff tab (owners): the team and its roles, invitations, suspension; every change with a fresh code. */
export async function adminStaffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const config = { permission: 'staff' } as const;

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

  app.post(
    '/api/admin/staff/invites',
    {
      config,
      schema: {
        tags,
        summary: 'Invite a person by email with roles: a single-use link for 72 hours (a fresh 2FA code)',
        body: staffInviteSchema,
        response: { 201: done, ...errors },
      },
    },
    async (req, reply) => {
      await requireFreshCode(req, reply, (sensitiveTx) =>
        sensitiveTx(async (tx, admin) => {
          const invite = await inviteStaff(tx, { email: req.body.email, roleIds: req.body.roleIds, invitedBy: admin });
          return {
            audit: {
              action: 'staff_invited',
              resourceType: 'admin_invite',
              resourceId: invite.id,
              newData: { email: req.body.email, roleIds: req.body.roleIds },
            },
          };
        }),
      );
      return reply.status(201).send({ message: staffMessages.invited });
    },
  );

  app.post(
    '/api/admin/staff/invites/:id/cancel',
    {
      config,
      schema: {
        tags,
        summary: 'Withdraw an unused invitation (a fresh 2FA code)',
        params,
        body: deleteBodySchema,
        response: { 200: done, ...errors },
      },
    },
    async (req, reply) =>
      requireFreshCode(req, reply, (sensitiveTx) =>
        sensitiveTx(async (tx) => {
          const { email } = await cancelStaffInvite(tx, req.params.id);
          return {
            result: { message: 'Invitation withdrawn.' },
            audit: {
              action: 'staff_invite_cancelled',
              resourceType: 'admin_invite',
              resourceId: req.params.id,
              newData: { email },
            },
          };
        }),
      ),
  );

  app.put(
    '/api/admin/staff/:id/roles',
    {
      config,
      schema: {
        tags,
        summary: "Replace a staff member's roles; the last owner keeps the owner role (a fresh 2FA code)",
        params,
        body: staffRolesSchema,
        response: { 200: done, ...errors },
      },
    },
    async (req, reply) =>
      requireFreshCode(req, reply, (sensitiveTx) =>
        sensitiveTx(async (tx) => {
          const { email, before, after } = await setStaffRoles(tx, {
            adminId: req.params.id,
            roleIds: req.body.roleIds,
          });
          return {
            result: { message: 'Roles saved.' },
            audit: {
              action: 'staff_roles_changed',
              resourceType: 'admin_account',
              resourceId: req.params.id,
              newData: { email, changes: auditChanges({ roles: before.join(', ') }, { roles: after.join(', ') }) },
            },
          };
        }),
      ),
  );

  app.post(
    '/api/admin/staff/:id/status',
    {
      config,
      schema: {
        tags,
        summary: 'Suspend a staff member (their sessions end at once) or restore them (a fresh 2FA code)',
        params,
        body: staffStatusSchema,
        response: { 200: done, ...errors },
      },
    },
    async (req, reply) =>
      requireFreshCode(req, reply, (sensitiveTx) =>
        sensitiveTx(async (tx, admin) => {
          const { status } = req.body;
          const { email, before } = await setStaffStatus(tx, {
            adminId: req.params.id,
            status,
            actingAdminId: admin.id,
          });
          return {
            result: { message: status === 'suspended' ? 'Suspended: their sessions have ended.' : 'Restored.' },
            audit: {
              action: status === 'suspended' ? 'staff_suspended' : 'staff_restored',
              resourceType: 'admin_account',
              resourceId: req.params.id,
              newData: { email, changes: auditChanges<{ status: string }>({ status: before }, { status }) },
            },
          };
        }),
      ),
  );

  app.post(
    '/api/admin/staff/roles',
    {
      config,
      schema: {
        tags,
        summary: 'Create a custom role from the permission list (a fresh 2FA code)',
        body: customRoleSchema,
        response: { 201: done, ...errors },
      },
    },
    async (req, reply) => {
      await requireFreshCode(req, reply, (sensitiveTx) =>
        sensitiveTx(async (tx) => {
          const { id } = await createStaffRole(tx, req.body);
          const { name, permissions } = req.body;
          return {
            audit: {
              action: 'staff_role_created',
              resourceType: 'admin_role',
              resourceId: id,
              newData: { name, permissions },
            },
          };
        }),
      );
      return reply.status(201).send({ message: 'Role created.' });
    },
  );

  app.put(
    '/api/admin/staff/roles/:id',
    {
      config,
      schema: {
        tags,
        summary: "Change a custom role's name or permissions (a fresh 2FA code)",
        params,
        body: customRoleSchema,
        response: { 200: done, ...errors },
      },
    },
    async (req, reply) =>
      requireFreshCode(req, reply, (sensitiveTx) =>
        sensitiveTx(async (tx) => {
          const { name, permissions } = req.body;
          const { before } = await updateStaffRole(tx, { roleId: req.params.id, name, permissions });
          return {
            result: { message: 'Role saved.' },
            audit: {
              action: 'staff_role_changed',
              resourceType: 'admin_role',
              resourceId: req.params.id,
              newData: {
                changes: auditChanges(
                  { name: before.name, permissions: before.permissions.join(', ') },
                  { name, permissions: permissions.join(', ') },
                ),
              },
            },
          };
        }),
      ),
  );

  app.post(
    '/api/admin/staff/roles/:id/delete',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a custom role nobody holds (a fresh 2FA code)',
        params,
        body: deleteBodySchema,
        response: { 200: done, ...errors },
      },
    },
    async (req, reply) =>
      requireFreshCode(req, reply, (sensitiveTx) =>
        sensitiveTx(async (tx) => {
          const { name } = await deleteStaffRole(tx, req.params.id);
          return {
            result: { message: 'Role deleted.' },
            audit: {
              action: 'staff_role_deleted',
              resourceType: 'admin_role',
              resourceId: req.params.id,
              newData: { name },
            },
          };
        }),
      ),
  );
}
