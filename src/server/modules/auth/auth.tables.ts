import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from '../../platform/columns';

/** Sign-in accounts of customers, vendors, merchants and users with role admin. */
export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status').notNull().default('active'),
    referralCode: text('referral_code').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_referral_code_unique').on(t.referralCode),
    // The admin Users tab: newest first, and the email half of the Users and Orders searches (ILIKE).
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    // 'deleted': anonymised by the super admin; kept because orders, points or payouts refer to it.
    check('users_status_check', sql`${t.status} in ('active', 'suspended', 'deleted')`),
  ],
);

export const userProfiles = pgTable(
  'user_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('customer'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender'),
    profileImageUrl: text('profile_image_url'),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The admin Users search by name, on the expression the list writes (first and last name).
    index('user_profiles_name_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')) gin_trgm_ops`,
    ),
    check('user_profiles_role_check', sql`${t.role} in ('customer', 'vendor', 'merchant', 'admin')`),
    check(
      'user_profiles_gender_check',
      sql`${t.gender} is null or ${t.gender} in ('male', 'female', 'other', 'prefer_not_to_say')`,
    ),
  ],
);

/** Server-side sessions of users: only a SHA-256 hash of the cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: tstz('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Single-use password reset links: only a SHA-256 hash of the token is stored; a used or replaced one has used_at set. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

export const customers = pgTable(
  'customers',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull().default('New Customer'),
    email: text('email').notNull(),
    phone: text('phone'),
    address: text('address'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_user_unique').on(t.userId),
    // The admin Orders search by the customer's name (ILIKE).
    index('customers_full_name_trgm_idx').using('gin', sql`${t.fullName} gin_trgm_ops`),
  ],
);

export const vendors = pgTable(
  'vendors',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull().default('New Business'),
    email: text('email').notNull(),
    phone: text('phone'),
    address: text('address'),
    isApproved: boolean('is_approved').notNull().default(true),
    /** Why the super admin rejected the vendor; null while approved. */
    rejectionReason: text('rejection_reason'),
    /** When the vendor was last approved (at registration, or by the super admin after a rejection). */
    approvedAt: tstz('approved_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('vendors_user_unique').on(t.userId)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('home'),
    streetAddress: text('street_address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull().default('India'),
    landmark: text('landmark'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_one_default_per_user')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check('addresses_type_check', sql`${t.type} in ('home', 'work', 'other')`),
    check('addresses_postal_code_check', sql`${t.postalCode} ~ '^[1-9][0-9]{5}$'`),
  ],
);

/** The super admin: a separate account with mandatory two-factor authentication. */
export const adminAccounts = pgTable(
  'admin_accounts',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Held until the first successful code check, then moved to twoFaSecret. */
    twoFaPendingSecret: text('two_fa_pending_secret'),
    twoFaSecret: text('two_fa_secret'),
    twoFaEnabled: boolean('two_fa_enabled').notNull().default(false),
    /** Hashes of the unused backup codes. */
    backupCodeHashes: text('backup_code_hashes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The last accepted TOTP time step: a code is accepted once. */
    lastTotpStep: integer('last_totp_step'),
    /** How the staff member is named in the panel and the audit log. */
    name: text('name'),
    /** 'suspended': cannot sign in; their sessions ended when it was set. */
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('admin_accounts_email_unique').on(sql`lower(${t.email})`),
    check('admin_accounts_status_check', sql`${t.status} in ('active', 'suspended')`),
  ],
);

/**
 * The operator's staff roles: the built-in ones (`builtIn` names one of domain/staff-permissions'
 * built-in roles, whose permissions are kept equal to the code's at start) and custom ones.
 */
export const adminRoles = pgTable(
  'admin_roles',
  {
    id: id(),
    builtIn: text('built_in'),
    name: text('name').notNull(),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('admin_roles_built_in_unique').on(t.builtIn),
    uniqueIndex('admin_roles_name_unique').on(sql`lower(${t.name})`),
  ],
);

/** Which roles a staff member holds (several at once). */
export const adminAccountRoles = pgTable(
  'admin_account_roles',
  {
    adminId: uuid('admin_id')
      .notNull()
      .references(() => adminAccounts.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => adminRoles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.roleId] }), index('admin_account_roles_role_idx').on(t.roleId)],
);

/** An invitation to join the staff: a single-use link, good for 72 hours, for one email with chosen roles. */
export const adminInvites = pgTable(
  'admin_invites',
  {
    id: id(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    roleIds: uuid('role_ids').array().notNull(),
    invitedBy: uuid('invited_by').references(() => adminAccounts.id, { onDelete: 'set null' }),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('admin_invites_token_hash_unique').on(t.tokenHash)],
);

export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => adminAccounts.id, { onDelete: 'cascade' }),
    expiresAt: tstz('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('admin_sessions_token_hash_unique').on(t.tokenHash)],
);

/**
 * A vendor's team: the accounts that may act for the vendor (its owner's account, vendor_user_id)
 * with one role each. Auth owns it because it owns the vendor's account and every other answer to
 * "who may act as whom". Removing the row ends the member's access at its next request.
 */
export const vendorMembers = pgTable(
  'vendor_members',
  {
    id: id(),
    vendorUserId: uuid('vendor_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberUserId: uuid('member_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vendor_members_pair_unique').on(t.vendorUserId, t.memberUserId),
    index('vendor_members_member_idx').on(t.memberUserId),
    check('vendor_members_role_check', sql`${t.role} in ('manager', 'catalog', 'orders', 'accounts')`),
    check('vendor_members_not_owner_check', sql`${t.vendorUserId} <> ${t.memberUserId}`),
  ],
);

/**
 * Invitations to a vendor's team: single use (accepted_at), 72 hours (expires_at), only a SHA-256
 * hash of the link's token is stored; a revoked one has revoked_at set.
 */
export const vendorInvites = pgTable(
  'vendor_invites',
  {
    id: id(),
    vendorUserId: uuid('vendor_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    acceptedAt: tstz('accepted_at'),
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vendor_invites_hash_unique').on(t.tokenHash),
    index('vendor_invites_vendor_idx').on(t.vendorUserId, t.createdAt),
    check('vendor_invites_role_check', sql`${t.role} in ('manager', 'catalog', 'orders', 'accounts')`),
  ],
);
