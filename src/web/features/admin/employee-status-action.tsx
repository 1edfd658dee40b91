import { useState } from 'react';
import { employeeActionMessages as m, type AdminEmployee } from '../../../contracts/admin-people.contract';
import { Button } from '../../ui/Button';
import type { Column } from '../../ui/DataTable';
import { AdminActionDialog } from './admin-action-dialog';

const nameOf = (e: AdminEmployee) => `${e.firstName} ${e.lastName}`;

/** The Employees tab's Status: Active, or Inactive once the super admin marked them so. */
export const employeeStatusColumn: Column<AdminEmployee> = {
  key: 'status',
  header: 'Status',
  render: (e) => (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium ${e.isActive ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-800'}`}
    >
      {e.isActive ? 'Active' : 'Inactive'}
    </span>
  ),
};

/** The Status filter's choices. */
export const employeeStatusLabels = { active: 'Active', inactive: 'Inactive' } as const;

/**
 * Mark inactive / Mark active on an Employees row, confirmed with a fresh code: a button per row
 * and one dialog to render once.
 */
export function useEmployeeStatusAction() {
  const [target, setTarget] = useState<AdminEmployee | null>(null);
  const deactivating = target?.isActive ?? true;

  const button = (e: AdminEmployee) => (
    <Button
      size="sm"
      variant="secondary"
      onClick={() => setTarget(e)}
      aria-label={`${e.isActive ? 'Mark inactive' : 'Mark active'}: ${nameOf(e)}`}
    >
      {e.isActive ? 'Mark inactive' : 'Mark active'}
    </Button>
  );

  const dialog = (
    <AdminActionDialog
      pending={target}
      onClose={() => setTarget(null)}
      request={(e) => ({
        path: `/api/admin/employees/${e.id}/${e.isActive ? 'deactivate' : 'activate'}`,
        success: e.isActive ? m.deactivated : m.activated,
        failure: e.isActive ? m.deactivateFailed : m.activateFailed,
        toast: 'employee-status',
      })}
      title={deactivating ? 'Mark employee inactive' : 'Mark employee active'}
      actionLabel={deactivating ? 'Mark inactive' : 'Mark active'}
      description={
        target && (
          <p>
            {deactivating
              ? `${nameOf(target)} (${target.email}) is signed out of the ERP at once and cannot sign in until marked active again, and is no longer offered as a manager or an assignee. Their tasks, projects and timesheets stay.`
              : `${nameOf(target)} (${target.email}) can sign in to the ERP again${target.isApproved ? '' : ' once approved'}, and is offered as a manager or an assignee.`}
          </p>
        )
      }
    />
  );
  return { button, dialog };
}
