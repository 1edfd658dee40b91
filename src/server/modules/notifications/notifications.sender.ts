import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db';
import { doublingBackoffSeconds, drainInBatches } from '../../platform/job-batches';
import type { Mailer } from '../../platform/mail';
import { startRepeatingJob, type JobLog, type JobMetrics, type StopJob } from '../../platform/repeating-job';
import { notificationEmails } from './notifications.tables';
import { notify } from './notifications.service';
import { renderTemplate } from './notifications.templates';

/** Attempts before an email is marked failed (and the super admin told): 1, 2, 4, 8 and 16 minutes apart. */
export const MAX_ATTEMPTS = 6;
/** How long a sender holds a claimed email: past it, another process may take it (the first one died mid-send). */
const CLAIM_SECONDS = 120;

/** The wait before attempt n + 1 after n failed ones: 1 minute, doubling, at most an hour. */
export const backoffSeconds = (failedAttempts: number): number => doublingBackoffSeconds(failedAttempts, 60);

/** Where the sender finds a user's address: null for an account that has none any more (deleted). */
export type EmailOf = (db: Db, userId: string) => Promise<string | null>;

export type SenderDeps = {
  db: Db;
  mailer: Mailer;
  /** Links in email point here. */
  appUrl: string;
  /** Where the super admin's notifications are mailed (ADMIN_EMAIL); unset: they stay in-app only. */
  adminEmail?: string;
  emailOf: EmailOf;
};

type Claimed = {
  id: string;
  audience: string;
  user_id: string | null;
  to_email: string | null;
  kind: string;
  data: Record<string, string>;
  attempts: number;
};

/**
 * Sends the emails that are due, at most `limit`: claims them with one conditional update (SKIP
 * LOCKED, and a claim that runs out), so two processes never send one twice; marks each sent,
 * skipped (nobody to send it to), retried later with backoff, or failed after MAX_ATTEMPTS (the
 * super admin is told in-app). Answers the counts.
 */
export async function sendDueEmails(
  deps: SenderDeps,
  limit = 20,
): Promise<{ sent: number; retried: number; failed: number; skipped: number }> {
  const { db } = deps;
  const claimed = await queryRows<Claimed>(
    db,
    sql`update notification_emails set attempts = attempts + 1, locked_until = now() + ${CLAIM_SECONDS} * interval '1 second', updated_at = now()
        where id in (
          select id from notification_emails
          where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
          order by next_attempt_at, id limit ${limit} for update skip locked)
        returning id, audience, user_id, to_email, kind, data, attempts`,
  );
  const counts = { sent: 0, retried: 0, failed: 0, skipped: 0 };
  for (const m of claimed) {
    const mine = and(eq(notificationEmails.id, m.id), eq(notificationEmails.attempts, m.attempts));
    let to: string | null = null;
    try {
      to =
        m.audience === 'address'
          ? m.to_email
          : m.audience === 'admin'
            ? (deps.adminEmail ?? null)
            : m.user_id
              ? await deps.emailOf(db, m.user_id)
              : null;
      if (!to) {
        await db
          .update(notificationEmails)
          .set({
            status: 'skipped',
            lockedUntil: null,
            lastError: m.audience === 'admin' ? 'No ADMIN_EMAIL is set' : 'The account has no email address any more',
            updatedAt: sql`now()`,
          })
          .where(mine);
        counts.skipped++;
        continue;
      }
      const r = renderTemplate(m.kind, m.data, deps.appUrl);
      await deps.mailer.send({ to, subject: r.subject, text: r.text, html: r.html });
      await db
        .update(notificationEmails)
        .set({
          status: 'sent',
          toEmail: to,
          // A single-use link's token (an invitation) is not kept once the email is out.
          data: sql`${notificationEmails.data} - 'token'`,
          sentAt: sql`now()`,
          lockedUntil: null,
          lastError: null,
          updatedAt: sql`now()`,
        })
        .where(mine);
      counts.sent++;
    } catch (e) {
      const error = (e instanceof Error ? e.message : String(e)).slice(0, 500);
      if (m.attempts >= MAX_ATTEMPTS) {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .update(notificationEmails)
            .set({ status: 'failed', toEmail: to, lockedUntil: null, lastError: error, updatedAt: sql`now()` })
            .where(mine)
            .returning({ subject: notificationEmails.subject });
          if (row)
            await notify(tx, {
              kind: 'admin-notification-failed',
              to: 'admin',
              data: { subject: row.subject, to: to ?? 'unknown', error, attempts: m.attempts },
            });
        });
        counts.failed++;
      } else {
        await db
          .update(notificationEmails)
          .set({
            lockedUntil: null,
            lastError: error,
            nextAttemptAt: sql`now() + ${backoffSeconds(m.attempts)} * interval '1 second'`,
            updatedAt: sql`now()`,
          })
          .where(mine);
        counts.retried++;
      }
    }
  }
  return counts;
}

/** Sends due email every `intervalMs` (5 s by default), on the process holding the job's lease. */
export function startNotificationsJob(
  deps: SenderDeps & { intervalMs?: number; log: JobLog; metrics?: JobMetrics },
): StopJob {
  return startRepeatingJob({
    db: deps.db,
    name: 'Notifications',
    intervalMs: deps.intervalMs ?? 5_000,
    log: deps.log,
    metrics: deps.metrics,
    run: async () => {
      // A backlog is worked through in one pass, 20 at a time.
      const { sent, retried, failed } = await drainInBatches(() => sendDueEmails(deps), 20);
      if (!(sent || retried || failed)) return null;
      // "Sent" only of mail an SMTP server accepted; without SMTP_URL the mail went to a folder, and nobody received it.
      const done =
        deps.mailer.kind === 'smtp'
          ? `${sent} email(s) sent`
          : `${sent} email(s) written to the outbox folder (no SMTP_URL: not sent to anyone)`;
      return `${done}, ${retried} to retry, ${failed} failed`;
    },
  });
}
