import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db';
import { buildTestApp, type TestApp } from '../../test/app';
import { createVendorUser } from '../../test/catalog-factories';
import { testPostgresUrl } from '../../test/db';
import { statementsOf } from '../../test/statements';
import { notify, notifyAtOnce, setEmailPreferences, type NotifyEvent } from '.';

// notifyAtOnce writes in one statement the very rows notify writes one event after another: the inbox
// rows, and the emails each user's preferences let through, each naming its notification.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Every inbox row and email, without ids and times; an email names its notification by title. */
async function rowsNow() {
  const inbox = await queryRows(
    t.db,
    sql`select audience, user_id, kind, title, body, link, coupon_code, read_at from notifications
        order by kind, user_id nulls first, title`,
  );
  const emails = await queryRows(
    t.db,
    sql`select n.title as notification, e.audience, e.user_id, e.kind, e.data, e.subject, e.to_email, e.status,
          e.attempts, e.locked_until, e.last_error, e.sent_at
        from notification_emails e left join notifications n on n.id = e.notification_id
        order by e.kind, e.user_id nulls first, e.to_email nulls first`,
  );
  return { inbox, emails };
}

async function clear() {
  await t.db.execute(sql`delete from notification_emails`);
  await t.db.execute(sql`delete from notifications`);
}

describe('notifyAtOnce', () => {
  it('writes the rows notify writes, in one statement on PostgreSQL', async () => {
    const customer = await createVendorUser(t.db);
    const quiet = await createVendorUser(t.db);
    await setEmailPreferences(t.db, quiet.userId, { orders: false, wallet: true, news: true });
    const placed = { orderRef: 'HT-1A2B3C4D', orderId: 'a1', amount: '₹1,050', items: '- 1 × Kurta', payment: '' };
    const events: NotifyEvent[] = [
      { kind: 'order-placed', to: { userId: customer.userId }, data: { ...placed, points: 52 } },
      // Its group's email turned off: the inbox row only.
      { kind: 'order-placed', to: { userId: quiet.userId }, data: { ...placed, points: 7 } },
      { kind: 'admin-vendor-waiting', to: 'admin', data: { businessName: 'Ravi Traders', email: 'r@example.in' } },
      // In-app only.
      {
        kind: 'admin-notification-failed',
        to: 'admin',
        data: { subject: 'S', to: 'x@example.in', attempts: 5, error: 'refused' },
      },
      // Email only, to an address.
      {
        kind: 'staff-invite',
        to: { email: 'new.staff@example.in' },
        data: { invitedBy: 'Root', roles: 'Support', token: 'tok', expires: '7 days' },
      },
    ];
    await clear();
    await t.db.transaction((tx) => notify(tx, ...events));
    const byNotify = await rowsNow();
    expect(byNotify.inbox).toHaveLength(4);
    expect(byNotify.emails).toHaveLength(3);

    await clear();
    const statements = await statementsOf(() => t.db.transaction((tx) => notifyAtOnce(tx, ...events)));
    expect(await rowsNow()).toEqual(byNotify);
    // begin, the statement, commit: counted at the driver, on PostgreSQL only.
    if (testPostgresUrl()) expect(statements).toBe(3);
  });

  it('writes nothing for no events, and inbox rows alone or emails alone in one statement', async () => {
    const user = await createVendorUser(t.db);
    await clear();
    await t.db.transaction((tx) => notifyAtOnce(tx));
    expect(await rowsNow()).toEqual({ inbox: [], emails: [] });
    const inappOnly: NotifyEvent = {
      kind: 'admin-notification-failed',
      to: 'admin',
      data: { subject: 'S', to: 'x@example.in', attempts: 5, error: 'refused' },
    };
    const emailOnly: NotifyEvent = {
      kind: 'staff-invite',
      to: { email: 'new.staff@example.in' },
      data: { invitedBy: 'Root', roles: 'Support', token: 'tok', expires: '7 days' },
    };
    for (const events of [[inappOnly], [emailOnly], [inappOnly, emailOnly]]) {
      await clear();
      await t.db.transaction((tx) => notify(tx, ...events));
      const byNotify = await rowsNow();
      await clear();
      await t.db.transaction((tx) => notifyAtOnce(tx, ...events));
      expect(await rowsNow()).toEqual(byNotify);
    }
    // A template that cannot be filled throws before anything is written.
    await clear();
    await expect(
      t.db.transaction((tx) => notifyAtOnce(tx, { kind: 'order-placed', to: { userId: user.userId }, data: {} })),
    ).rejects.toThrow();
    expect(await rowsNow()).toEqual({ inbox: [], emails: [] });
  });
});
