import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erpWorkMessages as m, type Task } from '../../../contracts/erp-work.contract';
import { buildTestApp, type TestApp, type TestClient } from '../../test/app';
import { newProject, newTask, signedInEmployee } from '../../test/erp';
import { indiaDate } from '../../test/dates';
import { employees } from './erp.tables';

// A task's title, description, assignee, priority, due date and estimate are
// edited by its creator or its project's manager; a new assignee is notified; its project and
// status stay.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Someone = { client: TestClient; id: string };
const edit = (title: string, over: Record<string, unknown> = {}) => ({
  title,
  description: 'For the festive issue',
  priority: 'high',
  estimatedHours: '3.5',
  dueDate: indiaDate(7),
  ...over,
});
const messages = async (who: Someone) =>
  (await who.client.get('/api/erp/notifications')).json().items.map((n: { message: string }) => n.message);

describe('editing a task', () => {
  it("lets its creator and its project's manager edit every field but its project and status", async () => {
    const [creator, manager, assignee] = [
      await signedInEmployee(t),
      await signedInEmployee(t),
      await signedInEmployee(t),
    ];
    const p = await newProject(creator, { projectManagerId: manager.id });
    const x = await newTask(creator, { projectId: p.id, assignedTo: assignee.id });
    expect(x.canEdit).toBe(true);
    await assignee.client.patch(`/api/erp/tasks/${x.id}/status`, { status: 'in_progress', completionPercentage: 30 });

    const other = await newProject(creator);
    const byCreator = await creator.client.put(
      `/api/erp/tasks/${x.id}`,
      edit('Draft the Diwali newsletter', { assignedTo: assignee.id, projectId: other.id, status: 'done' }),
    );
    expect(byCreator.statusCode, byCreator.body).toBe(200);
    expect(byCreator.json()).toMatchObject({
      title: 'Draft the Diwali newsletter',
      description: 'For the festive issue',
      priority: 'high',
      estimatedHours: 3.5,
      dueDate: indiaDate(7),
      project: { id: p.id },
      status: 'in_progress',
      completionPercentage: 30,
      assignee: { id: assignee.id },
      canEdit: true,
    });
    // The manager empties the optional fields and leaves it unassigned.
    const byManager = await manager.client.put(`/api/erp/tasks/${x.id}`, {
      title: 'Newsletter',
      priority: 'low',
      description: '',
      estimatedHours: '',
      dueDate: '',
      assignedTo: '',
    });
    expect(byManager.json()).toMatchObject({
      title: 'Newsletter',
      priority: 'low',
      description: null,
      estimatedHours: null,
      dueDate: null,
      assignee: null,
      project: { id: p.id },
    });
    const seen = (await manager.client.get('/api/erp/tasks')).json().items.find((y: Task) => y.id === x.id);
    expect([seen.title, seen.canEdit]).toEqual(['Newsletter', true]);
  });

  it('refuses its assignee and anyone else (403), an unknown task (404), and a done task (409)', async () => {
    const [creator, assignee, outsider] = [
      await signedInEmployee(t),
      await signedInEmployee(t),
      await signedInEmployee(t),
    ];
    const x = await newTask(creator, { assignedTo: assignee.id });
    const mine = (await assignee.client.get('/api/erp/tasks')).json().items.find((y: Task) => y.id === x.id);
    expect([mine.canChange, mine.canEdit]).toEqual([true, false]);
    for (const who of [assignee, outsider]) {
      const res = await who.client.put(`/api/erp/tasks/${x.id}`, edit('Taken over'));
      expect([res.statusCode, res.json().error.message]).toEqual([403, m.notTaskOwner]);
    }
    const unknown = await creator.client.put('/api/erp/tasks/00000000-0000-4000-8000-000000000000', edit('Ghost'));
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([404, m.taskNotFound]);
    await creator.client.patch(`/api/erp/tasks/${x.id}/status`, { status: 'done' });
    const done = await creator.client.put(`/api/erp/tasks/${x.id}`, edit('Too late'));
    expect([done.statusCode, done.json().error.message]).toEqual([409, m.taskDone]);
    expect((await creator.client.get('/api/erp/tasks')).json().items.find((y: Task) => y.id === x.id).title).toBe(
      'Draft the newsletter',
    );
  });

  it('validates the form as creating does (400 with the fields)', async () => {
    const creator = await signedInEmployee(t);
    const x = await newTask(creator, {});
    const res = await creator.client.put(`/api/erp/tasks/${x.id}`, {
      title: ' ',
      estimatedHours: '1.25',
      priority: 'whenever',
      dueDate: 'soon',
    });
    expect([res.statusCode, res.json().error.fields]).toEqual([
      400,
      {
        title: 'Task title is required',
        estimatedHours: 'Estimated hours go in steps of 0.5',
        priority: 'Please choose a priority',
        dueDate: 'Please enter a valid date',
      },
    ]);
  });

  it('notifies a new assignee as creating does, and nobody when the assignee stays or is the editor', async () => {
    const [creator, first, second] = [
      await signedInEmployee(t, { firstName: 'Farah', lastName: 'Khan' }),
      await signedInEmployee(t),
      await signedInEmployee(t),
    ];
    const p = await newProject(creator, { name: 'Spring sale' });
    const x = await newTask(creator, { projectId: p.id, assignedTo: first.id });
    expect(await messages(first)).toEqual(['Farah Khan assigned you the task "Draft the newsletter" in Spring sale']);
    // The same assignee: no new notification.
    await creator.client.put(`/api/erp/tasks/${x.id}`, edit('Draft the newsletter', { assignedTo: first.id }));
    expect(await messages(first)).toHaveLength(1);
    const moved = await creator.client.put(
      `/api/erp/tasks/${x.id}`,
      edit('Send the newsletter', { assignedTo: second.id }),
    );
    expect(moved.json().assignee.id).toBe(second.id);
    expect(await messages(second)).toEqual(['Farah Khan assigned you the task "Send the newsletter" in Spring sale']);
    expect((await second.client.get('/api/erp/tasks')).json().items.map((y: Task) => y.id)).toEqual([x.id]);
    expect((await first.client.get('/api/erp/tasks')).json().total).toBe(0);
    // Taking it oneself tells nobody.
    await creator.client.put(`/api/erp/tasks/${x.id}`, edit('Send the newsletter', { assignedTo: creator.id }));
    expect(await messages(creator)).toEqual([]);
  });

  it('offers only approved, active employees as a new assignee, but keeps one who has since left', async () => {
    const [creator, leaver, inactive] = [
      await signedInEmployee(t),
      await signedInEmployee(t),
      await signedInEmployee(t),
    ];
    const x = await newTask(creator, { assignedTo: leaver.id });
    await t.db.update(employees).set({ isActive: false }).where(eq(employees.id, leaver.id));
    const kept = await creator.client.put(`/api/erp/tasks/${x.id}`, edit('Still theirs', { assignedTo: leaver.id }));
    expect([kept.statusCode, kept.json().assignee.id]).toEqual([200, leaver.id]);
    await t.db.update(employees).set({ isActive: false }).where(eq(employees.id, inactive.id));
    const refused = await creator.client.put(
      `/api/erp/tasks/${x.id}`,
      edit('To someone gone', { assignedTo: inactive.id }),
    );
    expect([refused.statusCode, refused.json().error.fields]).toEqual([400, { assignedTo: m.employeeUnknown }]);
  });
});
