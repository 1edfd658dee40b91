import { QueryBuilder } from 'drizzle-orm/pg-core';
import { adminAccounts, customers, userProfiles, users, vendors } from './auth.tables';

// Read-only row sources over auth's tables, for other modules' reads that join them in one
// statement (`innerJoin(userRows, eq(userRows.id, orders.customerId))`: a vendor's order list, the
// Payouts tab, "my referrals"). PostgreSQL pulls a plain subquery up into the join, so the plan is the
// one a join with the table itself gets. (Customers' and profiles' names are `customerRows` and
// `profileRows`, in auth.read.ts.)

/** Accounts: the sign-in email, the referral code, the status ('deleted' for a removed account) and when it was made. */
export const userRows = new QueryBuilder()
  .select({
    id: users.id,
    email: users.email,
    referralCode: users.referralCode,
    status: users.status,
    createdAt: users.createdAt,
  })
  .from(users)
  .as('user_rows');

/** Customers' names and contact emails, by user. */
export const customerContactRows = new QueryBuilder()
  .select({ userId: customers.userId, fullName: customers.fullName, email: customers.email })
  .from(customers)
  .as('customer_contact_rows');

/** Vendors: the business, its contact and its approval. */
export const vendorRows = new QueryBuilder()
  .select({
    userId: vendors.userId,
    businessName: vendors.businessName,
    address: vendors.address,
    email: vendors.email,
    phone: vendors.phone,
    isApproved: vendors.isApproved,
    rejectionReason: vendors.rejectionReason,
    approvedAt: vendors.approvedAt,
  })
  .from(vendors)
  .as('vendor_rows');

/** Users' roles ('customer', 'vendor' or 'merchant'), by user. */
export const roleRows = new QueryBuilder()
  .select({ userId: userProfiles.userId, role: userProfiles.role })
  .from(userProfiles)
  .as('role_rows');

/** Super admin accounts: their email, which names them as the actor of an audit entry. */
export const adminAccountRows = new QueryBuilder()
  .select({ id: adminAccounts.id, email: adminAccounts.email })
  .from(adminAccounts)
  .as('admin_account_rows');
