import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';

/**
 * Gives a user who has no customers row yet (a vendor or merchant who earns a referral reward) one,
 * named as the admin's withdrawal queue shows it (the person's name, else the business, else the
 * email); nothing when the row exists, whoever made it meanwhile.
 */
export async function ensureCustomerRow(tx: Tx, userId: string): Promise<void> {
  const name = sql`coalesce(nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), ''),
                            v.business_name, u.email)`;
  await tx.execute(sql`insert into customers (user_id, full_name, email)
                       select u.id, ${name}, u.email
                       from users u left join user_profiles p on p.user_id = u.id
                       left join vendors v on v.user_id = u.id
                       where u.id = ${userId}
                       on conflict (user_id) do nothing`);
}
