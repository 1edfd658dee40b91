import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ErpRegisterInput } from '../../contracts/erp.contract';
import type { Project, Task } from '../../contracts/erp-work.contract';
import { employees } from '../modules/erp/erp.tables';
import { TestClient, type TestApp } from './app';
import { indiaDate } from './dates';

let n = 0;
let ip = 10;

/** SPEC.md's ERP registration form, for a new email each time. */
export const employeeForm = (over: Partial<ErpRegisterInput> = {}): ErpRegisterInput => ({
  firstName: 'Vikram',
  lastName: 'Iyer',
  email: `vikram.${n++}.${Date.now().toString(36)}@haat.example`,
  phone: '99001 12233',
  password: 'secret123',
  confirmPassword: 'secret123',
  department: 'Engineering',
  designation: 'Software Engineer',
  ...over,
});

/** A client from its own address, so the sign-in throttle of one test does not reach another. */
export const erpBrowser = (t: TestApp) => new TestClient(t.app, `10.12.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`);

/** A registered employee, approved by the super admin (directly in the database), signed in on a fresh client. */
export async function signedInEmployee(
  t: TestApp,
  over: Partial<ErpRegisterInput> = {},
): Promise<{ client: TestClient; id: string; email: string }> {
  const input = employeeForm(over);
  expect((await erpBrowser(t).post('/api/erp/register', input)).statusCode).toBe(201);
  await t.db.update(employees).set({ isApproved: true }).where(eq(employees.email, input.email.toLowerCase()));
  const client = erpBrowser(t);
  const res = await client.post('/api/erp/login', { email: input.email, password: input.password });
  expect(res.statusCode, res.body).toBe(200);
  return { client, id: res.json().id, email: input.email };
}

/** A project an employee creates through the API: a name of its own, started 10 days ago, unless `over` says otherwise. */
export async function newProject(who: { client: TestClient }, over: Record<string, unknown> = {}): Promise<Project> {
  const res = await who.client.post('/api/erp/projects', {
    name: `Project ${Math.random().toString(36).slice(2, 8)}`,
    startDate: indiaDate(-10),
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A task an employee creates through the API, titled 'Draft the newsletter' unless `over` says otherwise. */
export async function newTask(who: { client: TestClient }, over: Record<string, unknown> = {}): Promise<Task> {
  const res = await who.client.post('/api/erp/tasks', { title: 'Draft the newsletter', ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
