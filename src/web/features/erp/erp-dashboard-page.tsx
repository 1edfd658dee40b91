import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { Project, Task, Timesheet } from '../../../contracts/erp-work.contract';
import { erpMessages } from '../../../contracts/erp.contract';
import { api } from '../../api/client';
import { Page } from '../../ui/Page';
import { ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { Tabs, type TabItem } from '../../ui/Tabs';
import { DashboardTab } from './dashboard-tab';
import { ErpFeedbackProvider } from './erp-feedback';
import { ErpHeader } from './erp-header';
import type { ErpTarget } from './erp-reveal';
import { ProjectFormModal } from './project-form-modal';
import { ProjectsTab } from './projects-tab';
import { TaskFormModal } from './task-form-modal';
import { TasksTab } from './tasks-tab';
import { TimesheetFormModal } from './timesheet-form-modal';
import { TimesheetsTab } from './timesheets-tab';
import { EMPLOYEE_KEY, useEmployee } from './use-employee';

type TabKey = 'dashboard' | 'projects' | 'tasks' | 'timesheets';
const tabs: TabItem<TabKey>[] = [
  { key: 'dashboard', label: 'Dashboard' },
  { key: 'projects', label: 'Projects' },
  { key: 'tasks', label: 'My Tasks' },
  { key: 'timesheets', label: 'Timesheets' },
];
const isTab = (v: string | null): v is TabKey => tabs.some((t) => t.key === v);

/** The open dialog: a project (new or to edit), a task (new or to edit), or a timesheet entry (new or to edit). */
type Dialog =
  | { kind: 'project'; project: Project | null }
  | { kind: 'task'; task: Task | null }
  | { kind: 'timesheet'; entry: Timesheet | null }
  | null;

/** /erp/dashboard: without an employee session, /erp; Dashboard, Projects, My Tasks and Timesheets. */
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
  if (me.isError)
    return (
      <Page title="ERP Dashboard">
        <ErrorState message={`${erpMessages.dashboardFailed}: ${me.error.message}`} onRetry={() => me.refetch()} />
      </Page>
    );
  if (!me.data) return <Navigate to="/erp" replace />;
  const logout = async () => {
    await api.post('/api/erp/logout');
    // Nothing of this employee's stays cached for whoever signs in next on this browser.
    qc.removeQueries({ queryKey: ['erp'], predicate: (q) => q.queryKey[1] !== 'me' });
    qc.setQueryData(EMPLOYEE_KEY, null);
    navigate('/erp');
  };
  return (
    <Page
      title="ERP Dashboard"
      lead={`Welcome, ${me.data.firstName} ${me.data.lastName} · ${me.data.designation}, ${me.data.department}`}
    >
      <ErpWorkspace onLogout={logout} />
    </Page>
  );
}

/**
 * The header (search, notifications, settings, Logout), the tabs (the open one in `?tab=`), the
 * banners above their content, and the dialogs the tabs and Quick Actions open.
 */
function ErpWorkspace({ onLogout }: { onLogout: () => Promise<void> }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const active: TabKey = isTab(raw) ? raw : 'dashboard';
  const open = (tab: TabKey) => setParams(tab === 'dashboard' ? {} : { tab }, { replace: true });
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  // What the search chose: its tab opens, and its row or card is scrolled to once the list is there.
  const [target, setTarget] = useState<ErpTarget | null>(null);
  const revealed = useCallback(() => setTarget(null), []);
  const choose = (chosen: ErpTarget) => {
    open(chosen.kind === 'project' ? 'projects' : 'tasks');
    setTarget(chosen);
  };
  const openTab = (tab: TabKey) => {
    setTarget(null);
    open(tab);
  };

  const newProject = () => setDialog({ kind: 'project', project: null });
  const newTask = () => setDialog({ kind: 'task', task: null });
  const logTime = () => setDialog({ kind: 'timesheet', entry: null });

  return (
    <>
      <ErpHeader onChoose={choose} onLogout={onLogout} />
      <Tabs tabs={tabs} active={active} onChange={openTab} label="ERP sections" fill />
      <div className="pt-6">
        <ErpFeedbackProvider>
          <div role="tabpanel" aria-label={tabs.find((t) => t.key === active)?.label}>
            {active === 'dashboard' && (
              <DashboardTab onNewProject={newProject} onNewTask={newTask} onLogTime={logTime} />
            )}
            {active === 'projects' && (
              <ProjectsTab
                onNew={newProject}
                onEdit={(project) => setDialog({ kind: 'project', project })}
                reveal={target?.kind === 'project' ? target.id : null}
                onRevealed={revealed}
              />
            )}
            {active === 'tasks' && (
              <TasksTab
                onNew={newTask}
                onEdit={(task) => setDialog({ kind: 'task', task })}
                reveal={target?.kind === 'task' ? target.id : null}
                onRevealed={revealed}
              />
            )}
            {active === 'timesheets' && (
              <TimesheetsTab onNew={logTime} onEdit={(entry) => setDialog({ kind: 'timesheet', entry })} />
            )}
          </div>
          {/* Mounted only while open: their pickers load when a dialog opens, not with the page. */}
          {dialog?.kind === 'project' && <ProjectFormModal open onClose={close} project={dialog.project} />}
          {dialog?.kind === 'task' && <TaskFormModal open onClose={close} task={dialog.task} />}
          {dialog?.kind === 'timesheet' && <TimesheetFormModal open onClose={close} entry={dialog.entry} />}
        </ErpFeedbackProvider>
      </div>
    </>
  );
}
