import { and, eq, isNull } from 'drizzle-orm';
import type { ErpEmployeeDetailsData, ErpEmployeeRecord } from '../../../contracts/erp.contract';
import type { DbOrTx, Tx } from '../../platform/db';
import { assertEmployeeIdFree, DEFAULT_DESIGNATION } from './erp.accounts';
import { updateErpProfile } from './erp.settings';
import { employees } from './erp.tables';

const recordColumns = {
  email: employees.email,
  firstName: employees.firstName,
  lastName: employees.lastName,
  department: employees.department,
  designation: employees.designation,
  employeeId: employees.employeeId,
  phone: employees.phone,
  address: employees.address,
  emergencyContact: employees.emergencyContact,
  emergencyPhone: employees.emergencyPhone,
};

/** An employee's registration fields and contact details, or null when unknown or deleted. */
export async function getEmployeeRecord(db: DbOrTx, employeeId: string): Promise<ErpEmployeeRecord | null> {
  const [row] = await db
    .select(recordColumns)
    .from(employees)
    .where(and(eq(employees.id, employeeId), isNull(employees.deletedAt)));
  return row ?? null;
}

/**
 * Saves an employee's name, department, designation and employee ID (unique: 409 on the field; none
 * given is the registration's default designation) and their contact details as their own settings
 * form does, inside the caller's transaction. Answers the record, or null when unknown or deleted.
 */
export async function updateEmployeeRecord(
  tx: Tx,
  employeeId: string,
  input: ErpEmployeeDetailsData,
): Promise<ErpEmployeeRecord | null> {
  await assertEmployeeIdFree(tx, input.employeeId, employeeId);
  const [row] = await tx
    .update(employees)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      department: input.department,
      designation: input.designation ?? DEFAULT_DESIGNATION,
      employeeId: input.employeeId ?? null,
      updatedAt: new Date(),
    })
    .where(and(eq(employees.id, employeeId), isNull(employees.deletedAt)))
    .returning({ id: employees.id });
  if (!row) return null;
  const { phone, address, emergencyContact, emergencyPhone } = input;
  await updateErpProfile(tx, employeeId, { phone, address, emergencyContact, emergencyPhone });
  return getEmployeeRecord(tx, employeeId);
}
