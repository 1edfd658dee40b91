import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuthMessages } from '../../../contracts/admin-auth.contract';
import { employeeActionMessages as m, type AdminEmployee } from '../../../contracts/admin-people.contract';
import { erpMessages } from '../../../contracts/erp.contract';
import type { Colleague, Project, Task } from '../../../contracts/erp-work.contract';
import { freshCode, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, type TestApp, type TestClient } from '../../test/app';
import { erpBrowser, signedInEmployee } from '../../test/erp';
import { indiaDate } from '../../test/dates';

// The super admin marks an employee inactive (their ERP sessions end at once,
// they cannot sign in, the manager and assignee pickers leave them out, their work stays) and
// active again, each with a fresh code and audited.

let t: TestApp;
let admin: TestClient;
let secret: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t, '10.24.11.2'));
});
afterAll(() => t.close());

const code = () => freshCode(t, secret);
const deactivate = async (id: string) => admin.post(`/api/admin/employees/${id}/deactivate`, { code: await code() });
const activate = async (id: string) => admin.post(`/api/admin/employees/${id}/activate`, { code: await code() });
const signIn = (email: string) => erpBrowser(t).post('/api/erp/login', { email, password: 'secret123' });
const colleagueIds = async (who: { client: TestClient }) =>
  (await who.client.get('/api/erp/employees')).json().map((c: Colleague) => c.id);
const row = async (id: string, filter = '') =>
  (await admin.get(`/api/admin/employees?pageSize=100${filter}`)).json().items.find((e: AdminEmployee) => e.id === id);

describe('marking an employee inactive and active again', () => {
  it('ends their sessions at once, refuses their sign-in and leaves them out of the pickers; their work stays', async () => {
    const [leaver, colleague] = [
      await signedInEmployee(t, { firstName: 'Rohan', lastName: 'Joshi' }),
      await signedInEmployee(t),
    ];
    const project: Project = (
      await leaver.client.post('/api/erp/projects', {
        name: 'Shelf labels',
        startDate: indiaDate(-5),
        projectManagerId: colleague.id,
      })
    ).json();
    const task: Task = (
      await colleague.client.post('/api/erp/tasks', {
        title: 'Print the labels',
        projectId: project.id,
        assignedTo: leaver.id,
      })
    ).json();
    expect(await colleagueIds(colleague)).toContain(leaver.id);

    const res = await deactivate(leaver.id);
    expect([res.statusCode, res.json().isActive, res.json().email]).toEqual([200, false, leaver.email]);
    // Their open session ends at once; signing in gets the one answer for every refusal.
    const me = await leaver.client.get('/api/erp/me');
    expect([me.statusCode, me.json().error.message]).toEqual([401, erpMessages.notAuthenticated]);
    const login = await signIn(leaver.email);
    expect([login.statusCode, login.json().error.message]).toEqual([401, erpMessages.invalidLogin]);
    // Out of the pickers, not chosen anew; what they did stays.
    expect(await colleagueIds(colleague)).not.toContain(leaver.id);
    const assign = await colleague.client.post('/api/erp/tasks', { title: 'Another', assignedTo: leaver.id });
    expect(assign.statusCode).toBe(400);
    const stays = (await colleague.client.get('/api/erp/tasks')).json().items.find((x: Task) => x.id === task.id);
    expect(stays.assignee).toMatchObject({ id: leaver.id, firstName: 'Rohan' });
    expect(
      (await colleague.client.get('/api/erp/projects?pageSize=100'))
        .json()
        .items.find((p: Project) => p.id === project.id).createdBy.id,
    ).toBe(leaver.id);
    // The Employees tab shows them inactive, and filters by it.
    expect((await row(leaver.id)).isActive).toBe(false);
    expect(await row(leaver.id, '&status=inactive')).toBeDefined();
    expect(await row(leaver.id, '&status=active')).toBeUndefined();
    expect((await admin.get('/api/admin/employees?status=gone')).statusCode).toBe(400);
    expect((await admin.get(`/api/admin/employees/export?q=${encodeURIComponent(leaver.email)}`)).body).toMatch(
      /,yes,no,/,
    );

    const back = await activate(leaver.id);
    expect([back.statusCode, back.json().isActive]).toEqual([200, true]);
    // The ended session stays ended; a new sign-in works, and the pickers offer them again.
    expect((await leaver.client.get('/api/erp/me')).statusCode).toBe(401);
    expect((await signIn(leaver.email)).statusCode).toBe(200);
    expect(await colleagueIds(colleague)).toContain(leaver.id);
    expect(await row(leaver.id, '&status=active')).toBeDefined();

    const audit = (await admin.get(`/api/admin/audit?resource=employee`)).json() as {
      items: { action: string; resourceId: string; newData: string }[];
    };
    const entries = audit.items.filter((e) => e.resourceId === leaver.id).map((e) => [e.action, JSON.parse(e.newData)]);
    expect(entries).toEqual([
      ['employee_activated', { email: leaver.email, changes: { isActive: { from: false, to: true } } }],
      ['employee_deactivated', { email: leaver.email, changes: { isActive: { from: true, to: false } } }],
    ]);
  });

  it('refuses (409) marking an inactive employee inactive, an active one active, and a deleted one; 404 for an unknown one', async () => {
    const someone = await signedInEmployee(t);
    const twice = await activate(someone.id);
    expect([twice.statusCode, twice.json().error.message]).toEqual([409, m.alreadyActive]);
    expect((await deactivate(someone.id)).statusCode).toBe(200);
    const again = await deactivate(someone.id);
    expect([again.statusCode, again.json().error.message]).toEqual([409, m.alreadyInactive]);

    // An employee with work is anonymised when deleted, and stays so.
    const gone = await signedInEmployee(t);
    await gone.client.post('/api/erp/tasks', { title: 'Left behind' });
    expect((await admin.post(`/api/admin/employees/${gone.id}/delete`, { code: await code() })).json().outcome).toBe(
      'anonymised',
    );
    for (const res of [await activate(gone.id), await deactivate(gone.id)])
      expect([res.statusCode, res.json().error.message]).toEqual([409, m.deleted]);
    const unknown = await deactivate('00000000-0000-4000-8000-000000000000');
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([404, 'Employee not found']);
  });

  it('takes a fresh code (none 401, a wrong one 403, changing nothing) and the super admin only', async () => {
    const someone = await signedInEmployee(t);
    const none = await admin.post(`/api/admin/employees/${someone.id}/deactivate`, {});
    expect([none.statusCode, none.json().error.message]).toEqual([401, adminAuthMessages.stepUpMissing]);
    const wrong = String((Number(await code()) + 500_000) % 1_000_000).padStart(6, '0');
    const refused = await admin.post(`/api/admin/employees/${someone.id}/deactivate`, { code: wrong });
    expect([refused.statusCode, refused.json().error.message]).toEqual([403, adminAuthMessages.codeInvalid]);
    expect(
      (await someone.client.post(`/api/admin/employees/${someone.id}/deactivate`, { code: await code() })).statusCode,
    ).toBe(401);
    expect((await someone.client.get('/api/erp/me')).statusCode).toBe(200);
    expect((await row(someone.id)).isActive).toBe(true);
  });
});
