import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, outboxDir } from './mail';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function logger() {
  const lines: { level: string; msg: string }[] = [];
  return {
    lines,
    info: (_: object, msg: string) => lines.push({ level: 'info', msg }),
    warn: (_: object, msg: string) => lines.push({ level: 'warn', msg }),
  };
}

describe('the mail transport without SMTP_URL', () => {
  it('writes each message to DATA_DIR/outbox as an .eml file only its owner can read, and logs it in development', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'haat-mail-'));
    dirs.push(dataDir);
    const log = logger();
    const mailer = createMailer(
      { DATA_DIR: dataDir, MAIL_FROM: 'Haat <no-reply@haat.local>', NODE_ENV: 'development' },
      log,
    );
    expect(mailer.kind).toBe('outbox');
    await mailer.send({
      to: 'asha@example.in',
      subject: 'Reset your Haat password',
      text: 'Open https://x/reset-password?token=abc',
    });
    const [file] = readdirSync(outboxDir(dataDir));
    expect(file).toMatch(/\.eml$/);
    const eml = readFileSync(join(outboxDir(dataDir), file), 'utf8');
    expect(eml).toContain(
      'From: Haat <no-reply@haat.local>\r\nTo: asha@example.in\r\nSubject: Reset your Haat password\r\n',
    );
    expect(eml).toContain('\r\n\r\nOpen https://x/reset-password?token=abc');
    expect(statSync(join(outboxDir(dataDir), file)).mode & 0o077).toBe(0);
    expect(log.lines[0].msg).toContain('token=abc');
  });

  it('keeps the body (a reset link) out of the log in production', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'haat-mail-'));
    dirs.push(dataDir);
    const log = logger();
    await createMailer({ DATA_DIR: dataDir, MAIL_FROM: 'x@y.in', NODE_ENV: 'production' }, log).send({
      to: 'a@b.in',
      subject: 'S',
      text: 'token=secret',
    });
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0].level).toBe('warn');
    expect(log.lines[0].msg).not.toContain('secret');
  });

  it('uses SMTP when SMTP_URL is set', () => {
    expect(
      createMailer(
        { DATA_DIR: '/tmp', MAIL_FROM: 'x@y.in', NODE_ENV: 'development', SMTP_URL: 'smtp://user:pass@127.0.0.1:2525' },
        logger(),
      ).kind,
    ).toBe('smtp');
  });
});
