import { eq, sql, type SQL } from 'drizzle-orm';
import type { Page, PageQuery } from '../../../contracts/common.contract';
import {
  erpWorkMessages,
  type ErpSearch,
  type Option,
  type Task,
  type TaskEditData,
  type TaskFormData,
  type TaskStatusInput,
} from '../../../contracts/erp-work.contract';
import { AppError, notFound } from '../../platform/app-error';
import { queryPage, queryRows, type Db, type DbOrTx, type Tx } from '../../platform/db';
import { assertColleague } from './erp.employees';
import { notifyEmployee } from './erp.notifications';
import { personOf } from './erp.projects';
import { employees, projects, tasks } from './erp.tables';

type TaskRow = {
  id: string;
  title: string;
  description: string | null;
  status: Task['status'];
  priority: Task['priority'];
  p_id: string | null;
  p_name: string | null;
  a_id: string | null;
  a_first: string | null;
  a_last: string | null;
  c_id: string | null;
  c_first: string | null;
  c_last: string | null;
  estimated_hours: string | number | null;
  due_date: string | null;
  completion_percentage: number;
  created_at: Date | string;
  can_change: boolean;
  can_edit: boolean;
};

// The employees who may change a task: its assignee, its creator, its project's manager.
const involves = (viewerId: string) =>
  sql`(t.assigned_to = ${viewerId} or t.created_by = ${viewerId} or p.project_manager_id = ${viewerId})`;

const selectTasks = (viewerId: string, where: SQL) => sql`
  select t.id, t.title, t.description, t.status, t.priority, p.id as p_id, p.name as p_name,
         a.id as a_id, a.first_name as a_first, a.last_name as a_last, c.id as c_id, c.first_name as c_first, c.last_name as c_last,
         t.estimated_hours, t.due_date::text as due_date, t.completion_percentage, t.created_at,
         coalesce(${involves(viewerId)}, false) as can_change,
         coalesce(t.created_by = ${viewerId} or p.project_manager_id = ${viewerId}, false) as can_edit
  from tasks t
  left join projects p on p.id = t.project_id
  left join employees a on a.id = t.assigned_to
  left join employees c on c.id = t.created_by
  where ${where}`;

const toTask = (r: TaskRow): Task => ({
  id: r.id,
  title: r.title,
  description: r.description,
  status: r.status,
  priority: r.priority,
  project: r.p_id ? { id: r.p_id, name: r.p_name ?? '' } : null,
  assignee: personOf(r.a_id, r.a_first, r.a_last),
  createdBy: personOf(r.c_id, r.c_first, r.c_last),
  estimatedHours: r.estimated_hours === null ? null : Number(r.estimated_hours),
  dueDate: r.due_date,
  completionPercentage: r.completion_percentage,
  canChange: r.can_change,
  canEdit: r.can_edit,
  createdAt: new Date(r.created_at).toISOString(),
});

/** My Tasks: the tasks the employee is assigned, created or manages the project of, newest first. */
export function listMyTasks({
  db,
  viewerId,
  page,
  pageSize,
}: { db: Db; viewerId: string } & PageQuery): Promise<Page<Task>> {
  return queryPage(db, {
    rows: sql`${selectTasks(viewerId, involves(viewerId))} order by t.created_at desc, t.id desc`,
    count: sql`select count(*)::int as total from tasks t left join projects p on p.id = t.project_id where ${involves(viewerId)}`,
    page,
    pageSize,
    map: toTask,
  });
}

/** One task as the employee reading sees it, or 404. */
export async function getTask(db: DbOrTx, viewerId: string, taskId: string): Promise<Task> {
  const [row] = await queryRows<TaskRow>(db, selectTasks(viewerId, sql`t.id = ${taskId}`));
  if (!row) throw notFound(erpWorkMessages.taskNotFound);
  return toTask(row);
}

/** A project's tasks by title, for the task choice of the timesheet form; 404 for an unknown project. */
export async function projectTaskOptions(db: DbOrTx, projectId: string): Promise<Option[]> {
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!project) throw notFound(erpWorkMessages.projectNotFound);
  return db
    .select({ id: tasks.id, name: tasks.title })
    .from(tasks)
    .where(eq(tasks.projectId, projectId))
    .orderBy(tasks.title, tasks.id)
    .limit(1000);
}

/** Tells a task's assignee, unless nobody or the one who assigned it, that it is theirs now. */
async function tellAssignee(
  tx: Tx,
  a: { assigneeId: string | undefined; byId: string; title: string; projectName: string | null },
): Promise<void> {
  if (!a.assigneeId || a.assigneeId === a.byId) return;
  const [by] = await tx
    .select({ firstName: employees.firstName, lastName: employees.lastName })
    .from(employees)
    .where(eq(employees.id, a.byId));
  const where = a.projectName ? ` in ${a.projectName}` : '';
  await notifyEmployee(tx, {
    employeeId: a.assigneeId,
    kind: 'task_assigned',
    message: `${by.firstName} ${by.lastName} assigned you the task "${a.title}"${where}`,
  });
}

/** Creates a task (created by the signed-in employee); its assignee, when someone else, is notified. */
export async function createTask({
  db,
  employeeId,
  input,
}: {
  db: Db;
  employeeId: string;
  input: TaskFormData;
}): Promise<Task> {
  await assertColleague(db, input.assignedTo, 'assignedTo');
  const taskId = await db.transaction(async (tx) => {
    let projectName: string | null = null;
    if (input.projectId) {
      const [project] = await tx.select({ name: projects.name }).from(projects).where(eq(projects.id, input.projectId));
      if (!project)
        throw new AppError('VALIDATION_FAILED', erpWorkMessages.projectNotFound, {
          projectId: erpWorkMessages.projectNotFound,
        });
      projectName = project.name;
    }
    const [row] = await tx
      .insert(tasks)
      .values({
        title: input.title,
        description: input.description ?? null,
        projectId: input.projectId ?? null,
        assignedTo: input.assignedTo ?? null,
        createdBy: employeeId,
        priority: input.priority,
        estimatedHours: input.estimatedHours ?? null,
        dueDate: input.dueDate ?? null,
      })
      .returning({ id: tasks.id });
    await tellAssignee(tx, { assigneeId: input.assignedTo, byId: employeeId, title: input.title, projectName });
    return row.id;
  });
  return getTask(db, employeeId, taskId);
}

type TaskChange<I> = { db: Db; employeeId: string; taskId: string; input: I };

/**
 * A done task is not changed: the task as its changer sees it, when `may` lets them (403) and it is
 * not done (409); the update compares the status again (`notDone`), so two changes at once cannot
 * both write after one of them closed it.
 */
async function taskToChange(
  db: Db,
  employeeId: string,
  taskId: string,
  may: 'canEdit' | 'canChange',
  refused: string,
): Promise<Task> {
  const current = await getTask(db, employeeId, taskId);
  if (!current[may]) throw new AppError('FORBIDDEN', refused);
  if (current.status === 'done') throw new AppError('CONFLICT', erpWorkMessages.taskDone);
  return current;
}

const notDone = (taskId: string) => sql`${tasks.id} = ${taskId} and ${tasks.status} <> 'done'`;

/**
 * Edit Task: its title, description, assignee, priority, due date and estimate (its project and
 * status stay). Only its creator or its project's manager may (403), and not once it is done (409).
 * A new assignee is notified as when a task is created.
 */
export async function updateTask({ db, employeeId, taskId, input }: TaskChange<TaskEditData>): Promise<Task> {
  const current = await taskToChange(db, employeeId, taskId, 'canEdit', erpWorkMessages.notTaskOwner);
  // Keeping an assignee who has since left is allowed; choosing a new one needs an approved, active employee.
  const reassigned = (input.assignedTo ?? null) !== (current.assignee?.id ?? null);
  if (reassigned) await assertColleague(db, input.assignedTo, 'assignedTo');
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(tasks)
      .set({
        title: input.title,
        description: input.description ?? null,
        assignedTo: input.assignedTo ?? null,
        priority: input.priority,
        estimatedHours: input.estimatedHours ?? null,
        dueDate: input.dueDate ?? null,
        updatedAt: new Date(),
      })
      .where(notDone(taskId))
      .returning({ id: tasks.id });
    if (changed.length === 0) throw new AppError('CONFLICT', erpWorkMessages.taskDone);
    if (reassigned)
      await tellAssignee(tx, {
        assigneeId: input.assignedTo,
        byId: employeeId,
        title: input.title,
        projectName: current.project?.name ?? null,
      });
  });
  return getTask(db, employeeId, taskId);
}

/**
 * The card's status selector: a task that is not done takes any status, with an optional completion
 * percentage (Done means 100 when none is given). Only its assignee, creator or project's manager may.
 */
export async function updateTaskStatus({ db, employeeId, taskId, input }: TaskChange<TaskStatusInput>): Promise<Task> {
  const current = await taskToChange(db, employeeId, taskId, 'canChange', erpWorkMessages.notTaskEditor);
  const completion = input.completionPercentage ?? (input.status === 'done' ? 100 : current.completionPercentage);
  // The status is compared again in the update, so two people closing the task at once cannot both write.
  const changed = await db
    .update(tasks)
    .set({ status: input.status, completionPercentage: completion, updatedAt: new Date() })
    .where(notDone(taskId))
    .returning({ id: tasks.id });
  if (changed.length === 0) throw new AppError('CONFLICT', erpWorkMessages.taskDone);
  return getTask(db, employeeId, taskId);
}

/**
 * The header's search: up to 5 projects by name and 5 of the employee's tasks (those My Tasks
 * shows) by title, containing the text, case ignored.
 */
export async function searchWork(db: DbOrTx, viewerId: string, q: string): Promise<ErpSearch> {
  if (!q) return { projects: [], tasks: [] };
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [found, foundTasks] = await Promise.all([
    queryRows<Option>(db, sql`select id, name from projects where name ilike ${like} order by name, id limit 5`),
    queryRows<{ id: string; name: string; project_name: string | null }>(
      db,
      sql`select t.id, t.title as name, p.name as project_name from tasks t left join projects p on p.id = t.project_id
          where t.title ilike ${like} and ${involves(viewerId)} order by t.title, t.id limit 5`,
    ),
  ]);
  return { projects: found, tasks: foundTasks.map((t) => ({ id: t.id, name: t.name, projectName: t.project_name })) };
}
