import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One message: a plain-text part and, optionally, a simple HTML part. */
export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** Sends mail: through SMTP when it is configured, else into the outbox folder and the log. */
export type Mailer = { send: (message: MailMessage) => Promise<void>; kind: 'smtp' | 'outbox' };

type MailConfig = { SMTP_URL?: string; MAIL_FROM: string; DATA_DIR: string; NODE_ENV: string };
type MailLog = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** The folder where messages go when no SMTP server is configured (development, tests, a first look). */
export const outboxDir = (dataDir: string) => join(dataDir, 'outbox');

/** A message as an RFC 822 text file: headers, a blank line, the body. */
export function toEml(from: string, m: MailMessage, date = new Date()): string {
  // A subject with ₹ or any other non-ASCII letter is encoded as RFC 2047 asks.
  const subject = /^[\x20-\x7e]*$/.test(m.subject)
    ? m.subject
    : `=?UTF-8?B?${Buffer.from(m.subject, 'utf8').toString('base64')}?=`;
  const head = [
    `From: ${from}`,
    `To: ${m.to}`,
    `Subject: ${subject}`,
    `Date: ${date.toUTCString()}`,
    'MIME-Version: 1.0',
  ];
  if (!m.html) return [...head, 'Content-Type: text/plain; charset=utf-8', '', m.text, ''].join('\r\n');
  // Both parts, as a mail program shows them: plain text first, the HTML it prefers last.
  const boundary = `haat-${randomUUID()}`;
  return [
    ...head,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    m.text,
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    '',
    m.html,
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

const smtpTransport = async (url: string) => (await import('nodemailer')).default.createTransport(url);

/** The mail transport of this configuration: SMTP_URL when set, otherwise DATA_DIR/outbox plus a log line per message. */
export function createMailer(config: MailConfig, log: MailLog): Mailer {
  const smtpUrl = config.SMTP_URL;
  if (smtpUrl) {
    // The SMTP library is loaded by the first message sent, not by every start of the API.
    let transport: ReturnType<typeof smtpTransport> | undefined;
    return {
      kind: 'smtp',
      send: async (m) => {
        const smtp = await (transport ??= smtpTransport(smtpUrl));
        await smtp.sendMail({
          from: config.MAIL_FROM,
          to: m.to,
          subject: m.subject,
          text: m.text,
          ...(m.html ? { html: m.html } : {}),
        });
      },
    };
  }
  const dir = outboxDir(config.DATA_DIR);
  return {
    kind: 'outbox',
    send: async (m) => {
      await mkdir(dir, { recursive: true });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, toEml(config.MAIL_FROM, m), { mode: 0o600 });
      // The body may hold a sign-in secret (a reset link): in production it stays out of the log.
      if (config.NODE_ENV === 'production')
        log.warn(
          { to: m.to, subject: m.subject, file },
          'Mail written to the outbox because SMTP_URL is not set: nobody receives it',
        );
      else
        log.info(
          { to: m.to, subject: m.subject, file },
          `Mail written to the outbox (no SMTP_URL set): ${m.subject}\n${m.text}`,
        );
    },
  };
}
