import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Timesheet } from '../../contracts/erp-work.contract';
import { buildTestApp, TestClient, type TestApp } from '../test/app';
import { signedInEmployee } from '../test/erp';
import { customerInput, registerAndLogin } from '../test/factories';

// Issue 20, point 1: the CSRF check decides on the route the router matched, so another spelling
// of the same path (percent-encoded letters) is refused like the plain one.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A cross-site form post: text/plain, a foreign Origin, no X-Requested-With, the victim's cookies. */
const forged = (who: TestClient, url: string) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: who.cookieHeader, 'content-type': 'text/plain', origin: 'https://evil.example' }, payload: 'x=1' });
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
    const p = (await worker.client.post('/api/erp/projects', { name: 'CSRF spelling', startDate: '2026-11-01', projectManagerId: manager.id })).json();
    const log = async (workDate: string) => (await worker.client.post('/api/erp/timesheets', { workDate, startTime: '09:00', endTime: '10:00', projectId: p.id, description: 'Work' })).json() as Timesheet;
    const [a, b] = [await log('2026-01-05'), await log('2026-01-06')];
    expect((await worker.client.post(`/api/erp/timesheets/${a.id}/submit`)).statusCode).toBe(200);

    for (const url of [`/%61pi/erp/timesheets/${a.id}/approve`, `/%61%70%69/erp/timesheets/${a.id}/approve`, `/api/%65rp/timesheets/${a.id}/approve`]) {
      const res = await forged(manager.client, url);
      expect([url, res.statusCode, codeOf(res)]).toEqual([url, 403, 'CSRF_REJECTED']);
    }
    const submit = await forged(worker.client, `/%61pi/erp/timesheets/${b.id}/submit`);
    expect([submit.statusCode, codeOf(submit)]).toEqual([403, 'CSRF_REJECTED']);

    const mine = (await worker.client.get('/api/erp/timesheets?from=2026-01-05&to=2026-01-06')).json().items as Timesheet[];
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
      const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect([url, codeOf(res)]).not.toEqual([url, 'CSRF_REJECTED']);
    }
  });
});
