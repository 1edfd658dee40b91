import { QueryBuilder } from 'drizzle-orm/pg-core';
import { employees } from './erp.tables';

// Read-only row sources over erp's tables, for other modules' reads that join them in one
// statement. PostgreSQL pulls a plain subquery up into the join, so the plan is the one a join with
// the table itself gets.

/** Employees: whether each is approved and whether it was deleted (its approval then waits for nobody). */
export const employeeRows = new QueryBuilder()
  .select({ id: employees.id, isApproved: employees.isApproved, deletedAt: employees.deletedAt })
  .from(employees)
  .as('employee_rows');
