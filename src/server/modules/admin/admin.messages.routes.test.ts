import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditPage, AdminMessagePage } from '../../../contracts/admin-lists.contract';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { signInSuperAdmin } from '../../test/admin';

// Contact messages newest first with read and unread; the audit log with filters and paging.

let t: TestApp;
let admin: TestClient;
const visitor = () => new TestClient(t.app, '10.5.0.1');

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signInSuperAdmin(t)).client;
});
afterAll(() => t.close());

const send = async (subject: string) => {
  const res = await visitor().post('/api/contact', {
    name: 'Ravi Kumar',
    email: 'ravi@example.in',
    type: 'support',
    subject,
    message: 'My order has not arrived.',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};

describe('the Messages tab', () => {
  it('lists contact messages newest first, counts the unread, and marks them read or unread', async () => {
    const first = await send('Order late');
    const second = await send('Refund question');
    let page = (await admin.get('/api/admin/messages')).json() as AdminMessagePage;
    expect(page.items.map((m) => m.id).slice(0, 2)).toEqual([second, first]);
    expect(page.unread).toBe(2);
    expect(page.items[0]).toMatchObject({
      name: 'Ravi Kumar',
      email: 'ravi@example.in',
      type: 'support',
      subject: 'Refund question',
      message: 'My order has not arrived.',
      isRead: false,
    });

    expect((await admin.patch(`/api/admin/messages/${first}`, { isRead: true })).statusCode).toBe(204);
    page = (await admin.get('/api/admin/messages?read=unread')).json();
    expect(page.items.map((m) => m.id)).toEqual([second]);
    expect(page.unread).toBe(1);
    expect((await admin.get('/api/admin/messages?q=refund')).json().items.map((m: { id: string }) => m.id)).toEqual([
      second,
    ]);
    expect((await admin.patch(`/api/admin/messages/${crypto.randomUUID()}`, { isRead: true })).statusCode).toBe(404);

    const csv = await admin.get('/api/admin/messages/export');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Refund question');
  });

  it('is closed to everyone without the admin session', async () => {
    expect((await visitor().get('/api/admin/messages')).statusCode).toBe(401);
    expect((await visitor().patch(`/api/admin/messages/${crypto.randomUUID()}`, { isRead: true })).statusCode).toBe(
      401,
    );
    expect((await visitor().get('/api/admin/audit')).statusCode).toBe(401);
  });
});

describe('the Audit log tab', () => {
  it('lists entries newest first with the actor, address and what changed, filtered by action, resource and dates', async () => {
    // The admin's last action: reading a message.
    expect(
      (await admin.patch(`/api/admin/messages/${await send('Address change')}`, { isRead: true })).statusCode,
    ).toBe(204);
    const all = (await admin.get('/api/admin/audit')).json() as AdminAuditPage;
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.items[0]).toMatchObject({
      action: 'message_read',
      resourceType: 'contact_message',
      actor: 'root@haat.test',
      origin: 'admin_panel',
    });
    expect(all.items[0].ipAddress).toBe('10.200.0.1');
    expect(all.actions).toEqual(expect.arrayContaining(['admin_login', 'admin_2fa_setup', 'message_read']));
    expect(all.resources).toEqual(expect.arrayContaining(['admin_account', 'contact_message']));

    const logins = (await admin.get('/api/admin/audit?action=admin_login')).json() as AdminAuditPage;
    expect(logins.items.every((e) => e.action === 'admin_login')).toBe(true);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    expect((await admin.get(`/api/admin/audit?from=${today}&to=${today}`)).json().total).toBe(all.total);
    expect((await admin.get('/api/admin/audit?to=2020-01-01')).json().total).toBe(0);
    expect((await admin.get('/api/admin/audit?from=not-a-date')).statusCode).toBe(400);
    const paged = (await admin.get('/api/admin/audit?pageSize=1&page=2')).json() as AdminAuditPage;
    expect(paged.items).toHaveLength(1);
    expect(paged.items[0].id).toBe(all.items[1].id);
  });
});
