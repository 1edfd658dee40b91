import { QueryBuilder } from 'drizzle-orm/pg-core';
import { customers, userProfiles } from './auth.tables';

// Read-only row sources over auth's tables, for other modules' reads that join them in one
// statement (`leftJoin(profileRows, eq(profileRows.userId, reviews.customerUserId))`). PostgreSQL
// pulls a plain subquery up into the join, so the plan is the one a join with the table gets.

/** Customers' names, by user. */
export const customerRows = new QueryBuilder()
  .select({ userId: customers.userId, fullName: customers.fullName })
  .from(customers)
  .as('customer_rows');

/** Profiles' names and phone numbers, by user. */
export const profileRows = new QueryBuilder()
  .select({
    userId: userProfiles.userId,
    firstName: userProfiles.firstName,
    lastName: userProfiles.lastName,
    phoneNumber: userProfiles.phoneNumber,
  })
  .from(userProfiles)
  .as('profile_rows');
