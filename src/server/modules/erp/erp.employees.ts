import { and, count, eq, isNull, sql } from 'drizzle-orm';
import {
  employeeActionMessages,
  type AdminEmployee,
  type AdminEmployeePage,
  type AdminEmployeesQuery,
} from '../../../contracts/admin-people.contract';
import { erpWorkMessages, type Colleague } from '../../../contracts/erp-work.contract';
import { AppError } from '../../platform/app-error';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../platform/db';
import { orderOf, pageWindow, searchOf } from '../../platform/list-query';
import { deletedEmail } from '../auth';
import { employees, employeeSessions } from './erp.tables';

/** Approves an employee's registration so that they can sign in to the ERP; answers their email, or null when unknown. */
export async function approveEmployee(tx: Tx, { employeeId }: { employeeId: string }): Promise<string | null> {
  const [row] = await tx
    .update(employees)
    .set({ isApproved: true, updatedAt: new Date() })
    .where(and(eq(employees.id, employeeId), isNull(employees.deletedAt)))
    .returning({ email: employees.email });
  return row?.email ?? null;
}

/**
 * Deletes an employee inside the caller's transaction, never destroying history: one with
 * timesheets, tasks or projects is anonymised (personal fields cleared, sign-in and two-factor off,
 * sessions ended) and those stay; one without any is removed. Answers what was done and the email
 * it had, or null when unknown or already deleted.
 */
export async function deleteEmployee(
  tx: Tx,
  { employeeId }: { employeeId: string },
): Promise<{ outcome: 'removed' | 'anonymised'; email: string } | null> {
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

/**
 * Marks an employee inactive (their ERP sessions end at once and they cannot sign in; their tasks,
 * projects and timesheets stay) or active again, inside the caller's transaction. Answers their
 * email, or null when unknown; 409 for a deleted employee or one already in that state.
 */
export async function setEmployeeActive(
  tx: Tx,
  { employeeId, active }: { employeeId: string; active: boolean },
): Promise<string | null> {
  const [row] = await tx
    .select({ email: employees.email, isActive: employees.isActive, deletedAt: employees.deletedAt })
    .from(employees)
    .where(eq(employees.id, employeeId))
    .for('update');
  if (!row) return null;
  if (row.deletedAt) throw new AppError('CONFLICT', employeeActionMessages.deleted);
  if (row.isActive === active)
    throw new AppError(
      'CONFLICT',
      active ? employeeActionMessages.alreadyActive : employeeActionMessages.alreadyInactive,
    );
  await tx.update(employees).set({ isActive: active, updatedAt: new Date() }).where(eq(employees.id, employeeId));
  if (!active) await tx.delete(employeeSessions).where(eq(employeeSessions.employeeId, employeeId));
  return row.email;
}

/** Approved, active employees by name: the choices for a project's manager and a task's assignee. */
export async function listColleagues(db: DbOrTx): Promise<Colleague[]> {
  return db
    .select({
      id: employees.id,
      firstName: employees.firstName,
      lastName: employees.lastName,
      department: employees.department,
      designation: employees.designation,
    })
    .from(employees)
    .where(and(eq(employees.isApproved, true), eq(employees.isActive, true), isNull(employees.deletedAt)))
    .orderBy(employees.firstName, employees.lastName, employees.id)
    .limit(1000);
}

/** Refuses (400 on the field) an id that is not an approved, active employee. */
export async function assertColleague(db: DbOrTx, employeeId: string | undefined, field: string): Promise<void> {
  if (!employeeId) return;
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(
      and(
        eq(employees.id, employeeId),
        eq(employees.isApproved, true),
        eq(employees.isActive, true),
        isNull(employees.deletedAt),
      ),
    );
  if (!row)
    throw new AppError('VALIDATION_FAILED', erpWorkMessages.employeeUnknown, {
      [field]: erpWorkMessages.employeeUnknown,
    });
}

const fullName = sql`${employees.firstName} || ' ' || ${employees.lastName}`;
const sorts = {
  name: fullName,
  email: employees.email,
  department: employees.department,
  dateOfJoining: employees.dateOfJoining,
  registeredAt: employees.createdAt,
};

function where(query: AdminEmployeesQuery) {
  return and(
    isNull(employees.deletedAt),
    searchOf(query.q, [fullName, employees.email, employees.employeeId], [employees.id]),
    query.approval === 'all' ? undefined : eq(employees.isApproved, query.approval === 'approved'),
    query.status ? eq(employees.isActive, query.status === 'active') : undefined,
  );
}

const toItem = (e: typeof employees.$inferSelect): AdminEmployee => ({
  id: e.id,
  firstName: e.firstName,
  lastName: e.lastName,
  employeeId: e.employeeId,
  email: e.email,
  department: e.department,
  designation: e.designation,
  isApproved: e.isApproved,
  isActive: e.isActive,
  dateOfJoining: e.dateOfJoining,
  registeredAt: e.createdAt.toISOString(),
});

/** The super admin's Employees tab: registrations (waiting ones first when filtered), searched by name, email, employee id or id. */
export async function listEmployeeRegistrations({
  db,
  query,
  forExport = false,
}: {
  db: Db;
  query: AdminEmployeesQuery;
  forExport?: boolean;
}): Promise<AdminEmployeePage> {
  const { limit, offset } = pageWindow(query, forExport);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(employees)
      .where(where(query))
      .orderBy(...orderOf(sorts, query, 'registeredAt', employees.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(employees).where(where(query)),
  ]);
  return { items: rows.map(toItem), total: Number(total), page: query.page, pageSize: query.pageSize };
}

/** One employee's registration as the Employees tab shows it. */
export async function getEmployeeRegistration(db: DbOrTx, employeeId: string): Promise<AdminEmployee> {
  const [row] = await db.select().from(employees).where(eq(employees.id, employeeId));
  return toItem(row);
}
