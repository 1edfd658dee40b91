import type { Project } from '../../contracts/erp-work.contract';
import { formatRupees } from '../../domain/money';
import type { Column } from './DataTable';
import { PriorityBadge, StatusBadge } from './StatusBadge';
import { formatDay, personName } from './erp-format';

/** Project (with the client under it), Manager, Status, Priority, Budget (₹0 without one) and Dates: the ERP's Projects tab and the admin panel's. */
export const projectColumns: Column<Project>[] = [
  {
    key: 'project',
    header: 'Project',
    render: (p) => (
      <>
        <span data-project-id={p.id} className="font-medium text-slate-900">
          {p.name}
        </span>
        {p.clientName && <span className="block text-xs text-slate-500">{p.clientName}</span>}
      </>
    ),
  },
  { key: 'manager', header: 'Manager', render: (p) => (p.manager ? personName(p.manager) : '—') },
  { key: 'status', header: 'Status', render: (p) => <StatusBadge status={p.status} /> },
  { key: 'priority', header: 'Priority', render: (p) => <PriorityBadge priority={p.priority} /> },
  { key: 'budget', header: 'Budget', numeric: true, render: (p) => formatRupees(p.budgetPaise ?? 0) },
  {
    key: 'dates',
    header: 'Dates',
    render: (p) => (
      <span className="whitespace-nowrap">
        {formatDay(p.startDate)}
        {p.endDate && ` – ${formatDay(p.endDate)}`}
      </span>
    ),
  },
];
