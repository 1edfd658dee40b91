import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMessages, type Team } from '../../../contracts/vendor-team.contract';
import { queryRows } from '../../platform/db';
import { buildTestApp, type TestApp } from '../../test/app';
import { signInAs, twoShops } from '../../test/checkout-fixtures';
import { customerInput, registerAndLogin } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { sendDueEmails } from '../notifications';
import { emailOfUser } from './auth.user-list';
import { anonymiseUser } from './auth.user-deletion';
import { setUserStatus } from './auth.user-status';
import { invitationToken, newMember, teamBrowser, VendorClient } from '../../test/vendor-team';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const register = (token: string, block: number) =>
  teamBrowser(t, block).post('/api/team-invites/register', {
    token,
    firstName: 'Kiran',
    lastName: 'Rao',
    password: 'kiran-pass-1',
    confirmPassword: 'kiran-pass-1',
  });
const newEmail = (name: string) =>
  `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.in`;

async function ownerOfShop() {
  const { vendorA, shopA, a } = await twoShops(t);
  const owner = await signInAs(t, vendorA.email);
  return { owner, vendorUserId: vendorA.userId, email: vendorA.email, shopA, product: a };
}

describe('invitations', () => {
  it('emails a single-use link through the outbox that works for 72 hours', async () => {
    const { owner } = await ownerOfShop();
    const email = newEmail('kiran');
    const res = await owner.post('/api/vendor/team/invites', { email, role: 'catalog' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(teamMessages.invited(email));
    const [mail] = await queryRows<{ subject: string; status: string; hours: number }>(
      t.db,
      sql`select e.subject, e.status,
                 round(extract(epoch from (i.expires_at - i.created_at)) / 3600)::int as hours
          from notification_emails e join vendor_invites i on lower(i.email) = lower(e.to_email)
          where e.kind = 'vendor-team-invite' and lower(e.to_email) = ${email}`,
    );
    expect(mail).toMatchObject({ status: 'pending', hours: 72 });
    expect(mail.subject).toContain('invites you to its team on Haat');

    const token = await invitationToken(t, email);
    const browser = teamBrowser(t, 80);
    const lookup = await browser.post('/api/team-invites/lookup', { token });
    expect(lookup.json()).toMatchObject({ email, role: 'catalog', hasAccount: false });
    expect((await register(token, 81)).statusCode).toBe(201);
    // Once: the same link again is refused, for a new account and for lookups alike.
    const again = await register(token, 82);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(teamMessages.linkInvalid);
    expect((await browser.post('/api/team-invites/lookup', { token })).statusCode).toBe(400);
    const team = (await owner.get('/api/vendor/team')).json<Team>();
    expect(team.members.map((m) => [m.email, m.role, m.status, m.name])).toEqual([
      [email, 'catalog', 'active', 'Kiran Rao'],
    ]);
    expect(team.invites).toEqual([]);
  });

  it('is sent by the notifications job to the invited address, the link in it', async () => {
    const { owner } = await ownerOfShop();
    const email = newEmail('outbox');
    await owner.post('/api/vendor/team/invites', { email, role: 'manager' });
    // Read while it waits in the outbox: once sent, the outbox keeps no copy of the token.
    const token = await invitationToken(t, email);
    const sent: { to: string; subject: string; text: string }[] = [];
    await sendDueEmails(
      {
        db: t.db,
        appUrl: 'https://haat.example.in',
        emailOf: emailOfUser,
        mailer: { send: async (message: { to: string; subject: string; text: string }) => void sent.push(message) },
      } as Parameters<typeof sendDueEmails>[0],
      500,
    );
    const mine = sent.find((s) => s.to === email);
    expect(mine?.text).toContain(`https://haat.example.in/team-invite?token=${token}`);
    expect(mine?.text).toContain('as Manager: Everything but the team and the payout details.');
    expect(mine?.text).toContain('It works once and expires after 72 hours.');
  });

  it('refuses a link after 72 hours, and shows the invitation as expired', async () => {
    const { owner } = await ownerOfShop();
    const email = newEmail('late');
    await owner.post('/api/vendor/team/invites', { email, role: 'orders' });
    const token = await invitationToken(t, email);
    // 72 hours and a minute have passed.
    await t.db.execute(
      sql`update vendor_invites set created_at = created_at - interval '72 hours 1 minute',
                 expires_at = expires_at - interval '72 hours 1 minute' where lower(email) = ${email}`,
    );
    const res = await register(token, 83);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(teamMessages.linkInvalid);
    const team = (await owner.get('/api/vendor/team')).json<Team>();
    expect(team.members).toEqual([]);
    expect(team.invites.map((i) => [i.email, i.status])).toEqual([[email, 'expired']]);
  });

  it('lets an existing account sign in and join, only the account the invitation names', async () => {
    const { owner, vendorUserId } = await ownerOfShop();
    const invitee = teamBrowser(t, 84);
    const input = customerInput();
    await registerAndLogin(invitee, input);
    await owner.post('/api/vendor/team/invites', { email: input.email.toUpperCase(), role: 'accounts' });
    const token = await invitationToken(t, input.email);
    expect((await invitee.post('/api/team-invites/lookup', { token })).json().hasAccount).toBe(true);
    // Someone else's account cannot spend it.
    const other = teamBrowser(t, 85);
    await registerAndLogin(other, customerInput());
    const wrong = await other.post('/api/team-invites/accept', { token });
    expect(wrong.statusCode).toBe(403);
    // A new account for an email that has one is refused: sign in instead.
    expect((await register(token, 86)).json().error.message).toBe(teamMessages.emailHasAccount);
    const joined = await invitee.post('/api/team-invites/accept', { token });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().vendorUserId).toBe(vendorUserId);
    const vendors = (await invitee.get('/api/me/vendors')).json().vendors;
    expect(vendors).toEqual([
      expect.objectContaining({
        vendorUserId,
        role: 'accounts',
        permissions: ['shops.view', 'documents', 'earnings', 'payout.view'],
      }),
    ]);
  });

  it('lets one person belong to several vendors and act for each by naming it', async () => {
    const first = await ownerOfShop();
    const second = await ownerOfShop();
    const member = await newMember(t, first.owner, first.vendorUserId, 'catalog', 87);
    await second.owner.post('/api/vendor/team/invites', { email: member.email, role: 'orders' });
    const token = await invitationToken(t, member.email);
    expect((await member.client.browser.post('/api/team-invites/accept', { token })).statusCode).toBe(200);
    const vendors = (await member.client.browser.get('/api/me/vendors')).json().vendors;
    expect(vendors.map((v: { vendorUserId: string; role: string }) => [v.vendorUserId, v.role]).sort()).toEqual(
      [
        [first.vendorUserId, 'catalog'],
        [second.vendorUserId, 'orders'],
      ].sort(),
    );
    const products = await member.client.request('GET', '/api/vendor/products');
    expect(products.json().items.map((p: { id: string }) => p.id)).toEqual([first.product.id]);
    const asSecond = new VendorClient(member.client.browser, second.vendorUserId);
    expect((await asSecond.request('GET', '/api/vendor/products')).statusCode).toBe(403);
    expect((await asSecond.request('GET', '/api/vendor/orders')).statusCode).toBe(200);
    // Without naming a vendor, an account that is no vendor is refused.
    expect((await member.client.browser.get('/api/vendor/products')).statusCode).toBe(403);
  });

  it('refuses inviting the owner itself or a member twice, and keeps the team to the owner', async () => {
    const { owner, vendorUserId, email } = await ownerOfShop();
    expect((await owner.post('/api/vendor/team/invites', { email, role: 'manager' })).json().error.message).toBe(
      teamMessages.ownEmail,
    );
    const manager = await newMember(t, owner, vendorUserId, 'manager', 88);
    const twice = await owner.post('/api/vendor/team/invites', { email: manager.email, role: 'orders' });
    expect(twice.statusCode).toBe(409);
    const byManager = await manager.client.request('POST', '/api/vendor/team/invites', {
      email: newEmail('x'),
      role: 'manager',
    });
    expect(byManager.statusCode).toBe(403);
  });
});

describe('members', () => {
  it('ends a removed member’s access at its next request, and a changed role at once', async () => {
    const { owner, vendorUserId } = await ownerOfShop();
    const member = await newMember(t, owner, vendorUserId, 'orders', 89);
    expect((await member.client.request('GET', '/api/vendor/orders')).statusCode).toBe(200);
    const [row] = (await owner.get('/api/vendor/team')).json<Team>().members;
    expect((await owner.patch(`/api/vendor/team/members/${row.id}`, { role: 'catalog' })).statusCode).toBe(200);
    expect((await member.client.request('GET', '/api/vendor/orders')).statusCode).toBe(403);
    expect((await member.client.request('GET', '/api/vendor/products')).statusCode).toBe(200);
    expect((await owner.delete(`/api/vendor/team/members/${row.id}`)).statusCode).toBe(200);
    const after = await member.client.request('GET', '/api/vendor/products');
    expect(after.statusCode).toBe(403);
    expect(after.json().error.message).toBe(teamMessages.notMember);
    expect((await member.client.browser.get('/api/me/vendors')).json().vendors).toEqual([]);
  });

  it("refuses a member acting for a suspended or deleted vendor, as the vendor's owner is refused", async () => {
    const { owner, vendorUserId } = await ownerOfShop();
    const member = await newMember(t, owner, vendorUserId, 'manager', 95);
    expect((await member.client.request('GET', '/api/vendor/orders')).statusCode).toBe(200);
    const refusedBoth = async () => {
      // The owner's sessions ended with the suspension; the member's own session stays, but not for this vendor.
      expect((await owner.get('/api/vendor/orders')).statusCode).toBe(401);
      for (const url of ['/api/vendor/orders', '/api/vendor/products', '/api/vendor/earnings']) {
        const res = await member.client.request('GET', url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().error.message).toBe(teamMessages.notMember);
      }
      expect((await member.client.browser.get('/api/me/vendors')).json().vendors).toEqual([]);
    };

    await t.db.transaction((tx) => setUserStatus(tx, { userId: vendorUserId, status: 'suspended' }));
    await refusedBoth();
    // Reactivated, the team acts for it again (the owner signs in anew).
    await t.db.transaction((tx) => setUserStatus(tx, { userId: vendorUserId, status: 'active' }));
    expect((await member.client.request('GET', '/api/vendor/orders')).statusCode).toBe(200);
    expect((await member.client.browser.get('/api/me/vendors')).json().vendors).toHaveLength(1);

    // Deleted (anonymised: its shops have history), for good.
    await t.db.transaction((tx) => anonymiseUser(tx, vendorUserId));
    await refusedBoth();
  });

  it("cannot change or remove another vendor's member", async () => {
    const first = await ownerOfShop();
    const second = await ownerOfShop();
    await newMember(t, first.owner, first.vendorUserId, 'orders', 90);
    const [row] = (await first.owner.get('/api/vendor/team')).json<Team>().members;
    expect((await second.owner.patch(`/api/vendor/team/members/${row.id}`, { role: 'manager' })).statusCode).toBe(404);
    expect((await second.owner.delete(`/api/vendor/team/members/${row.id}`)).statusCode).toBe(404);
    expect((await first.owner.get('/api/vendor/team')).json<Team>().members[0].role).toBe('orders');
  });
});

describe('payout details', () => {
  const bank = {
    method: 'bank',
    accountHolderName: 'Ravi Kumar',
    bankAccountNumber: '001234567890',
    ifsc: 'HDFC0001234',
    currentPassword: 'secret123',
  };

  it('are changed by the owner alone, with its password, and the owner is emailed', async () => {
    const { owner, vendorUserId } = await ownerOfShop();
    const manager = await newMember(t, owner, vendorUserId, 'manager', 91);
    const accounts = await newMember(t, owner, vendorUserId, 'accounts', 92);
    for (const m of [manager, accounts]) {
      // Even with the owner's password, a member is refused.
      const res = await m.client.request('PUT', '/api/vendor/payout-details', bank);
      expect(res.statusCode).toBe(403);
    }
    expect((await manager.client.request('GET', '/api/vendor/payout-details')).statusCode).toBe(403);
    const wrong = await owner.put('/api/vendor/payout-details', { ...bank, currentPassword: 'not-mine' });
    expect(wrong.statusCode).toBe(400);
    const saved = await owner.put('/api/vendor/payout-details', bank);
    expect(saved.statusCode, saved.body).toBe(200);
    const mails = await queryRows<{ subject: string; data: Record<string, string> }>(
      t.db,
      sql`select subject, data from notification_emails
          where kind = 'vendor-payout-details-changed' and user_id = ${vendorUserId}`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your Haat payout details were changed');
    expect(mails[0].data.changed).toBe('payout method, account holder name, bank account number, IFSC');
    // Accounts reads them, masked.
    const read = await accounts.client.request('GET', '/api/vendor/payout-details');
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain('001234567890');
  });
});

describe('pictures', () => {
  it("are uploaded by a Catalog member as the vendor's own, and refused to an Orders member", async () => {
    const { owner, vendorUserId, product } = await ownerOfShop();
    const catalog = await newMember(t, owner, vendorUserId, 'catalog', 93);
    const orders = await newMember(t, owner, vendorUserId, 'orders', 94);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a050c0' } })
      .png()
      .toBuffer();
    const send = (m: typeof catalog) => {
      const { body, headers } = multipart([
        { name: 'imageType', value: 'product' },
        { name: 'entityId', value: product.id },
        { name: 'file', filename: 'kurta.png', type: 'image/png', data: png },
      ]);
      return m.client.browser.post('/api/media', body, { ...headers, 'x-haat-vendor': vendorUserId });
    };
    const res = await send(catalog);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await queryRows<{ owner: string }>(
      t.db,
      sql`select owner_user_id as owner from images where filename = ${res.json().url.replace('/uploads/', '')}`,
    );
    expect(row.owner).toBe(vendorUserId);
    expect((await send(orders)).statusCode).toBe(403);
  });
});
