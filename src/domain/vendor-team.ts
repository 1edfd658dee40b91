/**
 * Who may do what in a vendor's workspace. The owner (the vendor's own account) may do everything;
 * a member of its team may do what its role grants. Every vendor API operation declares one
 * permission, and the vendor dashboard shows only the sections a role's permissions open.
 */
export const vendorMemberRoles = ['manager', 'catalog', 'orders', 'accounts'] as const;
export type VendorMemberRole = (typeof vendorMemberRoles)[number];
/** The owner, or one of the member roles. */
export type VendorActorRole = 'owner' | VendorMemberRole;

export const vendorPermissions = [
  /** See the vendor's shops (every role: products and orders are per shop). */
  'shops.view',
  /** Open, edit, close shops. */
  'shops.manage',
  /** Products, variants, stock, pictures, HSN codes. */
  'catalog',
  /** Offers on the vendor's own products, which the vendor pays for. */
  'promotions',
  /** Orders, shipping, cash on delivery, returns. */
  'orders',
  /** A part's tax invoice and credit notes. */
  'documents',
  /** The dashboard's overview: products and orders with revenue. */
  'overview',
  /** Earnings, statements, Haat's commission invoices. */
  'earnings',
  /** Read the payout and tax details (masked). */
  'payout.view',
  /** Change the payout and tax details: the owner alone, with its password. */
  'payout.edit',
  /** Invite, change and remove members: the owner alone. */
  'team',
] as const;
export type VendorPermission = (typeof vendorPermissions)[number];

/** What each member role may do (the owner may do everything). */
const GRANTS: Record<VendorMemberRole, readonly VendorPermission[]> = {
  // Everything but the team and the payout details.
  manager: ['shops.view', 'shops.manage', 'catalog', 'promotions', 'orders', 'documents', 'overview', 'earnings'],
  catalog: ['shops.view', 'catalog'],
  orders: ['shops.view', 'orders', 'documents'],
  // Payout details read only.
  accounts: ['shops.view', 'documents', 'earnings', 'payout.view'],
};

/** The permissions of a role, in the order of vendorPermissions. */
export function permissionsOf(role: VendorActorRole): VendorPermission[] {
  if (role === 'owner') return [...vendorPermissions];
  return vendorPermissions.filter((p) => GRANTS[role].includes(p));
}

/** Whether a role may do what a permission covers. */
export function roleGrants(role: VendorActorRole, permission: VendorPermission): boolean {
  return role === 'owner' || GRANTS[role].includes(permission);
}

export const vendorRoleLabels: Record<VendorActorRole, { label: string; hint: string }> = {
  owner: { label: 'Owner', hint: 'Everything, including the team and the payout details' },
  manager: { label: 'Manager', hint: 'Everything but the team and the payout details' },
  catalog: { label: 'Catalog', hint: 'Products, variants, stock and pictures' },
  orders: { label: 'Orders', hint: 'Orders, shipping, returns and cash on delivery' },
  accounts: { label: 'Accounts', hint: 'Earnings, statements and invoices; payout details read only' },
};

/** How long an invitation link works. */
export const INVITE_TTL_HOURS = 72;
