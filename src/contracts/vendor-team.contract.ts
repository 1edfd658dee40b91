import { z } from 'zod';
import {
  INVITE_TTL_HOURS,
  permissionsOf,
  vendorMemberRoles,
  vendorPermissions,
  vendorRoleLabels,
  type VendorActorRole,
  type VendorMemberRole,
  type VendorPermission,
} from '../domain/vendor-team';
import { newPasswordFields, passwordsMatch } from './auth.contract';
import { emailSchema, linkTokenSchema, requiredText } from './common.contract';

export { INVITE_TTL_HOURS, permissionsOf, vendorMemberRoles, vendorPermissions, vendorRoleLabels };
export type { VendorActorRole, VendorMemberRole, VendorPermission };

/** The header that names the vendor a request acts for (the web client sets it from the switcher). */
export const VENDOR_HEADER = 'x-haat-vendor';

export const teamMessages = {
  notMember: "You are not a member of this vendor's team. Choose another vendor in the header.",
  denied: (role: string, permission: string) =>
    `Your role in this team (${role}) does not allow this: ${permission}. Ask the vendor's owner.`,
  invited: (email: string) => `Invitation sent to ${email}. The link works once, for ${INVITE_TTL_HOURS} hours.`,
  ownEmail: 'You cannot invite yourself: you are the owner of this team.',
  alreadyMember: 'This person is already a member of your team.',
  memberNotFound: 'Member not found',
  inviteNotFound: 'Invitation not found',
  roleChanged: 'Role changed.',
  removed: 'Member removed. Their access ended at once.',
  inviteRevoked: 'Invitation withdrawn.',
  linkInvalid: 'This invitation link is invalid, already used or expired. Ask the vendor for a new one.',
  wrongAccount: (email: string) => `This invitation is for ${email}. Sign in with that account to accept it.`,
  emailHasAccount: 'This email already has a Haat account. Sign in with it to accept the invitation.',
  joined: (vendorName: string) => `You joined ${vendorName}.`,
  roleRequired: 'Choose a role',
} as const;

/** What each permission covers, as the 403 names it. */
export const permissionLabels: Record<(typeof vendorPermissions)[number], string> = {
  'shops.view': 'seeing the shops',
  'shops.manage': 'managing the shops',
  catalog: 'products, variants, stock and pictures',
  promotions: 'offers the vendor pays for',
  orders: 'orders, shipping, returns and cash on delivery',
  documents: 'tax invoices and credit notes',
  overview: 'the overview',
  earnings: 'earnings, statements and invoices',
  'payout.view': 'the payout details',
  'payout.edit': 'changing the payout details',
  team: 'the team',
};

export const vendorMemberRoleSchema = z.enum(vendorMemberRoles, { error: teamMessages.roleRequired });

/** `POST /api/vendor/team/invites`: who, and as what. */
export const teamInviteInputSchema = z.object({ email: emailSchema, role: vendorMemberRoleSchema });
export type TeamInviteInput = z.input<typeof teamInviteInputSchema>;

/** `PATCH /api/vendor/team/members/:id`. */
export const teamRoleInputSchema = z.object({ role: vendorMemberRoleSchema });

export const teamIdParamsSchema = z.object({ id: z.uuid({ error: teamMessages.memberNotFound }) });

export const teamMemberSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: vendorMemberRoleSchema,
  status: z.literal('active'),
  since: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: vendorMemberRoleSchema,
  status: z.enum(['invited', 'expired']),
  expiresAt: z.string(),
});
export type TeamInvite = z.infer<typeof teamInviteSchema>;

/** The owner's Team section. */
export const teamSchema = z.object({ members: z.array(teamMemberSchema), invites: z.array(teamInviteSchema) });
export type Team = z.infer<typeof teamSchema>;

export const teamMessageSchema = z.object({ message: z.string() });

/** The token of an invitation link: 64 hex digits. */
export const inviteTokenSchema = linkTokenSchema(teamMessages.linkInvalid);

export const inviteLookupInputSchema = z.object({ token: inviteTokenSchema });

/** What the accept page shows before joining. */
export const inviteLookupSchema = z.object({
  vendorName: z.string(),
  email: z.string(),
  role: vendorMemberRoleSchema,
  /** The email has an account: sign in with it, then accept. */
  hasAccount: z.boolean(),
});
export type InviteLookup = z.infer<typeof inviteLookupSchema>;

/** `POST /api/team-invites/accept`: the signed-in account joins. */
export const inviteAcceptInputSchema = z.object({ token: inviteTokenSchema });

/** `POST /api/team-invites/register`: a new account for the invited email (name and password), which joins. */
export const inviteRegisterInputSchema = newPasswordFields
  .extend({
    token: inviteTokenSchema,
    firstName: requiredText('First name is required', 100),
    lastName: requiredText('Last name is required', 100),
  })
  .refine(...passwordsMatch);
export type InviteRegisterInput = z.input<typeof inviteRegisterInputSchema>;

export const inviteJoinedSchema = z.object({ vendorUserId: z.string(), message: z.string() });

/** One vendor the signed-in account may act for, for the header's switcher. */
export const actingVendorSchema = z.object({
  vendorUserId: z.string(),
  businessName: z.string(),
  role: z.enum(['owner', ...vendorMemberRoles]),
  permissions: z.array(z.enum(vendorPermissions)),
});
export type ActingVendor = z.infer<typeof actingVendorSchema>;
export const myVendorsSchema = z.object({ vendors: z.array(actingVendorSchema) });
