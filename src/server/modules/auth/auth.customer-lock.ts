import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
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
