import type { AdminEmployee } from '../../../contracts/admin-people.contract';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/db';
import { approveEmployee, getEmployeeRegistration, setEmployeeActive } from '../erp';
import { auditChanges } from '../audit';
import type { SensitiveTx } from './admin.step-up';

/** Approve an employee's registration with a fresh code; audited in the same transaction. */
export async function approveAdminEmployee({
  db,
  sensitiveTx,
  employeeId,
}: {
  db: Db;
  sensitiveTx: SensitiveTx;
  employeeId: string;
}): Promise<AdminEmployee> {
  await sensitiveTx(async (tx) => {
    const email = await approveEmployee(tx, { employeeId });
    if (!email) throw new AppError('NOT_FOUND', 'Employee not found');
    return {
      audit: { action: 'employee_approved', resourceType: 'employee', resourceId: employeeId, newData: { email } },
    };
  });
  return getEmployeeRegistration(db, employeeId);
}

/**
 * Marks an employee inactive (their ERP sessions end at once, sign-in and the manager and assignee
 * pickers leave them out; their work stays) or active again, with a fresh code; audited in the same transaction.
 */
export async function setAdminEmployeeActive({
  db,
  sensitiveTx,
  employeeId,
  active,
}: {
  db: Db;
  sensitiveTx: SensitiveTx;
  employeeId: string;
  active: boolean;
}): Promise<AdminEmployee> {
  await sensitiveTx(async (tx) => {
    const email = await setEmployeeActive(tx, { employeeId, active });
    if (!email) throw new AppError('NOT_FOUND', 'Employee not found');
    return {
      audit: {
        action: active ? 'employee_activated' : 'employee_deactivated',
        resourceType: 'employee',
        resourceId: employeeId,
        newData: { email, changes: auditChanges({ isActive: !active }, { isActive: active }) },
      },
    };
  });
  return getEmployeeRegistration(db, employeeId);
}
