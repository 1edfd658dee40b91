import { eq, sql, type SQL } from 'drizzle-orm';
import type { NamedWrite, Tx } from '../../platform/db';
import { customers } from './auth.tables';

/**
 * Locks the customer's row for the rest of the transaction; false when the user has no customers row.
 * Every writer that touches one customer's points, cart and orders takes this lock first, so their
 * locks never cross.
 */
export async function lockCustomer(tx: Tx, customerUserId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.userId, customerUserId))
    .for('update');
  return rows.length > 0;
}

/**
 * lockCustomer as a step of a caller's one statement (`customer_lock`, counted): the customer whose
 * user id `userId` (an SQL expression, such as a column of an earlier step) names, locked as the
 * statement reaches it; the rule is lockCustomer's.
 */
export function customerLockStep(userId: SQL): NamedWrite {
  return {
    name: 'customer_lock',
    counted: true,
    body: sql`select ${customers.id} from ${customers} where ${customers.userId} = ${userId} for update`,
  };
}
