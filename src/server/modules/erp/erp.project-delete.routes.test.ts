import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuthMessages } from '../../../contracts/admin-auth.contract';
import { erpWorkMessages as m, type Project, type Task, type Timesheet } from '../../../contracts/erp-work.contract';
import { freshCode, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, type TestApp, type TestClient } from '../../test/app';
import { newProject, newTask, signedInEmployee } from '../../test/erp';
import { indiaDate } from '../../test/dates';

// A project is deleted by its creator or the super admin while none of its
// hours is approved; its tasks and its timesheet entries go with it, in one transaction.

let t: TestApp;
let admin: TestClient;
let secret: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t, '10.24.11.1'));
});
afterAll(() => t.close());

type Someone = { client: TestClient; id: string };
const START = indiaDate(-40);
const project = (who: Someone, over: Record<string, unknown> = {}) => newProject(who, { startDate: START, ...over });
const task = (who: Someone, body: Record<string, unknown>) => newTask(who, { title: 'Pack the samples', ...body });
// Each entry on its own past day, so that no two of one employee overlap.
let day = 0;
const entry = async (
  who: Someone,
  body: Record<string, unknown>,
  then: ('submit' | 'approve' | 'reject')[] = [],
  reviewer?: Someone,
): Promise<Timesheet> => {
  const res = await who.client.post('/api/erp/timesheets', {
    workDate: indiaDate(-30 + day++),
    startTime: '09:00',
    endTime: '11:00',
    description: 'Sampling',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id;
  for (const step of then) {
    const client = step === 'submit' ? who.client : (reviewer as Someone).client;
    const done = await client.post(
      `/api/erp/timesheets/${id}/${step}`,
      step === 'reject' ? { reason: 'Wrong day' } : {},
    );
    expect(done.statusCode, done.body).toBe(200);
  }
  return res.json();
};
const myTaskIds = async (who: Someone) =>
  (await who.client.get('/api/erp/tasks?pageSize=100')).json().items.map((x: Task) => x.id);
const myEntryIds = async (who: Someone) =>
  (await who.client.get('/api/erp/timesheets?pageSize=100')).json().items.map((x: Timesheet) => x.id);
const projectIds = async (who: Someone) =>
  (await who.client.get('/api/erp/projects?pageSize=100')).json().items.map((x: Project) => x.id);

describe('deleting a project', () => {
  it('by its creator: its tasks and every entry on it (draft, submitted, rejected) go with it; nothing else does', async () => {
    const [creator, manager, worker] = [
      await signedInEmployee(t, { firstName: 'Kiran', lastName: 'Das' }),
      await signedInEmployee(t),
      await signedInEmployee(t),
    ];
    const p = await project(creator, { name: 'Trade fair stall', projectManagerId: manager.id });
    const keep = await project(creator, { name: 'Kept project' });
    const [a, b] = [
      await task(creator, { projectId: p.id, assignedTo: worker.id }),
      await task(creator, { projectId: p.id, title: 'Print the banner' }),
    ];
    const kept = await task(creator, { projectId: keep.id, assignedTo: worker.id });
    const draft = await entry(worker, { projectId: p.id, taskId: a.id });
    const submitted = await entry(worker, { projectId: p.id }, ['submit']);
    const rejected = await entry(creator, { projectId: p.id, taskId: b.id }, ['submit', 'reject'], manager);
    const elsewhere = await entry(worker, { projectId: keep.id, taskId: kept.id });
    const general = await entry(worker, {});

    const seen = (await creator.client.get('/api/erp/projects?pageSize=100'))
      .json()
      .items.find((x: Project) => x.id === p.id);
    expect([seen.canEdit, seen.canDelete]).toEqual([true, true]);
    expect((await creator.client.get(`/api/erp/projects/${p.id}/deletion`)).json()).toEqual({
      tasks: 2,
      entries: 3,
      approvedHours: 0,
    });

    const res = await creator.client.delete(`/api/erp/projects/${p.id}`);
    expect([res.statusCode, res.json()]).toEqual([200, { tasks: 2, entries: 3, approvedHours: 0 }]);
    expect(await projectIds(creator)).not.toContain(p.id);
    expect(await projectIds(creator)).toContain(keep.id);
    expect(await myTaskIds(creator)).toEqual([kept.id]);
    expect(await myTaskIds(worker)).toEqual([kept.id]);
    expect((await myEntryIds(worker)).sort()).toEqual([elsewhere.id, general.id].sort());
    expect(await myEntryIds(creator)).toEqual([]);
    expect(
      (await manager.client.get('/api/erp/timesheets/approvals')).json().items.map((x: Timesheet) => x.id),
    ).not.toContain(submitted.id);
    for (const gone of [draft, rejected])
      expect((await worker.client.delete(`/api/erp/timesheets/${gone.id}`)).statusCode).toBe(404);
    expect((await creator.client.get(`/api/erp/projects/${p.id}/tasks`)).statusCode).toBe(404);
    expect((await creator.client.get(`/api/erp/projects/${p.id}/deletion`)).statusCode).toBe(404);
    // The notification of the deleted project's task stays, as the text it was.
    const notes = await worker.client.get('/api/erp/notifications');
    expect([notes.statusCode, notes.json().items.map((n: { message: string }) => n.message)]).toEqual([
      200,
      expect.arrayContaining([`Kiran Das assigned you the task "Pack the samples" in Trade fair stall`]),
    ]);
    // Deleted once: a second delete finds nothing.
    const again = await creator.client.delete(`/api/erp/projects/${p.id}`);
    expect([again.statusCode, again.json().error.message]).toEqual([404, m.projectNotFound]);
  });

  it('refuses its manager and any other employee (403); the project stays whole', async () => {
    const [creator, manager, other] = [await signedInEmployee(t), await signedInEmployee(t), await signedInEmployee(t)];
    const p = await project(creator, { projectManagerId: manager.id });
    const x = await task(creator, { projectId: p.id });
    for (const who of [manager, other]) {
      const res = await who.client.delete(`/api/erp/projects/${p.id}`);
      expect([res.statusCode, res.json().error.message]).toEqual([403, m.notProjectCreator]);
      const seen = (await who.client.get('/api/erp/projects?pageSize=100'))
        .json()
        .items.find((y: Project) => y.id === p.id);
      expect(seen.canDelete).toBe(false);
    }
    expect(await myTaskIds(creator)).toEqual([x.id]);
    const unknown = await creator.client.delete('/api/erp/projects/00000000-0000-4000-8000-000000000000');
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([404, m.projectNotFound]);
  });

  it('refuses (409) while any of its hours is approved, for the creator and the super admin alike; nothing is deleted', async () => {
    const [creator, manager, worker] = [
      await signedInEmployee(t),
      await signedInEmployee(t),
      await signedInEmployee(t),
    ];
    const p = await project(creator, { projectManagerId: manager.id });
    const x = await task(creator, { projectId: p.id, assignedTo: worker.id });
    const approved = await entry(
      worker,
      { projectId: p.id, taskId: x.id, startTime: '09:00', endTime: '12:30' },
      ['submit', 'approve'],
      manager,
    );
    const draft = await entry(worker, { projectId: p.id });
    expect((await creator.client.get(`/api/erp/projects/${p.id}/deletion`)).json()).toEqual({
      tasks: 1,
      entries: 1,
      approvedHours: 3.5,
    });
    const refused = await creator.client.delete(`/api/erp/projects/${p.id}`);
    expect([refused.statusCode, refused.json().error.message]).toEqual([409, m.projectHasApprovedHours]);
    const byAdmin = await admin.post(`/api/admin/erp/projects/${p.id}/delete`, { code: await freshCode(t, secret) });
    expect([byAdmin.statusCode, byAdmin.json().error.message]).toEqual([409, m.projectHasApprovedHours]);
    expect(await projectIds(creator)).toContain(p.id);
    expect(await myTaskIds(worker)).toEqual([x.id]);
    expect((await myEntryIds(worker)).sort()).toEqual([approved.id, draft.id].sort());
  });
});

describe('the super admin deleting a project', () => {
  it('deletes any project with a fresh code (none 401, a wrong one 403), audited with what went with it', async () => {
    const [creator, worker] = [await signedInEmployee(t), await signedInEmployee(t)];
    const p = await project(creator, { name: 'Old catalogue shoot' });
    const x = await task(creator, { projectId: p.id, assignedTo: worker.id });
    await entry(worker, { projectId: p.id, taskId: x.id }, ['submit']);
    expect((await admin.get(`/api/admin/erp/projects/${p.id}/deletion`)).json()).toEqual({
      tasks: 1,
      entries: 1,
      approvedHours: 0,
    });
    const admins = (await admin.get('/api/admin/erp/projects?pageSize=100'))
      .json()
      .items.find((y: Project) => y.id === p.id);
    expect(admins.canDelete).toBe(false);

    const none = await admin.post(`/api/admin/erp/projects/${p.id}/delete`, {});
    expect([none.statusCode, none.json().error.message]).toEqual([401, adminAuthMessages.stepUpMissing]);
    const wrong = String((Number(await freshCode(t, secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const refused = await admin.post(`/api/admin/erp/projects/${p.id}/delete`, { code: wrong });
    expect([refused.statusCode, refused.json().error.message]).toEqual([403, adminAuthMessages.codeInvalid]);
    expect(await projectIds(creator)).toContain(p.id);
    // An employee's session is no super admin.
    expect(
      (await creator.client.post(`/api/admin/erp/projects/${p.id}/delete`, { code: await freshCode(t, secret) }))
        .statusCode,
    ).toBe(401);

    const done = await admin.post(`/api/admin/erp/projects/${p.id}/delete`, { code: await freshCode(t, secret) });
    expect([done.statusCode, done.json()]).toEqual([200, { tasks: 1, entries: 1, approvedHours: 0 }]);
    expect(await projectIds(creator)).not.toContain(p.id);
    expect(await myTaskIds(worker)).toEqual([]);
    expect(await myEntryIds(worker)).toEqual([]);
    const audit = (await admin.get('/api/admin/audit?action=project_deleted')).json() as {
      items: { resourceId: string; newData: string }[];
    };
    expect(JSON.parse(audit.items.find((e) => e.resourceId === p.id)?.newData ?? '{}')).toEqual({
      name: 'Old catalogue shoot',
      tasks: 1,
      entries: 1,
    });
    const unknown = await admin.post('/api/admin/erp/projects/00000000-0000-4000-8000-000000000000/delete', {
      code: await freshCode(t, secret),
    });
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([404, m.projectNotFound]);
  });
});
