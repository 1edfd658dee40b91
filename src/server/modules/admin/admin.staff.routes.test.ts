import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMessages } from '../../../contracts/staff.contract';
import { builtInRolePermissions } from '../../../domain/staff-permissions';
import type { MailMessage } from '../../platform/mail';
import { totpCode } from '../../platform/totp';
import { freshCode, signInStaff, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { adminInvites } from '../auth/auth.tables';
import { notificationEmails } from '../notifications/notifications.tables';
import { emailOfUser } from '../auth';
import { sendDueEmails } from '../notifications';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let ips = 0;
const browser = () => new TestClient(t.app, `10.53.0.${++ips}`);

/** Sends what the outbox holds and answers the invitation mailed to `email`. */
async function mailedInvite(email: string): Promise<{ token: string; mail: MailMessage }> {
  const sent: MailMessage[] = [];
  const mailer = { kind: 'outbox' as const, send: async (m: MailMessage) => void sent.push(m) };
  for (;;) {
    const c = await sendDueEmails({ db: t.db, mailer, appUrl: 'https://haat.example.in', emailOf: emailOfUser });
    if (c.sent + c.retried + c.failed + c.skipped === 0) break;
  }
  const mail = sent.find((m) => m.to === email);
  if (!mail) throw new Error(`no invitation mailed to ${email}`);
  const token = /\/admin\/invite\?token=([0-9a-f]{64})/.exec(mail.text)?.[1];
  if (!token) throw new Error('no link in the invitation');
  return { token, mail };
}

/** An owner, signed in, with the ids of the built-in roles. */
async function owner() {
  const o = await signInStaff(t, ['owner']);
  const staff = (await o.client.get('/api/admin/staff')).json();
  const role = (key: string) => staff.roles.find((r: { builtIn: string }) => r.builtIn === key).id as string;
  return { ...o, role };
}

describe('inviting staff', () => {
  it('an owner invites by email; the person sets a password, enrols an authenticator and gets only their role', async () => {
    const o = await owner();
    const email = `finance-${crypto.randomUUID()}@haat.test`;
    const invited = await o.client.post('/api/admin/staff/invites', {
      email,
      roleIds: [o.role('finance')],
      code: await freshCode(t, o.secret),
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().message).toBe(staffMessages.invited);
    const listed = (await o.client.get('/api/admin/staff')).json();
    expect(listed.invites.find((i: { email: string }) => i.email === email).roles).toEqual(['Finance']);

    const { token, mail } = await mailedInvite(email);
    expect(mail.subject).toBe('You are invited to the Haat admin team');
    expect(mail.text).toContain('as Finance');
    // Once sent, the outbox keeps no copy of the link's token.
    const [kept] = await t.db
      .select({ data: notificationEmails.data, status: notificationEmails.status })
      .from(notificationEmails)
      .where(eq(notificationEmails.toEmail, email));
    expect(kept.status).toBe('sent');
    expect(kept.data).not.toHaveProperty('token');
    expect(kept.data).toMatchObject({ roles: 'Finance' });

    const person = browser();
    expect((await person.get(`/api/admin/invites/${token}`)).json()).toEqual({ email, roles: ['Finance'] });
    const accepted = await person.post(`/api/admin/invites/${token}/accept`, {
      name: 'Farida Finance',
      password: 'finance-password-1',
      confirmPassword: 'finance-password-1',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ next: 'setup2fa' });
    // No session before the authenticator: two-factor is mandatory.
    expect((await person.get('/api/admin/session')).statusCode).toBe(401);
    const setup = await person.post('/api/admin/2fa/setup');
    expect(setup.json().backupCodes).toHaveLength(8);
    const verified = await person.post('/api/admin/2fa/verify', { code: totpCode(setup.json().secret) });
    expect(verified.statusCode).toBe(200);
    expect((await person.get('/api/admin/session')).json()).toEqual({
      email,
      name: 'Farida Finance',
      permissions: [...builtInRolePermissions.finance],
    });
    expect((await person.get('/api/admin/payouts')).statusCode).toBe(200);
    expect((await person.get('/api/admin/orders')).statusCode).toBe(403);

    // Later sign-ins are at /admin/login with the password and the code, as for every staff member.
    const later = browser();
    expect((await later.post('/api/admin/login', { email, password: 'finance-password-1' })).json()).toEqual({
      next: '2fa',
    });
  });

  it('a link works once', async () => {
    const o = await owner();
    const email = `once-${crypto.randomUUID()}@haat.test`;
    await o.client.post('/api/admin/staff/invites', {
      email,
      roleIds: [o.role('support')],
      code: await freshCode(t, o.secret),
    });
    const { token } = await mailedInvite(email);
    const body = { name: 'Sam Support', password: 'support-password-1', confirmPassword: 'support-password-1' };
    expect((await browser().post(`/api/admin/invites/${token}/accept`, body)).statusCode).toBe(200);
    const again = await browser().post(`/api/admin/invites/${token}/accept`, body);
    expect(again.statusCode).toBe(410);
    expect(again.json().error.message).toBe(staffMessages.inviteUsed);
    expect((await browser().get(`/api/admin/invites/${token}`)).statusCode).toBe(410);
  });

  it('a link expires after 72 hours; an unknown one is refused', async () => {
    const o = await owner();
    const email = `late-${crypto.randomUUID()}@haat.test`;
    await o.client.post('/api/admin/staff/invites', {
      email,
      roleIds: [o.role('people')],
      code: await freshCode(t, o.secret),
    });
    const [row] = await t.db.select().from(adminInvites).where(eq(adminInvites.email, email));
    const hours = (row.expiresAt.getTime() - row.createdAt.getTime()) / 3_600_000;
    expect(Math.round(hours)).toBe(72);
    const { token } = await mailedInvite(email);
    await t.db
      .update(adminInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminInvites.id, row.id));
    const late = await browser().post(`/api/admin/invites/${token}/accept`, {
      name: 'Late',
      password: 'people-password-1',
      confirmPassword: 'people-password-1',
    });
    expect(late.statusCode).toBe(410);
    expect(late.json().error.message).toBe(staffMessages.inviteExpired);
    expect((await browser().get(`/api/admin/invites/${'ab'.repeat(32)}`)).statusCode).toBe(404);
  });

  it('needs a fresh code, and refuses an email that is already staff', async () => {
    const o = await owner();
    const noCode = await o.client.post('/api/admin/staff/invites', {
      email: 'x@haat.test',
      roleIds: [o.role('catalog')],
    });
    expect(noCode.statusCode).toBe(401);
    const taken = await o.client.post('/api/admin/staff/invites', {
      email: o.email,
      roleIds: [o.role('catalog')],
      code: await freshCode(t, o.secret),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(staffMessages.alreadyStaff);
  });
});

describe('suspending and roles', () => {
  it('suspending a staff member ends their session at once, and they cannot sign in', async () => {
    const o = await owner();
    const support = await signInStaff(t, ['support']);
    expect((await support.client.get('/api/admin/orders')).statusCode).toBe(200);
    const res = await o.client.post(`/api/admin/staff/${support.id}/status`, {
      status: 'suspended',
      code: await freshCode(t, o.secret),
    });
    expect(res.statusCode).toBe(200);
    expect((await support.client.get('/api/admin/orders')).statusCode).toBe(401);
    const again = await browser().post('/api/admin/login', {
      email: support.email,
      password: 'staff-password-for-tests',
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe(staffMessages.suspended);
    // The owner sees what was done, by whom.
    const audit = (await o.client.get(`/api/admin/audit?actor=${o.id}`)).json();
    expect(audit.items.map((e: { action: string }) => e.action)).toContain('staff_suspended');
    expect(audit.items.every((e: { actor: string }) => e.actor === o.email)).toBe(true);
  });

  it('a role change takes effect on the next request', async () => {
    const o = await owner();
    const person = await signInStaff(t, ['support']);
    expect((await person.client.get('/api/admin/payouts')).statusCode).toBe(403);
    await o.client.put(`/api/admin/staff/${person.id}/roles`, {
      roleIds: [o.role('finance')],
      code: await freshCode(t, o.secret),
    });
    expect((await person.client.get('/api/admin/payouts')).statusCode).toBe(200);
    expect((await person.client.get('/api/admin/orders')).statusCode).toBe(403);
  });

  it('a custom role is built from the permission list', async () => {
    const o = await owner();
    const name = `Refunds desk ${crypto.randomUUID().slice(0, 6)}`;
    const created = await o.client.post('/api/admin/staff/roles', {
      name,
      permissions: ['returns', 'withdrawals'],
      code: await freshCode(t, o.secret),
    });
    expect(created.statusCode).toBe(201);
    const roles = (await o.client.get('/api/admin/staff')).json().roles;
    const role = roles.find((r: { name: string }) => r.name === name);
    expect(role.permissions).toEqual(['returns', 'withdrawals']);
    const person = await signInStaff(t, []);
    await o.client.put(`/api/admin/staff/${person.id}/roles`, {
      roleIds: [role.id, o.role('catalog')],
      code: await freshCode(t, o.secret),
    });
    expect((await person.client.get('/api/admin/session')).json().permissions).toEqual([
      'overview',
      'returns',
      'products',
      'hsn_codes',
      'product_review',
      'promotions',
      'withdrawals',
    ]);
  });
});

describe('the last owner', () => {
  it('cannot be demoted, suspended or lose the role while they are the only active owner', async () => {
    // Alone among owners: every other owner of this app suspended first.
    const o = await owner();
    const others = (await o.client.get('/api/admin/staff'))
      .json()
      .members.filter(
        (m: { id: string; status: string; roles: { name: string }[] }) =>
          m.id !== o.id && m.status === 'active' && m.roles.some((r) => r.name === 'Owner'),
      );
    for (const other of others)
      expect(
        (
          await o.client.post(`/api/admin/staff/${other.id}/status`, {
            status: 'suspended',
            code: await freshCode(t, o.secret),
          })
        ).statusCode,
      ).toBe(200);

    const demote = await o.client.put(`/api/admin/staff/${o.id}/roles`, {
      roleIds: [o.role('finance')],
      code: await freshCode(t, o.secret),
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toBe(staffMessages.lastOwner);
    const self = await o.client.post(`/api/admin/staff/${o.id}/status`, {
      status: 'suspended',
      code: await freshCode(t, o.secret),
    });
    expect(self.statusCode).toBe(409);
    expect((await o.client.get('/api/admin/session')).json().permissions).toContain('staff');

    // With a second owner, the first may step down.
    const second = await signInStaff(t, ['owner']);
    const stepDown = await o.client.put(`/api/admin/staff/${o.id}/roles`, {
      roleIds: [o.role('finance')],
      code: await freshCode(t, o.secret),
    });
    expect(stepDown.statusCode).toBe(200);
    expect((await second.client.get('/api/admin/session')).json().permissions).toContain('staff');
  });

  it('the existing super admin is an owner', async () => {
    const { client } = await signInSuperAdmin(t, '10.53.9.1');
    expect((await client.get('/api/admin/session')).json().permissions).toContain('staff');
  });
});
