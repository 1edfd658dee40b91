import { useState } from 'react';
import { employeeActionMessages as m, type AdminEmployee, type AdminEmployeePage } from '../../../contracts/admin-people.contract';
import { Button } from '../../ui/Button';
import { DataTable, ExportLink, ListSearch, type Column } from '../../ui/DataTable';
import { Select } from '../../ui/Field';
import { formatDate } from '../../ui/format-date';
import { useDeleteAction } from './delete-dialog';
import { StepUpDialog } from './step-up-dialog';
import { useAdminAction } from './use-admin-action';
import { useAdminList } from './use-admin-list';

const columns: Column<AdminEmployee>[] = [
  { key: 'name', header: 'Name', sortKey: 'name', render: (e) => (<><span className="font-medium text-slate-900">{e.firstName} {e.lastName}</span><br /><span className="text-xs text-slate-500">{e.employeeId ?? 'No employee id'}</span></>) },
  { key: 'email', header: 'Email', sortKey: 'email', render: (e) => <span className="break-all">{e.email}</span> },
  { key: 'department', header: 'Department', sortKey: 'department', render: (e) => (<>{e.department}<br /><span className="text-xs text-slate-500">{e.designation}</span></>) },
  { key: 'joined', header: 'Joined', sortKey: 'dateOfJoining', render: (e) => formatDate(e.dateOfJoining) },
  {
    key: 'approval',
    header: 'Approval',
    render: (e) => (
      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${e.isApproved ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'}`}>{e.isApproved ? 'Approved' : 'Waiting'}</span>
    ),
  },
];

/** The Employees tab: ERP registrations; Approve (with a fresh code) lets an employee sign in. */
export function EmployeesTab() {
  const list = useAdminList<AdminEmployeePage>('/api/admin/employees', { sort: 'registeredAt', filters: { approval: 'all' } });
  const perform = useAdminAction();
  const remove = useDeleteAction('employee');
  const [target, setTarget] = useState<AdminEmployee | null>(null);
  const data = list.query.data;

  const confirm = async (code: string) =>
    target && perform({ path: `/api/admin/employees/${target.id}/approve`, body: { code }, success: m.approved, failure: m.approveFailed, toast: 'employee-approve', onDone: () => setTarget(null) });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <ListSearch label="Search by name, email, employee id or id" value={list.q} onSearch={list.search} />
        <div className="w-40">
          <Select label="Approval" value={list.filters.approval} onChange={(e) => list.setFilter('approval', e.target.value)}>
            <option value="all">All</option>
            <option value="pending">Waiting</option>
            <option value="approved">Approved</option>
          </Select>
        </div>
        <ExportLink href={list.exportHref} />
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {data ? `${data.total.toLocaleString('en-IN')} ${data.total === 1 ? 'employee' : 'employees'}` : '\u00a0'}
      </p>
      <DataTable
        label="Employees"
        columns={columns}
        {...list.tableProps('employees')}
        rowKey={(e) => e.id}
        emptyTitle="No employees"
        emptyText="Nothing matches the search and filters."
        actions={(e) => (
          <div className="flex flex-wrap gap-2">
            {!e.isApproved && (
              <Button size="sm" onClick={() => setTarget(e)} aria-label={`Approve ${e.firstName} ${e.lastName}`}>
                Approve
              </Button>
            )}
            {remove.button(e.id, `${e.firstName} ${e.lastName} (${e.email})`)}
          </div>
        )}
      />
      <StepUpDialog
        open={target !== null}
        title="Approve employee"
        actionLabel="Approve"
        description={target && <p>{`${target.firstName} ${target.lastName} (${target.email}, ${target.department}) can then sign in to the ERP.`}</p>}
        onCancel={() => setTarget(null)}
        onConfirm={confirm}
      />
      {remove.dialog}
    </div>
  );
}
