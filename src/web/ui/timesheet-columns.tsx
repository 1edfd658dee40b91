import type { Timesheet } from '../../contracts/erp-work.contract';
import type { Column } from './DataTable';
import { StatusBadge } from './StatusBadge';
import { formatClock, formatDay, formatHours, personName } from './erp-format';

/** Whose entry it is: the approvals (the manager's and the admin panel's). */
export const employeeColumn: Column<Timesheet> = {
  key: 'employee',
  header: 'Employee',
  render: (t) => <span className="font-medium text-slate-900">{personName(t.employee)}</span>,
};

/** Date (with the times under it), Project, Task, Hours and Description: shared by My Timesheets and the approvals. */
export const entryColumns: Column<Timesheet>[] = [
  {
    key: 'date',
    header: 'Date',
    render: (t) => (
      <>
        <span className="whitespace-nowrap">{formatDay(t.workDate)}</span>
        <span className="block whitespace-nowrap text-xs text-slate-500">
          {formatClock(t.startTime)} – {formatClock(t.endTime)}
        </span>
      </>
    ),
  },
  { key: 'project', header: 'Project', render: (t) => t.project?.name ?? 'No Project' },
  { key: 'task', header: 'Task', render: (t) => t.task?.name ?? 'General Work' },
  {
    key: 'hours',
    header: 'Hours',
    numeric: true,
    render: (t) => <span className="whitespace-nowrap">{formatHours(t.hoursWorked)}</span>,
  },
  {
    key: 'description',
    header: 'Description',
    render: (t) => <span className="block max-w-xs whitespace-pre-line break-words">{t.description}</span>,
  },
];

/** The entry's status; a rejected entry shows why under it. */
export const statusColumn: Column<Timesheet> = {
  key: 'status',
  header: 'Status',
  render: (t) => (
    <>
      <StatusBadge status={t.status} />
      {t.status === 'rejected' && t.rejectionReason && (
        <span className="mt-1 block max-w-xs break-words text-xs text-red-700">{t.rejectionReason}</span>
      )}
    </>
  ),
};

/** A short name of an entry for buttons and dialogs: '21 Nov 2026, 9:00 am – 1:00 pm'. */
export const entryName = (t: Timesheet): string =>
  `${formatDay(t.workDate)}, ${formatClock(t.startTime)} – ${formatClock(t.endTime)}`;
