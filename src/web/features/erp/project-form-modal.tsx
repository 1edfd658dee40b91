import { useId, useMemo } from 'react';
import { erpWorkMessages as m, projectFormSchema, type Project } from '../../../contracts/erp-work.contract';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { ProjectFormFields, projectFormValues } from './project-form-fields';
import { useColleagues, useSaveProject } from './use-erp-work';
import { useErpForm } from './use-erp-form';

type ProjectFormModalProps = { open: boolean; onClose: () => void; /** The project to edit; none opens Create New Project. */ project: Project | null };

/** The Create New Project / Edit Project dialog (POST or PUT /api/erp/projects); Create waits for a name. */
export function ProjectFormModal({ open, onClose, project }: ProjectFormModalProps) {
  const formId = useId();
  const save = useSaveProject();
  const colleagues = useColleagues();
  const values = useMemo(() => projectFormValues(project), [project]);
  const form = useErpForm(projectFormSchema, values, open, { aliases: { budgetPaise: 'budget' } });
  const { handleSubmit, watch, getValues, formError, run } = form;

  const editing = project !== null;
  const busy = save.isPending;
  const close = () => {
    if (!busy) onClose();
  };

  // Checked here by the same schema, but sent as typed: the server turns the rupees into paise itself.
  const submit = async () => {
    const saved = await run(() => save.mutateAsync({ id: project?.id, values: getValues() }), editing ? m.projectUpdated : m.projectCreated, editing ? 'Failed to update project' : m.createProjectFailed);
    if (saved) onClose();
  };

  const named = (watch('name') ?? '').trim() !== '';

  return (
    <Modal
      open={open}
      onClose={close}
      wide
      title={editing ? 'Edit Project' : 'Create New Project'}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={!named} loading={busy}>
            {busy ? 'Saving...' : editing ? 'Save Changes' : 'Create Project'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={handleSubmit(submit)} noValidate className="space-y-4" aria-label={editing ? 'Edit project' : 'Create new project'}>
        {formError && <Alert tone="error">{formError}</Alert>}
        <ProjectFormFields form={form} managers={colleagues.data} managersFailed={colleagues.isError} currentManager={project?.manager ?? null} />
      </form>
    </Modal>
  );
}
