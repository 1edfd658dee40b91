import { z } from 'zod';
import type { StaffPermission } from '../domain/staff-permissions';

/**
 * The panel's tabs, in SPEC.md's order, then the three PRODUCT.md adds; 'returns' after Orders; 'promotions'
 * after Referrals; 'rates' (commission and tax) and 'payouts' after Settings.
 */
export const adminTabs = [
  'overview',
  'users',
  'vendors',
  'merchants',
  'products',
  'review',
  'orders',
  'returns',
  'referrals',
  'promotions',
  'employees',
  'erp',
  'settings',
  'rates',
  'payouts',
  'tax-reports',
  'withdrawals',
  'messages',
  'notifications',
  'audit',
  'staff',
] as const;
export type AdminTab = (typeof adminTabs)[number];

/** The permission that opens each tab (the Commission & tax tab opens with either of its two). */
export const adminTabPermissions: Record<AdminTab, readonly StaffPermission[]> = {
  overview: ['overview'],
  users: ['customers'],
  vendors: ['vendors'],
  merchants: ['merchants'],
  products: ['products'],
  review: ['product_review'],
  orders: ['orders'],
  returns: ['returns'],
  referrals: ['referrals'],
  promotions: ['promotions'],
  employees: ['employees'],
  erp: ['erp'],
  settings: ['settings'],
  rates: ['rates', 'hsn_codes'],
  payouts: ['payouts'],
  'tax-reports': ['tax_reports'],
  withdrawals: ['withdrawals'],
  messages: ['messages'],
  notifications: ['notifications'],
  audit: ['audit'],
  staff: ['staff'],
};

/** The tabs a staff member with these permissions sees, in the panel's order. */
export const tabsFor = (permissions: readonly StaffPermission[]): AdminTab[] =>
  adminTabs.filter((tab) => adminTabPermissions[tab].some((p) => permissions.includes(p)));
export const adminTabLabels: Record<AdminTab, string> = {
  overview: 'Overview',
  users: 'Users',
  vendors: 'Vendors',
  merchants: 'Merchants',
  products: 'Products',
  review: 'Review',
  orders: 'Orders',
  returns: 'Returns',
  referrals: 'Referrals',
  promotions: 'Promotions',
  employees: 'Employees',
  erp: 'ERP',
  settings: 'Settings',
  rates: 'Commission & tax',
  payouts: 'Payouts',
  'tax-reports': 'Tax reports',
  withdrawals: 'Withdrawals',
  messages: 'Messages',
  notifications: 'Notifications',
  audit: 'Audit log',
  staff: 'Staff',
};

/** `GET /api/admin/overview`: SPEC.md's admin stats, computed from the database. Money in paise. */
export const adminOverviewSchema = z.object({
  totals: z.object({
    totalUsers: z.number().int(),
    totalMerchants: z.number().int(),
    totalOrders: z.number().int(),
    /** What customers paid (after points) less the refunds due. */
    totalRevenuePaise: z.number().int(),
    totalVendors: z.number().int(),
    totalReferrals: z.number().int(),
    totalProducts: z.number().int(),
    /** Vendors and employees waiting for approval. */
    pendingApprovals: z.number().int(),
  }),
  /** This calendar month against the last one (India time), in percent; null when last month had none. */
  growth: z.object({
    usersGrowth: z.number().nullable(),
    ordersGrowth: z.number().nullable(),
    revenueGrowth: z.number().nullable(),
  }),
  /** The last 30 days (India time), oldest first, every day present. */
  daily: z.array(z.object({ date: z.string(), orders: z.number().int(), revenuePaise: z.number().int() })),
  /** The latest 10 audit entries. */
  recentActivity: z.array(
    z.object({ id: z.string(), description: z.string(), user: z.string(), timestamp: z.string() }),
  ),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** How an audit action reads in the panel. */
export const auditActionLabels: Record<string, string> = {
  project_updated: 'ERP project edited',
  timesheet_approved: 'Timesheet entry approved',
  timesheet_rejected: 'Timesheet entry rejected',
  admin_login: 'Super admin signed in',
  admin_login_failed: 'Failed super admin sign-in',
  admin_2fa_setup: 'Two-factor authentication set up',
  admin_2fa_reset: 'Two-factor authentication reset',
  admin_2fa_reset_failed: 'Failed two-factor reset',
  withdrawal_paid: 'Withdrawal marked as paid',
  withdrawal_rejected: 'Withdrawal rejected',
  message_read: 'Message marked read',
  message_unread: 'Message marked unread',
  user_suspended: 'User suspended',
  user_reactivated: 'User reactivated',
  user_updated: 'User details edited',
  vendor_updated: 'Vendor details edited',
  merchant_updated: 'Merchant details edited',
  employee_updated: 'Employee details edited',
  employee_approved: 'Employee approved',
  vendor_approved: 'Vendor approved',
  vendor_rejected: 'Vendor rejected',
  product_disabled: 'Product disabled',
  product_enabled: 'Product enabled',
  merchant_verified: 'Merchant verified',
  merchant_unverified: 'Merchant unverified',
  referral_status_changed: 'Referral status changed',
  referral_settings_updated: 'Referral settings updated',
  gateway_settings_updated: 'Payment gateway settings updated',
  cod_settings_updated: 'Cash on delivery settings updated',
  order_status_changed: 'Order status changed',
  return_decided: 'Return decided by the Haat team',
  return_refund_retried: 'Return refund sent again',
  commission_rule_added: 'Commission rule added',
  tax_rate_added: 'Tax rate added',
  hsn_code_added: 'HSN code added',
  hsn_rate_added: 'HSN GST rate scheduled',
  payout_created: 'Vendor payout created',
  payout_paid: 'Vendor payout marked as paid',
  payout_cancelled: 'Vendor payout cancelled',
  'vendor.payout_details_changed': 'Vendor changed its payout or tax details',
  staff_invited: 'Staff member invited',
  staff_invite_cancelled: 'Staff invitation withdrawn',
  staff_roles_changed: "Staff member's roles changed",
  staff_suspended: 'Staff member suspended',
  staff_restored: 'Staff member restored',
  staff_role_created: 'Staff role created',
  staff_role_changed: 'Staff role changed',
  staff_role_deleted: 'Staff role deleted',
};
export const describeAuditAction = (action: string): string =>
  auditActionLabels[action] ?? action.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
