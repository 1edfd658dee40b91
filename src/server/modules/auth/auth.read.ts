import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

// SQL building blocks over auth's tables, for other modules' reads that stay one statement: each
// is a scalar subquery on a unique key, so it adds no rows and reads at most one.

/** The customer's full name (customers.full_name) of the user `userId`, or null when the user has no customers row. */
export const customerNameOf = (userId: SQL | AnyColumn): SQL<string | null> => sql`(select c.full_name from customers c where c.user_id = ${userId})`;

/** The phone number in the profile of the user `userId`, or null. */
export const phoneNumberOf = (userId: SQL | AnyColumn): SQL<string | null> => sql`(select up.phone_number from user_profiles up where up.user_id = ${userId})`;
