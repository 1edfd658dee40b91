import { eq, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../../contracts/common.contract';
import { erpWorkMessages, type Timesheet, type TimesheetFormData } from '../../../contracts/erp-work.contract';
import { todayInIndia } from '../../../domain/age';
import { endsNextDay, hoursWorked, MAX_HOURS_PER_DAY } from '../../../domain/timesheet-hours';
import { AppError, notFound } from '../../platform/app-error';
import { queryPage, queryRows, type Db, type DbOrTx, type Tx } from '../../platform/db';
import { notifyEmployee } from './erp.notifications';
import { NOBODY, personOf } from './erp.projects';
import { projects, tasks, timesheets } from './erp.tables';

type TimesheetRow = {
  id: string;
  e_id: string;
  e_first: string;
  e_last: string;
  work_date: string;
  start_time: string;
  end_time: string;
  p_id: string | null;
  p_name: string | null;
  k_id: string | null;
  k_title: string | null;
  hours_worked: string | number;
  description: string;
  status: Timesheet['status'];
  rejection_reason: string | null;
  r_id: string | null;
  r_first: string | null;
  r_last: string | null;
};

/** An entry its employee may still edit, delete or submit: a draft, or a rejected one waiting for its correction. */
const isEditable = (status: Timesheet['status']): boolean => status === 'draft' || status === 'rejected';

const selectTimesheets = (where: SQL) => sql`
  select t.id, e.id as e_id, e.first_name as e_first, e.last_name as e_last, t.work_date::text as work_date,
         to_char(t.start_time, 'HH24:MI') as start_time, to_char(t.end_time, 'HH24:MI') as end_time,
         p.id as p_id, p.name as p_name, k.id as k_id, k.title as k_title, t.hours_worked, t.description, t.status, t.rejection_reason,
         r.id as r_id, r.first_name as r_first, r.last_name as r_last
  from timesheets t
  join employees e on e.id = t.employee_id
  left join projects p on p.id = t.project_id
  left join tasks k on k.id = t.task_id
  left join employees r on r.id = t.approved_by
  where ${where}`;

/** A row as `viewerId` sees it: `canEdit` when it is their own and still editable. */
const toTimesheet =
  (viewerId: string) =>
  (r: TimesheetRow): Timesheet => ({
    id: r.id,
    employee: { id: r.e_id, firstName: r.e_first, lastName: r.e_last },
    workDate: r.work_date,
    startTime: r.start_time,
    endTime: r.end_time,
    project: r.p_id ? { id: r.p_id, name: r.p_name ?? '' } : null,
    task: r.k_id ? { id: r.k_id, name: r.k_title ?? '' } : null,
    hoursWorked: Number(r.hours_worked),
    description: r.description,
    status: r.status,
    rejectionReason: r.rejection_reason,
    approvedBy: personOf(r.r_id, r.r_first, r.r_last),
    canEdit: r.e_id === viewerId && isEditable(r.status),
  });

function pageOf(
  db: Db,
  viewerId: string,
  where: SQL,
  order: SQL,
  page: number,
  pageSize: number,
): Promise<Page<Timesheet>> {
  return queryPage(db, {
    rows: sql`${selectTimesheets(where)} order by ${order}`,
    count: sql`select count(*)::int as total from timesheets t left join projects p on p.id = t.project_id where ${where}`,
    page,
    pageSize,
    map: toTimesheet(viewerId),
  });
}

/** The employee's own entries, newest work date first, optionally between two work dates. */
export function listMyTimesheets(a: {
  db: Db;
  employeeId: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}): Promise<Page<Timesheet>> {
  const where = sql`t.employee_id = ${a.employeeId}
    ${a.from ? sql`and t.work_date >= ${a.from}` : sql``}
    ${a.to ? sql`and t.work_date <= ${a.to}` : sql``}`;
  return pageOf(a.db, a.employeeId, where, sql`t.work_date desc, t.start_time desc, t.id desc`, a.page, a.pageSize);
}

/** Submitted entries of the projects this employee manages, never their own: the ones waiting for them. */
export function listAwaitingApproval(a: {
  db: Db;
  employeeId: string;
  page: number;
  pageSize: number;
}): Promise<Page<Timesheet>> {
  const where = sql`t.status = 'submitted' and p.project_manager_id = ${a.employeeId} and t.employee_id <> ${a.employeeId}`;
  return pageOf(a.db, a.employeeId, where, sql`t.work_date, t.start_time, t.id`, a.page, a.pageSize);
}

async function readTimesheet(db: DbOrTx, viewerId: string, id: string): Promise<Timesheet> {
  const [row] = await queryRows<TimesheetRow>(db, selectTimesheets(sql`t.id = ${id}`));
  if (!row) throw notFound(erpWorkMessages.timesheetNotFound);
  return toTimesheet(viewerId)(row);
}

/** The project and task an entry names: the task must belong to the project (its project when none is chosen). */
async function resolveProjectTask(
  tx: Tx,
  input: TimesheetFormData,
): Promise<{ projectId: string | null; taskId: string | null }> {
  let projectId = input.projectId ?? null;
  if (input.taskId) {
    const [task] = await tx.select({ projectId: tasks.projectId }).from(tasks).where(eq(tasks.id, input.taskId));
    if (!task || (projectId && task.projectId !== projectId))
      throw new AppError('VALIDATION_FAILED', erpWorkMessages.taskNotInProject, {
        taskId: erpWorkMessages.taskNotInProject,
      });
    projectId = task.projectId;
  }
  if (projectId) {
    const [project] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
    if (!project)
      throw new AppError('VALIDATION_FAILED', erpWorkMessages.projectNotFound, {
        projectId: erpWorkMessages.projectNotFound,
      });
  }
  return { projectId, taskId: input.taskId ?? null };
}

// An entry's span in time: its work date at its start, to its end (on the next day when the end is not after the start).
const spanEnd = sql`(t.work_date + t.end_time + case when t.end_time <= t.start_time then interval '1 day' else interval '0 day' end)`;

/**
 * Refuses an entry that overlaps another of the employee's entries, or that brings its work date
 * past 24 hours. The caller holds the employee's row lock, so two entries written at once are
 * checked one after the other.
 */
async function assertFits(
  tx: Tx,
  employeeId: string,
  input: TimesheetFormData,
  hours: number,
  exceptId: string | null,
): Promise<void> {
  const start = sql`(${input.workDate}::date + ${input.startTime}::time)`;
  const end = sql`(${input.workDate}::date + ${input.endTime}::time + ${endsNextDay(input.startTime, input.endTime) ? sql`interval '1 day'` : sql`interval '0 day'`})`;
  const others = sql`t.employee_id = ${employeeId} ${exceptId ? sql`and t.id <> ${exceptId}` : sql``}`;
  const [clash] = await queryRows<{ work_date: string; start_time: string; end_time: string }>(
    tx,
    sql`select t.work_date::text as work_date, to_char(t.start_time, 'HH24:MI') as start_time, to_char(t.end_time, 'HH24:MI') as end_time
        from timesheets t
        where ${others} and t.work_date between ${input.workDate}::date - 1 and ${input.workDate}::date + 1
          and (t.work_date + t.start_time) < ${end} and ${start} < ${spanEnd}
        order by t.work_date, t.start_time limit 1`,
  );
  if (clash)
    throw new AppError(
      'CONFLICT',
      `This entry overlaps your entry of ${clash.work_date}, ${clash.start_time} to ${clash.end_time}`,
    );
  const [{ logged }] = await queryRows<{ logged: string | number }>(
    tx,
    sql`select coalesce(sum(t.hours_worked), 0) as logged from timesheets t where ${others} and t.work_date = ${input.workDate}`,
  );
  if (Number(logged) + hours > MAX_HOURS_PER_DAY) {
    throw new AppError(
      'CONFLICT',
      `A day cannot hold more than ${MAX_HOURS_PER_DAY} hours of work: ${input.workDate} already has ${Number(logged).toFixed(2)} hrs`,
    );
  }
}

const lockEmployee = (tx: Tx, employeeId: string) =>
  tx.execute(sql`select id from employees where id = ${employeeId} for update`);

function assertNotFuture(workDate: string): void {
  if (workDate > todayInIndia())
    throw new AppError('VALIDATION_FAILED', erpWorkMessages.futureDate, { workDate: erpWorkMessages.futureDate });
}

/** The columns an entry's form writes, its hours computed by the server (hoursWorked). */
const formColumns = (input: TimesheetFormData, hours: number) => ({
  workDate: input.workDate,
  startTime: input.startTime,
  endTime: input.endTime,
  description: input.description,
  hoursWorked: hours,
});

/** Logs a draft entry; the server computes its hours and refuses overlaps and days past 24 hours. */
export async function createTimesheet({
  db,
  employeeId,
  input,
}: {
  db: Db;
  employeeId: string;
  input: TimesheetFormData;
}): Promise<Timesheet> {
  assertNotFuture(input.workDate);
  const hours = hoursWorked(input.startTime, input.endTime);
  const id = await db.transaction(async (tx) => {
    const refs = await resolveProjectTask(tx, input);
    await lockEmployee(tx, employeeId);
    await assertFits(tx, employeeId, input, hours, null);
    const [row] = await tx
      .insert(timesheets)
      .values({
        employeeId,
        ...refs,
        ...formColumns(input, hours),
      })
      .returning({ id: timesheets.id });
    return row.id;
  });
  return readTimesheet(db, employeeId, id);
}

/** The employee's own entry, locked, when it is still a draft or rejected; 404 for someone else's, 409 when locked. */
async function ownEditable(tx: Tx, employeeId: string, id: string, lockedMessage: string): Promise<void> {
  const [row] = await queryRows<{ employee_id: string; status: Timesheet['status'] }>(
    tx,
    sql`select employee_id, status from timesheets where id = ${id} for update`,
  );
  // Someone else's entry is answered as unknown: its existence is not the reader's business.
  if (!row || row.employee_id !== employeeId) throw notFound(erpWorkMessages.timesheetNotFound);
  if (!isEditable(row.status)) throw new AppError('CONFLICT', lockedMessage);
}

/** An entry of the employee's own, named by its id. */
type OwnEntry = { db: Db; employeeId: string; id: string };

/** Changes the employee's own entry in one transaction, after `ownEditable` has locked it and found it editable. */
async function changeOwnEditable(a: OwnEntry, lockedMessage: string, change: (tx: Tx) => Promise<unknown>) {
  await a.db.transaction(async (tx) => {
    await ownEditable(tx, a.employeeId, a.id, lockedMessage);
    await change(tx);
  });
}

/** Edits a draft or rejected entry of the employee's own; a rejected one becomes a draft again. */
export async function updateTimesheet({
  db,
  employeeId,
  id,
  input,
}: OwnEntry & { input: TimesheetFormData }): Promise<Timesheet> {
  assertNotFuture(input.workDate);
  const hours = hoursWorked(input.startTime, input.endTime);
  await db.transaction(async (tx) => {
    await lockEmployee(tx, employeeId);
    await ownEditable(tx, employeeId, id, erpWorkMessages.timesheetLocked);
    const refs = await resolveProjectTask(tx, input);
    await assertFits(tx, employeeId, input, hours, id);
    await tx
      .update(timesheets)
      .set({
        ...refs,
        ...formColumns(input, hours),
        status: 'draft',
        rejectionReason: null,
        approvedBy: null,
        reviewedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(timesheets.id, id));
  });
  return readTimesheet(db, employeeId, id);
}

/** Deletes a draft or rejected entry of the employee's own. */
export async function deleteTimesheet(a: OwnEntry): Promise<void> {
  await changeOwnEditable(a, erpWorkMessages.timesheetLocked, (tx) =>
    tx.delete(timesheets).where(eq(timesheets.id, a.id)),
  );
}

/** Submits a draft (or a corrected rejected entry) of the employee's own for approval. */
export async function submitTimesheet(a: OwnEntry): Promise<Timesheet> {
  await changeOwnEditable(a, erpWorkMessages.notSubmittable, (tx) =>
    tx.update(timesheets).set({ status: 'submitted', updatedAt: new Date() }).where(eq(timesheets.id, a.id)),
  );
  return readTimesheet(a.db, a.employeeId, a.id);
}

/** Who reviews an entry: an employee (who must manage its project and not own it) or the super admin. */
export type TimesheetReviewer = { kind: 'employee'; id: string } | { kind: 'super_admin' };

/**
 * Approves or rejects (with a reason) a submitted entry inside the caller's transaction. An employee
 * may only for a project they manage and never for their own entry; the super admin may for any.
 * Its employee is notified. Answers the entry's owner and project for the caller's audit.
 */
export async function reviewTimesheetIn(
  tx: Tx,
  a: { reviewer: TimesheetReviewer; id: string; decision: 'approved' | 'rejected'; reason?: string },
): Promise<{ employeeId: string; projectId: string | null }> {
  const reviewerId = a.reviewer.kind === 'employee' ? a.reviewer.id : null;
  const [row] = await queryRows<{
    employee_id: string;
    project_id: string | null;
    status: string;
    manager_id: string | null;
    reviewer: string | null;
    work_date: string;
    hours_worked: string | number;
    project: string | null;
  }>(
    tx,
    sql`select t.employee_id, t.project_id, t.status, p.project_manager_id as manager_id, t.work_date::text as work_date, t.hours_worked, p.name as project,
               (select first_name || ' ' || last_name from employees where id = ${reviewerId}) as reviewer
        from timesheets t left join projects p on p.id = t.project_id where t.id = ${a.id} for update of t`,
  );
  if (!row) throw notFound(erpWorkMessages.timesheetNotFound);
  if (reviewerId !== null) {
    if (row.employee_id === reviewerId) throw new AppError('FORBIDDEN', erpWorkMessages.ownEntry);
    if (row.manager_id !== reviewerId) throw new AppError('FORBIDDEN', erpWorkMessages.notReviewer);
  }
  if (row.status !== 'submitted') throw new AppError('CONFLICT', erpWorkMessages.notSubmitted);
  await tx
    .update(timesheets)
    .set({
      status: a.decision,
      approvedBy: reviewerId,
      reviewedAt: new Date(),
      rejectionReason: a.decision === 'rejected' ? (a.reason ?? null) : null,
      updatedAt: new Date(),
    })
    .where(eq(timesheets.id, a.id));
  const who = row.reviewer ?? 'The super admin';
  const entry = `your timesheet entry of ${row.work_date} (${Number(row.hours_worked).toFixed(2)} hrs${row.project ? `, ${row.project}` : ''})`;
  await notifyEmployee(tx, {
    employeeId: row.employee_id,
    kind: a.decision === 'approved' ? 'timesheet_approved' : 'timesheet_rejected',
    message: a.decision === 'approved' ? `${who} approved ${entry}` : `${who} rejected ${entry}: ${a.reason}`,
  });
  return { employeeId: row.employee_id, projectId: row.project_id };
}

/** An employee's review of a submitted entry (see `reviewTimesheetIn`), answered as they see it. */
export async function reviewTimesheet(a: {
  db: Db;
  reviewerId: string;
  id: string;
  decision: 'approved' | 'rejected';
  reason?: string;
}): Promise<Timesheet> {
  await a.db.transaction((tx) =>
    reviewTimesheetIn(tx, {
      reviewer: { kind: 'employee', id: a.reviewerId },
      id: a.id,
      decision: a.decision,
      reason: a.reason,
    }),
  );
  return readTimesheet(a.db, a.reviewerId, a.id);
}

/** The super admin's queue: entries of one status from every employee, oldest work date first. */
export function listTimesheetsByStatus(a: {
  db: Db;
  status: Timesheet['status'];
  page: number;
  pageSize: number;
}): Promise<Page<Timesheet>> {
  return pageOf(a.db, NOBODY, sql`t.status = ${a.status}`, sql`t.work_date, t.start_time, t.id`, a.page, a.pageSize);
}

/** One entry as the super admin sees it. */
export const readTimesheetForAdmin = (db: DbOrTx, id: string) => readTimesheet(db, NOBODY, id);
