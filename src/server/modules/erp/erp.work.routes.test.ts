import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erpWorkMessages as m, type Project, type Task, type Timesheet } from '../../../contracts/erp-work.contract';
import { todayInIndia } from '../../../domain/age';
import { signInSuperAdmin } from '../../test/admin';
import { buildTestApp, type TestApp, type TestClient } from '../../test/app';
import { erpBrowser, signedInEmployee } from '../../test/erp';
import { indiaDate, indiaYear } from '../../test/dates';
import { customerInput, registerAndLogin } from '../../test/factories';

// Projects, tasks and timesheets with their approval, every rule
// checked on the server, and who may read or change what.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

// A project's dates, from today: started 25 days ago, ending in 35 days.
const START = indiaDate(-25);
const END = indiaDate(35);

type Someone = { client: TestClient; id: string };
const project = async (who: Someone, over: Record<string, unknown> = {}): Promise<Project> => {
  const res = await who.client.post('/api/erp/projects', {
    name: `Project ${Math.random().toString(36).slice(2, 8)}`,
    startDate: START,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const task = async (who: Someone, over: Record<string, unknown> = {}): Promise<Task> => {
  const res = await who.client.post('/api/erp/tasks', { title: 'Write the release notes', ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
// Entries are dated in the past so that the "not in the future" rule never depends on the clock.
// Each a few days after the last, from a year ago (with the day after it, still before today).
let day = 0;
const freshDate = () => indiaDate(-365 + day++ * 3);
const log = (who: Someone, body: Record<string, unknown>) =>
  who.client.post('/api/erp/timesheets', { description: 'Worked on it', ...body });
const logged = async (who: Someone, body: Record<string, unknown>): Promise<Timesheet> => {
  const res = await log(who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

describe('who may use the ERP', () => {
  it("refuses guests, shoppers' and the super admin's sessions on every work endpoint (401 'Not authenticated')", async () => {
    const shopper = erpBrowser(t);
    await registerAndLogin(shopper, customerInput());
    const { client: admin } = await signInSuperAdmin(t, '10.13.0.1');
    const fake = '00000000-0000-4000-8000-000000000000';
    const calls: [string, string][] = [
      ['GET', '/api/erp/employees'],
      ['GET', '/api/erp/projects'],
      ['GET', '/api/erp/projects/options'],
      ['POST', '/api/erp/projects'],
      ['PUT', `/api/erp/projects/${fake}`],
      ['DELETE', `/api/erp/projects/${fake}`],
      ['GET', `/api/erp/projects/${fake}/deletion`],
      ['GET', `/api/erp/projects/${fake}/tasks`],
      ['GET', '/api/erp/tasks'],
      ['POST', '/api/erp/tasks'],
      ['PUT', `/api/erp/tasks/${fake}`],
      ['PATCH', `/api/erp/tasks/${fake}/status`],
      ['GET', '/api/erp/timesheets'],
      ['GET', '/api/erp/timesheets/approvals'],
      ['POST', '/api/erp/timesheets'],
      ['PUT', `/api/erp/timesheets/${fake}`],
      ['DELETE', `/api/erp/timesheets/${fake}`],
      ['POST', `/api/erp/timesheets/${fake}/submit`],
      ['POST', `/api/erp/timesheets/${fake}/approve`],
      ['POST', `/api/erp/timesheets/${fake}/reject`],
      ['GET', '/api/erp/notifications'],
      ['GET', '/api/erp/search?q=a'],
    ];
    for (const client of [erpBrowser(t), shopper, admin]) {
      for (const [method, url] of calls) {
        const valid = url.includes('/status')
          ? { status: 'done' }
          : url.endsWith('/reject')
            ? { reason: 'x' }
            : url.includes('timesheets')
              ? { workDate: indiaDate(-1), startTime: '09:00', endTime: '10:00', description: 'x' }
              : { name: 'x', title: 'x', startDate: indiaDate(-1) };
        const res = await client.request(
          method as 'GET',
          url,
          method === 'GET' || method === 'DELETE' ? undefined : valid,
        );
        expect([url, res.statusCode, res.json().error.message]).toEqual([url, 401, 'Not authenticated']);
      }
    }
  });
});

describe('projects', () => {
  it('creates a project with its creator, manager and budget in paise, and lists it first', async () => {
    const [me, boss] = [await signedInEmployee(t), await signedInEmployee(t, { firstName: 'Meera', lastName: 'Nair' })];
    const created = await project(me, {
      name: 'Diwali campaign',
      budget: '2,50,000.50',
      projectManagerId: boss.id,
      clientName: 'Sharma Textiles',
      clientEmail: 'Buy@Sharma.example',
      clientPhone: '+91 98765 43210',
      priority: 'high',
      endDate: END,
    });
    expect(created).toMatchObject({
      name: 'Diwali campaign',
      budgetPaise: 25000050,
      status: 'active',
      priority: 'high',
      startDate: START,
      endDate: END,
      clientEmail: 'buy@sharma.example',
      clientPhone: '9876543210',
      canEdit: true,
    });
    expect(created.manager).toEqual({ id: boss.id, firstName: 'Meera', lastName: 'Nair' });
    expect(created.createdBy?.id).toBe(me.id);
    const list = (await me.client.get('/api/erp/projects')).json();
    expect(list.items[0].id).toBe(created.id);
    expect(list.total).toBeGreaterThanOrEqual(1);
    const noBudget = await project(me);
    expect(noBudget.budgetPaise).toBeNull();
  });

  it('validates the form with its messages (400)', async () => {
    const me = await signedInEmployee(t);
    const res = await me.client.post('/api/erp/projects', {
      name: ' ',
      startDate: `${indiaYear()}-11-31`,
      budget: 'lots',
      clientEmail: 'nope',
      clientPhone: '12345',
      endDate: indiaDate(-400),
      projectManagerId: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      name: 'Project name is required',
      startDate: 'Please enter a valid date',
      budget: 'Budget must be a number of rupees, for example 250000',
      clientEmail: 'Please enter a valid email address',
      clientPhone: 'Please enter a valid 10-digit mobile number',
    });
    const before = await me.client.post('/api/erp/projects', {
      name: 'Dates',
      startDate: indiaDate(-16),
      endDate: indiaDate(-25),
    });
    expect(before.json().error.fields).toEqual({ endDate: 'End date cannot be before the start date' });
    const unknown = await me.client.post('/api/erp/projects', {
      name: 'Ghost manager',
      startDate: indiaDate(-16),
      projectManagerId: '00000000-0000-4000-8000-000000000000',
    });
    expect([unknown.statusCode, unknown.json().error.fields]).toEqual([400, { projectManagerId: m.employeeUnknown }]);
  });

  it('lets only the manager and the creator edit a project (403 for anyone else)', async () => {
    const [creator, manager, other] = [await signedInEmployee(t), await signedInEmployee(t), await signedInEmployee(t)];
    const p = await project(creator, { projectManagerId: manager.id });
    const edit = { name: 'Renamed', startDate: START, status: 'on_hold', projectManagerId: manager.id, budget: '1000' };
    const byManager = await manager.client.put(`/api/erp/projects/${p.id}`, edit);
    expect([
      byManager.statusCode,
      byManager.json().name,
      byManager.json().status,
      byManager.json().budgetPaise,
    ]).toEqual([200, 'Renamed', 'on_hold', 100000]);
    expect((await creator.client.put(`/api/erp/projects/${p.id}`, { ...edit, name: 'Again' })).statusCode).toBe(200);
    const refused = await other.client.put(`/api/erp/projects/${p.id}`, { ...edit, name: 'Hijacked' });
    expect([refused.statusCode, refused.json().error.message]).toEqual([403, m.notProjectEditor]);
    const seen = (await other.client.get('/api/erp/projects?pageSize=100'))
      .json()
      .items.find((x: Project) => x.id === p.id);
    expect([seen.name, seen.canEdit]).toEqual(['Again', false]);
  });
});

describe('tasks', () => {
  it('creates a task for an assignee, who is notified and sees it in My Tasks; an outsider does not', async () => {
    const [creator, assignee, outsider] = [
      await signedInEmployee(t, { firstName: 'Asha', lastName: 'Rao' }),
      await signedInEmployee(t),
      await signedInEmployee(t),
    ];
    const p = await project(creator, { name: 'Mobile app' });
    const created = await task(creator, {
      title: 'Fix the login bug',
      projectId: p.id,
      assignedTo: assignee.id,
      estimatedHours: '2.5',
      dueDate: indiaDate(5),
      priority: 'urgent',
    });
    expect(created).toMatchObject({
      title: 'Fix the login bug',
      status: 'todo',
      priority: 'urgent',
      estimatedHours: 2.5,
      completionPercentage: 0,
      project: { id: p.id, name: 'Mobile app' },
      canChange: true,
    });
    const mine = (await assignee.client.get('/api/erp/tasks')).json();
    expect(mine.items.map((x: Task) => x.id)).toEqual([created.id]);
    expect((await outsider.client.get('/api/erp/tasks')).json().total).toBe(0);
    const notes = (await assignee.client.get('/api/erp/notifications')).json();
    expect(notes.unread).toBe(1);
    expect(notes.items[0]).toMatchObject({
      kind: 'task_assigned',
      message: 'Asha Rao assigned you the task "Fix the login bug" in Mobile app',
      read: false,
    });
    await assignee.client.post('/api/erp/notifications/read');
    expect((await assignee.client.get('/api/erp/notifications')).json().unread).toBe(0);
    expect((await creator.client.get(`/api/erp/projects/${p.id}/tasks`)).json()).toEqual([
      { id: created.id, name: 'Fix the login bug' },
    ]);
  });

  it('takes estimated hours in steps of 0.5 and requires a title', async () => {
    const me = await signedInEmployee(t);
    const res = await me.client.post('/api/erp/tasks', { title: '', estimatedHours: '1.25' });
    expect(res.json().error.fields).toEqual({
      title: 'Task title is required',
      estimatedHours: 'Estimated hours go in steps of 0.5',
    });
  });

  it("lets the assignee, the creator and the project's manager change the status; Done means 100% and ends changes", async () => {
    const [creator, assignee, manager, outsider] = [
      await signedInEmployee(t),
      await signedInEmployee(t),
      await signedInEmployee(t),
      await signedInEmployee(t),
    ];
    const p = await project(creator, { projectManagerId: manager.id });
    const x = await task(creator, { projectId: p.id, assignedTo: assignee.id });
    const moved = await assignee.client.patch(`/api/erp/tasks/${x.id}/status`, {
      status: 'in_progress',
      completionPercentage: 40,
    });
    expect([moved.statusCode, moved.json().status, moved.json().completionPercentage]).toEqual([
      200,
      'in_progress',
      40,
    ]);
    expect((await manager.client.patch(`/api/erp/tasks/${x.id}/status`, { status: 'review' })).json()).toMatchObject({
      status: 'review',
      completionPercentage: 40,
    });
    const refused = await outsider.client.patch(`/api/erp/tasks/${x.id}/status`, { status: 'done' });
    expect([refused.statusCode, refused.json().error.message]).toEqual([403, m.notTaskEditor]);
    expect((await creator.client.patch(`/api/erp/tasks/${x.id}/status`, { status: 'done' })).json()).toMatchObject({
      status: 'done',
      completionPercentage: 100,
    });
    const after = await assignee.client.patch(`/api/erp/tasks/${x.id}/status`, { status: 'todo' });
    expect([after.statusCode, after.json().error.message]).toEqual([409, m.taskDone]);
    expect((await assignee.client.patch(`/api/erp/tasks/${x.id}/status`, { status: 'doing' })).statusCode).toBe(400);
  });

  it('finds projects by name and my tasks by title in the header search', async () => {
    const me = await signedInEmployee(t);
    const tag = Math.random().toString(36).slice(2, 8);
    const p = await project(me, { name: `Warehouse ${tag}` });
    await task(me, { title: `Count the ${tag} stock`, projectId: p.id });
    const other = await signedInEmployee(t);
    await task(other, { title: `Hidden ${tag} work` });
    const found = (await me.client.get(`/api/erp/search?q=${tag.toUpperCase()}`)).json();
    expect(found.projects).toEqual([{ id: p.id, name: `Warehouse ${tag}` }]);
    expect(found.tasks.map((x: { name: string }) => x.name)).toEqual([`Count the ${tag} stock`]);
    expect(
      (await me.client.get('/api/erp/search?q=%25'))
        .json()
        .projects.every((x: { name: string }) => x.name.includes('%')),
    ).toBe(true);
  });
});

describe('timesheets: hours, overlaps and the daily cap', () => {
  it('computes hours for ordinary, overnight and boundary entries', async () => {
    const me = await signedInEmployee(t);
    const d = freshDate();
    expect((await logged(me, { workDate: d, startTime: '09:00', endTime: '17:30' })).hoursWorked).toBe(8.5);
    const night = await logged(me, { workDate: d, startTime: '22:00', endTime: '02:00' });
    expect([night.hoursWorked, night.status, night.startTime, night.endTime, night.canEdit]).toEqual([
      4,
      'draft',
      '22:00',
      '02:00',
      true,
    ]);
    const e = freshDate();
    expect((await logged(me, { workDate: e, startTime: '23:59', endTime: '00:00' })).hoursWorked).toBe(0.02);
    expect((await logged(me, { workDate: e, startTime: '10:10', endTime: '10:30' })).hoursWorked).toBe(0.33);
    const same = await log(me, { workDate: e, startTime: '12:00', endTime: '12:00' });
    expect([same.statusCode, same.json().error.fields]).toEqual([400, { endTime: m.sameTimes }]);
    const bad = await log(me, { workDate: `${indiaYear()}-02-30`, startTime: '25:00', endTime: '', description: '' });
    expect(bad.json().error.fields).toEqual({
      workDate: 'Please enter a valid date',
      startTime: 'Please enter a time as HH:MM',
      endTime: 'End time is required',
      description: 'Description is required',
    });
  });

  it('refuses an entry overlapping another (across midnight too), and accepts one that starts where another ends', async () => {
    const me = await signedInEmployee(t);
    const d = freshDate();
    await logged(me, { workDate: d, startTime: '22:00', endTime: '02:00' });
    const next = new Date(Date.parse(d) + 86_400_000).toISOString().slice(0, 10);
    const clash = await log(me, { workDate: next, startTime: '01:00', endTime: '03:00' });
    expect([clash.statusCode, clash.json().error.message]).toEqual([
      409,
      `This entry overlaps your entry of ${d}, 22:00 to 02:00`,
    ]);
    expect((await log(me, { workDate: d, startTime: '21:00', endTime: '22:30' })).statusCode).toBe(409);
    expect((await log(me, { workDate: next, startTime: '02:00', endTime: '03:00' })).statusCode).toBe(201);
    expect((await log(me, { workDate: d, startTime: '21:00', endTime: '22:00' })).statusCode).toBe(201);
    // Another employee's entries never clash with mine.
    const other = await signedInEmployee(t);
    expect((await log(other, { workDate: d, startTime: '22:00', endTime: '02:00' })).statusCode).toBe(201);
  });

  it('refuses a work date holding more than 24 hours, and a date in the future', async () => {
    const me = await signedInEmployee(t);
    const d = freshDate();
    await logged(me, { workDate: d, startTime: '00:00', endTime: '12:00' });
    await logged(me, { workDate: d, startTime: '12:00', endTime: '23:00' });
    const over = await log(me, { workDate: d, startTime: '23:00', endTime: '02:00' });
    expect([over.statusCode, over.json().error.message]).toEqual([
      409,
      `A day cannot hold more than 24 hours of work: ${d} already has 23.00 hrs`,
    ]);
    expect((await log(me, { workDate: d, startTime: '23:00', endTime: '00:00' })).statusCode).toBe(201);
    const tomorrow = new Date(Date.parse(todayInIndia()) + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await log(me, { workDate: tomorrow, startTime: '09:00', endTime: '10:00' });
    expect([future.statusCode, future.json().error.fields]).toEqual([400, { workDate: m.futureDate }]);
  });

  it('accepts a task of the chosen project only; a task alone brings its project', async () => {
    const me = await signedInEmployee(t);
    const [a, b] = [await project(me), await project(me)];
    const taskOfB = await task(me, { projectId: b.id });
    const wrong = await log(me, {
      workDate: freshDate(),
      startTime: '09:00',
      endTime: '10:00',
      projectId: a.id,
      taskId: taskOfB.id,
    });
    expect([wrong.statusCode, wrong.json().error.fields]).toEqual([400, { taskId: m.taskNotInProject }]);
    const right = await logged(me, { workDate: freshDate(), startTime: '09:00', endTime: '10:00', taskId: taskOfB.id });
    expect([right.project?.id, right.task?.id]).toEqual([b.id, taskOfB.id]);
    const general = await logged(me, { workDate: freshDate(), startTime: '09:00', endTime: '10:00' });
    expect([general.project, general.task]).toEqual([null, null]);
  });
});

describe('timesheets: editing, submitting and approval', () => {
  it("keeps each employee's entries to themselves", async () => {
    const [me, other] = [await signedInEmployee(t), await signedInEmployee(t)];
    const mine = await logged(me, { workDate: freshDate(), startTime: '09:00', endTime: '10:00' });
    expect((await other.client.get('/api/erp/timesheets')).json().items.some((x: Timesheet) => x.id === mine.id)).toBe(
      false,
    );
    const body = { workDate: mine.workDate, startTime: '09:00', endTime: '11:00', description: 'Mine now' };
    for (const res of [
      await other.client.put(`/api/erp/timesheets/${mine.id}`, body),
      await other.client.delete(`/api/erp/timesheets/${mine.id}`),
      await other.client.post(`/api/erp/timesheets/${mine.id}/submit`),
    ]) {
      expect([res.statusCode, res.json().error.message]).toEqual([404, m.timesheetNotFound]);
    }
    const list = (await me.client.get(`/api/erp/timesheets?from=${mine.workDate}&to=${mine.workDate}`)).json();
    expect(list.items.map((x: Timesheet) => [x.id, x.description])).toEqual([[mine.id, 'Worked on it']]);
  });

  it('edits drafts only, submits, and lets the manager approve or reject with a reason; never their own entry', async () => {
    const [worker, manager, outsider] = [
      await signedInEmployee(t, { firstName: 'Ravi', lastName: 'Kumar' }),
      await signedInEmployee(t, { firstName: 'Meera', lastName: 'Nair' }),
      await signedInEmployee(t),
    ];
    const p = await project(worker, { name: 'Payments', projectManagerId: manager.id });
    const d = freshDate();
    const entry = await logged(worker, { workDate: d, startTime: '22:00', endTime: '02:00', projectId: p.id });
    const edited = await worker.client.put(`/api/erp/timesheets/${entry.id}`, {
      workDate: d,
      startTime: '21:00',
      endTime: '02:00',
      projectId: p.id,
      description: 'Release night',
    });
    expect([edited.statusCode, edited.json().hoursWorked]).toEqual([200, 5]);
    // Not yet submitted: nothing waits for the manager, and nobody can approve a draft.
    expect((await manager.client.get('/api/erp/timesheets/approvals')).json().total).toBe(0);
    expect((await manager.client.post(`/api/erp/timesheets/${entry.id}/approve`)).statusCode).toBe(409);
    const submitted = await worker.client.post(`/api/erp/timesheets/${entry.id}/submit`);
    expect([submitted.json().status, submitted.json().canEdit]).toEqual(['submitted', false]);
    const locked = await worker.client.put(`/api/erp/timesheets/${entry.id}`, {
      workDate: d,
      startTime: '21:00',
      endTime: '23:00',
      description: 'x',
    });
    expect([locked.statusCode, locked.json().error.message]).toEqual([409, m.timesheetLocked]);
    expect((await worker.client.delete(`/api/erp/timesheets/${entry.id}`)).statusCode).toBe(409);
    // Only the project's manager reviews it; the worker cannot review their own entry.
    const own = await worker.client.post(`/api/erp/timesheets/${entry.id}/approve`);
    expect([own.statusCode, own.json().error.message]).toEqual([403, m.ownEntry]);
    const stranger = await outsider.client.post(`/api/erp/timesheets/${entry.id}/approve`);
    expect([stranger.statusCode, stranger.json().error.message]).toEqual([403, m.notReviewer]);
    expect(
      (await manager.client.get('/api/erp/timesheets/approvals')).json().items.map((x: Timesheet) => x.id),
    ).toEqual([entry.id]);
    const noReason = await manager.client.post(`/api/erp/timesheets/${entry.id}/reject`, { reason: ' ' });
    expect(noReason.json().error.fields).toEqual({ reason: m.reasonRequired });
    const rejected = (
      await manager.client.post(`/api/erp/timesheets/${entry.id}/reject`, { reason: 'Start was 22:00 per the log' })
    ).json();
    expect([rejected.status, rejected.rejectionReason, rejected.approvedBy.id]).toEqual([
      'rejected',
      'Start was 22:00 per the log',
      manager.id,
    ]);
    const note = (await worker.client.get('/api/erp/notifications')).json().items[0];
    expect(note).toMatchObject({
      kind: 'timesheet_rejected',
      message: `Meera Nair rejected your timesheet entry of ${d} (5.00 hrs, Payments): Start was 22:00 per the log`,
    });
    // A rejected entry is corrected (back to draft), submitted again, and approved.
    const fixed = (
      await worker.client.put(`/api/erp/timesheets/${entry.id}`, {
        workDate: d,
        startTime: '22:00',
        endTime: '02:00',
        projectId: p.id,
        description: 'Release night',
      })
    ).json();
    expect([fixed.status, fixed.rejectionReason, fixed.hoursWorked]).toEqual(['draft', null, 4]);
    await worker.client.post(`/api/erp/timesheets/${entry.id}/submit`);
    const approved = (await manager.client.post(`/api/erp/timesheets/${entry.id}/approve`)).json();
    expect([approved.status, approved.approvedBy.firstName]).toEqual(['approved', 'Meera']);
    expect((await worker.client.get('/api/erp/notifications')).json().items[0].kind).toBe('timesheet_approved');
    const again = await manager.client.post(`/api/erp/timesheets/${entry.id}/reject`, { reason: 'Changed my mind' });
    expect([again.statusCode, again.json().error.message]).toEqual([409, m.notSubmitted]);
  });

  it("refuses the manager's approval of their own entry in their own project", async () => {
    const manager = await signedInEmployee(t);
    const p = await project(manager, { projectManagerId: manager.id });
    const entry = await logged(manager, {
      workDate: freshDate(),
      startTime: '09:00',
      endTime: '10:00',
      projectId: p.id,
    });
    await manager.client.post(`/api/erp/timesheets/${entry.id}/submit`);
    expect((await manager.client.get('/api/erp/timesheets/approvals')).json().total).toBe(0);
    const res = await manager.client.post(`/api/erp/timesheets/${entry.id}/approve`);
    expect([res.statusCode, res.json().error.message]).toEqual([403, m.ownEntry]);
  });

  it("counts approved entries of this week in the dashboard's Hours This Week", async () => {
    const [worker, manager] = [await signedInEmployee(t), await signedInEmployee(t)];
    const p = await project(worker, { projectManagerId: manager.id });
    const today = todayInIndia();
    const entry = await logged(worker, { workDate: today, startTime: '00:00', endTime: '01:30', projectId: p.id });
    await logged(worker, { workDate: today, startTime: '02:00', endTime: '03:00', projectId: p.id });
    const hours = async () => (await worker.client.get('/api/erp/dashboard')).json().stats.totalHoursThisWeek;
    expect(await hours()).toBe(0);
    await worker.client.post(`/api/erp/timesheets/${entry.id}/submit`);
    expect(await hours()).toBe(0);
    await manager.client.post(`/api/erp/timesheets/${entry.id}/approve`);
    expect(await hours()).toBe(1.5);
  });
});
