import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  EmailGroup,
  EmailPreferences,
  FailedEmail,
  NotificationPage,
  NotificationsQuery,
} from '../../../contracts/notifications.contract';
import { emailGroups, notificationMessages } from '../../../contracts/notifications.contract';
import type { PageQuery } from '../../../contracts/common.contract';
import { AppError } from '../../platform/app-error';
import { queryRows, writeAtOnce, type DbOrTx, type ModuleWrite, type Tx } from '../../platform/db';
import { notificationEmails, notificationPreferences, notifications } from './notifications.tables';
import { renderTemplate, type TemplateGroup } from './notifications.templates';

/**
 * Who a notification is for: a user (customer, vendor or merchant: one inbox per account), the
 * operator's inbox ('admin'), or an email address that has no account yet (an invitation: email only).
 */
export type Recipient = { userId: string } | 'admin' | { email: string };
/** One notification: its kind (a file in templates/), who it is for, and what its template is filled with. */
export type NotifyEvent = { kind: string; to: Recipient; data: Record<string, string | number> };

/** The links of in-app notifications are paths; email renders them against APP_URL when sent. */
const NO_ORIGIN = '';

const asStrings = (data: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
/** The groups whose email a user can turn off (security and admin messages are always sent). */
const optional = (group: TemplateGroup): group is EmailGroup => (emailGroups as readonly string[]).includes(group);

/**
 * Whether a user's email of this group is sent: unless the user turned the group off (no preferences
 * row: every group on), as getEmailPreferences answers them; always for the operator and for a group
 * that cannot be turned off.
 */
const emailWanted = (userId: string | null, group: TemplateGroup): SQL =>
  userId && optional(group)
    ? sql`not exists (select 1 from ${notificationPreferences}
        where ${notificationPreferences.userId} = ${userId}::uuid
          and ${notificationPreferences[group]} is not true)`
    : sql`true`;

/**
 * Writes notifications in the caller's transaction: each into its recipient's inbox and, unless the
 * user turned its group's email off, into the email outbox that the notifications job sends from.
 * A template that cannot be filled throws, and the caller's change rolls back with it (tests catch it).
 */
export async function notify(tx: Tx, ...events: NotifyEvent[]): Promise<void> {
  for (const e of events) {
    const data = asStrings(e.data);
    const r = renderTemplate(e.kind, data, NO_ORIGIN);
    if (typeof e.to === 'object' && 'email' in e.to) {
      if (!r.channels.includes('email') || r.channels.includes('inapp'))
        throw new Error(`${e.kind}: a notification to an email address is email only`);
      await tx
        .insert(notificationEmails)
        .values({ audience: 'address', userId: null, toEmail: e.to.email, kind: e.kind, data, subject: r.subject });
      continue;
    }
    const audience = e.to === 'admin' ? 'admin' : 'user';
    const userId = e.to === 'admin' ? null : e.to.userId;
    const inapp = r.channels.includes('inapp');
    const inbox = tx
      .insert(notifications)
      .values({ audience, userId, kind: e.kind, title: r.title, body: r.summary, link: r.link });
    if (!r.channels.includes('email')) {
      if (inapp) await inbox;
      continue;
    }
    // One statement: the inbox row and its email, the email only unless the user turned its group off
    // (no preferences row: every group on), as getEmailPreferences answers them.
    const wanted = emailWanted(userId, r.group);
    const email = sql`${audience}, ${userId}::uuid, ${e.kind}, ${JSON.stringify(data)}::jsonb, ${r.subject}`;
    await tx.execute(
      inapp
        ? sql`with inbox as (${inbox.returning({ id: notifications.id }).getSQL()})
              insert into ${notificationEmails} (notification_id, audience, user_id, kind, data, subject)
              select inbox.id, ${email} from inbox where ${wanted}`
        : sql`insert into ${notificationEmails} (notification_id, audience, user_id, kind, data, subject)
              select null::uuid, ${email} where ${wanted}`,
    );
  }
}

/**
 * Writes several notifications in the caller's transaction in one statement, the same rows notify
 * writes for them, in their order: each inbox row, and its email unless the user turned its group's
 * email off (no preferences row: every group on); an email address's, email only. The inbox rows'
 * ids are made here, so that each email names its notification without reading it back.
 */
export async function notifyAtOnce(tx: Tx, ...events: NotifyEvent[]): Promise<void> {
  await writeAtOnce(tx, notifyAtOnceWrite(...events));
}

/** notifyAtOnce's writes, for a caller's one statement (writeAtOnce): the same rows, written with its other rows. */
export function notifyAtOnceWrite(...events: NotifyEvent[]): ModuleWrite {
  const inbox: SQL[] = [];
  const emails: SQL[] = [];
  for (const e of events) {
    const data = asStrings(e.data);
    const r = renderTemplate(e.kind, data, NO_ORIGIN);
    const email = (a: { id: string | null; audience: string; userId: string | null; toEmail: string | null }) =>
      sql`select ${a.id}::uuid, ${a.audience}::text, ${a.userId}::uuid, ${e.kind}::text,
            ${JSON.stringify(data)}::jsonb, ${r.subject}::text, ${a.toEmail}::text`;
    if (typeof e.to === 'object' && 'email' in e.to) {
      if (!r.channels.includes('email') || r.channels.includes('inapp'))
        throw new Error(`${e.kind}: a notification to an email address is email only`);
      emails.push(email({ id: null, audience: 'address', userId: null, toEmail: e.to.email }));
      continue;
    }
    const audience = e.to === 'admin' ? 'admin' : 'user';
    const userId = e.to === 'admin' ? null : e.to.userId;
    const id = r.channels.includes('inapp') ? randomUUID() : null;
    if (id)
      inbox.push(
        sql`(${id}::uuid, ${audience}::text, ${userId}::uuid, ${e.kind}::text, ${r.title}::text,
             ${r.summary}::text, ${r.link}::text)`,
      );
    if (r.channels.includes('email'))
      emails.push(sql`${email({ id, audience, userId, toEmail: null })} where ${emailWanted(userId, r.group)}`);
  }
  const inboxRows =
    inbox.length > 0
      ? sql`insert into ${notifications} (id, audience, user_id, kind, title, body, link)
            values ${sql.join(inbox, sql`, `)}`
      : null;
  const emailRows =
    emails.length > 0
      ? sql`insert into ${notificationEmails} (notification_id, audience, user_id, kind, data, subject, to_email)
            ${sql.join(emails, sql` union all `)}`
      : null;
  return {
    writes: [
      ...(inboxRows ? [{ name: 'notice_inbox_rows', body: inboxRows }] : []),
      ...(emailRows ? [{ name: 'notice_email_rows', body: emailRows }] : []),
    ],
  };
}

/** Recipients per statement of notifyMany: a few thousand parameters at most, whatever the audience's size. */
const CHUNK = 1000;

/**
 * Writes one notification of a kind, with the same data, to many users in the caller's transaction
 * (the super admin's news): the template is rendered once, and each chunk of recipients is one
 * statement that fills their inboxes and the outbox, the email only for those whose preferences row
 * does not turn the group off (no row: every group on). Answers how many inbox rows and emails it wrote.
 * `couponCode`: the code an announcement offers, kept on each inbox row for its 'Apply code' button.
 */
export async function notifyMany(
  tx: Tx,
  kind: string,
  userIds: readonly string[],
  data: Record<string, string | number>,
  { couponCode = null }: { couponCode?: string | null } = {},
): Promise<{ inbox: number; emails: number }> {
  const values = asStrings(data);
  const r = renderTemplate(kind, values, NO_ORIGIN);
  const inapp = r.channels.includes('inapp');
  const email = r.channels.includes('email');
  const wanted = optional(r.group)
    ? sql`not exists (select 1 from ${notificationPreferences} where ${notificationPreferences.userId} = inbox.user_id and ${notificationPreferences[r.group]} = false)`
    : sql`true`;
  const ids = [...new Set(userIds)];
  const total = { inbox: 0, emails: 0 };
  for (let at = 0; at < ids.length; at += CHUNK) {
    // One parameter for the whole chunk (a JSON array), the same on PGlite and node-postgres.
    const chunk = JSON.stringify(ids.slice(at, at + CHUNK));
    const inbox = inapp
      ? sql`insert into notifications (audience, user_id, kind, title, body, link, coupon_code)
            select 'user', user_id, ${kind}, ${r.title}, ${r.summary}, ${r.link}, ${couponCode}::text from recipients
            returning id, user_id`
      : sql`select null::uuid as id, user_id from recipients`;
    const emails = email
      ? sql`insert into notification_emails (notification_id, audience, user_id, kind, data, subject)
            select inbox.id, 'user', inbox.user_id, ${kind}, ${JSON.stringify(values)}::jsonb, ${r.subject} from inbox where ${wanted}
            returning 1`
      : sql`select 1 where false`;
    const [done] = await queryRows<{ inbox: number; emails: number }>(
      tx,
      sql`with recipients as (select value::uuid as user_id from jsonb_array_elements_text(${chunk}::jsonb)),
               inbox as (${inbox}),
               emails as (${emails})
          select (select count(*) from inbox)::int as inbox, (select count(*) from emails)::int as emails`,
    );
    total.inbox += inapp ? Number(done.inbox) : 0;
    total.emails += Number(done.emails);
  }
  return total;
}

/** Whose inbox: a user's or the super admin's. */
export type Inbox = { userId: string } | 'admin';
const inboxWhere = (inbox: Inbox): SQL =>
  inbox === 'admin' ? sql`${notifications.audience} = 'admin'` : eq(notifications.userId, inbox.userId);

export async function unreadCount(db: DbOrTx, inbox: Inbox): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(inboxWhere(inbox), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** A page of an inbox, newest first, with the unread count. */
export async function listNotifications(
  db: DbOrTx,
  inbox: Inbox,
  query: NotificationsQuery,
): Promise<NotificationPage> {
  const where = and(inboxWhere(inbox), query.unreadOnly ? isNull(notifications.readAt) : undefined);
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(notifications).where(where),
    unreadCount(db, inbox),
  ]);
  return {
    items: rows.map((n) => ({
      id: n.id,
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link,
      couponCode: n.couponCode,
      readAt: n.readAt?.toISOString() ?? null,
      createdAt: n.createdAt.toISOString(),
    })),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    unread,
  };
}

/** Marks one notification of this inbox read (404 for another's). */
export async function markRead(db: DbOrTx, inbox: Inbox, id: string): Promise<void> {
  const done = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(inboxWhere(inbox), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  if (done.length === 0) throw new AppError('NOT_FOUND', notificationMessages.notFound);
}

/** Marks every notification of this inbox read; answers how many were unread. */
export async function markAllRead(db: DbOrTx, inbox: Inbox): Promise<number> {
  const done = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(inboxWhere(inbox), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return done.length;
}

const ALL_ON: EmailPreferences = { orders: true, wallet: true, news: true };

export async function getEmailPreferences(db: DbOrTx, userId: string): Promise<EmailPreferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return row ? { orders: row.orders, wallet: row.wallet, news: row.news } : ALL_ON;
}

export async function setEmailPreferences(
  db: DbOrTx,
  userId: string,
  prefs: EmailPreferences,
): Promise<EmailPreferences> {
  await db
    .insert(notificationPreferences)
    .values({ userId, ...prefs })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...prefs, updatedAt: sql`now()` } });
  return prefs;
}

/** Emails given up on after every retry, most recent first (the super admin's list). */
export async function listFailedEmails(
  db: DbOrTx,
  query: PageQuery,
): Promise<{ items: FailedEmail[]; total: number; page: number; pageSize: number }> {
  const failed = eq(notificationEmails.status, 'failed');
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notificationEmails)
      .where(failed)
      .orderBy(desc(notificationEmails.updatedAt), desc(notificationEmails.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(notificationEmails).where(failed),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      subject: r.subject,
      to: r.toEmail,
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: r.createdAt.toISOString(),
      lastAttemptAt: r.updatedAt.toISOString(),
    })),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Puts a failed email back in the queue, to be sent at the job's next pass with a fresh set of attempts (404 unless it is failed). */
export async function retryFailedEmail(tx: Tx, id: string): Promise<{ kind: string; subject: string }> {
  const [done] = await tx
    .update(notificationEmails)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null, updatedAt: sql`now()` })
    .where(and(eq(notificationEmails.id, id), eq(notificationEmails.status, 'failed')))
    .returning({ kind: notificationEmails.kind, subject: notificationEmails.subject });
  if (!done) throw new AppError('NOT_FOUND', notificationMessages.failedNotFound);
  return done;
}
