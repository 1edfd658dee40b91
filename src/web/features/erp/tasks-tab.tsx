import { Plus } from 'lucide-react';
import { useState } from 'react';
import { erpWorkMessages as m, type Task, type TaskStatusInput } from '../../../contracts/erp-work.contract';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Pagination } from '../../ui/Pagination';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { failure, useErpFeedback } from './erp-feedback';
import { taskCardId, useReveal } from './erp-reveal';
import { TaskCard } from './task-card';
import { useTasks, useUpdateTaskStatus } from './use-erp-work';

const grid = 'grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3';

type TasksTabProps = {
  onNew: () => void;
  onEdit: (task: Task) => void;
  /** A task chosen in the search: its card is scrolled to and focused when it is on this page. */
  reveal?: string | null;
  onRevealed?: () => void;
};

const nothing = () => undefined;

/** My Tasks: cards of the tasks this employee is assignee, creator or project manager of; New Task; status and progress from each card, and Edit on those they created or manage. */
export function TasksTab({ onNew, onEdit, reveal = null, onRevealed = nothing }: TasksTabProps) {
  const [page, setPage] = useState(1);
  const tasks = useTasks(page);
  const update = useUpdateTaskStatus();
  const feedback = useErpFeedback();
  useReveal(reveal && `[id="${taskCardId(reveal)}"]`, tasks.isSuccess && !tasks.isPlaceholderData, onRevealed, true);

  const change = (task: Task, body: TaskStatusInput) =>
    update.mutate(
      { id: task.id, body },
      {
        onSuccess: () => feedback.success(m.taskStatusUpdated),
        onError: (e) => feedback.error(failure(m.updateTaskFailed, e)),
      },
    );

  return (
    <section aria-labelledby="erp-tasks" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="erp-tasks" className="text-lg font-semibold text-slate-900">
          My Tasks
        </h2>
        <Button onClick={onNew}>
          <Plus className="h-4 w-4" aria-hidden="true" /> New Task
        </Button>
      </div>
      {tasks.isPending ? (
        <LoadingRegion label="Loading tasks">
          <div className={grid}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-64" />
            ))}
          </div>
        </LoadingRegion>
      ) : tasks.isError ? (
        <ErrorState message={failure('Failed to load tasks', tasks.error)} onRetry={() => void tasks.refetch()} />
      ) : tasks.data.items.length === 0 ? (
        <EmptyState title="No tasks yet" action={<Button onClick={onNew}>Create a task</Button>}>
          Tasks you create, are assigned or manage the project of appear here.
        </EmptyState>
      ) : (
        <div
          aria-busy={tasks.isPlaceholderData || undefined}
          className={cn('transition-opacity', tasks.isPlaceholderData && 'opacity-60')}
        >
          <ul aria-label="My tasks" className={grid}>
            {tasks.data.items.map((task) => {
              // While the change is on its way the card already shows it.
              const pending = update.isPending && update.variables?.id === task.id ? update.variables.body : null;
              const shown = pending
                ? {
                    ...task,
                    status: pending.status,
                    completionPercentage: pending.completionPercentage ?? task.completionPercentage,
                  }
                : task;
              return (
                <TaskCard
                  key={task.id}
                  task={shown}
                  busy={pending !== null}
                  onChange={(body) => change(task, body)}
                  onEdit={() => onEdit(task)}
                />
              );
            })}
          </ul>
          <Pagination page={page} pageSize={tasks.data.pageSize} total={tasks.data.total} onPage={setPage} />
        </div>
      )}
    </section>
  );
}
