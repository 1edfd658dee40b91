import { eq, sql, type SQL } from 'drizzle-orm';
import type { Page, PageQuery } from '../../../contracts/common.contract';
import {
  erpWorkMessages,
  type Option,
  type Person,
  type Project,
  type ProjectDeletion,
  type ProjectFormData,
} from '../../../contracts/erp-work.contract';
import { AppError, notFound } from '../../platform/app-error';
import { queryPage, queryRows, type Db, type DbOrTx, type Tx } from '../../platform/db';
import { assertColleague } from './erp.employees';
import { projects, tasks, timesheets } from './erp.tables';

type ProjectRow = {
  id: string;
  name: string;
  description: string | null;
  status: Project['status'];
  priority: Project['priority'];
  start_date: string;
  end_date: string | null;
  budget_paise: string | number | null;
  client_name: string | null;
  client_email: string | null;
  client_phone: string | null;
  created_at: Date | string;
  m_id: string | null;
  m_first: string | null;
  m_last: string | null;
  c_id: string | null;
  c_first: string | null;
  c_last: string | null;
  can_edit: boolean;
  can_delete: boolean;
};

/** Nobody's id: the super admin is no employee, so nothing reads as theirs. */
export const NOBODY = '00000000-0000-0000-0000-000000000000';

/** A person from the columns of a left join, or null when nobody is there. */
export const personOf = (id: string | null, firstName: string | null, lastName: string | null): Person | null =>
  id ? { id, firstName: firstName ?? '', lastName: lastName ?? '' } : null;

const selectProjects = (viewerId: string, where: SQL) => sql`
  select p.id, p.name, p.description, p.status, p.priority, p.start_date::text as start_date, p.end_date::text as end_date,
         p.budget_paise, p.client_name, p.client_email, p.client_phone, p.created_at,
         m.id as m_id, m.first_name as m_first, m.last_name as m_last, c.id as c_id, c.first_name as c_first, c.last_name as c_last,
         coalesce(p.project_manager_id = ${viewerId} or p.created_by = ${viewerId}, false) as can_edit,
         coalesce(p.created_by = ${viewerId}, false) as can_delete
  from projects p
  left join employees m on m.id = p.project_manager_id
  left join employees c on c.id = p.created_by
  where ${where}`;

const toProject = (r: ProjectRow): Project => ({
  id: r.id,
  name: r.name,
  description: r.description,
  status: r.status,
  priority: r.priority,
  startDate: r.start_date,
  endDate: r.end_date,
  budgetPaise: r.budget_paise === null ? null : Number(r.budget_paise),
  manager: personOf(r.m_id, r.m_first, r.m_last),
  createdBy: personOf(r.c_id, r.c_first, r.c_last),
  clientName: r.client_name,
  clientEmail: r.client_email,
  clientPhone: r.client_phone,
  canEdit: r.can_edit,
  canDelete: r.can_delete,
  createdAt: new Date(r.created_at).toISOString(),
});

/** Every project, newest first, with its manager and creator; `canEdit` for the employee reading. */
export function listProjects({
  db,
  viewerId,
  page,
  pageSize,
}: { db: Db; viewerId: string } & PageQuery): Promise<Page<Project>> {
  return queryPage(db, {
    rows: sql`${selectProjects(viewerId, sql`true`)} order by p.created_at desc, p.id desc`,
    count: sql`select count(*)::int as total from projects`,
    page,
    pageSize,
    map: toProject,
  });
}

/** One project as the employee reading sees it, or 404. */
export async function getProject(db: DbOrTx, viewerId: string, projectId: string): Promise<Project> {
  const [row] = await queryRows<ProjectRow>(db, selectProjects(viewerId, sql`p.id = ${projectId}`));
  if (!row) throw notFound(erpWorkMessages.projectNotFound);
  return toProject(row);
}

/** Projects by name, for the project choices of the task and timesheet forms. */
export async function projectOptions(db: DbOrTx): Promise<Option[]> {
  return db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .orderBy(projects.name, projects.id)
    .limit(1000);
}

const columns = (input: ProjectFormData) => ({
  name: input.name,
  description: input.description ?? null,
  status: input.status,
  priority: input.priority,
  startDate: input.startDate,
  endDate: input.endDate ?? null,
  budgetPaise: input.budget ?? null,
  projectManagerId: input.projectManagerId ?? null,
  clientName: input.clientName ?? null,
  clientEmail: input.clientEmail ?? null,
  clientPhone: input.clientPhone ?? null,
});

/** Creates a project; its creator is the signed-in employee and its manager an approved employee. */
export async function createProject({
  db,
  employeeId,
  input,
}: {
  db: Db;
  employeeId: string;
  input: ProjectFormData;
}): Promise<Project> {
  await assertColleague(db, input.projectManagerId, 'projectManagerId');
  const [row] = await db
    .insert(projects)
    .values({ ...columns(input), createdBy: employeeId })
    .returning({ id: projects.id });
  return getProject(db, employeeId, row.id);
}

/** Who edits a project: an employee (its manager or its creator only) or the super admin; who deletes one: its creator or the super admin. */
export type ProjectEditor = { kind: 'employee'; id: string } | { kind: 'super_admin' };

/** Replaces a project's fields; only its manager, its creator or the super admin may (403 otherwise). */
export async function updateProject({
  db,
  editor,
  projectId,
  input,
}: {
  db: Db;
  editor: ProjectEditor;
  projectId: string;
  input: ProjectFormData;
}): Promise<Project> {
  const viewerId = editor.kind === 'employee' ? editor.id : NOBODY;
  const current = await getProject(db, viewerId, projectId);
  if (editor.kind === 'employee' && !current.canEdit) throw new AppError('FORBIDDEN', erpWorkMessages.notProjectEditor);
  // Keeping a manager who has since left is allowed; choosing a new one needs an approved employee.
  if (input.projectManagerId !== current.manager?.id)
    await assertColleague(db, input.projectManagerId, 'projectManagerId');
  await db
    .update(projects)
    .set({ ...columns(input), updatedAt: new Date() })
    .where(eq(projects.id, projectId));
  return getProject(db, viewerId, projectId);
}

// A project's timesheet entries: those naming it, and those naming one of its tasks.
const entriesOf = (projectId: string) =>
  sql`(${timesheets.projectId} = ${projectId} or ${timesheets.taskId} in (select ${tasks.id} from ${tasks} where ${tasks.projectId} = ${projectId}))`;

/** What deleting a project would take with it: its tasks, its entries that are not approved, and its approved hours (which stop it); 404 for an unknown project. */
export async function projectDeletion(db: DbOrTx, projectId: string): Promise<ProjectDeletion> {
  const [row] = await queryRows<{ tasks: number; entries: number; approved_hours: string | number }>(
    db,
    sql`select (select count(*)::int from ${tasks} where ${tasks.projectId} = p.id) as tasks,
               (select count(*)::int from ${timesheets} where ${entriesOf(projectId)} and ${timesheets.status} <> 'approved') as entries,
               (select coalesce(sum(${timesheets.hoursWorked}), 0) from ${timesheets} where ${entriesOf(projectId)} and ${timesheets.status} = 'approved') as approved_hours
        from projects p where p.id = ${projectId}`,
  );
  if (!row) throw notFound(erpWorkMessages.projectNotFound);
  return { tasks: row.tasks, entries: row.entries, approvedHours: Number(row.approved_hours) };
}

/**
 * Deletes a project inside the caller's transaction, with its tasks and its timesheet entries; only
 * its creator or the super admin may (403), and never while any of its entries is approved (409).
 * The project's row is locked first, so no entry or task can join it meanwhile. Answers its name and what went with it.
 */
export async function deleteProjectIn(
  tx: Tx,
  { deleter, projectId }: { deleter: ProjectEditor; projectId: string },
): Promise<ProjectDeletion & { name: string }> {
  const [project] = await tx
    .select({ name: projects.name, createdBy: projects.createdBy })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for('update');
  if (!project) throw notFound(erpWorkMessages.projectNotFound);
  if (deleter.kind === 'employee' && project.createdBy !== deleter.id)
    throw new AppError('FORBIDDEN', erpWorkMessages.notProjectCreator);
  // Locked as well: an entry cannot be approved while it is being deleted.
  const entries = await tx
    .select({ status: timesheets.status })
    .from(timesheets)
    .where(entriesOf(projectId))
    .for('update');
  if (entries.some((e) => e.status === 'approved'))
    throw new AppError('CONFLICT', erpWorkMessages.projectHasApprovedHours);
  await tx.delete(timesheets).where(entriesOf(projectId));
  const removed = await tx.delete(tasks).where(eq(tasks.projectId, projectId)).returning({ id: tasks.id });
  await tx.delete(projects).where(eq(projects.id, projectId));
  return { name: project.name, tasks: removed.length, entries: entries.length, approvedHours: 0 };
}

/** An employee deletes a project they created (see deleteProjectIn). */
export async function deleteProject({
  db,
  employeeId,
  projectId,
}: {
  db: Db;
  employeeId: string;
  projectId: string;
}): Promise<ProjectDeletion> {
  const { name: _name, ...done } = await db.transaction((tx) =>
    deleteProjectIn(tx, { deleter: { kind: 'employee', id: employeeId }, projectId }),
  );
  return done;
}
