import { and, count, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { AdminEmployee, AdminEmployeePage, AdminEmployeesQuery } from '../../../contracts/admin-people.contract';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/db';
import { approveEmployee, employees } from '../erp';
import { containsPattern, idStartsWith, orderOf, pageWindow } from './list-query';
import type { SensitiveTx } from './step-up';

const fullName = sql`${employees.firstName} || ' ' || ${employees.lastName}`;
const sorts = { name: fullName, email: employees.email, department: employees.department, dateOfJoining: employees.dateOfJoining, registeredAt: employees.createdAt };

function where(query: AdminEmployeesQuery) {
  const q = query.q;
  return and(
    isNull(employees.deletedAt),
    q ? or(ilike(fullName, containsPattern(q)), ilike(employees.email, containsPattern(q)), ilike(employees.employeeId, containsPattern(q)), idStartsWith(employees.id, q)) : undefined,
    query.approval === 'all' ? undefined : eq(employees.isApproved, query.approval === 'approved'),
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
  dateOfJoining: e.dateOfJoining,
  registeredAt: e.createdAt.toISOString(),
});

/** The Employees tab: registrations (waiting ones first when filtered), searched by name, email, employee id or id. */
export async function listAdminEmployees({ db, query, forExport = false }: { db: Db; query: AdminEmployeesQuery; forExport?: boolean }): Promise<AdminEmployeePage> {
  const { limit, offset } = pageWindow(query, forExport);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(employees).where(where(query)).orderBy(...orderOf(sorts, query, 'registeredAt', employees.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(employees).where(where(query)),
  ]);
  return { items: rows.map(toItem), total: Number(total), page: query.page, pageSize: query.pageSize };
}

/** Approve an employee's registration with a fresh code; audited in the same transaction. */
export async function approveAdminEmployee({ db, sensitiveTx, employeeId }: { db: Db; sensitiveTx: SensitiveTx; employeeId: string }): Promise<AdminEmployee> {
  await sensitiveTx(async (tx) => {
    const email = await approveEmployee(tx, { employeeId });
    if (!email) throw new AppError('NOT_FOUND', 'Employee not found');
    return { audit: { action: 'employee_approved', resourceType: 'employee', resourceId: employeeId, newData: { email } } };
  });
  const [row] = await db.select().from(employees).where(eq(employees.id, employeeId));
  return toItem(row);
}
