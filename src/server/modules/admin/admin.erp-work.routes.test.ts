import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erpWorkMessages as m, type Project, type Timesheet } from '../../../contracts/erp-work.contract';
import { eq } from 'drizzle-orm';
import { adminAuthMessages } from '../../../contracts/admin-auth.contract';
import { freshCode, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, type TestApp, type TestClient } from '../../test/app';
import { signedInEmployee } from '../../test/erp';
import { indiaDate } from '../../test/dates';
import { systemLogs } from '../audit/audit.tables';
import { timesheets } from '../erp/erp.tables';

// The super admin edits any project and approves or rejects any
// submitted timesheet entry (those without a project or a manager too), each audited.
// Each of these actions takes a fresh code, like every other admin action.

let t: TestApp;
let admin: TestClient;
let secret: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t, '10.14.0.1'));
});
const code = () => freshCode(t, secret);
afterAll(() => t.close());

// Dates in the past (an entry cannot be dated in the future), counted from today.
const PROJECT_START = indiaDate(-60);
const [DAY_1, DAY_2, DAY_3, DAY_4] = [indiaDate(-59), indiaDate(-58), indiaDate(-52), indiaDate(-51)];

const submittedEntry = async (who: { client: TestClient }, body: Record<string, unknown>): Promise<Timesheet> => {
  const res = await who.client.post('/api/erp/timesheets', {
    workDate: DAY_1,
    startTime: '09:00',
    endTime: '11:30',
    description: 'Stock count',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (await who.client.post(`/api/erp/timesheets/${res.json().id}/submit`)).json();
};

describe('the super admin in the ERP', () => {
  it('sees every submitted entry and approves or rejects it with a reason; the employee is notified', async () => {
    const worker = await signedInEmployee(t, { firstName: 'Sana', lastName: 'Shaikh' });
    const general = await submittedEntry(worker, {});
    const other = await submittedEntry(worker, { workDate: DAY_2 });
    const queue = (await admin.get('/api/admin/erp/timesheets?pageSize=100')).json();
    expect(queue.items.map((x: Timesheet) => x.id)).toEqual(expect.arrayContaining([general.id, other.id]));
    expect(queue.items.every((x: Timesheet) => x.status === 'submitted' && !x.canEdit)).toBe(true);

    const approved = await admin.post(`/api/admin/erp/timesheets/${general.id}/approve`, { code: await code() });
    expect([approved.statusCode, approved.json().status, approved.json().approvedBy]).toEqual([200, 'approved', null]);
    expect(
      (await admin.post(`/api/admin/erp/timesheets/${other.id}/reject`, { reason: '', code: await code() })).json()
        .error.fields,
    ).toEqual({ reason: m.reasonRequired });
    const rejected = (
      await admin.post(`/api/admin/erp/timesheets/${other.id}/reject`, { reason: 'Wrong day', code: await code() })
    ).json();
    expect([rejected.status, rejected.rejectionReason]).toEqual(['rejected', 'Wrong day']);
    const again = await admin.post(`/api/admin/erp/timesheets/${general.id}/approve`, { code: await code() });
    expect([again.statusCode, again.json().error.message]).toEqual([409, m.notSubmitted]);

    const notes = (await worker.client.get('/api/erp/notifications'))
      .json()
      .items.map((n: { message: string }) => n.message);
    expect(notes).toEqual([
      `The super admin rejected your timesheet entry of ${DAY_2} (2.50 hrs): Wrong day`,
      `The super admin approved your timesheet entry of ${DAY_1} (2.50 hrs)`,
    ]);
    const audit = (await admin.get('/api/admin/audit?resource=timesheet'))
      .json()
      .items.map((x: { action: string }) => x.action);
    expect(audit).toEqual(expect.arrayContaining(['timesheet_approved', 'timesheet_rejected']));
  });

  it('edits any project, audited; an employee session cannot use the admin endpoints', async () => {
    const creator = await signedInEmployee(t);
    const created: Project = (
      await creator.client.post('/api/erp/projects', { name: 'Warehouse move', startDate: PROJECT_START })
    ).json();
    const res = await admin.put(`/api/admin/erp/projects/${created.id}`, {
      name: 'Warehouse move',
      startDate: PROJECT_START,
      status: 'completed',
      budget: '75000',
      code: await code(),
    });
    expect([res.statusCode, res.json().status, res.json().budgetPaise]).toEqual([200, 'completed', 7500000]);
    expect(
      (await admin.get('/api/admin/erp/projects?pageSize=100'))
        .json()
        .items.some((p: Project) => p.id === created.id && p.status === 'completed'),
    ).toBe(true);
    const audit = (await admin.get('/api/admin/audit?resource=project')).json().items;
    expect(audit[0]).toMatchObject({ action: 'project_updated' });
    expect((await creator.client.get('/api/admin/erp/timesheets')).statusCode).toBe(401);
    expect(
      (
        await admin.put('/api/admin/erp/projects/00000000-0000-4000-8000-000000000000', {
          name: 'x',
          startDate: PROJECT_START,
          code: await code(),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('takes a fresh code for each action: none 401, a wrong one 403, a fresh one 200, a used one 403', async () => {
    const worker = await signedInEmployee(t);
    const toApprove = await submittedEntry(worker, { workDate: DAY_3 });
    const toReject = await submittedEntry(worker, { workDate: DAY_4 });
    const project: Project = (
      await worker.client.post('/api/erp/projects', { name: 'Cold store', startDate: PROJECT_START })
    ).json();
    const approve = (body: Record<string, unknown>) =>
      admin.post(`/api/admin/erp/timesheets/${toApprove.id}/approve`, body);
    const reject = (body: Record<string, unknown>) =>
      admin.post(`/api/admin/erp/timesheets/${toReject.id}/reject`, { reason: 'Wrong day', ...body });
    const edit = (body: Record<string, unknown>) =>
      admin.put(`/api/admin/erp/projects/${project.id}`, {
        name: 'Cold store',
        startDate: PROJECT_START,
        status: 'on_hold',
        ...body,
      });
    const statusOf = async (id: string) =>
      (await t.db.select({ status: timesheets.status }).from(timesheets).where(eq(timesheets.id, id)))[0].status;

    // No code: 401, and nothing changes.
    for (const send of [approve, reject, edit]) {
      const res = await send({});
      expect([res.statusCode, res.json().error.message]).toEqual([401, adminAuthMessages.stepUpMissing]);
    }
    // A wrong code: 403.
    const wrong = String((Number(await code()) + 500_000) % 1_000_000).padStart(6, '0');
    for (const send of [approve, edit]) {
      const res = await send({ code: wrong });
      expect([res.statusCode, res.json().error.message]).toEqual([403, adminAuthMessages.codeInvalid]);
    }
    expect([await statusOf(toApprove.id), await statusOf(toReject.id)]).toEqual(['submitted', 'submitted']);

    // A fresh code: done; the same code again: 403.
    const fresh = await code();
    expect((await approve({ code: fresh })).json().status).toBe('approved');
    const replay = await reject({ code: fresh });
    expect([replay.statusCode, replay.json().error.message]).toEqual([403, adminAuthMessages.codeInvalid]);
    expect(await statusOf(toReject.id)).toBe('submitted');
    expect((await reject({ code: await code() })).json().status).toBe('rejected');
    const edited = await edit({ code: await code() });
    expect([edited.statusCode, edited.json().status]).toEqual([200, 'on_hold']);
    expect(
      (await t.db.select().from(systemLogs).where(eq(systemLogs.action, 'step_up_failed'))).length,
    ).toBeGreaterThanOrEqual(3);
  });
});
