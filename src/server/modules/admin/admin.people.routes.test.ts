import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_COUNT_CAP } from '../../../contracts/admin-lists.contract';
import type { AdminEmployeePage, AdminUser, AdminUserPage } from '../../../contracts/admin-people.contract';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { freshCode, signInSuperAdmin, spentCode } from '../../test/admin';
import { customerInput, registerAndLogin, vendorInput } from '../../test/factories';
import { employees } from '../erp/erp.tables';

// The Users and Employees tabs; suspension ends sessions at once; approval lets an employee in.

let t: TestApp;
let admin: TestClient;
let secret: string;
let ip = 10;
const browser = () => new TestClient(t.app, `10.6.0.${ip++}`);

beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t));
});
afterAll(() => t.close());

describe('the Users tab', () => {
  it('lists accounts with SPEC.md fields, searched by name, email or id, filtered by role, sorted, and as CSV', async () => {
    const asha = browser();
    const input = customerInput({ firstName: 'Asha', lastName: 'Pillai' });
    const { id } = await registerAndLogin(asha, input);
    await registerAndLogin(browser(), vendorInput());

    const page = (await admin.get('/api/admin/users?q=pillai')).json() as AdminUserPage;
    expect(page.items).toEqual([
      {
        id,
        firstName: 'Asha',
        lastName: 'Pillai',
        email: input.email,
        role: 'customer',
        status: 'active',
        registeredAt: expect.any(String),
      },
    ]);
    expect((await admin.get(`/api/admin/users?q=${id.slice(0, 8)}`)).json().items.map((u: AdminUser) => u.id)).toEqual([
      id,
    ]);
    expect((await admin.get(`/api/admin/users?q=${encodeURIComponent(input.email.toUpperCase())}`)).json().total).toBe(
      1,
    );
    const vendorsOnly = (await admin.get('/api/admin/users?role=vendor')).json() as AdminUserPage;
    expect(vendorsOnly.items.length).toBeGreaterThan(0);
    expect(vendorsOnly.items.every((u) => u.role === 'vendor')).toBe(true);
    const byEmail = (await admin.get('/api/admin/users?sort=email&dir=asc')).json() as AdminUserPage;
    expect(byEmail.items.map((u) => u.email)).toEqual(
      [...byEmail.items.map((u) => u.email)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
    // Wildcards are taken literally: '%' or '_' alone finds nobody.
    expect((await admin.get('/api/admin/users?q=%25')).json().total).toBe(0);
    expect((await admin.get('/api/admin/users?q=_')).json().total).toBe(0);
    expect((await admin.get('/api/admin/users?sort=password_hash')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/users?role=root')).statusCode).toBe(400);
    const csv = await admin.get('/api/admin/users/export?q=pillai');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`${id},Asha,Pillai,${input.email},customer,active,`);
  });

  it('suspends with a fresh code only: the user is signed out at once, cannot sign in, and is told why; reactivating lets them back', async () => {
    const client = browser();
    const input = customerInput();
    const { id } = await registerAndLogin(client, input);
    expect((await client.get('/api/me')).statusCode).toBe(200);

    expect((await admin.post(`/api/admin/users/${id}/suspend`, {})).statusCode).toBe(401);
    expect((await admin.post(`/api/admin/users/${id}/suspend`, { code: '000000' })).statusCode).toBe(403);
    expect((await admin.post(`/api/admin/users/${id}/suspend`, { code: await spentCode(t, secret) })).statusCode).toBe(
      403,
    ); // a sign-in code, already used
    expect((await client.get('/api/me')).statusCode).toBe(200);

    const res = await admin.post(`/api/admin/users/${id}/suspend`, { code: await freshCode(t, secret) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'suspended' });
    expect((await client.get('/api/me')).statusCode).toBe(401);
    const login = await browser().post('/api/auth/login', { email: input.email, password: input.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.message).toMatch(/suspended/i);

    expect(
      (await admin.post(`/api/admin/users/${id}/reactivate`, { code: await freshCode(t, secret) })).json(),
    ).toMatchObject({ status: 'active' });
    expect((await browser().post('/api/auth/login', { email: input.email, password: input.password })).statusCode).toBe(
      200,
    );
    expect(
      (await admin.post(`/api/admin/users/${crypto.randomUUID()}/suspend`, { code: await freshCode(t, secret) }))
        .statusCode,
    ).toBe(404);

    const audit = (await admin.get('/api/admin/audit?resource=user')).json() as {
      items: { action: string; resourceId: string }[];
    };
    expect(audit.items.filter((e) => e.resourceId === id).map((e) => e.action)).toEqual([
      'user_reactivated',
      'user_suspended',
    ]);
  });

  it('is closed to guests and shoppers', async () => {
    const customer = browser();
    await registerAndLogin(customer, customerInput());
    for (const client of [browser(), customer]) {
      expect((await client.get('/api/admin/users')).statusCode).toBe(401);
      expect((await client.get('/api/admin/employees')).statusCode).toBe(401);
      expect(
        (await client.post(`/api/admin/users/${crypto.randomUUID()}/suspend`, { code: '123456' })).statusCode,
      ).toBe(401);
      expect(
        (await client.post(`/api/admin/employees/${crypto.randomUUID()}/approve`, { code: '123456' })).statusCode,
      ).toBe(401);
    }
  });
});

describe('the Employees tab', () => {
  it('lists registrations waiting for approval and approves one with a fresh code', async () => {
    const [neha] = await t.db
      .insert(employees)
      .values({
        email: 'neha.k@haat.test',
        passwordHash: 'x',
        firstName: 'Neha',
        lastName: 'Kulkarni',
        department: 'Design',
        designation: 'Product Designer',
        employeeId: 'EMP900',
      })
      .returning({ id: employees.id });
    const waiting = (await admin.get('/api/admin/employees?approval=pending')).json() as AdminEmployeePage;
    expect(waiting.items).toEqual([
      {
        id: neha.id,
        firstName: 'Neha',
        lastName: 'Kulkarni',
        employeeId: 'EMP900',
        email: 'neha.k@haat.test',
        department: 'Design',
        designation: 'Product Designer',
        isApproved: false,
        isActive: true,
        dateOfJoining: expect.any(String),
        registeredAt: expect.any(String),
      },
    ]);
    expect((await admin.get('/api/admin/employees?q=EMP900')).json().total).toBe(1);

    expect((await admin.post(`/api/admin/employees/${neha.id}/approve`, { code: '999999' })).statusCode).toBe(403);
    const res = await admin.post(`/api/admin/employees/${neha.id}/approve`, { code: await freshCode(t, secret) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isApproved: true });
    expect((await admin.get('/api/admin/employees?approval=pending')).json().total).toBe(0);
    expect((await admin.get('/api/admin/employees/export')).body).toContain('neha.k@haat.test');
    const audit = (await admin.get('/api/admin/audit?action=employee_approved')).json() as {
      items: { resourceId: string }[];
    };
    expect(audit.items.map((e) => e.resourceId)).toEqual([neha.id]);
  });
});

// In an app of its own, so that the thousand accounts it adds change no other test's totals or sort.
describe('counting more users than the cap', () => {
  let c: TestApp;
  let cAdmin: TestClient;
  beforeAll(async () => {
    c = await buildTestApp();
    cAdmin = (await signInSuperAdmin(c, '10.200.5.1')).client;
  });
  afterAll(() => c.close());

  it('stops at 1,000 and says there are more; a page past the cap is counted to its end; a narrower search is exact', async () => {
    const input = customerInput({ firstName: 'Kavya', lastName: 'Thekkedath' });
    const { id } = await registerAndLogin(new TestClient(c.app, '10.6.1.1'), input);
    const extra = ADMIN_COUNT_CAP + 2;
    // The same customer 1,001 times more, each with an id, email and referral code of its own.
    await c.db.execute(sql`
      with copies as (select gen_random_uuid() as id, n from generate_series(1, ${extra - 1}) as n),
      new_users as (
        insert into users select (jsonb_populate_record(null::users, to_jsonb(u) || jsonb_build_object('id', c.id, 'email', 'kavya' || c.n || '@example.in', 'referral_code', 'KT' || c.n))).*
        from users u, copies c where u.id = ${id} returning id)
      insert into user_profiles select (jsonb_populate_record(null::user_profiles, to_jsonb(p) || jsonb_build_object('user_id', n.id))).*
      from user_profiles p, new_users n where p.user_id = ${id}`);
    const list = async (query: string) => {
      const res = await cAdmin.get(`/api/admin/users${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as AdminUserPage;
    };

    const first = await list('?q=thekkedath');
    expect(first).toMatchObject({ total: ADMIN_COUNT_CAP, totalCapped: true, page: 1 });
    expect(first.items).toHaveLength(20);
    expect(first.items.every((u) => u.lastName === 'Thekkedath' && u.role === 'customer')).toBe(true);

    // Page 51 of 20 ends at 1,020: counted that far, every one of the 1,002 is known.
    const last = await list('?q=thekkedath&page=51');
    expect(last).toMatchObject({ total: extra, totalCapped: false });
    expect(last.items).toHaveLength(2);

    // One of them by email, and the first by id: exact.
    expect(await list(`?q=${encodeURIComponent(input.email)}`)).toMatchObject({ total: 1, totalCapped: false });
    expect(await list(`?q=${id}`)).toMatchObject({ total: 1, totalCapped: false });
    // Every account, counted the same way.
    expect(await list('')).toMatchObject({ total: ADMIN_COUNT_CAP, totalCapped: true });
  });
});
