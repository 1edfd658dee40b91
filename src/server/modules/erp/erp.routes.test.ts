import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erpMessages as m, type ErpDashboard } from '../../../contracts/erp.contract';
import { todayInIndia } from '../../../domain/age';
import { encrypt } from '../../platform/secrets';
import { newTotpSecret, totpCode } from '../../platform/totp';
import { signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { indiaDate } from '../../test/dates';
import { employeeForm, erpBrowser, signedInEmployee as signedIn } from '../../test/erp';
import { customerInput, registerAndLogin } from '../../test/factories';
import { employees, employeeSessions, projects, tasks, timesheets } from './erp.tables';

// Registration waiting for approval, sign-in of approved employees only with the optional two-factor
// step, the ERP's own session, and the dashboard's counters.

let t: TestApp;
const browser = () => erpBrowser(t);
const form = employeeForm;
const approve = (email: string) => t.db.update(employees).set({ isApproved: true }).where(eq(employees.email, email));
const login = (client: TestClient, body: Record<string, unknown>) => client.post('/api/erp/login', body);
const signedInEmployee = () => signedIn(t);

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('POST /api/erp/register', () => {
  it('registers an employee waiting for approval, with the password hashed (argon2id) on the server', async () => {
    const joined = indiaDate(-300);
    const input = form({
      employeeId: 'EMP100',
      dateOfJoining: joined,
      address: '1 MG Road',
      emergencyContact: 'Lakshmi',
      emergencyPhone: '9900112244',
    });
    const res = await browser().post('/api/erp/register', input);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(m.registered);
    const [row] = await t.db.select().from(employees).where(eq(employees.email, input.email));
    expect(row).toMatchObject({
      isApproved: false,
      isActive: true,
      department: 'Engineering',
      employeeId: 'EMP100',
      dateOfJoining: joined,
      phone: '9900112233',
      twoFaEnabled: false,
    });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('defaults the date of joining to today and the designation to employee', async () => {
    const input = form({ designation: '' });
    expect((await browser().post('/api/erp/register', input)).statusCode).toBe(201);
    const [row] = await t.db.select().from(employees).where(eq(employees.email, input.email));
    expect(row.designation).toBe('employee');
    expect([todayInIndia(), new Date().toISOString().slice(0, 10)]).toContain(row.dateOfJoining);
  });

  it("validates with SPEC.md's messages (400)", async () => {
    const res = await browser().post('/api/erp/register', {
      firstName: '',
      lastName: '',
      email: 'nope',
      password: '12345',
      confirmPassword: '54321',
      department: 'Space',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters long',
      department: 'Please choose a department',
    });
    const mismatch = await browser().post('/api/erp/register', form({ confirmPassword: 'other123' }));
    expect(mismatch.json().error.fields).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it('refuses an email already registered (any case) and an employee ID already taken (409)', async () => {
    const input = form({ employeeId: 'EMP200' });
    expect((await browser().post('/api/erp/register', input)).statusCode).toBe(201);
    const again = await browser().post('/api/erp/register', form({ email: input.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ email: m.emailTaken });
    const sameId = await browser().post('/api/erp/register', form({ employeeId: 'EMP200' }));
    expect(sameId.statusCode).toBe(409);
    expect(sameId.json().error.fields).toEqual({ employeeId: m.employeeIdTaken });
  });
});

describe('POST /api/erp/login', () => {
  it('gives the same answer to an unknown email, a wrong password, an unapproved and an inactive account', async () => {
    const input = form();
    await browser().post('/api/erp/register', input);
    const inactive = form();
    await browser().post('/api/erp/register', inactive);
    await approve(inactive.email);
    await t.db.update(employees).set({ isActive: false }).where(eq(employees.email, inactive.email));
    for (const body of [
      { email: 'nobody@haat.example', password: 'secret123' },
      { email: input.email, password: 'secret123' },
      { email: inactive.email, password: 'secret123' },
    ]) {
      const res = await login(browser(), body);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatchObject({ code: 'INVALID_CREDENTIALS', message: m.invalidLogin });
    }
    await approve(input.email);
    const wrong = await login(browser(), { email: input.email, password: 'secret124' });
    expect(wrong.json().error.message).toBe(m.invalidLogin);
  });

  it('signs an approved employee in with an 8-hour httpOnly cookie of its own; Logout ends the session', async () => {
    const input = form();
    await browser().post('/api/erp/register', input);
    await approve(input.email);
    const client = browser();
    expect((await client.get('/api/erp/me')).statusCode).toBe(401);
    const res = await login(client, { email: input.email.toUpperCase(), password: 'secret123' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: input.email, firstName: 'Vikram', twoFaEnabled: false });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/haat_erp_session=[0-9a-f]{64}/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=28800/);
    expect((await client.get('/api/erp/me')).json()).toMatchObject({ email: input.email });
    // The employee session is no shopper's or super admin's session.
    expect((await client.get('/api/me')).statusCode).toBe(401);
    expect((await client.get('/api/admin/overview')).statusCode).toBe(401);
    expect((await client.post('/api/erp/logout')).statusCode).toBe(200);
    expect((await client.get('/api/erp/me')).statusCode).toBe(401);
  });

  it("refuses shoppers' and the super admin's sessions", async () => {
    const shopper = browser();
    await registerAndLogin(shopper, customerInput({ phoneNumber: '9000050001' }));
    const res = await shopper.get('/api/erp/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(m.notAuthenticated);
    const { client: admin } = await signInSuperAdmin(t);
    expect((await admin.get('/api/erp/dashboard')).statusCode).toBe(401);
  });

  it('removes an expired session when it is read', async () => {
    const { client, id: meId } = await signedInEmployee();
    const me = { id: meId };
    await t.db
      .update(employeeSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(employeeSessions.employeeId, me.id));
    expect((await client.get('/api/erp/me')).statusCode).toBe(401);
    expect(await t.db.select().from(employeeSessions).where(eq(employeeSessions.employeeId, me.id))).toHaveLength(0);
  });

  it('asks for the code when two-factor is on, checks it, and takes each code once', async () => {
    const input = form();
    await browser().post('/api/erp/register', input);
    await approve(input.email);
    const secret = newTotpSecret();
    await t.db
      .update(employees)
      .set({ twoFaEnabled: true, twoFaSecret: encrypt(t.config, secret) })
      .where(eq(employees.email, input.email));
    const client = browser();
    const first = await login(client, { email: input.email, password: 'secret123' });
    expect(first.statusCode).toBe(401);
    expect(first.json().error).toMatchObject({ code: 'TWO_FA_REQUIRED', message: m.codeRequired });
    expect(first.headers['set-cookie']).toBeUndefined();
    const wrongCode = await login(client, {
      email: input.email,
      password: 'secret123',
      code: totpCode(secret, Date.now() - 5 * 60_000),
    });
    expect(wrongCode.json().error).toMatchObject({ message: m.invalidCode, fields: { code: m.invalidCode } });
    // A code with the wrong password says nothing about the code.
    expect(
      (await login(client, { email: input.email, password: 'wrong-pass', code: totpCode(secret) })).json().error
        .message,
    ).toBe(m.invalidLogin);
    const code = totpCode(secret);
    expect((await login(client, { email: input.email, password: 'secret123', code })).statusCode).toBe(200);
    const replay = await login(browser(), { email: input.email, password: 'secret123', code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe(m.invalidCode);
  });

  it('slows down repeated failures (429)', async () => {
    const input = form();
    await browser().post('/api/erp/register', input);
    await approve(input.email);
    const client = new TestClient(t.app, '10.12.9.9');
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push((await login(client, { email: input.email, password: 'not-it-1' })).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('GET /api/erp/dashboard', () => {
  it("counts employees, active projects, completed and pending tasks, and the employee's approved hours of this week (from Sunday, India time)", async () => {
    const { client, id: meId } = await signedInEmployee();
    const me = { id: meId };
    const before = (await (await client.get('/api/erp/dashboard')).json()) as ErpDashboard;

    const [project] = await t.db
      .insert(projects)
      .values({ name: 'Haat ERP', projectManagerId: me.id, createdBy: me.id })
      .returning();
    await t.db.insert(projects).values({ name: 'Old site', status: 'completed' });
    await t.db.insert(tasks).values([
      { projectId: project.id, title: 'Design the timesheet', status: 'done', assignedTo: me.id },
      { projectId: project.id, title: 'Build the dashboard', status: 'in_progress', assignedTo: me.id },
      { title: 'Plan the offsite', status: 'todo' },
    ]);
    // Sunday of this week in India, and the days around it.
    const today = todayInIndia();
    const dow = new Date(`${today}T00:00:00Z`).getUTCDay();
    const day = (offset: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    const sunday = day(-dow);
    const entry = (workDate: string, status: string, hoursWorked: number) => ({
      employeeId: me.id,
      projectId: project.id,
      workDate,
      startTime: '09:00',
      endTime: '10:00',
      description: 'Work',
      status,
      hoursWorked,
    });
    await t.db.insert(timesheets).values([
      entry(sunday, 'approved', 2.5), // counts: the week starts on Sunday
      entry(today, 'approved', 1.25), // counts (when today is Sunday, the same day twice)
      entry(day(-dow - 1), 'approved', 8), // last Saturday: not this week
      entry(today, 'submitted', 4), // not approved
    ]);
    const after = (await (await client.get('/api/erp/dashboard')).json()) as ErpDashboard;
    expect(after.stats).toEqual({
      totalEmployees: before.stats.totalEmployees,
      activeProjects: before.stats.activeProjects + 1,
      completedTasks: before.stats.completedTasks + 1,
      pendingTasks: before.stats.pendingTasks + 2,
      totalHoursThisWeek: 3.75,
    });
    expect(after.recentTasks.map((x) => [x.title, x.projectName]).sort()).toEqual([
      ['Build the dashboard', 'Haat ERP'],
      ['Design the timesheet', 'Haat ERP'],
    ]);
    expect((await browser().get('/api/erp/dashboard')).statusCode).toBe(401);
  });
});
