import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminEmployeePage } from '../../../contracts/admin-people.contract';
import type { Page } from '../../../contracts/common.contract';
import {
  erpWorkMessages as m,
  type Person,
  type Project,
  type ProjectFormInput,
} from '../../../contracts/erp-work.contract';
import { api, ApiError, toQuery } from '../../api/client';
import { Button } from '../../ui/Button';
import { DataTable } from '../../ui/DataTable';
import { notify } from '../../ui/notify';
import { projectColumns } from '../../ui/project-columns';
import { canDeleteNow, useProjectDeletion } from '../../api/project-deletion';
import { AdminActionDialog } from './admin-action-dialog';
import type { AdminParts } from './admin-parts';
import { ListCount } from './admin-list-parts';
import { actionError, StepUpDialog } from './step-up-dialog';
import { useAdminList } from './use-admin-list';

/** Projects: every ERP project, newest first, each editable, and deletable while none of its hours is approved. */
export function ErpProjectsSection({ parts }: { parts: AdminParts }) {
  const { ProjectDeletionSummary } = parts;
  // The server orders the projects itself (newest first): no sorting here.
  const list = useAdminList<Page<Project>>('/api/admin/erp/projects', { sort: '' });
  const [editing, setEditing] = useState<Project | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const deletion = useProjectDeletion('admin', deleting?.id ?? null);

  return (
    <section aria-labelledby="admin-erp-projects" className="space-y-4">
      <h2 id="admin-erp-projects" className="text-lg font-semibold text-slate-900">
        Projects
      </h2>
      <ListCount page={list.query.data} noun={['project', 'projects']} />
      <DataTable
        label="ERP projects"
        columns={projectColumns}
        {...list.tableProps('project')}
        rowKey={(p) => p.id}
        emptyTitle="No projects yet"
        emptyText="Projects show here once employees create them in the ERP."
        actions={(p) => (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
              Edit
            </Button>
            <Button size="sm" variant="danger" onClick={() => setDeleting(p)} aria-label={`Delete ${p.name}`}>
              Delete
            </Button>
          </div>
        )}
      />
      <EditProjectDialog project={editing} onClose={() => setEditing(null)} ProjectDialog={parts.ProjectDialog} />
      <AdminActionDialog
        pending={deleting}
        onClose={() => setDeleting(null)}
        request={(p) => ({
          path: `/api/admin/erp/projects/${p.id}/delete`,
          success: m.projectDeleted,
          failure: m.deleteProjectFailed,
          toast: 'erp-project-delete',
        })}
        title="Delete project"
        actionLabel="Delete project"
        ready={canDeleteNow(deletion)}
        description={deleting && <ProjectDeletionSummary name={deleting.name} deletion={deletion} />}
      />
    </section>
  );
}

/** The approved, active employees, by name, for the Manager picker (GET /api/erp/employees needs an employee's session). */
const MANAGERS_PAGE_SIZE = 100;
const managersPath = `/api/admin/employees${toQuery({ approval: 'approved', status: 'active', sort: 'name', dir: 'asc', pageSize: MANAGERS_PAGE_SIZE })}`;
const toPeople = (page: AdminEmployeePage): Person[] =>
  page.items.map(({ id, firstName, lastName }) => ({ id, firstName, lastName }));

/** A save the step-up dialog holds until the code is confirmed. */
type Confirming = {
  id: string;
  values: ProjectFormInput;
  resolve: (saved: Project) => void;
  reject: (e: unknown) => void;
};

/** What the form says when the step-up dialog is cancelled (after 'Failed to update project: '). */
const NOT_CONFIRMED = 'the changes were not confirmed with a code';

/**
 * Edit Project for any project (PUT /api/admin/erp/projects/:id) in the ERP's dialog; Save Changes
 * asks for a fresh code in the step-up dialog, which sends the form with it. A refused code is
 * asked for again there; any other refusal goes back to the form's fields. The success is a toast.
 */
function EditProjectDialog({
  project,
  onClose,
  ProjectDialog,
}: {
  project: Project | null;
  onClose: () => void;
  ProjectDialog: AdminParts['ProjectDialog'];
}) {
  const qc = useQueryClient();
  const open = project !== null;
  const managers = useQuery({
    queryKey: ['admin', 'erp-managers'],
    queryFn: () => api.get<AdminEmployeePage>(managersPath),
    select: toPeople,
    staleTime: 60_000,
    enabled: open,
  });
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const save = useMutation({
    mutationFn: ({ id, values }: { id?: string; values: ProjectFormInput }) =>
      new Promise<Project>((resolve, reject) => setConfirming({ id: id ?? '', values, resolve, reject })),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
  const confirm = async (code: string): Promise<string | null> => {
    if (!confirming) return null;
    try {
      const saved = await api.put<Project>(`/api/admin/erp/projects/${confirming.id}`, { ...confirming.values, code });
      confirming.resolve(saved);
    } catch (e) {
      if (e instanceof ApiError && [401, 403, 429].includes(e.status)) return actionError(e, m.updateProjectFailed);
      confirming.reject(e);
    }
    setConfirming(null);
    return null;
  };
  const cancel = () => {
    confirming?.reject(new Error(NOT_CONFIRMED));
    setConfirming(null);
  };
  return (
    <>
      <ProjectDialog
        open={open}
        onClose={onClose}
        project={project}
        save={save}
        managers={managers}
        announce={(message) => notify.success(message, { action: 'erp-project' })}
      />
      <StepUpDialog
        open={confirming !== null}
        title="Save Project Changes"
        actionLabel="Save changes"
        description={project && <p>The changes to {project.name} are saved once the code is checked.</p>}
        onCancel={cancel}
        onConfirm={confirm}
      />
    </>
  );
}
