import { useEffect, useId, useMemo } from 'react';
import {
  erpWorkMessages as m,
  priorities,
  projectFormSchema,
  projectStatuses,
  type Project,
  type ProjectFormInput,
} from '../../../contracts/erp-work.contract';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Input, Select, Textarea } from '../../ui/Field';
import { localToday } from '../../ui/format-date';
import { Modal } from '../../ui/Modal';
import { personName, rupeesText } from './erp-format';
import { useColleagues, useSaveProject } from './use-erp-work';
import { useErpForm } from './use-erp-form';

type Values = ProjectFormInput;

/** The form's values: a new project's defaults (starts today), or the project to edit (its budget in rupees). */
function valuesOf(project: Project | null): Values {
  return {
    name: project?.name ?? '',
    description: project?.description ?? '',
    status: project?.status ?? 'active',
    priority: project?.priority ?? 'medium',
    startDate: project?.startDate.slice(0, 10) ?? localToday(),
    endDate: project?.endDate?.slice(0, 10) ?? '',
    budget: rupeesText(project?.budgetPaise ?? null),
    projectManagerId: project?.manager?.id ?? '',
    clientName: project?.clientName ?? '',
    clientEmail: project?.clientEmail ?? '',
    clientPhone: project?.clientPhone ?? '',
  };
}

const label = (s: string) => s.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

type ProjectFormModalProps = { open: boolean; onClose: () => void; /** The project to edit; none opens Create New Project. */ project: Project | null };

/** The Create New Project / Edit Project dialog (POST or PUT /api/erp/projects); Create waits for a name. */
export function ProjectFormModal({ open, onClose, project }: ProjectFormModalProps) {
  const formId = useId();
  const save = useSaveProject();
  const colleagues = useColleagues();
  const values = useMemo(() => valuesOf(project), [project]);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    getValues,
    formState: { errors },
    formError,
    run,
  } = useErpForm(projectFormSchema, values, open, { aliases: { budgetPaise: 'budget' } });

  // The manager's option arrives with the employees: show it as chosen once it is there.
  useEffect(() => {
    if (open && colleagues.data) setValue('projectManagerId', getValues('projectManagerId'));
  }, [open, colleagues.data, setValue, getValues]);

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

  // A manager no longer in the approved list still shows as the project's manager.
  const people = colleagues.data ?? [];
  const formerManager = project?.manager && !people.some((p) => p.id === project.manager?.id) ? project.manager : null;
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
        <Input label="Project name" required data-autofocus maxLength={120} error={errors.name?.message} {...register('name')} />
        <Textarea label="Description" rows={3} error={errors.description?.message} {...register('description')} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Select label="Status" error={errors.status?.message} {...register('status')}>
            {projectStatuses.map((s) => (
              <option key={s} value={s}>
                {label(s)}
              </option>
            ))}
          </Select>
          <Select label="Priority" error={errors.priority?.message} {...register('priority')}>
            {priorities.map((p) => (
              <option key={p} value={p}>
                {label(p)}
              </option>
            ))}
          </Select>
          <Input label="Start date" type="date" required error={errors.startDate?.message} {...register('startDate')} />
          <Input label="End date" type="date" error={errors.endDate?.message} {...register('endDate')} />
          <Input label="Budget (₹)" inputMode="decimal" placeholder="250000" hint="In rupees; leave empty for none" error={errors.budget?.message} {...register('budget')} />
          <Select
            label="Manager"
            hint={colleagues.isError ? 'Could not load the employees' : undefined}
            error={errors.projectManagerId?.message}
            {...register('projectManagerId')}
          >
            <option value="">No manager</option>
            {formerManager && <option value={formerManager.id}>{personName(formerManager)}</option>}
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {personName(p)}
              </option>
            ))}
          </Select>
        </div>
        <fieldset className="space-y-4">
          <legend className="text-sm font-semibold text-slate-900">Client</legend>
          <Input label="Client name" maxLength={120} error={errors.clientName?.message} {...register('clientName')} />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Input label="Client email" type="email" inputMode="email" autoCapitalize="none" spellCheck={false} error={errors.clientEmail?.message} {...register('clientEmail')} />
            <Input label="Client phone" type="tel" inputMode="tel" placeholder="98765 43210" error={errors.clientPhone?.message} {...register('clientPhone')} />
          </div>
        </fieldset>
      </form>
    </Modal>
  );
}
