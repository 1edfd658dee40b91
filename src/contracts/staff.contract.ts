import { z } from 'zod';
import { builtInRoles, staffPermissions } from '../domain/staff-permissions';
import { stepUpCodeSchema } from './admin-lists.contract';
import { newPasswordSchema } from './auth.contract';
import { emailSchema, linkTokenSchema, requiredText } from './common.contract';

/** The operator's staff: invitations, roles and suspension (the Staff tab, owners only). */
export const staffMessages = {
  invited: 'Invitation sent. The link works once, for 72 hours.',
  inviteUnknown: 'This invitation link is not valid. Ask an owner to invite you again.',
  inviteUsed: 'This invitation has already been used. Sign in at /admin/login.',
  inviteExpired: 'This invitation has expired. Ask an owner to invite you again.',
  alreadyStaff: 'This email already belongs to a staff member.',
  lastOwner: 'The last owner cannot be suspended, demoted or deleted. Make someone else an owner first.',
  chooseRole: 'Choose at least one role',
  roleUnknown: 'One of the roles no longer exists. Reload the page.',
  roleNameTaken: 'A role with this name already exists.',
  builtInFixed: 'Built-in roles cannot be changed or deleted.',
  roleInUse: 'Staff members still hold this role. Take it from them first.',
  choosePermission: 'Choose at least one permission',
  suspended: 'This staff account is suspended. Ask an owner to restore it.',
  notYourself: 'You cannot suspend or delete your own account.',
} as const;

export const staffPermissionSchema = z.enum(staffPermissions);
export const builtInRoleSchema = z.enum(builtInRoles);

export const staffRoleSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  builtIn: builtInRoleSchema.nullable(),
  permissions: z.array(staffPermissionSchema),
  members: z.number().int(),
});
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const staffMemberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  status: z.enum(['active', 'suspended']),
  twoFactor: z.boolean(),
  roles: z.array(z.object({ id: z.uuid(), name: z.string() })),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const pendingInviteSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  roles: z.array(z.string()),
  expiresAt: z.string(),
});

export const staffOverviewSchema = z.object({
  members: z.array(staffMemberSchema),
  roles: z.array(staffRoleSchema),
  invites: z.array(pendingInviteSchema),
});
export type StaffOverview = z.infer<typeof staffOverviewSchema>;

const roleIds = z
  .array(z.uuid({ error: staffMessages.roleUnknown }))
  .min(1, staffMessages.chooseRole)
  .max(20);

/** `POST /api/admin/staff/invites` (a fresh code). */
export const staffInviteSchema = z.object({ email: emailSchema, roleIds, code: stepUpCodeSchema });
export type StaffInviteInput = z.input<typeof staffInviteSchema>;

/** `PUT /api/admin/staff/:id/roles` (a fresh code). */
export const staffRolesSchema = z.object({ roleIds, code: stepUpCodeSchema });

/** `POST /api/admin/staff/:id/status` (a fresh code): suspending ends every session of the person at once. */
export const staffStatusSchema = z.object({ status: z.enum(['active', 'suspended']), code: stepUpCodeSchema });

/** `POST /api/admin/staff/roles` and `PUT /api/admin/staff/roles/:id` (a fresh code): a custom role. */
export const customRoleSchema = z.object({
  name: requiredText('Enter a name for the role', 60),
  permissions: z.array(staffPermissionSchema).min(1, staffMessages.choosePermission),
  code: stepUpCodeSchema,
});
export type CustomRoleInput = z.input<typeof customRoleSchema>;

/** The token of an invitation link: 64 hex digits. */
export const inviteTokenSchema = linkTokenSchema(staffMessages.inviteUnknown);

/** `GET /api/admin/invites/:token`: whom the link invites, before they choose a password. */
export const inviteDetailsSchema = z.object({ email: z.string(), roles: z.array(z.string()) });

/** `POST /api/admin/invites/:token/accept`: the person's name and a password twice; next, the authenticator. */
export const acceptInviteSchema = newPasswordSchema.and(z.object({ name: requiredText('Enter your name', 100) }));
export type AcceptInviteInput = z.input<typeof acceptInviteSchema>;
