import { useMemo } from 'react';
import { maxLengthOf } from '../../../contracts/common.contract';
import {
  ESTIMATED_HOURS,
  erpWorkMessages as m,
  priorities,
  taskFormSchema,
  type Task,
  type TaskFormData,
  type TaskFormInput,
} from '../../../contracts/erp-work.contract';
import { Input, Select, Textarea } from '../../ui/Field';
import { StatusOptions } from '../../ui/StatusBadge';
import { PersonSelect } from './person-select';
import { useColleagues, useProjectOptions, useSaveTask } from './use-erp-work';
import { CreateOrEditModal } from './create-or-edit-modal';
import { useErpForm } from './use-erp-form';

type Values = TaskFormInput;

const empty: Values = {
  title: '',
  description: '',
  projectId: '',
  assignedTo: '',
  priority: 'medium',
  estimatedHours: '',
  dueDate: '',
};

/** The form's values: empty for a new task, or the task to edit. */
export function taskFormValues(task: Task | null): Values {
  if (!task) return empty;
  return {
    title: task.title,
    description: task.description ?? '',
    projectId: task.project?.id ?? '',
    assignedTo: task.assignee?.id ?? '',
    priority: task.priority,
    estimatedHours: task.estimatedHours === null ? '' : String(task.estimatedHours),
    dueDate: task.dueDate ?? '',
  };
}

type TaskFormModalProps = {
  open: boolean;
  onClose: () => void;
  /** The task to edit (PUT /api/erp/tasks/:id; its project stays); none opens Create New Task. */
  task?: Task | null;
};

/** The Create New Task and Edit Task dialog; the submit waits for a title. */
export function TaskFormModal({ open, onClose, task = null }: TaskFormModalProps) {
  const save = useSaveTask();
  const projects = useProjectOptions();
  const colleagues = useColleagues();
  const values = useMemo(() => taskFormValues(task), [task]);
  const form = useErpForm(taskFormSchema, values, open);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
    formError,
    run,
  } = form;

  const editing = task !== null;
  const busy = save.isPending;

  const submit = async (data: TaskFormData) => {
    const saved = await run(
      () => save.mutateAsync({ id: task?.id, values: data }),
      editing ? m.taskUpdated : m.taskCreated,
      editing ? m.updateTaskFailed : m.createTaskFailed,
    );
    if (saved) onClose();
  };

  const titled = (watch('title') ?? '').trim() !== '';
  return (
    <CreateOrEditModal
      noun="Task"
      editing={editing}
      open={open}
      onClose={onClose}
      busy={busy}
      onSubmit={handleSubmit(submit)}
      ready={titled}
      formError={formError}
    >
      <Input
        label="Task title"
        required
        data-autofocus
        maxLength={maxLengthOf(taskFormSchema.shape.title)}
        error={errors.title?.message}
        {...register('title')}
      />
      <Textarea label="Description" rows={3} error={errors.description?.message} {...register('description')} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {editing ? (
          // A task stays in its project: shown, not chosen.
          <Select
            label="Project"
            value={task.project?.id ?? ''}
            disabled
            hint="A task stays in its project"
            onChange={() => undefined}
          >
            <option value={task.project?.id ?? ''}>{task.project?.name ?? 'No Project'}</option>
          </Select>
        ) : (
          <Select
            label="Project"
            hint={projects.isError ? 'Could not load the projects' : undefined}
            error={errors.projectId?.message}
            {...register('projectId')}
          >
            <option value="">No Project</option>
            {projects.data?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
        )}
        <PersonSelect
          form={form}
          name="assignedTo"
          label="Assignee"
          none="Unassigned"
          people={colleagues.data}
          failed={colleagues.isError}
          current={task?.assignee ?? null}
          error={errors.assignedTo?.message}
        />
        <Select label="Priority" error={errors.priority?.message} {...register('priority')}>
          <StatusOptions values={priorities} />
        </Select>
        <Input
          label="Estimated hours"
          type="number"
          inputMode="decimal"
          step={ESTIMATED_HOURS.step}
          min={ESTIMATED_HOURS.min}
          error={errors.estimatedHours?.message}
          {...register('estimatedHours')}
        />
        <Input label="Due date" type="date" error={errors.dueDate?.message} {...register('dueDate')} />
      </div>
    </CreateOrEditModal>
  );
}
