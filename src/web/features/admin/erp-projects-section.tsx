import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminEmployeePage } from '../../../contracts/admin-people.contract';
import type { Page } from '../../../contracts/common.contract';
import type { Person, Project, ProjectFormInput } from '../../../contracts/erp-work.contract';
import { api, toQuery } from '../../api/client';
import { Button } from '../../ui/Button';
import { DataTable } from '../../ui/DataTable';
import { notify } from '../../ui/notify';
import { projectColumns } from '../erp/project-columns';
import { ProjectDialog } from '../erp/project-form-modal';
import { useAdminList } from './use-admin-list';

/** Projects: every ERP project, newest first, each editable. */
export function ErpProjectsSection() {
  // The server orders the projects itself (newest first): no sorting here.
  const list = useAdminList<Page<Project>>('/api/admin/erp/projects', { sort: '' });
  const [editing, setEditing] = useState<Project | null>(null);
  const data = list.query.data;

  return (
    <section aria-labelledby="admin-erp-projects" className="space-y-4">
      <h2 id="admin-erp-projects" className="text-lg font-semibold text-slate-900">
        Projects
      </h2>
      <p className="text-sm text-slate-600" aria-live="polite">
        {data ? `${data.total.toLocaleString('en-IN')} ${data.total === 1 ? 'project' : 'projects'}` : '\u00a0'}
      </p>
      <DataTable
        label="ERP projects"
        columns={projectColumns}
        {...list.tableProps('project')}
        rowKey={(p) => p.id}
        emptyTitle="No projects yet"
        emptyText="Projects show here once employees create them in the ERP."
        actions={(p) => (
          <Button size="sm" variant="secondary" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
            Edit
          </Button>
        )}
      />
      <EditProjectDialog project={editing} onClose={() => setEditing(null)} />
    </section>
  );
}

/** The approved employees, by name, for the Manager picker (GET /api/erp/employees needs an employee's session). */
const MANAGERS_PAGE_SIZE = 100;
const managersPath = `/api/admin/employees${toQuery({ approval: 'approved', sort: 'name', dir: 'asc', pageSize: MANAGERS_PAGE_SIZE })}`;
const toPeople = (page: AdminEmployeePage): Person[] => page.items.map(({ id, firstName, lastName }) => ({ id, firstName, lastName }));

/** Edit Project for any project (PUT /api/admin/erp/projects/:id) in the ERP's dialog; the success is a toast. */
function EditProjectDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const qc = useQueryClient();
  const open = project !== null;
  const managers = useQuery({ queryKey: ['admin', 'erp-managers'], queryFn: () => api.get<AdminEmployeePage>(managersPath), select: toPeople, staleTime: 60_000, enabled: open });
  const save = useMutation({
    mutationFn: ({ id, values }: { id?: string; values: ProjectFormInput }) => api.put<Project>(`/api/admin/erp/projects/${id}`, values),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
  return <ProjectDialog open={open} onClose={onClose} project={project} save={save} managers={managers} announce={(message) => notify.success(message, { action: 'erp-project' })} />;
}
