import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Timesheet } from '../../contracts/erp-work.contract';
import { signInSuperAdmin } from '../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../test/app';
import { fillCart, newShopper, placeOrder, twoShops } from '../test/checkout-fixtures';
import { indiaDate } from '../test/dates';
import { signedInEmployee } from '../test/erp';
import { customerInput, merchantInput, registerAndLogin } from '../test/factories';
import { queryRows } from './db';

// The CSRF check decides on the route the router matched, so another spelling
// of the same path (percent-encoded letters) is refused like the plain one.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A cross-site form post: text/plain, a foreign Origin, no X-Requested-With, the victim's cookies. */
const forged = (who: TestClient, url: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: who.cookieHeader, 'content-type': 'text/plain', origin: 'https://evil.example' },
    payload: 'x=1',
  });
/** The error code of an answer, or undefined when it has none (a success, an empty body). */
const codeOf = (res: { body: string }): unknown => {
  try {
    return (JSON.parse(res.body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
};

describe('a cross-site post to another spelling of an API path', () => {
  it('cannot approve or submit an ERP timesheet entry through /%61pi/', async () => {
    const [worker, manager] = [await signedInEmployee(t), await signedInEmployee(t)];
    const p = (
      await worker.client.post('/api/erp/projects', {
        name: 'CSRF spelling',
        startDate: indiaDate(-25),
        projectManagerId: manager.id,
      })
    ).json();
    const log = async (workDate: string) =>
      (
        await worker.client.post('/api/erp/timesheets', {
          workDate,
          startTime: '09:00',
          endTime: '10:00',
          projectId: p.id,
          description: 'Work',
        })
      ).json() as Timesheet;
    const [a, b] = [await log(indiaDate(-320)), await log(indiaDate(-319))];
    expect((await worker.client.post(`/api/erp/timesheets/${a.id}/submit`)).statusCode).toBe(200);

    for (const url of [
      `/%61pi/erp/timesheets/${a.id}/approve`,
      `/%61%70%69/erp/timesheets/${a.id}/approve`,
      `/api/%65rp/timesheets/${a.id}/approve`,
    ]) {
      const res = await forged(manager.client, url);
      expect([url, res.statusCode, codeOf(res)]).toEqual([url, 403, 'CSRF_REJECTED']);
    }
    const submit = await forged(worker.client, `/%61pi/erp/timesheets/${b.id}/submit`);
    expect([submit.statusCode, codeOf(submit)]).toEqual([403, 'CSRF_REJECTED']);

    const mine = (await worker.client.get(`/api/erp/timesheets?from=${indiaDate(-320)}&to=${indiaDate(-319)}`)).json()
      .items as Timesheet[];
    expect(Object.fromEntries(mine.map((x) => [x.id, x.status]))).toEqual({ [a.id]: 'submitted', [b.id]: 'draft' });
    // The same request, made by the ERP's own page, still works.
    expect((await manager.client.post(`/api/erp/timesheets/${a.id}/approve`)).json().status).toBe('approved');
  });

  it("cannot mark an employee's notifications read or end their session through /%61pi/", async () => {
    const [worker, manager] = [await signedInEmployee(t), await signedInEmployee(t)];
    await worker.client.post('/api/erp/tasks', { title: 'Look at this', assignedTo: manager.id });
    const unread = (await manager.client.get('/api/erp/notifications')).json().unread;
    expect(unread).toBeGreaterThan(0);
    for (const url of ['/%61pi/erp/notifications/read', '/%61pi/erp/logout']) {
      const res = await forged(manager.client, url);
      expect([url, res.statusCode, codeOf(res)]).toEqual([url, 403, 'CSRF_REJECTED']);
    }
    expect((await manager.client.get('/api/erp/notifications')).json().unread).toBe(unread);
    expect((await manager.client.get('/api/erp/me')).statusCode).toBe(200);
  });

  it("cannot end a shopper's session through /%61pi/auth/logout", async () => {
    const shopper = new TestClient(t.app, '10.90.0.1');
    await registerAndLogin(shopper, customerInput());
    const res = await forged(shopper, '/%61pi/auth/logout');
    expect([res.statusCode, codeOf(res)]).toEqual([403, 'CSRF_REJECTED']);
    expect((await shopper.get('/api/me')).statusCode).toBe(200);
    // The session is read by the route too: the same spelling, sent by our own page, is the same call.
    expect((await shopper.get('/%61pi/me')).statusCode).toBe(200);
  });

  it('exempts the payment webhook by its route, however it is spelled, and nothing else', async () => {
    for (const url of ['/api/payments/webhook', '/api/payments/%77ebhook']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect([url, codeOf(res)]).not.toEqual([url, 'CSRF_REJECTED']);
    }
  });
});

// Every state-changing operation of the API docs, so that a
// new route is covered without anyone remembering to add it.

type Operation = { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string };
const WRITES = new Set(['post', 'put', 'patch', 'delete']);

/** The state-changing operations the API documents (`/api/docs/json`), as `{ method, path }` with `{param}` placeholders. */
async function documentedWrites(app: TestApp['app']): Promise<Operation[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => WRITES.has(m))
      .map((m) => ({ method: m.toUpperCase() as Operation['method'], path })),
  );
}

/** Every table of the public schema: its row count and a hash of its rows, to show a sweep wrote nothing. */
async function snapshot(db: TestApp['db']): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number; h: string | null }>(
      db,
      sql.raw(`select count(*)::int as n, md5(string_agg(t::text, ',' order by t::text)) as h from "${name}" t`),
    );
    out[name] = `${row.n}:${row.h ?? ''}`;
  }
  return out;
}

/** The path spellings that must reach the same route (or none): percent-encoded, doubled slashes, upper case. */
const spellings = (path: string): string[] => {
  const rest = path.slice('/api'.length);
  return [
    `/%61pi${rest}`,
    `/%2Fapi${rest}`,
    `/%2fapi${rest}`,
    `//api${rest}`,
    `/api/${rest}`,
    `/%41PI${rest}`,
    `/API${rest}`,
  ];
};

describe('every documented state-changing operation, sent without our header', () => {
  let ops: Operation[];
  const ids: Record<string, string> = {};
  const who: Record<'customer' | 'vendor' | 'merchant' | 'admin' | 'employee', TestClient> = {} as never;

  beforeAll(async () => {
    ops = await documentedWrites(t.app);
    // Real rows behind the path parameters, and a signed-in caller of each realm, so that each request would
    // otherwise be authorised and find its row.
    const { a, vendorA } = await twoShops(t);
    who.vendor = new TestClient(t.app, '10.91.0.2');
    expect((await who.vendor.post('/api/auth/login', { email: vendorA.email, password: 'secret123' })).statusCode).toBe(
      200,
    );
    const shopper = await newShopper(t);
    who.customer = shopper.client;
    const orderId = await placeOrder(shopper, [{ productId: a.id }]);
    await fillCart(shopper, [{ productId: a.id }]);
    const cart = (await shopper.client.get('/api/cart')).json<{ items: { id: string }[] }>();
    const [part] = await queryRows<{ id: string }>(t.db, sql`select id from order_parts where order_id = ${orderId}`);
    const [payment] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from payments order by created_at desc limit 1`,
    );
    who.merchant = new TestClient(t.app, '10.91.0.3');
    const merchant = await registerAndLogin(who.merchant, merchantInput());
    who.admin = (await signInSuperAdmin(t, '10.91.0.4')).client;
    const [worker, manager] = [await signedInEmployee(t), await signedInEmployee(t)];
    who.employee = manager.client;
    const project = (
      await worker.client.post('/api/erp/projects', {
        name: 'Sweep',
        startDate: indiaDate(-25),
        projectManagerId: manager.id,
      })
    ).json<{ id: string }>();
    const task = (
      await worker.client.post('/api/erp/tasks', { title: 'Sweep task', projectId: project.id, assignedTo: manager.id })
    ).json<{ id: string }>();
    const entry = (
      await worker.client.post('/api/erp/timesheets', {
        workDate: indiaDate(-305),
        startTime: '09:00',
        endTime: '10:00',
        projectId: project.id,
        description: 'Sweep',
      })
    ).json<Timesheet>();
    expect((await worker.client.post(`/api/erp/timesheets/${entry.id}/submit`)).statusCode).toBe(200);
    Object.assign(ids, {
      'admin/users': shopper.userId,
      'admin/vendors': vendorA.userId,
      'admin/merchants': merchant.id,
      'admin/products': a.id,
      'admin/employees': worker.id,
      'admin/erp/projects': project.id,
      'admin/erp/timesheets': entry.id,
      'admin/orders': orderId,
      products: a.id,
      'vendor/products': a.id,
      'vendor/shops': a.storeId,
      'vendor/orders/parts': part.id,
      'cart/items': cart.items[0].id,
      addresses: shopper.addressId,
      orders: orderId,
      payments: payment.id,
      'erp/projects': project.id,
      'erp/tasks': task.id,
      'erp/timesheets': entry.id,
    });
  });

  /** The path with its parameters filled: the seeded row of that resource, or a random uuid. */
  const fill = (path: string) =>
    path.replace(
      /\{[^}]+\}/g,
      (_m, offset: number) => ids[path.slice('/api/'.length, offset - 1)] ?? crypto.randomUUID(),
    );
  /** The cookies of the realm the path belongs to, plus the other realms' own cookies. */
  const cookies = (path: string) => {
    const shopper = path.startsWith('/api/vendor/')
      ? who.vendor
      : path.startsWith('/api/merchant/')
        ? who.merchant
        : who.customer;
    return [shopper.cookieHeader, who.admin.cookieHeader, who.employee.cookieHeader].filter(Boolean).join('; ');
  };
  const send = (method: Operation['method'], url: string, headers: Record<string, string>, path: string) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: cookies(path), 'content-type': 'application/json', ...headers },
      payload: '{}',
    });

  it('answers 403 CSRF_REJECTED to all of them but the payment webhook, at every spelling, and writes nothing', async () => {
    expect(ops.length).toBeGreaterThanOrEqual(80);
    expect(Object.values(ids).every((id) => /^[0-9a-f-]{36}$/.test(id))).toBe(true);
    // Most parameterised paths name a seeded row, not a random id.
    const seeded = ops.filter(
      (op) =>
        op.path.includes('{') &&
        fill(op.path)
          .split('/')
          .some((part) => Object.values(ids).includes(part)),
    );
    expect(seeded.length).toBeGreaterThanOrEqual(30);
    const before = await snapshot(t.db);
    expect(Object.keys(before).length).toBeGreaterThan(20);
    const exempted: string[] = [];
    const wrong: string[] = [];
    let requests = 0;
    for (const op of ops) {
      const url = fill(op.path);
      const label = `${op.method} ${op.path}`;
      const bare = await send(op.method, url, {}, op.path);
      requests++;
      if (codeOf(bare) !== 'CSRF_REJECTED') {
        exempted.push(label);
        continue;
      }
      if (bare.statusCode !== 403) wrong.push(`${label}: ${bare.statusCode}`);
      for (const value of ['evil', 'XMLHttpRequest', 'HAAT', '']) {
        const res = await send(op.method, url, { 'x-requested-with': value }, op.path);
        requests++;
        if (res.statusCode !== 403 || codeOf(res) !== 'CSRF_REJECTED')
          wrong.push(`${label} with x-requested-with '${value}': ${res.statusCode} ${res.body}`);
      }
      for (const spelt of spellings(url)) {
        // A cross-site form post: text/plain and a foreign origin.
        const res = await send(
          op.method,
          spelt,
          { 'content-type': 'text/plain', origin: 'https://evil.example' },
          op.path,
        );
        requests++;
        const refused =
          (res.statusCode === 403 && codeOf(res) === 'CSRF_REJECTED') ||
          (res.statusCode === 404 && codeOf(res) === 'NOT_FOUND');
        if (!refused) wrong.push(`${op.method} ${spelt}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
    // The one exemption, named: Razorpay signs its webhook instead, and it answers without CSRF_REJECTED.
    expect(exempted).toEqual(['POST /api/payments/webhook']);
    expect(requests).toBeGreaterThan(ops.length * 10);
    expect(await snapshot(t.db)).toEqual(before);

    // The sessions still stand, and the seeded rows are as they were.
    expect((await who.customer.get('/api/me')).statusCode).toBe(200);
    expect((await who.vendor.get('/api/me')).statusCode).toBe(200);
    expect((await who.merchant.get('/api/me')).statusCode).toBe(200);
    expect((await who.admin.get('/api/admin/session')).statusCode).toBe(200);
    expect((await who.employee.get('/api/erp/me')).statusCode).toBe(200);
    const awaiting = (await who.employee.get('/api/erp/timesheets/approvals')).json<{ items: Timesheet[] }>().items;
    expect(awaiting.find((x) => x.id === ids['erp/timesheets'])?.status).toBe('submitted');
    expect((await who.customer.get('/api/cart')).json<{ items: { id: string }[] }>().items.map((x) => x.id)).toEqual([
      ids['cart/items'],
    ]);
  });
});
