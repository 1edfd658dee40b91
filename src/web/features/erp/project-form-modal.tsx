import type { UseMutationResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  erpWorkMessages as m,
  projectFormSchema,
  type Person,
  type Project,
  type ProjectFormInput,
} from '../../../contracts/erp-work.contract';
import { ProjectFormFields, projectFormValues } from './project-form-fields';
import { useColleagues, useSaveProject } from './use-erp-work';
import { CreateOrEditModal } from './create-or-edit-modal';
import { useErpForm } from './use-erp-form';

type SaveProject = UseMutationResult<Project, Error, { id?: string; values: ProjectFormInput }>;

type ProjectDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The project to edit; none opens Create New Project. */
  project: Project | null;
  /** Where the form is saved (the ERP's or the admin panel's endpoint). */
  save: SaveProject;
  /** The people who may manage a project, and whether loading them failed. */
  managers: { data?: Person[]; isError: boolean };
  /** Shows the success instead of the ERP banner (the admin panel's toast). */
  announce?: (message: string) => void;
};

/** The Create New Project / Edit Project dialog; Create waits for a name. The form is sent as typed (the budget in rupees). */
export function ProjectDialog({ open, onClose, project, save, managers, announce }: ProjectDialogProps) {
  const values = useMemo(() => projectFormValues(project), [project]);
  const form = useErpForm(projectFormSchema, values, open, { aliases: { budgetPaise: 'budget' }, announce });
  const { handleSubmit, watch, getValues, formError, run } = form;

  const editing = project !== null;
  const busy = save.isPending;

  // Checked here by the same schema, but sent as typed: the server turns the rupees into paise itself.
  const submit = async () => {
    const saved = await run(
      () => save.mutateAsync({ id: project?.id, values: getValues() }),
      editing ? m.projectUpdated : m.projectCreated,
      editing ? m.updateProjectFailed : m.createProjectFailed,
    );
    if (saved) onClose();
  };

  const named = (watch('name') ?? '').trim() !== '';

  return (
    <CreateOrEditModal
      noun="Project"
      editing={editing}
      open={open}
      onClose={onClose}
      busy={busy}
      onSubmit={handleSubmit(submit)}
      ready={named}
      formError={formError}
    >
      <ProjectFormFields
        form={form}
        managers={managers.data}
        managersFailed={managers.isError}
        currentManager={project?.manager ?? null}
      />
    </CreateOrEditModal>
  );
}

/** The ERP's project dialog: saved to /api/erp/projects, managers from the approved employees. */
export function ProjectFormModal(props: { open: boolean; onClose: () => void; project: Project | null }) {
  const save = useSaveProject();
  const colleagues = useColleagues();
  return <ProjectDialog {...props} save={save} managers={colleagues} />;
}
