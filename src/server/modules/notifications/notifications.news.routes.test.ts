import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { newsMessages, type NewsAudience, type NotificationPage } from '../../../contracts/notifications.contract';
import type { MailMessage, Mailer } from '../../platform/mail';
import { queryRows } from '../../platform/db';
import { freshCode, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { customerInput, merchantInput, registerAndLogin, vendorInput } from '../../test/factories';
import { giveAvailablePoints } from '../../test/order-factories';
import { savePromotion, uniqueCouponCode } from '../../test/promotion-fixtures';
import { systemLogs } from '../audit/audit.tables';
import { emailOfUser } from '../auth';
import { users } from '../auth/auth.tables';
import { notificationPreferences } from './notifications.tables';
import { sendDueEmails } from './notifications.sender';
import { notifyMany } from './notifications.service';

// The news group's sender: the super admin's announcements (POST /api/admin/announcements), with a
// fresh code and audited, reach the inbox of every active account of the audience, and the email
// of those who left news on. Every test makes its own accounts and its own title, and looks only
// at those: the file's database holds whatever the other tests made.

let t: TestApp;
let n = 0;
const browser = () => new TestClient(t.app, `10.61.${Math.floor(n / 250)}.${(n++ % 250) + 1}`);
const phone = () => `95${String(n++).padStart(8, '0')}`;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let adminSession: ReturnType<typeof signInSuperAdmin> | undefined;
/** The super admin, signed in once per file, by whichever test needs it first. */
const superAdmin = () => (adminSession ??= signInSuperAdmin(t, '10.61.200.1'));
/** A title no other test uses, so a test finds its own news. */
const titled = (what: string) => `${what} ${crypto.randomUUID().slice(0, 8)}`;

async function send(body: { audience: NewsAudience; title: string; message: string; couponCode?: string }) {
  const { client, secret } = await superAdmin();
  return client.post('/api/admin/announcements', { ...body, code: await freshCode(t, secret) });
}

type Account = { id: string; client: TestClient; email: string };
async function account(kind: 'customer' | 'vendor' | 'merchant', news = true): Promise<Account> {
  const client = browser();
  const input =
    kind === 'customer'
      ? customerInput({ phoneNumber: phone() })
      : kind === 'vendor'
        ? vendorInput({ phone: phone() })
        : merchantInput({ mobileNumber: phone() });
  const { id } = await registerAndLogin(client, input);
  if (!news) {
    const res = await client.put('/api/notifications/preferences', { orders: true, wallet: true, news: false });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { id, client, email: input.email };
}

/** This account's news with this title: its inbox rows and its outbox emails. */
async function newsOf(userId: string, title: string) {
  const inbox = await queryRows<{ title: string; body: string; link: string; read_at: string | null }>(
    t.db,
    sql`select title, body, link, read_at from notifications where user_id = ${userId} and kind = 'news' and title = ${title}`,
  );
  const emails = await queryRows<{ subject: string; status: string; notification_id: string | null }>(
    t.db,
    sql`select subject, status, notification_id from notification_emails where user_id = ${userId} and kind = 'news' and subject = ${title}`,
  );
  return { inbox, emails };
}
const auditOf = async (title: string) =>
  (await t.db
    .select()
    .from(systemLogs)
    .where(and(eq(systemLogs.action, 'news_sent'), sql`${systemLogs.newData} ->> 'title' = ${title}`))) as {
    newData: unknown;
    actorType: string;
    resourceType: string;
  }[];

function capturingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { kind: 'outbox', sent, send: async (m) => void sent.push(m) };
}

describe('sending news', () => {
  it('refuses without a code (401) and with a wrong one (403), and writes nothing', async () => {
    const c = await account('customer');
    const title = titled('Diwali sale');
    const { client } = await superAdmin();
    const none = await client.post('/api/admin/announcements', {
      audience: 'customers',
      title,
      message: 'Up to 40% off.',
    });
    expect(none.statusCode).toBe(401);
    const wrong = await client.post('/api/admin/announcements', {
      audience: 'customers',
      title,
      message: 'Up to 40% off.',
      code: '000000',
    });
    expect(wrong.statusCode).toBe(403);
    expect(await newsOf(c.id, title)).toEqual({ inbox: [], emails: [] });
    expect(await auditOf(title)).toEqual([]);
    const guest = await browser().post('/api/admin/announcements', {
      audience: 'customers',
      title,
      message: 'Up to 40% off.',
      code: '123456',
    });
    expect(guest.statusCode).toBe(401);
  });

  it('answers 400 with a message under each field it refuses', async () => {
    const { client, secret } = await superAdmin();
    const bad = await client.post('/api/admin/announcements', {
      audience: 'staff',
      title: '  ',
      message: 'x'.repeat(2001),
      code: await freshCode(t, secret),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      audience: 'Choose who receives it',
      title: 'Enter a title',
      message: 'Must be at most 2000 characters',
    });
    const long = await client.post('/api/admin/announcements', {
      audience: 'everyone',
      title: `${'t'.repeat(121)}`,
      message: '',
      code: await freshCode(t, secret),
    });
    expect(long.json().error.fields).toEqual({ title: 'Must be at most 120 characters', message: 'Enter a message' });
    const twoLines = await client.post('/api/admin/announcements', {
      audience: 'everyone',
      title: 'One\nTwo',
      message: 'Hi',
      code: await freshCode(t, secret),
    });
    expect(twoLines.json().error.fields).toEqual({ title: 'Keep the title on one line' });
  });

  it("reaches each active customer's inbox, emails those with news on, leaves out vendors, and is audited", async () => {
    const on = await account('customer');
    const off = await account('customer', false);
    const vendor = await account('vendor');
    const title = titled('Diwali sale');
    const message = 'Up to 40% off on handloom this week.\n\nFree shipping over ₹999.';

    const res = await send({ audience: 'customers', title, message });
    expect(res.statusCode, res.body).toBe(200);
    const { recipients } = res.json() as { recipients: number };
    expect(recipients).toBeGreaterThanOrEqual(2);
    expect(res.json()).toEqual({ message: newsMessages.sent(recipients), recipients });
    expect(res.json().message).toMatch(/^News sent to [\d,]+ accounts$/);

    // The whole message shows in the inbox (its link, the inbox, has nothing more).
    const mine = (await on.client.get('/api/notifications')).json();
    expect(mine.items[0]).toMatchObject({ kind: 'news', title, body: message, link: '/notifications', readAt: null });
    expect(mine.unread).toBe(1);
    expect(await newsOf(on.id, title)).toMatchObject({ emails: [{ subject: title, status: 'pending' }] });
    expect((await newsOf(on.id, title)).emails[0].notification_id).not.toBeNull();

    // News off: the inbox item, no email.
    const theirs = await newsOf(off.id, title);
    expect(theirs.inbox).toHaveLength(1);
    expect(theirs.emails).toEqual([]);

    expect(await newsOf(vendor.id, title)).toEqual({ inbox: [], emails: [] });

    const [audit] = await auditOf(title);
    expect(audit).toMatchObject({
      actorType: 'admin',
      resourceType: 'news',
      newData: { audience: 'customers', title, recipients },
    });
  });

  it('reaches nobody suspended or deleted', async () => {
    const { client, secret } = await superAdmin();
    const suspended = await account('customer');
    const suspend = await client.post(`/api/admin/users/${suspended.id}/suspend`, { code: await freshCode(t, secret) });
    expect(suspend.statusCode, suspend.body).toBe(200);
    // Points are history: the account is anonymised (status deleted), not removed.
    const deleted = await account('customer');
    await giveAvailablePoints(t.db, deleted.id, 10);
    const del = await client.post(`/api/admin/users/${deleted.id}/delete`, { code: await freshCode(t, secret) });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().outcome).toBe('anonymised');
    const active = await account('customer');

    const title = titled('New categories');
    const res = await send({ audience: 'everyone', title, message: 'Pottery and brassware are in.' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await newsOf(active.id, title)).inbox).toHaveLength(1);
    expect(await newsOf(suspended.id, title)).toEqual({ inbox: [], emails: [] });
    expect(await newsOf(deleted.id, title)).toEqual({ inbox: [], emails: [] });
  });

  it('goes to vendors alone, merchants alone, or everyone', async () => {
    const customer = await account('customer');
    const vendor = await account('vendor');
    const merchant = await account('merchant');
    const reached = async (audience: NewsAudience) => {
      const title = titled(`For ${audience}`);
      const res = await send({ audience, title, message: 'Hello.' });
      expect(res.statusCode, res.body).toBe(200);
      const who = [];
      for (const [name, a] of [
        ['customer', customer],
        ['vendor', vendor],
        ['merchant', merchant],
      ] as const)
        if ((await newsOf(a.id, title)).inbox.length === 1) who.push(name);
      return who;
    };
    expect(await reached('vendors')).toEqual(['vendor']);
    expect(await reached('merchants')).toEqual(['merchant']);
    expect(await reached('everyone')).toEqual(['customer', 'vendor', 'merchant']);
  });

  it('is emailed by the sender job with the title as the subject, what was typed escaped in the HTML part', async () => {
    const c = await account('customer');
    const title = titled('Tea & <b>spices</b>');
    const message = 'New from Kerala: <script>alert(1)</script> & more.';
    expect((await send({ audience: 'customers', title, message })).statusCode).toBe(200);

    const mailer = capturingMailer();
    const deps = { db: t.db, mailer, appUrl: 'https://haat.example.in', emailOf: emailOfUser };
    for (;;) {
      const done = await sendDueEmails(deps, 50);
      if (done.sent + done.retried + done.failed + done.skipped === 0) break;
    }
    const mine = mailer.sent.filter((m) => m.to === c.email.toLowerCase() || m.to === c.email);
    expect(mine.map((m) => m.subject)).toEqual([title]);
    expect(mine[0].text).toContain(message);
    expect(mine[0].text).toContain('Open it in Haat: https://haat.example.in/notifications');
    expect(mine[0].html).toContain('New from Kerala: &lt;script&gt;alert(1)&lt;/script&gt; &amp; more.');
    expect(mine[0].html).not.toContain('<script>');
    expect(mine[0].html).toContain('Tea &amp; &lt;b&gt;spices&lt;/b&gt;');
    expect(await newsOf(c.id, title)).toMatchObject({ emails: [{ status: 'sent' }] });
  });
});

describe('news with a coupon code', () => {
  /** The inbox of this account as the app reads it: the news with this title. */
  const inboxItem = async (a: Account, title: string) =>
    ((await a.client.get('/api/notifications')).json() as NotificationPage).items.find((i) => i.title === title);

  const offers = 'offers the coupon of a promotion not ended: the inbox has its code, the link and email open the cart';
  it(offers, async () => {
    const c = await account('customer');
    const code = uniqueCouponCode('NEWS');
    await savePromotion(t, { couponCode: code, name: 'News offer' });
    const title = titled('Weekend offer');

    // Typed in small letters with spaces: kept as the code is (normalised).
    const res = await send({
      audience: 'customers',
      title,
      message: 'Save ₹100 this weekend.',
      couponCode: ` ${code.toLowerCase()} `,
    });
    expect(res.statusCode, res.body).toBe(200);

    expect(await inboxItem(c, title)).toMatchObject({
      kind: 'news-coupon',
      couponCode: code,
      link: `/cart?coupon=${code}`,
      body: `Save ₹100 this weekend.\n\nUse the coupon code ${code} at checkout: the link below applies it.`,
    });
    const [audit] = await auditOf(title);
    expect(audit.newData).toMatchObject({ audience: 'customers', title, couponCode: code });

    const mailer = capturingMailer();
    const deps = { db: t.db, mailer, appUrl: 'https://haat.example.in', emailOf: emailOfUser };
    for (;;) {
      const done = await sendDueEmails(deps, 50);
      if (done.sent + done.retried + done.failed + done.skipped === 0) break;
    }
    const [mail] = mailer.sent.filter((m) => m.subject === title && m.to === c.email.toLowerCase());
    expect(mail.text).toContain(`Open it in Haat: https://haat.example.in/cart?coupon=${code}`);

    // News without a code has none.
    const plain = titled('No code');
    expect((await send({ audience: 'customers', title: plain, message: 'Hello.' })).statusCode).toBe(200);
    expect(await inboxItem(c, plain)).toMatchObject({ kind: 'news', couponCode: null, link: '/notifications' });
  });

  const refuses =
    'refuses a code no promotion has, one whose promotion ended, one that cannot be a code: 400 on the field';
  it(refuses, async () => {
    const c = await account('customer');
    const unknown = uniqueCouponCode('NOPE');
    const title = titled('Refused offer');
    const refused = await send({ audience: 'customers', title, message: 'Hello.', couponCode: unknown });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ couponCode: newsMessages.couponNotOffered(unknown) });

    const ended = uniqueCouponCode('OVER');
    const promotion = await savePromotion(t, { couponCode: ended });
    const end = await (await superAdmin()).client.post(`/api/admin/promotions/${promotion.id}/end`);
    expect(end.statusCode, end.body).toBe(200);
    const afterEnd = await send({ audience: 'customers', title, message: 'Hello.', couponCode: ended });
    expect(afterEnd.statusCode).toBe(400);
    expect(afterEnd.json().error.fields).toEqual({ couponCode: newsMessages.couponNotOffered(ended) });

    const malformed = await send({ audience: 'customers', title, message: 'Hello.', couponCode: 'AB-1' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ couponCode: 'A coupon code has 6 to 20 characters' });

    // Nothing was sent nor audited.
    expect(await inboxItem(c, title)).toBeUndefined();
    expect(await auditOf(title)).toEqual([]);
  });
});

describe('notifyMany', () => {
  it('writes past a chunk of 1000 recipients, each once, and emails only those whose preferences do not turn the group off', async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const made = await t.db
      .insert(users)
      .values(
        Array.from({ length: 1203 }, (_, i) => ({
          email: `bulk-${tag}-${i}@example.in`,
          passwordHash: 'x',
          referralCode: `B${tag}${i}`.toUpperCase(),
        })),
      )
      .returning({ id: users.id });
    const ids = made.map((u) => u.id);
    // The 1001st has news off, another only orders off (news still on).
    await t.db.insert(notificationPreferences).values([
      { userId: ids[1000], orders: true, wallet: true, news: false },
      { userId: ids[5], orders: false, wallet: true, news: true },
    ]);
    const title = titled('Bulk');
    onTestFinished(async () => {
      // Gone again (with their inbox and outbox rows), so no other test's news or sender pass meets them.
      await t.db.delete(users).where(inArray(users.id, ids));
    });
    const done = await t.db.transaction((tx) =>
      notifyMany(tx, 'news', [...ids, ids[0]], { title, message: 'To many.' }),
    );
    expect(done).toEqual({ inbox: 1203, emails: 1202 });
    const [counts] = await queryRows<{ inbox: number; emails: number }>(
      t.db,
      sql`select (select count(*) from notifications where kind = 'news' and title = ${title})::int as inbox, (select count(*) from notification_emails where kind = 'news' and subject = ${title})::int as emails`,
    );
    expect(counts).toEqual({ inbox: 1203, emails: 1202 });
    expect((await newsOf(ids[1000], title)).emails).toEqual([]);
    expect((await newsOf(ids[5], title)).emails).toHaveLength(1);
    expect(await t.db.transaction((tx) => notifyMany(tx, 'news', [], { title, message: 'To nobody.' }))).toEqual({
      inbox: 0,
      emails: 0,
    });
  });
});
