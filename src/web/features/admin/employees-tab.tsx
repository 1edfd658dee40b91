import { useState } from 'react';
import {
  employeeActionMessages as m,
  employeeStatuses,
  type AdminEmployee,
  type AdminEmployeePage,
} from '../../../contracts/admin-people.contract';
import { Button } from '../../ui/Button';
import { DataTable, type Column } from '../../ui/DataTable';
import { formatDate } from '../../ui/format-date';
import { AdminActionDialog } from './admin-action-dialog';
import { AdminListToolbar, ListCount, ListFilter } from './admin-list-parts';
import { employeeStatusColumn, employeeStatusLabels, useEmployeeStatusAction } from './employee-status-action';
import { employeeDetailsForm } from './admin-details-forms';
import { useEditDetailsAction } from './admin-edit-details-dialog';
import { useDeleteAction } from './delete-dialog';
import { useAdminList } from './use-admin-list';

const approvalFilters = ['all', 'pending', 'approved'] as const;
const approvalLabels: Record<(typeof approvalFilters)[number], string> = {
  all: 'All',
  pending: 'Waiting',
  approved: 'Approved',
};

const columns: Column<AdminEmployee>[] = [
  {
    key: 'name',
    header: 'Name',
    sortKey: 'name',
    render: (e) => (
      <>
        <span className="font-medium text-slate-900">
          {e.firstName} {e.lastName}
        </span>
        <br />
        <span className="text-xs text-slate-500">{e.employeeId ?? 'No employee id'}</span>
      </>
    ),
  },
  { key: 'email', header: 'Email', sortKey: 'email', render: (e) => <span className="break-all">{e.email}</span> },
  {
    key: 'department',
    header: 'Department',
    sortKey: 'department',
    render: (e) => (
      <>
        {e.department}
        <br />
        <span className="text-xs text-slate-500">{e.designation}</span>
      </>
    ),
  },
  { key: 'joined', header: 'Joined', sortKey: 'dateOfJoining', render: (e) => formatDate(e.dateOfJoining) },
  {
    key: 'approval',
    header: 'Approval',
    render: (e) => (
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-medium ${e.isApproved ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'}`}
      >
        {e.isApproved ? 'Approved' : 'Waiting'}
      </span>
    ),
  },
  employeeStatusColumn,
];

/** The Employees tab: ERP registrations; Approve (with a fresh code) lets an employee sign in; Mark inactive / Mark active. */
export function EmployeesTab() {
  const list = useAdminList<AdminEmployeePage>('/api/admin/employees', {
    sort: 'registeredAt',
    filters: { approval: 'all', status: '' },
  });
  const remove = useDeleteAction('employee');
  const status = useEmployeeStatusAction();
  const editDetails = useEditDetailsAction(employeeDetailsForm);
  const [target, setTarget] = useState<AdminEmployee | null>(null);

  return (
    <div className="space-y-4">
      <AdminListToolbar list={list} searchLabel="Search by name, email, employee id or id">
        <ListFilter
          list={list}
          name="approval"
          label="Approval"
          width="w-40"
          choices={approvalFilters}
          labels={approvalLabels}
        />
        <ListFilter
          list={list}
          name="status"
          label="Status"
          width="w-36"
          choices={employeeStatuses}
          labels={employeeStatusLabels}
          any="Any status"
        />
      </AdminListToolbar>
      <ListCount page={list.query.data} noun={['employee', 'employees']} />
      <DataTable
        label="Employees"
        columns={columns}
        {...list.tableProps('employees')}
        rowKey={(e) => e.id}
        emptyTitle="No employees"
        emptyText="Nothing matches the search and filters."
        actions={(e) => (
          <div className="flex flex-wrap gap-2">
            {editDetails.button(e.id, `${e.firstName} ${e.lastName} (${e.email})`)}
            {!e.isApproved && (
              <Button size="sm" onClick={() => setTarget(e)} aria-label={`Approve ${e.firstName} ${e.lastName}`}>
                Approve
              </Button>
            )}
            {status.button(e)}
            {remove.button(e.id, `${e.firstName} ${e.lastName} (${e.email})`)}
          </div>
        )}
      />
      <AdminActionDialog
        pending={target}
        onClose={() => setTarget(null)}
        request={(employee) => ({
          path: `/api/admin/employees/${employee.id}/approve`,
          success: m.approved,
          failure: m.approveFailed,
          toast: 'employee-approve',
        })}
        title="Approve employee"
        actionLabel="Approve"
        description={
          target && (
            <p>{`${target.firstName} ${target.lastName} (${target.email}, ${target.department}) can then sign in to the ERP.`}</p>
          )
        }
      />
      {status.dialog}
      {remove.dialog}
      {editDetails.dialog}
    </div>
  );
}
