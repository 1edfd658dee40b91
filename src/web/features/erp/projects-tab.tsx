import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Project } from '../../../contracts/erp-work.contract';
import { Button } from '../../ui/Button';
import { DataTable } from '../../ui/DataTable';
import { failure } from './erp-feedback';
import { PROJECT_ATTR, useReveal } from './erp-reveal';
import { DeleteProjectDialog } from './project-deletion';
import { projectColumns } from '../../ui/project-columns';
import { PROJECTS_PAGE_SIZE, useProjects } from './use-erp-work';

type ProjectsTabProps = {
  onNew: () => void;
  onEdit: (project: Project) => void;
  /** A project chosen in the search: its row is scrolled to when it is on this page. */
  reveal?: string | null;
  onRevealed?: () => void;
};

const nothing = () => undefined;
const iconButton =
  'rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600';

/** Projects: a page of projects, newest first; New Project, Edit for the projects this employee manages or created, and Delete for those they created. */
export function ProjectsTab({ onNew, onEdit, reveal = null, onRevealed = nothing }: ProjectsTabProps) {
  const [page, setPage] = useState(1);
  const projects = useProjects(page);
  const [deleting, setDeleting] = useState<Project | null>(null);
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
        columns={projectColumns}
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
          p.canEdit || p.canDelete ? (
            <div className="flex gap-1">
              {p.canEdit && (
                <button
                  type="button"
                  onClick={() => onEdit(p)}
                  aria-label={`Edit ${p.name}`}
                  title={`Edit ${p.name}`}
                  className={`${iconButton} hover:text-violet-800`}
                >
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                </button>
              )}
              {p.canDelete && (
                <button
                  type="button"
                  onClick={() => setDeleting(p)}
                  aria-label={`Delete ${p.name}`}
                  title={`Delete ${p.name}`}
                  className={`${iconButton} hover:text-red-700`}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </button>
              )}
            </div>
          ) : null
        }
      />
      <DeleteProjectDialog project={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
