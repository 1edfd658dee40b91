import type { AdminEmployee } from '../../../contracts/admin-people.contract';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/db';
import { approveEmployee, getEmployeeRegistration } from '../erp';
import type { SensitiveTx } from './admin.step-up';

/** Approve an employee's registration with a fresh code; audited in the same transaction. */
export async function approveAdminEmployee({ db, sensitiveTx, employeeId }: { db: Db; sensitiveTx: SensitiveTx; employeeId: string }): Promise<AdminEmployee> {
  await sensitiveTx(async (tx) => {
    const email = await approveEmployee(tx, { employeeId });
    if (!email) throw new AppError('NOT_FOUND', 'Employee not found');
    return { audit: { action: 'employee_approved', resourceType: 'employee', resourceId: employeeId, newData: { email } } };
  });
  return getEmployeeRegistration(db, employeeId);
}
