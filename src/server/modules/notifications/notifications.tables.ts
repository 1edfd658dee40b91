import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from '../../platform/columns';

/**
 * Auth's users, named for the foreign keys only: notifications keeps user ids and the database
 * keeps the keys (deleting a user deletes their notifications), but this module does not import
 * auth, which sends its security notices through notify(). Not exported, so drizzle-kit reads it
 * as the target of the keys, never as a table of its own.
 */
const users = pgTable('users', { id: uuid('id').primaryKey() });

/**
 * The in-app inbox: one row per notification of a user (customer, vendor, merchant) or of the super
 * admin (audience 'admin', no user). Written in the transaction of the change it is about.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    audience: text('audience').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    /** The coupon code an announcement offers (normalised): the inbox's 'Apply code' button. */
    couponCode: text('coupon_code'),
    readAt: tstz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'notifications_audience_check',
      sql`(${t.audience} = 'user' and ${t.userId} is not null) or (${t.audience} = 'admin' and ${t.userId} is null)`,
    ),
    // A user's bell: newest first, and the unread count.
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_admin_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.audience} = 'admin'`),
  ],
);

/**
 * The outbox of email: written in the transaction of the change a message is about, sent by the
 * notifications job (claimed row by row, so two processes never send one twice), retried with
 * backoff, and 'failed' after the last attempt, until the super admin retries it.
 */
export const notificationEmails = pgTable(
  'notification_emails',
  {
    id: id(),
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    audience: text('audience').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** What the template is rendered with. */
    data: jsonb('data').notNull().$type<Record<string, string>>(),
    /** The rendered subject, kept for the lists (the body is rendered when sent). */
    subject: text('subject').notNull(),
    /** Where it went (set when sent or given up on). */
    toEmail: text('to_email'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    /** A sender holds the row until then; after it, another may take it (a process that died mid-send). */
    lockedUntil: tstz('locked_until'),
    lastError: text('last_error'),
    sentAt: tstz('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // 'skipped': nobody to send it to (a deleted account, no ADMIN_EMAIL).
    check('notification_emails_status_check', sql`${t.status} in ('pending', 'sent', 'failed', 'skipped')`),
    index('notification_emails_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('notification_emails_failed_idx')
      .on(t.updatedAt, t.id)
      .where(sql`${t.status} = 'failed'`),
  ],
);

/** Email on or off per group, per user (no row: every group on). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  orders: boolean('orders').notNull().default(true),
  wallet: boolean('wallet').notNull().default(true),
  news: boolean('news').notNull().default(true),
  updatedAt: updatedAt(),
});
