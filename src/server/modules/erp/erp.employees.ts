import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { employees } from './erp.tables';

/** Approves an employee's registration so that they can sign in to the ERP; answers their email, or null when unknown. */
export async function approveEmployee(tx: Tx, { employeeId }: { employeeId: string }): Promise<string | null> {
  const [row] = await tx.update(employees).set({ isApproved: true, updatedAt: new Date() }).where(eq(employees.id, employeeId)).returning({ email: employees.email });
  return row?.email ?? null;
}
