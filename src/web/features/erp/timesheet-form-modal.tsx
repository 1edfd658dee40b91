import { useEffect, useMemo } from 'react';
import { maxLengthOf } from '../../../contracts/common.contract';
import {
  erpWorkMessages as m,
  timesheetFormSchema,
  type Timesheet,
  type TimesheetFormData,
  type TimesheetFormInput,
} from '../../../contracts/erp-work.contract';
import { endsNextDay, hoursWorked, isClockTime } from '../../../domain/timesheet-hours';
import { Alert } from '../../ui/Alert';
import { Input, Select, Textarea } from '../../ui/Field';
import { localToday } from '../../ui/format-date';
import { FormModal } from '../../ui/FormModal';
import { formatHours } from '../../ui/erp-format';
import { useProjectOptions, useProjectTasks, useSaveTimesheet } from './use-erp-work';
import { useErpForm } from './use-erp-form';

type Values = TimesheetFormInput;

function valuesOf(entry: Timesheet | null): Values {
  return {
    workDate: entry?.workDate.slice(0, 10) ?? localToday(),
    startTime: entry?.startTime.slice(0, 5) ?? '',
    endTime: entry?.endTime.slice(0, 5) ?? '',
    projectId: entry?.project?.id ?? '',
    taskId: entry?.task?.id ?? '',
    description: entry?.description ?? '',
  };
}

/** The hours the entry will hold, as the server counts them: '4.00 hrs (ends the next day)'; null until both times make sense. */
function preview(start: string, end: string): string | null {
  if (!isClockTime(start) || !isClockTime(end) || start === end) return null;
  return `${formatHours(hoursWorked(start, end))}${endsNextDay(start, end) ? ' (ends the next day)' : ''}`;
}

type TimesheetFormModalProps = {
  open: boolean;
  onClose: () => void;
  /** The entry to edit; none opens Log Work Time. */ entry: Timesheet | null;
};

/** Log Work Time / Edit Timesheet: a day, start and end, a project and one of its tasks (or General Work), and what was done. */
export function TimesheetFormModal({ open, onClose, entry }: TimesheetFormModalProps) {
  const save = useSaveTimesheet();
  const projects = useProjectOptions();
  const values = useMemo(() => valuesOf(entry), [entry]);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    getValues,
    formState: { errors },
    formError,
    run,
  } = useErpForm(timesheetFormSchema, values, open);

  const [workDate, startTime, endTime, chosen, description] = watch([
    'workDate',
    'startTime',
    'endTime',
    'projectId',
    'description',
  ]);
  const projectId = typeof chosen === 'string' ? chosen : '';
  const tasks = useProjectTasks(projectId || undefined);

  // The chosen project and task arrive with their lists: show them as chosen once they are there.
  useEffect(() => {
    if (open && projects.data) setValue('projectId', getValues('projectId'));
  }, [open, projects.data, setValue, getValues]);
  useEffect(() => {
    if (open && tasks.data) setValue('taskId', getValues('taskId'));
  }, [open, tasks.data, setValue, getValues]);

  const editing = entry !== null;
  const busy = save.isPending;

  // A 409 (overlap, more than 24 hours in the day) has no field: its message shows above the form.
  const submit = async (values: TimesheetFormData) => {
    const saved = await run(
      () => save.mutateAsync({ id: entry?.id, values }),
      editing ? m.timesheetUpdated : m.timesheetCreated,
      editing ? 'Failed to update timesheet' : m.createTimesheetFailed,
    );
    if (saved) onClose();
  };

  // The entry's own project and task stay choosable while the lists load (or if they are gone from them).
  const projectOptions = projects.data ?? [];
  const ownProject = entry?.project && !projectOptions.some((p) => p.id === entry.project?.id) ? entry.project : null;
  const taskOptions = tasks.data ?? [];
  const ownTask =
    entry?.task && entry.project?.id === projectId && !taskOptions.some((t) => t.id === entry.task?.id)
      ? entry.task
      : null;
  const filled = [workDate, startTime, endTime, description].every((v) => (v ?? '').trim() !== '');
  const hours = preview(startTime, endTime);

  return (
    <FormModal
      open={open}
      onClose={onClose}
      busy={busy}
      title={editing ? 'Edit Timesheet' : 'Log Work Time'}
      label={editing ? 'Edit timesheet' : 'Log work time'}
      onSubmit={handleSubmit(submit)}
      submitText={editing ? 'Save Changes' : 'Create Entry'}
      ready={filled}
      formError={formError}
    >
      {editing && entry.status === 'rejected' && entry.rejectionReason && (
        <Alert tone="error">Rejected: {entry.rejectionReason}</Alert>
      )}
      <Input
        label="Work date"
        type="date"
        required
        max={localToday()}
        data-autofocus
        error={errors.workDate?.message}
        {...register('workDate')}
      />
      <div className="grid grid-cols-2 gap-4">
        <Input label="Start time" type="time" required error={errors.startTime?.message} {...register('startTime')} />
        <Input label="End time" type="time" required error={errors.endTime?.message} {...register('endTime')} />
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        Hours: <strong className="text-slate-900">{hours ?? '—'}</strong>
        {hours && <span className="block text-xs text-slate-500">An end before the start means the next day.</span>}
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Select
          label="Project"
          hint={projects.isError ? 'Could not load the projects' : undefined}
          error={errors.projectId?.message}
          {...register('projectId', { onChange: () => setValue('taskId', '') })}
        >
          <option value="">No Project</option>
          {ownProject && <option value={ownProject.id}>{ownProject.name}</option>}
          {projectOptions.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
        <Select
          label="Task"
          disabled={!projectId}
          hint={!projectId ? 'Choose a project first' : tasks.isError ? 'Could not load the tasks' : undefined}
          error={errors.taskId?.message}
          {...register('taskId')}
        >
          <option value="">General Work</option>
          {ownTask && <option value={ownTask.id}>{ownTask.name}</option>}
          {taskOptions.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </Select>
      </div>
      <Textarea
        label="Description"
        required
        rows={3}
        maxLength={maxLengthOf(timesheetFormSchema.shape.description)}
        placeholder="What did you work on?"
        error={errors.description?.message}
        {...register('description')}
      />
    </FormModal>
  );
}
