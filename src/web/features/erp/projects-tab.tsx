import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import type { Project } from '../../../contracts/erp-work.contract';
import { formatRupees } from '../../../domain/money';
import { Button } from '../../ui/Button';
import { DataTable, type Column } from '../../ui/DataTable';
import { PriorityBadge, StatusBadge } from '../../ui/StatusBadge';
import { failure } from './erp-feedback';
import { formatDay, personName } from './erp-format';
import { PROJECT_ATTR, useReveal } from './erp-reveal';
import { PROJECTS_PAGE_SIZE, useProjects } from './use-erp-work';

const columns: Column<Project>[] = [
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

type ProjectsTabProps = {
  onNew: () => void;
  onEdit: (project: Project) => void;
  /** A project chosen in the search: its row is scrolled to when it is on this page. */
  reveal?: string | null;
  onRevealed?: () => void;
};

const nothing = () => undefined;

/** Projects: a page of projects, newest first; New Project, and Edit for the projects this employee manages or created. */
export function ProjectsTab({ onNew, onEdit, reveal = null, onRevealed = nothing }: ProjectsTabProps) {
  const [page, setPage] = useState(1);
  const projects = useProjects(page);
  useReveal(reveal && `[${PROJECT_ATTR}="${reveal}"]`, projects.isSuccess && !projects.isPlaceholderData, onRevealed);
  const data = projects.data;
  return (
    <section aria-labelledby="erp-projects" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="erp-projects" className="text-lg font-semibold text-slate-900">
          Projects
        </h2>
        <Button onClick={onNew}>
          <Plus className="h-4 w-4" aria-hidden="true" /> New Project
        </Button>
      </div>
      <DataTable
        label="Projects"
        columns={columns}
        rows={data?.items}
        rowKey={(p) => p.id}
        total={data?.total ?? 0}
        page={page}
        pageSize={data?.pageSize ?? PROJECTS_PAGE_SIZE}
        onPage={setPage}
        sort=""
        dir="desc"
        onSort={() => undefined}
        loading={projects.isPending}
        refreshing={projects.isPlaceholderData}
        error={projects.isError ? failure('Failed to load projects', projects.error) : null}
        onRetry={() => void projects.refetch()}
        emptyTitle="No projects yet"
        emptyText="Create the first project with New Project."
        actions={(p) =>
          p.canEdit ? (
            <button
              type="button"
              onClick={() => onEdit(p)}
              aria-label={`Edit ${p.name}`}
              title={`Edit ${p.name}`}
              className="rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 hover:text-violet-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
            >
              <Pencil className="h-4 w-4" aria-hidden="true" />
            </button>
          ) : null
        }
      />
    </section>
  );
}
