import { CheckCircle2, Clock, FolderKanban, FolderPlus, ListPlus, ListTodo, Timer, Users } from 'lucide-react';
import { erpMessages } from '../../../contracts/erp.contract';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { StatCard, StatGrid } from '../../ui/StatCard';
import { statusLabel } from '../../ui/StatusBadge';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { useErpDashboard } from './use-employee';

// SPEC.md section 2: done green, in_progress yellow, otherwise grey.
const dot = (status: string) =>
  status === 'done' ? 'bg-green-500' : status === 'in_progress' ? 'bg-yellow-400' : 'bg-slate-400';

type DashboardTabProps = { onNewProject: () => void; onNewTask: () => void; onLogTime: () => void };

/** Dashboard: the counters, Quick Actions (the same dialogs as the tabs' buttons) and the 5 latest tasks. */
export function DashboardTab({ onNewProject, onNewTask, onLogTime }: DashboardTabProps) {
  return (
    <div className="space-y-8">
      <Counters />
      <section
        aria-labelledby="erp-quick-actions"
        className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="erp-quick-actions" className="mb-3 text-lg font-semibold text-slate-900">
          Quick Actions
        </h2>
        <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-3">
          <Button variant="secondary" onClick={onNewProject}>
            <FolderPlus className="h-4 w-4" aria-hidden="true" /> New Project
          </Button>
          <Button variant="secondary" onClick={onNewTask}>
            <ListPlus className="h-4 w-4" aria-hidden="true" /> New Task
          </Button>
          <Button variant="secondary" onClick={onLogTime}>
            <Timer className="h-4 w-4" aria-hidden="true" /> Log Time
          </Button>
        </div>
      </section>
      <RecentTasks />
    </div>
  );
}

function Counters() {
  const dashboard = useErpDashboard();
  if (dashboard.isPending) {
    return (
      <LoadingRegion label="Loading dashboard data">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      </LoadingRegion>
    );
  }
  if (dashboard.isError)
    return (
      <ErrorState
        message={`${erpMessages.dashboardFailed}: ${dashboard.error.message}`}
        onRetry={() => dashboard.refetch()}
      />
    );
  const { stats } = dashboard.data;
  return (
    <StatGrid id="erp-counters" title="Counters">
      <StatCard
        label="Total Employees"
        value={stats.totalEmployees}
        icon={Users}
        tone="bg-violet-100 text-violet-800"
      />
      <StatCard
        label="Active Projects"
        value={stats.activeProjects}
        icon={FolderKanban}
        tone="bg-blue-100 text-blue-800"
      />
      <StatCard
        label="Completed Tasks"
        value={stats.completedTasks}
        icon={CheckCircle2}
        tone="bg-green-100 text-green-800"
      />
      <StatCard label="Pending Tasks" value={stats.pendingTasks} icon={ListTodo} tone="bg-amber-100 text-amber-900" />
      <StatCard
        label="Hours This Week"
        value={stats.totalHoursThisWeek.toFixed(2)}
        icon={Clock}
        tone="bg-pink-100 text-pink-800"
        note="Approved, since Sunday"
      />
    </StatGrid>
  );
}

function RecentTasks() {
  const dashboard = useErpDashboard();
  // The counters above already show the loading and error states of the same query.
  if (!dashboard.data) return null;
  const { recentTasks } = dashboard.data;
  return (
    <section aria-labelledby="recent-tasks" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="recent-tasks" className="mb-3 text-lg font-semibold text-slate-900">
        Recent Tasks
      </h2>
      {recentTasks.length === 0 ? (
        <EmptyState title="No tasks assigned to you yet" />
      ) : (
        <ul className="divide-y divide-slate-100">
          {recentTasks.map((task) => (
            <li key={task.id} className="flex items-center justify-between gap-3 py-2.5">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{task.title}</p>
                <p className="truncate text-sm text-slate-600">{task.projectName ?? 'No Project'}</p>
              </div>
              <span className="flex shrink-0 items-center gap-1.5 text-sm text-slate-700">
                <span className={cn('h-2.5 w-2.5 rounded-full', dot(task.status))} aria-hidden="true" />
                {statusLabel(task.status)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
