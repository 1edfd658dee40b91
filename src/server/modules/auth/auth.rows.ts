import { QueryBuilder } from 'drizzle-orm/pg-core';
import { customers, userProfiles, users, vendors } from './auth.tables';

// Read-only row sources over auth's tables, for other modules' reads that join them in one
// statement (a vendor's order list, the Payouts tab, "my referrals"), as those of auth.read.ts.
// PostgreSQL pulls a plain subquery up into the join, so the plan is the one a join with the table gets.

/** Users: the sign-in email and the referral code. */
export const userRows = new QueryBuilder()
  .select({ id: users.id, email: users.email, referralCode: users.referralCode })
  .from(users)
  .as('user_rows');

/** Customers' names and contact emails, by user. */
export const customerContactRows = new QueryBuilder()
  .select({ userId: customers.userId, fullName: customers.fullName, email: customers.email })
  .from(customers)
  .as('customer_contact_rows');

/** Vendors' business names, by user. */
export const vendorRows = new QueryBuilder()
  .select({ userId: vendors.userId, businessName: vendors.businessName })
  .from(vendors)
  .as('vendor_rows');

/** Users' roles ('customer', 'vendor' or 'merchant'), by user. */
export const roleRows = new QueryBuilder()
  .select({ userId: userProfiles.userId, role: userProfiles.role })
  .from(userProfiles)
  .as('role_rows');
