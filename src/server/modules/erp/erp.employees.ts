import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db';
import { deletedEmail } from '../auth';
import { employees, employeeSessions } from './erp.tables';

/** Approves an employee's registration so that they can sign in to the ERP; answers their email, or null when unknown. */
export async function approveEmployee(tx: Tx, { employeeId }: { employeeId: string }): Promise<string | null> {
  const [row] = await tx.update(employees).set({ isApproved: true, updatedAt: new Date() }).where(and(eq(employees.id, employeeId), isNull(employees.deletedAt))).returning({ email: employees.email });
  return row?.email ?? null;
}

/**
 * Deletes an employee inside the caller's transaction, never destroying history: one with
 * timesheets, tasks or projects is anonymised (personal fields cleared, sign-in and two-factor off,
 * sessions ended) and those stay; one without any is removed. Answers what was done and the email
 * it had, or null when unknown or already deleted.
 */
export async function deleteEmployee(tx: Tx, { employeeId }: { employeeId: string }): Promise<{ outcome: 'removed' | 'anonymised'; email: string } | null> {
  const [row] = await queryRows<{ email: string; history: boolean }>(
    tx,
    sql`select email, (exists (select 1 from timesheets where employee_id = ${employeeId} or approved_by = ${employeeId})
                      or exists (select 1 from tasks where assigned_to = ${employeeId} or created_by = ${employeeId})
                      or exists (select 1 from projects where project_manager_id = ${employeeId} or created_by = ${employeeId})) as history
        from employees where id = ${employeeId} and deleted_at is null for update`,
  );
  if (!row) return null;
  if (!row.history) {
    await tx.delete(employees).where(eq(employees.id, employeeId));
    return { outcome: 'removed', email: row.email };
  }
  await tx
    .update(employees)
    .set({
      email: deletedEmail(employeeId),
      passwordHash: '!deleted',
      firstName: 'Deleted',
      lastName: 'employee',
      phone: null,
      address: null,
      emergencyContact: null,
      emergencyPhone: null,
      isApproved: false,
      isActive: false,
      twoFaEnabled: false,
      twoFaSecret: null,
      deletedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(employees.id, employeeId));
  await tx.delete(employeeSessions).where(eq(employeeSessions.employeeId, employeeId));
  return { outcome: 'anonymised', email: row.email };
}
