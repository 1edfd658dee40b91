import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  Colleague,
  Option,
  Project,
  ProjectDeletion,
  ProjectFormInput,
  Task,
  TaskFormData,
  TaskStatusInput,
  Timesheet,
  TimesheetFormData,
} from '../../../contracts/erp-work.contract';
import { api, toQuery } from '../../api/client';
import { erpProjectDeletionKey } from '../../api/project-deletion';

/** A page of a list endpoint: `{ items, total, page, pageSize }`. */
export type PageOf<T> = { items: T[]; total: number; page: number; pageSize: number };

export const PROJECTS_PAGE_SIZE = 20;
export const TASKS_PAGE_SIZE = 12;
export const TIMESHEETS_PAGE_SIZE = 20;
export const APPROVALS_PAGE_SIZE = 10;

export const erpKeys = {
  dashboard: ['erp', 'dashboard'] as const,
  employees: ['erp', 'employees'] as const,
  projects: ['erp', 'projects'] as const,
  projectOptions: ['erp', 'project-options'] as const,
  projectTasks: ['erp', 'project-tasks'] as const,
  projectDeletion: erpProjectDeletionKey,
  tasks: ['erp', 'tasks'] as const,
  timesheets: ['erp', 'timesheets'] as const,
  approvals: ['erp', 'approvals'] as const,
};

type Key = readonly string[];

/** After a change: the given lists and, always, the dashboard's counters and recent tasks. */
function refresh(qc: QueryClient, keys: Key[]): Promise<unknown> {
  return Promise.all([...keys, erpKeys.dashboard].map((queryKey) => qc.invalidateQueries({ queryKey })));
}

/** Approved employees, for the Manager and Assignee pickers. */
export const useColleagues = () =>
  useQuery({
    queryKey: erpKeys.employees,
    queryFn: () => api.get<Colleague[]>('/api/erp/employees'),
    staleTime: 60_000,
  });

/** Every project as `{ id, name }`, for the pickers. */
export const useProjectOptions = () =>
  useQuery({
    queryKey: erpKeys.projectOptions,
    queryFn: () => api.get<Option[]>('/api/erp/projects/options'),
    staleTime: 60_000,
  });

/** The tasks of one project as `{ id, name }`; nothing is asked until a project is chosen. */
export const useProjectTasks = (projectId: string | undefined) =>
  useQuery({
    queryKey: [...erpKeys.projectTasks, projectId ?? ''],
    queryFn: () => api.get<Option[]>(`/api/erp/projects/${projectId}/tasks`),
    enabled: Boolean(projectId),
  });

/** A page of projects, newest first; the previous page stays while the next loads. */
export const useProjects = (page: number) =>
  useQuery({
    queryKey: [...erpKeys.projects, page],
    queryFn: () => api.get<PageOf<Project>>(`/api/erp/projects${toQuery({ page, pageSize: PROJECTS_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

/** A page of the employee's tasks (assignee, creator or project manager), newest first. */
export const useTasks = (page: number) =>
  useQuery({
    queryKey: [...erpKeys.tasks, page],
    queryFn: () => api.get<PageOf<Task>>(`/api/erp/tasks${toQuery({ page, pageSize: TASKS_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

/** A page of the employee's own timesheet entries, newest first. */
export const useTimesheets = (page: number) =>
  useQuery({
    queryKey: [...erpKeys.timesheets, page],
    queryFn: () =>
      api.get<PageOf<Timesheet>>(`/api/erp/timesheets${toQuery({ page, pageSize: TIMESHEETS_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

/** Submitted entries of the projects this employee manages (never their own). */
export const useApprovals = (page: number) =>
  useQuery({
    queryKey: [...erpKeys.approvals, page],
    queryFn: () =>
      api.get<PageOf<Timesheet>>(`/api/erp/timesheets/approvals${toQuery({ page, pageSize: APPROVALS_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

/** Create (no id) or update a project. */
export function useSaveProject() {
  const qc = useQueryClient();
  return useMutation({
    /** The form's values as typed (the budget in rupees text): the server reads them with the same schema. */
    mutationFn: ({ id, values }: { id?: string; values: ProjectFormInput }) =>
      id ? api.put<Project>(`/api/erp/projects/${id}`, values) : api.post<Project>('/api/erp/projects', values),
    // A renamed project shows under its new name on task cards and timesheet rows too.
    onSuccess: () =>
      refresh(qc, [erpKeys.projects, erpKeys.projectOptions, erpKeys.tasks, erpKeys.timesheets, erpKeys.approvals]),
  });
}

/** Create (no id) or edit a task; an edit leaves its project out (a task stays in its project). */
export function useSaveTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: TaskFormData }) => {
      if (!id) return api.post<Task>('/api/erp/tasks', values);
      const { projectId: _project, ...edit } = values;
      return api.put<Task>(`/api/erp/tasks/${id}`, edit);
    },
    // A renamed task shows under its new name in the timesheet form and rows too.
    onSuccess: () => refresh(qc, [erpKeys.tasks, erpKeys.projectTasks, erpKeys.timesheets, erpKeys.approvals]),
  });
}

/** Deletes a project the employee created, with its tasks and entries: every list that could show them reloads. */
export function useDeleteProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<ProjectDeletion>(`/api/erp/projects/${id}`),
    onSuccess: () =>
      refresh(qc, [
        erpKeys.projects,
        erpKeys.projectOptions,
        erpKeys.projectTasks,
        erpKeys.tasks,
        erpKeys.timesheets,
        erpKeys.approvals,
      ]),
  });
}

export function useUpdateTaskStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TaskStatusInput }) =>
      api.patch<Task>(`/api/erp/tasks/${id}/status`, body),
    // The card shows the answer at once, before the lists reload.
    onSuccess: (task) =>
      qc.setQueriesData<PageOf<Task>>(
        { queryKey: erpKeys.tasks },
        (old) => old && { ...old, items: old.items.map((t) => (t.id === task.id ? task : t)) },
      ),
    onSettled: () => refresh(qc, [erpKeys.tasks]),
  });
}

const timesheetKeys = [erpKeys.timesheets, erpKeys.approvals];

/** Create (no id) or update a timesheet entry. */
export function useSaveTimesheet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: TimesheetFormData }) =>
      id ? api.put<Timesheet>(`/api/erp/timesheets/${id}`, values) : api.post<Timesheet>('/api/erp/timesheets', values),
    onSuccess: () => refresh(qc, timesheetKeys),
  });
}

export function useDeleteTimesheet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/erp/timesheets/${id}`),
    onSettled: () => refresh(qc, timesheetKeys),
  });
}

/** Submit, approve or reject (with a reason) a timesheet entry. */
export function useTimesheetAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: 'submit' | 'approve' | 'reject'; reason?: string }) =>
      api.post<Timesheet>(`/api/erp/timesheets/${id}/${action}`, action === 'reject' ? { reason } : {}),
    onSettled: () => refresh(qc, timesheetKeys),
  });
}
