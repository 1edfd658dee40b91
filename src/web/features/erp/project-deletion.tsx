import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { erpWorkMessages as m, type Project, type ProjectDeletion } from '../../../contracts/erp-work.contract';
import { canDeleteNow, useProjectDeletion } from '../../api/project-deletion';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/Modal';
import { LoadingRegion, Skeleton } from '../../ui/States';
import { failure, useErpFeedback } from './erp-feedback';
import { formatHours } from '../../ui/erp-format';
import { useDeleteProject } from './use-erp-work';

const some = (n: number, one: string, many: string) =>
  n === 0 ? `no ${many}` : `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** 'Deleted with it: 2 tasks and 1 timesheet entry.' */
export function goesWithIt({ tasks, entries }: ProjectDeletion): string {
  if (tasks === 0 && entries === 0) return 'It has no tasks or timesheet entries.';
  return `Deleted with it: ${some(tasks, 'task', 'tasks')} and ${some(entries, 'timesheet entry', 'timesheet entries')}.`;
}

/** The delete dialogs' text: the project, then what goes with it (or why it cannot go), with its loading and error states. */
export function ProjectDeletionSummary({
  name,
  deletion,
}: {
  name: string;
  deletion: UseQueryResult<ProjectDeletion>;
}) {
  return (
    <div className="space-y-2">
      <p className="break-words font-medium text-slate-900">{name}</p>
      {deletion.isPending ? (
        <LoadingRegion label="Counting its tasks and timesheet entries">
          <Skeleton className="h-5 w-3/4" />
        </LoadingRegion>
      ) : deletion.isError ? (
        <div role="alert" className="space-y-2 text-red-800">
          <p>{failure('Could not count its tasks and timesheet entries', deletion.error)}</p>
          <Button size="sm" variant="secondary" onClick={() => void deletion.refetch()}>
            Retry
          </Button>
        </div>
      ) : deletion.data.approvedHours > 0 ? (
        <Alert tone="error">{`${m.projectHasApprovedHours} (${formatHours(deletion.data.approvedHours)} approved).`}</Alert>
      ) : (
        <p>{goesWithIt(deletion.data)} This cannot be undone.</p>
      )}
    </div>
  );
}

/** The ERP's Delete Project dialog, for a project the employee created: the counts first, the server's refusal inside the dialog. */
export function DeleteProjectDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const deletion = useProjectDeletion('erp', project?.id ?? null);
  const remove = useDeleteProject();
  const feedback = useErpFeedback();
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => setRefusal(null), [project]);

  const confirm = () => {
    if (!project) return;
    setRefusal(null);
    remove.mutate(project.id, {
      onSuccess: () => {
        feedback.success(m.projectDeleted);
        onClose();
      },
      onError: (e) => setRefusal(failure(m.deleteProjectFailed, e)),
    });
  };

  return (
    <ConfirmDialog
      open={project !== null}
      title="Delete project?"
      confirmLabel="Delete project"
      onConfirm={confirm}
      onCancel={onClose}
      busy={remove.isPending}
      confirmDisabled={!canDeleteNow(deletion)}
    >
      <div className="space-y-3">
        {project && <ProjectDeletionSummary name={project.name} deletion={deletion} />}
        {refusal && <Alert tone="error">{refusal}</Alert>}
      </div>
    </ConfirmDialog>
  );
}
