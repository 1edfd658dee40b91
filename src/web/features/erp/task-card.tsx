import { CalendarDays, Pencil, UserRound } from 'lucide-react';
import {
  erpWorkMessages as m,
  taskStatusLabels,
  taskStatuses,
  type Task,
  type TaskStatus,
  type TaskStatusInput,
} from '../../../contracts/erp-work.contract';
import { Select } from '../../ui/Field';
import { PriorityBadge, StatusBadge } from '../../ui/StatusBadge';
import { formatDay, personName } from '../../ui/erp-format';
import { taskCardId } from './erp-reveal';

const steps = Array.from({ length: 11 }, (_, i) => i * 10);

type TaskCardProps = {
  task: Task;
  /** A status change of this task is on its way. */
  busy: boolean;
  onChange: (body: TaskStatusInput) => void;
  /** Opens Edit Task; offered when the employee created the task or manages its project, until it is done. */
  onEdit: () => void;
};

/** One task: title, project, status, description, priority, progress, due date and assignee; unless done, its status and progress selectors (and Edit for its creator and its project's manager). */
export function TaskCard({ task, busy, onChange, onEdit }: TaskCardProps) {
  const locked = !task.canChange;
  const why = locked ? m.notTaskEditor : undefined;
  const percent = Math.min(100, Math.max(0, task.completionPercentage));
  const progressOptions = steps.includes(percent) ? steps : [...steps, percent].sort((a, b) => a - b);
  return (
    // Focusable from script only: the header's search scrolls to the card and focuses it.
    <li
      id={taskCardId(task.id)}
      tabIndex={-1}
      className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="break-words font-semibold text-slate-900">{task.title}</h3>
          <p className="text-sm text-slate-600">{task.project?.name ?? 'No Project'}</p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <StatusBadge status={task.status} text={taskStatusLabels[task.status]} />
          {task.canEdit && task.status !== 'done' && (
            <button
              type="button"
              onClick={onEdit}
              disabled={busy}
              aria-label={`Edit ${task.title}`}
              title={`Edit ${task.title}`}
              className="rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 hover:text-violet-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 disabled:opacity-50"
            >
              <Pencil className="h-4 w-4" aria-hidden="true" />
            </button>
          )}
        </div>
      </div>
      {task.description && (
        <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-700">{task.description}</p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <PriorityBadge priority={task.priority} />
        {task.estimatedHours !== null && <span className="text-slate-600">{task.estimatedHours} hrs estimated</span>}
      </div>
      <div className="mt-3">
        <div className="flex justify-between text-xs text-slate-600">
          <span>Completion</span>
          <span>{percent}% complete</span>
        </div>
        <div
          role="progressbar"
          aria-label={`Completion of ${task.title}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-violet-700" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <dl className="mt-3 space-y-1 text-sm text-slate-700">
        <div className="flex items-center gap-1.5">
          <CalendarDays className="h-4 w-4 text-slate-500" aria-hidden="true" />
          <dt className="sr-only">Due date</dt>
          <dd>{task.dueDate ? `Due ${formatDay(task.dueDate)}` : 'No due date'}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <UserRound className="h-4 w-4 text-slate-500" aria-hidden="true" />
          <dt className="sr-only">Assignee</dt>
          <dd>{task.assignee ? personName(task.assignee) : 'Unassigned'}</dd>
        </div>
      </dl>
      {task.status !== 'done' && (
        <div className="mt-auto grid grid-cols-2 gap-3 pt-4" title={why}>
          <Select
            label="Status"
            value={task.status}
            disabled={locked || busy}
            title={why}
            onChange={(e) => onChange({ status: e.target.value as TaskStatus })}
          >
            {taskStatuses.map((s) => (
              <option key={s} value={s}>
                {taskStatusLabels[s]}
              </option>
            ))}
          </Select>
          <Select
            label="Progress"
            value={String(percent)}
            disabled={locked || busy}
            title={why}
            onChange={(e) => onChange({ status: task.status, completionPercentage: Number(e.target.value) })}
          >
            {progressOptions.map((p) => (
              <option key={p} value={p}>
                {p}%
              </option>
            ))}
          </Select>
          {locked && <p className="col-span-2 text-xs text-slate-500">{why}</p>}
        </div>
      )}
    </li>
  );
}
