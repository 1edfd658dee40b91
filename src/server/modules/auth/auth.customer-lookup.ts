import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { customers, userProfiles, users } from './auth.tables';

export type CustomerContact = { kind: 'email' | 'phone'; value: string };
export type FoundCustomer = { userId: string; fullName: string; phone: string | null };

/**
 * Active customer accounts with this email (any case) or mobile number (its last 10 digits, however
 * it was stored); at most two, enough for the caller to tell "none", "this one" and "ambiguous".
 */
export async function findCustomersByContact(db: DbOrTx, contact: CustomerContact): Promise<FoundCustomer[]> {
  const match =
    contact.kind === 'email'
      ? sql`lower(${users.email}) = ${contact.value.toLowerCase()}`
      : sql`right(regexp_replace(coalesce(${userProfiles.phoneNumber}, ''), '[^0-9]', '', 'g'), 10) = ${contact.value}`;
  const rows = await db
    .select({ userId: users.id, fullName: customers.fullName, phone: userProfiles.phoneNumber })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
    .innerJoin(customers, eq(customers.userId, users.id))
    .where(and(match, eq(users.status, 'active'), eq(userProfiles.role, 'customer')))
    .limit(2);
  return rows;
}

/** The customer's name, email and phone as their customers row holds them, or null without one. */
export async function getCustomerContact(
  db: DbOrTx,
  customerUserId: string,
): Promise<{ fullName: string; email: string; phone: string | null } | null> {
  const [row] = await db
    .select({ fullName: customers.fullName, email: customers.email, phone: customers.phone })
    .from(customers)
    .where(eq(customers.userId, customerUserId));
  return row ?? null;
}
