/**
 * What the operator's staff may do: one permission per area of the admin panel, and the built-in
 * roles made of them. Each admin API operation declares the one permission it needs; a person holds
 * the union of their roles' permissions. Owner holds every permission, including managing staff.
 */
export const staffPermissions = [
  'overview',
  'customers',
  'orders',
  'returns',
  'messages',
  'notifications',
  'products',
  'hsn_codes',
  'product_review',
  'vendors',
  'merchants',
  'employees',
  'erp',
  'referrals',
  'promotions',
  'payouts',
  'withdrawals',
  'tax_reports',
  'rates',
  'settings',
  'audit',
  'staff',
] as const;
export type StaffPermission = (typeof staffPermissions)[number];

export const staffPermissionLabels: Record<StaffPermission, string> = {
  overview: 'Overview figures',
  customers: "Customers' details (Users)",
  orders: 'Orders',
  returns: 'Returns and refunds',
  messages: 'Messages',
  notifications: 'Notifications and announcements',
  products: 'Products',
  hsn_codes: 'HSN codes',
  product_review: 'Product review',
  vendors: 'Vendors: approval and details',
  merchants: 'Merchants: verification and details',
  employees: 'Employees: approval and details',
  erp: 'ERP projects and timesheets',
  referrals: 'Referrals',
  promotions: 'Promotions',
  payouts: 'Vendor payouts',
  withdrawals: 'Withdrawals',
  tax_reports: 'Tax reports',
  rates: 'Commission and tax rates',
  settings: 'Settings (payments, COD, referral programme, Haat GST)',
  audit: 'Audit log and staff activity',
  staff: 'Staff and roles',
};

export const builtInRoles = ['owner', 'finance', 'support', 'catalog', 'people'] as const;
export type BuiltInRole = (typeof builtInRoles)[number];

export const builtInRoleLabels: Record<BuiltInRole, string> = {
  owner: 'Owner',
  finance: 'Finance',
  support: 'Support',
  catalog: 'Catalog',
  people: 'People',
};

/** Permissions in the list's order, whatever order they are named in. */
const inOrder = (...held: StaffPermission[]): readonly StaffPermission[] =>
  staffPermissions.filter((p) => held.includes(p));

/** The built-in roles' permissions (docs/admin.md lists the same). */
export const builtInRolePermissions: Record<BuiltInRole, readonly StaffPermission[]> = {
  owner: staffPermissions,
  finance: inOrder('overview', 'payouts', 'withdrawals', 'tax_reports', 'rates', 'hsn_codes', 'referrals'),
  support: inOrder('overview', 'orders', 'returns', 'customers', 'messages', 'notifications'),
  catalog: inOrder('overview', 'products', 'hsn_codes', 'product_review', 'promotions'),
  people: inOrder('overview', 'vendors', 'merchants', 'employees', 'erp'),
};

export const isStaffPermission = (value: string): value is StaffPermission =>
  (staffPermissions as readonly string[]).includes(value);

/** A person's permissions: the union of their roles' permissions, in the list's order, unknown names dropped. */
export function permissionsOf(roles: readonly { permissions: readonly string[] }[]): StaffPermission[] {
  const held = new Set(roles.flatMap((r) => r.permissions));
  return staffPermissions.filter((p) => held.has(p));
}

/** The header's badge for a signed-in staff member: "Super Admin" for one who may do everything, else "Staff". */
export const staffBadge = (permissions: readonly string[]): 'Super Admin' | 'Staff' =>
  staffPermissions.every((p) => permissions.includes(p)) ? 'Super Admin' : 'Staff';
