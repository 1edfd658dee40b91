import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erpWorkMessages as m, type Project, type Timesheet } from '../../../contracts/erp-work.contract';
import { signInSuperAdmin } from '../../test/admin';
import { buildTestApp, type TestApp, type TestClient } from '../../test/app';
import { signedInEmployee } from '../../test/erp';

// Issue 10, points 6 and 8: the super admin edits any project and approves or rejects any
// submitted timesheet entry (those without a project or a manager too), each audited.

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signInSuperAdmin(t, '10.14.0.1')).client;
});
afterAll(() => t.close());

const submittedEntry = async (who: { client: TestClient }, body: Record<string, unknown>): Promise<Timesheet> => {
  const res = await who.client.post('/api/erp/timesheets', { workDate: '2026-03-02', startTime: '09:00', endTime: '11:30', description: 'Stock count', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return (await who.client.post(`/api/erp/timesheets/${res.json().id}/submit`)).json();
};

describe('the super admin in the ERP', () => {
  it('sees every submitted entry and approves or rejects it with a reason; the employee is notified', async () => {
    const worker = await signedInEmployee(t, { firstName: 'Sana', lastName: 'Shaikh' });
    const general = await submittedEntry(worker, {});
    const other = await submittedEntry(worker, { workDate: '2026-03-03' });
    const queue = (await admin.get('/api/admin/erp/timesheets?pageSize=100')).json();
    expect(queue.items.map((x: Timesheet) => x.id)).toEqual(expect.arrayContaining([general.id, other.id]));
    expect(queue.items.every((x: Timesheet) => x.status === 'submitted' && !x.canEdit)).toBe(true);

    const approved = await admin.post(`/api/admin/erp/timesheets/${general.id}/approve`);
    expect([approved.statusCode, approved.json().status, approved.json().approvedBy]).toEqual([200, 'approved', null]);
    expect((await admin.post(`/api/admin/erp/timesheets/${other.id}/reject`, { reason: '' })).json().error.fields).toEqual({ reason: m.reasonRequired });
    const rejected = (await admin.post(`/api/admin/erp/timesheets/${other.id}/reject`, { reason: 'Wrong day' })).json();
    expect([rejected.status, rejected.rejectionReason]).toEqual(['rejected', 'Wrong day']);
    const again = await admin.post(`/api/admin/erp/timesheets/${general.id}/approve`);
    expect([again.statusCode, again.json().error.message]).toEqual([409, m.notSubmitted]);

    const notes = (await worker.client.get('/api/erp/notifications')).json().items.map((n: { message: string }) => n.message);
    expect(notes).toEqual([`The super admin rejected your timesheet entry of 2026-03-03 (2.50 hrs): Wrong day`, `The super admin approved your timesheet entry of 2026-03-02 (2.50 hrs)`]);
    const audit = (await admin.get('/api/admin/audit?resource=timesheet')).json().items.map((x: { action: string }) => x.action);
    expect(audit).toEqual(expect.arrayContaining(['timesheet_approved', 'timesheet_rejected']));
  });

  it('edits any project, audited; an employee session cannot use the admin endpoints', async () => {
    const creator = await signedInEmployee(t);
    const created: Project = (await creator.client.post('/api/erp/projects', { name: 'Warehouse move', startDate: '2026-03-01' })).json();
    const res = await admin.put(`/api/admin/erp/projects/${created.id}`, { name: 'Warehouse move', startDate: '2026-03-01', status: 'completed', budget: '75000' });
    expect([res.statusCode, res.json().status, res.json().budgetPaise]).toEqual([200, 'completed', 7500000]);
    expect((await admin.get('/api/admin/erp/projects?pageSize=100')).json().items.some((p: Project) => p.id === created.id && p.status === 'completed')).toBe(true);
    const audit = (await admin.get('/api/admin/audit?resource=project')).json().items;
    expect(audit[0]).toMatchObject({ action: 'project_updated' });
    expect((await creator.client.get('/api/admin/erp/timesheets')).statusCode).toBe(401);
    expect((await admin.put('/api/admin/erp/projects/00000000-0000-4000-8000-000000000000', { name: 'x', startDate: '2026-03-01' })).statusCode).toBe(404);
  });
});
