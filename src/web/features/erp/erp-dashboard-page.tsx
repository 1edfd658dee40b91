import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, FolderKanban, ListTodo, LogOut, Users } from 'lucide-react';
import { Navigate, useNavigate } from 'react-router';
import { erpMessages } from '../../../contracts/erp.contract';
import { api } from '../../api/client';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Page } from '../../ui/Page';
import { StatCard } from '../../ui/StatCard';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { EMPLOYEE_KEY, useEmployee, useErpDashboard } from './use-employee';

// SPEC.md section 2: done green, in_progress yellow, otherwise grey.
const dot = (status: string) => (status === 'done' ? 'bg-green-500' : status === 'in_progress' ? 'bg-yellow-400' : 'bg-slate-400');
const statusLabel = (status: string) => status.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** /erp/dashboard: without an employee session, /erp; the counters and the employee's latest tasks. */
export function ErpDashboardPage() {
  const me = useEmployee();
  const navigate = useNavigate();
  const qc = useQueryClient();
  if (me.isPending) {
    return (
      <LoadingRegion label="Loading the ERP">
        <Skeleton className="mx-auto my-8 h-40 max-w-5xl" />
      </LoadingRegion>
    );
  }
  if (me.isError) return <Page title="ERP Dashboard"><ErrorState message={`${erpMessages.dashboardFailed}: ${me.error.message}`} onRetry={() => me.refetch()} /></Page>;
  if (!me.data) return <Navigate to="/erp" replace />;
  const logout = async () => {
    await api.post('/api/erp/logout');
    qc.setQueryData(EMPLOYEE_KEY, null);
    navigate('/erp');
  };
  return (
    <Page title="ERP Dashboard" lead={`Welcome, ${me.data.firstName} ${me.data.lastName} · ${me.data.designation}, ${me.data.department}`}>
      <div className="-mt-2 mb-6 flex justify-end">
        <Button variant="secondary" size="sm" onClick={logout}>
          <LogOut className="h-4 w-4" aria-hidden="true" /> Logout
        </Button>
      </div>
      <DashboardTab />
    </Page>
  );
}

function DashboardTab() {
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
  if (dashboard.isError) return <ErrorState message={`${erpMessages.dashboardFailed}: ${dashboard.error.message}`} onRetry={() => dashboard.refetch()} />;
  const { stats, recentTasks } = dashboard.data;
  return (
    <div className="space-y-8">
      <section aria-labelledby="erp-counters">
        <h2 id="erp-counters" className="sr-only">
          Counters
        </h2>
        <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-5">
          <StatCard label="Total Employees" value={stats.totalEmployees} icon={Users} tone="bg-violet-100 text-violet-800" />
          <StatCard label="Active Projects" value={stats.activeProjects} icon={FolderKanban} tone="bg-blue-100 text-blue-800" />
          <StatCard label="Completed Tasks" value={stats.completedTasks} icon={CheckCircle2} tone="bg-green-100 text-green-800" />
          <StatCard label="Pending Tasks" value={stats.pendingTasks} icon={ListTodo} tone="bg-amber-100 text-amber-900" />
          <StatCard label="Hours This Week" value={stats.totalHoursThisWeek.toFixed(2)} icon={Clock} tone="bg-pink-100 text-pink-800" note="Approved, since Sunday" />
        </dl>
      </section>
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
    </div>
  );
}
