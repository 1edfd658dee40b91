import { maxLengthOf } from '../../../contracts/common.contract';
import { ESTIMATED_HOURS, erpWorkMessages as m, priorities, taskFormSchema, type TaskFormData, type TaskFormInput } from '../../../contracts/erp-work.contract';
import { Input, Select, Textarea } from '../../ui/Field';
import { StatusOptions } from '../../ui/StatusBadge';
import { FormModal } from '../../ui/FormModal';
import { personName } from './erp-format';
import { useColleagues, useCreateTask, useProjectOptions } from './use-erp-work';
import { useErpForm } from './use-erp-form';

type Values = TaskFormInput;

const empty: Values = { title: '', description: '', projectId: '', assignedTo: '', priority: 'medium', estimatedHours: '', dueDate: '' };

/** The Create New Task dialog (POST /api/erp/tasks); Create waits for a title. */
export function TaskFormModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateTask();
  const projects = useProjectOptions();
  const colleagues = useColleagues();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
    formError,
    run,
  } = useErpForm(taskFormSchema, empty, open);

  const busy = create.isPending;

  const submit = async (values: TaskFormData) => {
    if (await run(() => create.mutateAsync(values), m.taskCreated, m.createTaskFailed)) onClose();
  };

  const titled = (watch('title') ?? '').trim() !== '';
  return (
    <FormModal
      open={open}
      onClose={onClose}
      busy={busy}
      wide
      title="Create New Task"
      label="Create new task"
      onSubmit={handleSubmit(submit)}
      submitText="Create Task"
      ready={titled}
      formError={formError}
    >
      <Input label="Task title" required data-autofocus maxLength={maxLengthOf(taskFormSchema.shape.title)} error={errors.title?.message} {...register('title')} />
      <Textarea label="Description" rows={3} error={errors.description?.message} {...register('description')} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Select label="Project" hint={projects.isError ? 'Could not load the projects' : undefined} error={errors.projectId?.message} {...register('projectId')}>
          <option value="">No Project</option>
          {projects.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
        <Select label="Assignee" hint={colleagues.isError ? 'Could not load the employees' : undefined} error={errors.assignedTo?.message} {...register('assignedTo')}>
          <option value="">Unassigned</option>
          {colleagues.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {personName(p)}
            </option>
          ))}
        </Select>
        <Select label="Priority" error={errors.priority?.message} {...register('priority')}>
          <StatusOptions values={priorities} />
        </Select>
        <Input label="Estimated hours" type="number" inputMode="decimal" step={ESTIMATED_HOURS.step} min={ESTIMATED_HOURS.min} error={errors.estimatedHours?.message} {...register('estimatedHours')} />
        <Input label="Due date" type="date" error={errors.dueDate?.message} {...register('dueDate')} />
      </div>
    </FormModal>
  );
}
