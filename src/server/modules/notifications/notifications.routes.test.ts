import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, outboxDir, type MailMessage, type Mailer } from '../../platform/mail';
import { queryRows } from '../../platform/db';
import { freshCode, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { newShopper, orderPartsOf, placeOrder, signInAs, twoShops, type Shopper } from '../../test/checkout-fixtures';
import { emailOfUser } from '../auth';
import { MAX_ATTEMPTS, sendDueEmails, startNotificationsJob, type SenderDeps } from './notifications.sender';

// Notifications are written with the change that causes
// them, shown in each user's inbox, sent once from the outbox, retried with backoff, given up on
// visibly (the super admin's list and Retry), and email follows each user's preferences.

let t: TestApp;
let shops: Awaited<ReturnType<typeof twoShops>>;
beforeAll(async () => {
  t = await buildTestApp();
  shops = await twoShops(t, { stockA: 1000, stockB: 1000 });
});
afterAll(() => t.close());

/** A mailer that keeps what it sends; `failFor` makes sending to those addresses throw. */
function capturingMailer(failFor: Set<string> = new Set()): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: 'outbox',
    sent,
    send: async (m) => {
      if (failFor.has(m.to)) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
      sent.push(m);
    },
  };
}
const deps = (mailer: Mailer, over: Partial<SenderDeps> = {}): SenderDeps => ({
  db: t.db,
  mailer,
  appUrl: 'https://haat.example.in',
  emailOf: emailOfUser,
  ...over,
});
let adminSession: ReturnType<typeof signInSuperAdmin> | undefined;
/** The super admin, signed in once per file (from 10.200.9.9), by whichever test needs it first. */
const superAdmin = () => (adminSession ??= signInSuperAdmin(t, '10.200.9.9'));
/** Passes of the sender (`limit` emails each) until nothing is due: whatever other tests left pending, this test's emails are reached. */
async function drain(d: SenderDeps, limit = 20): Promise<void> {
  for (;;) {
    const c = await sendDueEmails(d, limit);
    if (c.sent + c.retried + c.failed + c.skipped === 0) return;
  }
}

/** An SMTP server on this machine that accepts every message (no TLS, no sign-in), counting them. */
async function fakeSmtpServer(): Promise<{ url: string; accepted: () => number; close: () => Promise<void> }> {
  let accepted = 0;
  const server = createServer((socket) => {
    socket.write('220 fake.haat.test ESMTP\r\n');
    let inData = false;
    let buffered = '';
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            accepted += 1;
            socket.write('250 2.0.0 queued\r\n');
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'DATA') {
          inData = true;
          socket.write('354 end with .\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write(verb === 'EHLO' || verb === 'HELO' ? '250 fake.haat.test\r\n' : '250 OK\r\n');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted: () => accepted,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function inbox(s: { client: Shopper['client'] }) {
  const res = await s.client.get('/api/notifications');
  expect(res.statusCode).toBe(200);
  return res.json() as {
    items: { id: string; kind: string; title: string; body: string; link: string; readAt: string | null }[];
    total: number;
    unread: number;
  };
}
const emailsTo = (userId: string) =>
  queryRows<{ id: string; kind: string; status: string; attempts: number; subject: string }>(
    t.db,
    sql`select id, kind, status, attempts, subject from notification_emails where user_id = ${userId} order by created_at, id`,
  );

describe('an order tells its customer and its vendors', () => {
  it('writes the inbox and the outbox with the order; the job sends each email once, with both parts and a link', async () => {
    const s = await newShopper(t);
    const orderId = await placeOrder(s, [{ productId: shops.a.id, quantity: 2 }, { productId: shops.b.id }]);
    const ref = `#${orderId.slice(0, 8).toUpperCase()}`;

    const mine = await inbox(s);
    expect(mine.unread).toBe(1);
    expect(mine.items[0]).toMatchObject({
      kind: 'order-placed',
      title: `Order ${ref} placed`,
      link: `/orders?order=${orderId}`,
      readAt: null,
    });
    expect(mine.items[0].body).toContain('₹1,650');
    const vendor = await signInAs(t, shops.vendorA.email);
    const theirs = (await vendor.get('/api/notifications')).json();
    expect(theirs.items[0]).toMatchObject({
      kind: 'vendor-new-order',
      title: `New order ${ref} for Jaipur Handlooms`,
      link: '/vendor/dashboard?tab=orders',
    });
    expect((await emailsTo(s.userId)).map((e) => [e.kind, e.status])).toEqual([['order-placed', 'pending']]);

    const mailer = capturingMailer();
    await drain(deps(mailer));
    const toCustomer = mailer.sent.filter((m) => m.to === s.email);
    expect(toCustomer).toHaveLength(1);
    expect(toCustomer[0].subject).toBe(`Your Haat order ${ref} is placed`);
    expect(toCustomer[0].text).toContain('- 2 × Block Print Kurta');
    expect(toCustomer[0].text).toContain(`https://haat.example.in/orders?order=${orderId}`);
    expect(toCustomer[0].html).toContain('<h1');
    const toVendor = mailer.sent.filter((m) => m.to === shops.vendorA.email && m.subject.includes(ref));
    expect(toVendor).toHaveLength(1);
    expect(toVendor[0].text).toContain('12 MG Road');
    expect((await emailsTo(s.userId)).map((e) => [e.kind, e.status, e.attempts])).toEqual([
      ['order-placed', 'sent', 1],
    ]);

    // Sent once: another pass finds nothing of this order to send.
    const again = capturingMailer();
    await drain(deps(again));
    expect(again.sent.filter((m) => m.subject.includes(ref))).toHaveLength(0);
  });

  it('tells the customer when a part is confirmed, shipped (with tracking) and delivered, whoever moves it', async () => {
    const s = await newShopper(t);
    const orderId = await placeOrder(s, [{ productId: shops.a.id }]);
    const [part] = await orderPartsOf(t, orderId);
    const vendor = await signInAs(t, shops.vendorA.email);
    for (const [status, extra] of [
      ['confirmed', {}],
      ['shipped', { trackingNote: 'DTDC D1234' }],
      ['delivered', {}],
    ] as const) {
      const res = await vendor.patch(`/api/vendor/orders/parts/${part.id}/status`, { status, ...extra });
      expect(res.statusCode, res.body).toBe(200);
    }
    const mine = await inbox(s);
    expect(mine.items.map((n) => n.kind)).toEqual([
      'order-part-delivered',
      'order-part-shipped',
      'order-part-confirmed',
      'order-placed',
    ]);
    expect(mine.items[1].body).toContain('Tracking: DTDC D1234');
    expect(mine.unread).toBe(4);
  });

  it('tells the vendor that the customer cancelled, and the customer what comes back', async () => {
    const s = await newShopper(t, 100);
    // ₹450 and ₹99 shipping, 100 points used: ₹449 paid, all of it back.
    const orderId = await placeOrder(s, [{ productId: shops.b.id }], 100);
    const res = await s.client.post(`/api/orders/${orderId}/cancel`);
    expect(res.statusCode).toBe(200);
    const mine = await inbox(s);
    expect(mine.items[0].kind).toBe('order-part-cancelled');
    expect(mine.items[0].body).toBe(
      `Your order #${orderId.slice(0, 8).toUpperCase()} is cancelled at Kerala Spices. ₹449 is refunded to the way you paid, and 100 points are back in your wallet.`,
    );
    const vendor = await signInAs(t, shops.vendorB.email);
    const theirs = (await vendor.get('/api/notifications')).json();
    expect(theirs.items[0]).toMatchObject({
      kind: 'vendor-order-cancelled',
      title: `Order #${orderId.slice(0, 8).toUpperCase()} cancelled by the customer`,
    });
  });
});

describe('the inbox', () => {
  it("is paged on the server, counts unread, marks one read (only one's own) and marks all read", async () => {
    const s = await newShopper(t);
    for (let i = 0; i < 3; i++) await placeOrder(s, [{ productId: shops.b.id }]);
    const page = (await s.client.get('/api/notifications?page=2&pageSize=2')).json();
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2, unread: 3 });
    expect(page.items).toHaveLength(1);
    expect((await s.client.get('/api/notifications/unread-count')).json()).toEqual({ unread: 3 });

    const first = (await inbox(s)).items[0];
    const other = await newShopper(t);
    const notMine = await other.client.post(`/api/notifications/${first.id}/read`);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().error.message).toBe('Notification not found');
    const read = await s.client.post(`/api/notifications/${first.id}/read`);
    expect(read.json()).toEqual({ unread: 2 });
    expect((await s.client.get('/api/notifications?unreadOnly=true')).json().total).toBe(2);
    expect((await s.client.post('/api/notifications/read-all')).json()).toEqual({ unread: 0 });
    expect((await inbox(s)).items.every((n) => n.readAt !== null)).toBe(true);

    expect((await s.client.get('/api/notifications?pageSize=500')).statusCode).toBe(400);
    const guest = await new TestClient(t.app, '10.77.0.1').get('/api/notifications');
    expect(guest.statusCode).toBe(401);
  });
});

describe('email preferences', () => {
  it('are all on at first; with orders off, an order still reaches the inbox but writes no email, and wallet mail still goes', async () => {
    const s = await newShopper(t);
    expect((await s.client.get('/api/notifications/preferences')).json()).toEqual({
      orders: true,
      wallet: true,
      news: true,
    });
    const saved = await s.client.put('/api/notifications/preferences', { orders: false, wallet: true, news: false });
    expect(saved.json()).toEqual({ orders: false, wallet: true, news: false });
    expect((await s.client.get('/api/notifications/preferences')).json()).toEqual({
      orders: false,
      wallet: true,
      news: false,
    });
    await placeOrder(s, [{ productId: shops.b.id }]);
    expect((await inbox(s)).items[0].kind).toBe('order-placed');
    expect(await emailsTo(s.userId)).toEqual([]);

    const bad = await s.client.put('/api/notifications/preferences', { orders: 'maybe', wallet: true, news: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.orders).toBe('Choose on or off');
  });
});

describe('security messages', () => {
  it('tells of a changed password by email even with every group turned off', async () => {
    const s = await newShopper(t);
    await s.client.put('/api/notifications/preferences', { orders: false, wallet: false, news: false });
    const res = await s.client.put('/api/me/password', {
      currentPassword: 'secret123',
      newPassword: 'changed-secret-1',
      confirmPassword: 'changed-secret-1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mine = await inbox(s);
    expect(mine.items[0]).toMatchObject({
      kind: 'password-changed',
      title: 'Your password was changed',
      link: '/profile',
    });
    expect(mine.items[0].body).toContain(`The password of your Haat account (${s.email}) was changed on`);
    expect((await emailsTo(s.userId)).map((e) => [e.kind, e.status])).toEqual([['password-changed', 'pending']]);
  });

  it("puts each new sign-in to the super admin in the admin's inbox, with where it came from", async () => {
    const { client: admin } = await superAdmin();
    const items = (await admin.get('/api/admin/notifications')).json().items as {
      kind: string;
      title: string;
      body: string;
    }[];
    const signIn = items.find((n) => n.kind === 'admin-new-sign-in' && n.body.includes('10.200.9.9'));
    expect(signIn).toMatchObject({ title: 'New sign-in to the super admin' });
  });
});

describe('sending', () => {
  it('retries a failed email with growing waits, gives up after the last attempt, tells the super admin, and sends it once retried', async () => {
    const s = await newShopper(t);
    await placeOrder(s, [{ productId: shops.b.id }]);
    const down = capturingMailer(new Set([s.email]));
    await drain(deps(down));
    let [email] = await emailsTo(s.userId);
    expect(email).toMatchObject({ status: 'pending', attempts: 1 });
    const [wait] = await queryRows<{ seconds: number; last_error: string }>(
      t.db,
      sql`select extract(epoch from next_attempt_at - now())::int as seconds, last_error from notification_emails where id = ${email.id}`,
    );
    expect(Number(wait.seconds)).toBeGreaterThan(50);
    expect(Number(wait.seconds)).toBeLessThanOrEqual(60);
    expect(wait.last_error).toContain('ECONNREFUSED');
    // Not due yet: a pass leaves it alone.
    await drain(deps(down));
    expect((await emailsTo(s.userId))[0].attempts).toBe(1);

    for (let i = 2; i <= MAX_ATTEMPTS; i++) {
      await t.db.execute(sql`update notification_emails set next_attempt_at = now() where id = ${email.id}`);
      await drain(deps(down));
    }
    [email] = await emailsTo(s.userId);
    expect(email).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });

    const { client: admin, secret } = await superAdmin();
    const failures = (await admin.get('/api/admin/notification-failures')).json();
    expect(failures.items.find((f: { id: string }) => f.id === email.id)).toMatchObject({
      to: s.email,
      attempts: MAX_ATTEMPTS,
      lastError: expect.stringContaining('ECONNREFUSED'),
    });
    const adminInbox = (await admin.get('/api/admin/notifications')).json();
    expect(
      adminInbox.items.some(
        (n: { kind: string; body: string }) => n.kind === 'admin-notification-failed' && n.body.includes(s.email),
      ),
    ).toBe(true);

    const noCode = await admin.post(`/api/admin/notification-failures/${email.id}/retry`, {});
    expect(noCode.statusCode).toBe(401);
    const retried = await admin.post(`/api/admin/notification-failures/${email.id}/retry`, {
      code: await freshCode(t, secret),
    });
    expect(retried.statusCode).toBe(204);
    const [audit] = await queryRows<{ action: string }>(
      t.db,
      sql`select action from system_logs where resource_id = ${email.id}`,
    );
    expect(audit.action).toBe('notification_retried');
    const up = capturingMailer();
    await drain(deps(up));
    expect(up.sent.filter((m) => m.to === s.email)).toHaveLength(1);
    expect((await emailsTo(s.userId))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    const twice = await admin.post(`/api/admin/notification-failures/${email.id}/retry`, {
      code: await freshCode(t, secret),
    });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().error.message).toBe('This message is not waiting for a retry');
  });

  it('sends each email once with two senders at the same time (the claim)', async () => {
    // What other tests left pending goes first, so that the two senders race on this test's emails only.
    await drain(deps(capturingMailer()));
    const s = await newShopper(t);
    for (let i = 0; i < 5; i++) await placeOrder(s, [{ productId: shops.b.id }]);
    const one = capturingMailer();
    const two = capturingMailer();
    await Promise.all([drain(deps(one), 3), drain(deps(two), 3)]);
    const mine = [...one.sent, ...two.sent].filter((m) => m.to === s.email);
    expect(mine).toHaveLength(5);
    expect(new Set(mine.map((m) => m.subject)).size).toBe(5);
    expect((await emailsTo(s.userId)).every((e) => e.status === 'sent' && e.attempts === 1)).toBe(true);
  });

  it('writes to the development outbox folder without SMTP_URL: a .eml with the plain-text and the HTML part', async () => {
    const s = await newShopper(t);
    const orderId = await placeOrder(s, [{ productId: shops.a.id }]);
    const mailer = createMailer(
      { DATA_DIR: t.dataDir, MAIL_FROM: 'Haat <no-reply@haat.local>', NODE_ENV: 'test' },
      { info: () => {}, warn: () => {} },
    );
    await drain(deps(mailer, { emailOf: async (db, id) => (id === s.userId ? emailOfUser(db, id) : null) }));
    const files = readdirSync(outboxDir(t.dataDir)).map((f) => readFileSync(join(outboxDir(t.dataDir), f), 'utf8'));
    const eml = files.find((f) => f.includes(`To: ${s.email}`) && f.includes(orderId));
    expect(eml).toBeDefined();
    expect(eml).toContain('Content-Type: multipart/alternative');
    expect(eml).toContain('Content-Type: text/plain; charset=utf-8');
    expect(eml).toContain('Content-Type: text/html; charset=utf-8');
    expect(eml).toContain('Haat: the open marketplace for India.');
  });

  it("says 'sent' in the log only of mail an SMTP server accepted, and 'written to the outbox folder' of mail written there", async () => {
    const passOf = async (mailer: Mailer) => {
      await placeOrder(await newShopper(t), [{ productId: shops.b.id }]);
      const lines: string[] = [];
      const stop = startNotificationsJob({
        ...deps(mailer),
        intervalMs: 50,
        log: { info: (m) => lines.push(m), error: (m) => lines.push(m) },
      });
      try {
        await expect.poll(() => lines.length, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
      } finally {
        await stop();
      }
      return lines[0];
    };
    const quiet = { info: () => {}, warn: () => {} };
    const outbox = await passOf(
      createMailer({ DATA_DIR: t.dataDir, MAIL_FROM: 'Haat <no-reply@haat.local>', NODE_ENV: 'production' }, quiet),
    );
    expect(outbox).toMatch(
      /^Notifications: \d+ email\(s\) written to the outbox folder \(no SMTP_URL: not sent to anyone\), 0 to retry, 0 failed$/,
    );
    expect(outbox).not.toMatch(/ sent,/);

    const smtp = await fakeSmtpServer();
    try {
      const line = await passOf(
        createMailer(
          { DATA_DIR: t.dataDir, MAIL_FROM: 'Haat <no-reply@haat.local>', NODE_ENV: 'production', SMTP_URL: smtp.url },
          quiet,
        ),
      );
      expect(line).toMatch(/^Notifications: (\d+) email\(s\) sent, 0 to retry, 0 failed$/);
      expect(Number(/(\d+) email/.exec(line)![1])).toBe(smtp.accepted());
    } finally {
      await smtp.close();
    }
  });

  it("skips an admin email when no ADMIN_EMAIL is set, and a deleted account's email", async () => {
    const s = await newShopper(t);
    await placeOrder(s, [{ productId: shops.b.id }]);
    await drain(deps(capturingMailer(), { emailOf: async () => null }));
    const [email] = await emailsTo(s.userId);
    expect(email.status).toBe('skipped');
  });
});
