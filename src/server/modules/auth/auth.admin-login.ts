import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  adminAuthMessages as m,
  type AdminNextStep,
  type AdminTwoFactorSetup,
} from '../../../contracts/admin-auth.contract';
import { staffMessages } from '../../../contracts/staff.contract';
import { AppError } from '../../platform/app-error';
import type { Config } from '../../platform/config';
import type { Db, Tx } from '../../platform/db';
import { decrypt, derivedKey, encrypt } from '../../platform/secrets';
import {
  hashBackupCode,
  isTotpFormat,
  matchBackupCode,
  newBackupCodes,
  newTotpSecret,
  totpUri,
  verifyTotp,
} from '../../platform/totp';
import { recordAudit } from '../audit';
import { formatDateTime } from '../../../domain/india-time';
import { notify } from '../notifications';
import { verifyPassword } from './auth.passwords';
import { hashToken, newSessionToken } from './auth.sessions';
import { adminAccounts, adminSessions } from './auth.tables';

/** SPEC.md: the admin's codes are accepted 2 steps (60 s) either side of now. */
export const ADMIN_TOTP_WINDOW = 2;
export const ADMIN_SESSION_HOURS = 24;
/** Between the credentials step and the code step. */
export const ADMIN_PENDING_MINUTES = 10;

type Keys = Pick<Config, 'APP_SECRET' | 'DATA_DIR'>;
type From = { ip: string; userAgent: string | null };
type Admin = typeof adminAccounts.$inferSelect;

// ---- The pending sign-in: the proof that the password was given, carried in its own short cookie.

const sign = (config: Keys, payload: string) =>
  createHmac('sha256', derivedKey(config, 'admin-pending-login')).update(payload).digest('base64url');

/** A token saying "this admin gave the right password", valid for ADMIN_PENDING_MINUTES. */
export function pendingLoginToken(config: Keys, adminId: string, now = Date.now()): string {
  const payload = `${adminId}.${now + ADMIN_PENDING_MINUTES * 60_000}`;
  return `${payload}.${sign(config, payload)}`;
}

/** The admin id a pending token stands for and when it was issued (ms), or 401 when it is missing, altered or expired. */
export function readPendingLogin(
  config: Keys,
  token: string | undefined,
  now = Date.now(),
): { adminId: string; issuedAt: number } {
  const [adminId, expires, mac] = token?.split('.') ?? [];
  const expected = adminId && expires ? sign(config, `${adminId}.${expires}`) : '';
  const valid =
    mac &&
    expected &&
    mac.length === expected.length &&
    timingSafeEqual(Buffer.from(mac), Buffer.from(expected)) &&
    Number(expires) > now;
  if (!valid) throw new AppError('UNAUTHENTICATED', m.signInAgain);
  return { adminId, issuedAt: Number(expires) - ADMIN_PENDING_MINUTES * 60_000 };
}

/** The admin's account in the code throttle: sign-in codes, resets and step-up codes count together, from every address. */
export const adminCodeAccount = (adminId: string) => `admin:${adminId}`;

async function lockedAdmin(tx: Tx, adminId: string): Promise<Admin> {
  const [admin] = await tx.select().from(adminAccounts).where(eq(adminAccounts.id, adminId)).for('update');
  if (!admin) throw new AppError('UNAUTHENTICATED', m.signInAgain);
  if (admin.status !== 'active') throw new AppError('ACCOUNT_SUSPENDED', staffMessages.suspended);
  return admin;
}

// ---- The steps.

export type AdminCredentialsArgs = { db: Db; config: Keys; email: string; password: string; from: From };

/** Step 1: checks the email and password and says which step follows (the code, or setting two-factor up). */
export async function checkAdminCredentials({
  db,
  config,
  email,
  password,
  from,
}: AdminCredentialsArgs): Promise<AdminNextStep & { pendingToken: string }> {
  const [admin] = await db
    .select()
    .from(adminAccounts)
    .where(sql`lower(${adminAccounts.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  const ok = await verifyPassword(admin?.passwordHash, password);
  if (!admin || !ok) {
    await recordAudit(db, {
      actorType: 'admin',
      actorId: admin?.id ?? null,
      action: 'admin_login_failed',
      resourceType: 'admin_account',
      resourceId: admin?.id ?? null,
      newData: { email: email.trim().toLowerCase(), step: 'credentials' },
      ipAddress: from.ip,
      userAgent: from.userAgent,
    });
    throw new AppError('INVALID_CREDENTIALS', m.invalidCredentials);
  }
  if (admin.status !== 'active') throw new AppError('ACCOUNT_SUSPENDED', staffMessages.suspended);
  return { next: admin.twoFaEnabled ? '2fa' : 'setup2fa', pendingToken: pendingLoginToken(config, admin.id) };
}

export type AdminPendingArgs = { db: Db; config: Keys; adminId: string };

/** Step setup2fa: a new secret (kept pending, encrypted) and 8 backup codes; refused once two-factor is set up. */
export async function setupAdminTwoFactor({ db, config, adminId }: AdminPendingArgs): Promise<AdminTwoFactorSetup> {
  const secret = newTotpSecret();
  const backupCodes = newBackupCodes();
  const email = await db.transaction(async (tx) => {
    const admin = await lockedAdmin(tx, adminId);
    if (admin.twoFaEnabled) throw new AppError('CONFLICT', m.alreadySetup);
    await tx
      .update(adminAccounts)
      .set({
        twoFaPendingSecret: encrypt(config, secret),
        backupCodeHashes: backupCodes.map(hashBackupCode),
        updatedAt: new Date(),
      })
      .where(eq(adminAccounts.id, adminId));
    return admin.email;
  });
  const otpauthUri = totpUri(secret, email);
  // The QR library is loaded by the first two-factor setup, not by every start of the API.
  const { toDataURL } = await import('qrcode');
  const qrCodeDataUrl = await toDataURL(otpauthUri, { width: 300, margin: 1, errorCorrectionLevel: 'M' }).catch(() => {
    throw new AppError('INTERNAL', m.qrFailed);
  });
  return { qrCodeDataUrl, secret, otpauthUri, backupCodes };
}

/** `replacing`: the admin session token the browser sent, if any; it ends when the new session opens. */
export type AdminVerifyArgs = AdminPendingArgs & { code: string; from: From; replacing?: string };

/**
 * Step 2fa (and the end of setup2fa): checks the code against the stored secret (or the pending
 * one, which it then makes permanent), accepts each code once, and opens a 24-hour admin session.
 */
export async function verifyAdminCode({
  db,
  config,
  adminId,
  code,
  from,
  replacing,
}: AdminVerifyArgs): Promise<{ token: string; email: string }> {
  if (!isTotpFormat(code)) throw new AppError('VALIDATION_FAILED', m.codeFormat, { code: m.codeFormat });
  const outcome = await db.transaction(async (tx) => {
    const admin = await lockedAdmin(tx, adminId);
    const stored = admin.twoFaEnabled ? admin.twoFaSecret : admin.twoFaPendingSecret;
    if (!stored) return { kind: 'no-secret' as const };
    const step = verifyTotp({
      secret: decrypt(config, stored),
      code,
      window: ADMIN_TOTP_WINDOW,
      lastStep: admin.lastTotpStep,
    });
    if (step === null) {
      await recordAudit(tx, {
        actorType: 'admin',
        actorId: admin.id,
        action: 'admin_login_failed',
        resourceType: 'admin_account',
        resourceId: admin.id,
        newData: { step: admin.twoFaEnabled ? '2fa' : 'setup2fa' },
        ipAddress: from.ip,
        userAgent: from.userAgent,
      });
      return { kind: 'invalid' as const };
    }
    const settingUp = !admin.twoFaEnabled;
    await tx
      .update(adminAccounts)
      .set({
        lastTotpStep: step,
        updatedAt: new Date(),
        ...(settingUp ? { twoFaSecret: stored, twoFaPendingSecret: null, twoFaEnabled: true } : {}),
      })
      .where(eq(adminAccounts.id, admin.id));
    if (settingUp)
      await recordAudit(tx, {
        actorType: 'admin',
        actorId: admin.id,
        action: 'admin_2fa_setup',
        resourceType: 'admin_account',
        resourceId: admin.id,
        ipAddress: from.ip,
        userAgent: from.userAgent,
      });
    const token = newSessionToken();
    // The browser's earlier admin session, its own or one planted before sign-in, ends here.
    if (replacing) await tx.delete(adminSessions).where(eq(adminSessions.tokenHash, hashToken(replacing)));
    await tx.insert(adminSessions).values({
      tokenHash: hashToken(token),
      adminId: admin.id,
      expiresAt: new Date(Date.now() + ADMIN_SESSION_HOURS * 3_600_000),
      ipAddress: from.ip,
      userAgent: from.userAgent,
    });
    await recordAudit(tx, {
      actorType: 'admin',
      actorId: admin.id,
      action: 'admin_login',
      resourceType: 'admin_account',
      resourceId: admin.id,
      ipAddress: from.ip,
      userAgent: from.userAgent,
    });
    // A security message to the super admin's inbox (and ADMIN_EMAIL): every new sign-in.
    await notify(tx, {
      kind: 'admin-new-sign-in',
      to: 'admin',
      data: {
        email: admin.email,
        when: formatDateTime(new Date()),
        ip: from.ip,
        device: from.userAgent ?? 'an unknown browser',
      },
    });
    return { kind: 'ok' as const, token, email: admin.email };
  });
  if (outcome.kind === 'no-secret') throw new AppError('CONFLICT', m.noSecret);
  if (outcome.kind === 'invalid') throw new AppError('INVALID_CREDENTIALS', m.codeInvalid, { code: m.codeInvalid });
  return { token: outcome.token, email: outcome.email };
}

/** An admin account's two-factor forgotten: off, no secret, no pending secret, no backup codes, no step used. */
const twoFactorForgotten = () => ({
  twoFaEnabled: false,
  twoFaSecret: null,
  twoFaPendingSecret: null,
  backupCodeHashes: [],
  lastTotpStep: null,
  updatedAt: new Date(),
});

export type AdminResetArgs = AdminPendingArgs & { password: string; code: string; from: From };

/**
 * Reset 2FA: with the password again and a current code or an unused backup code, forgets the
 * authenticator and its backup codes, so that setup2fa can start over. Never from the password alone.
 */
export async function resetAdminTwoFactor({
  db,
  config,
  adminId,
  password,
  code,
  from,
}: AdminResetArgs): Promise<AdminNextStep> {
  const [current] = await db
    .select({ passwordHash: adminAccounts.passwordHash })
    .from(adminAccounts)
    .where(eq(adminAccounts.id, adminId));
  const passwordOk = await verifyPassword(current?.passwordHash, password);
  const done = await db.transaction(async (tx) => {
    const admin = await lockedAdmin(tx, adminId);
    if (!admin.twoFaEnabled) return true; // Nothing set up yet: setup2fa is where they go anyway.
    let proofOk = false;
    if (passwordOk && isTotpFormat(code.trim()) && admin.twoFaSecret) {
      proofOk =
        verifyTotp({
          secret: decrypt(config, admin.twoFaSecret),
          code: code.trim(),
          window: ADMIN_TOTP_WINDOW,
          lastStep: admin.lastTotpStep,
        }) !== null;
    }
    if (passwordOk && !proofOk && matchBackupCode(admin.backupCodeHashes, code) >= 0) proofOk = true;
    if (!proofOk) {
      await recordAudit(tx, {
        actorType: 'admin',
        actorId: admin.id,
        action: 'admin_2fa_reset_failed',
        resourceType: 'admin_account',
        resourceId: admin.id,
        ipAddress: from.ip,
        userAgent: from.userAgent,
      });
      return false;
    }
    await tx.update(adminAccounts).set(twoFactorForgotten()).where(eq(adminAccounts.id, admin.id));
    // Whoever held the old authenticator is signed out everywhere.
    await tx.delete(adminSessions).where(eq(adminSessions.adminId, admin.id));
    await recordAudit(tx, {
      actorType: 'admin',
      actorId: admin.id,
      action: 'admin_2fa_reset',
      resourceType: 'admin_account',
      resourceId: admin.id,
      ipAddress: from.ip,
      userAgent: from.userAgent,
    });
    return true;
  });
  if (!done) throw new AppError('INVALID_CREDENTIALS', m.resetWrongProof);
  return { next: 'setup2fa' };
}

/** The CLI's way back in (`npm run create-admin -- --reset-2fa`): forgets the admin's two-factor and ends their sessions. */
export async function resetAdminTwoFactorFromCli({ db, email }: { db: Db; email?: string }): Promise<string[]> {
  return db.transaction(async (tx) => {
    const where = email ? sql`lower(${adminAccounts.email}) = ${email.toLowerCase()}` : sql`true`;
    const rows = await tx
      .update(adminAccounts)
      .set(twoFactorForgotten())
      .where(where)
      .returning({ id: adminAccounts.id, email: adminAccounts.email });
    for (const row of rows) {
      await tx.delete(adminSessions).where(eq(adminSessions.adminId, row.id));
      await recordAudit(tx, {
        actorType: 'system',
        actorId: null,
        action: 'admin_2fa_reset',
        resourceType: 'admin_account',
        resourceId: row.id,
        origin: 'cli',
      });
    }
    return rows.map((r) => r.email);
  });
}

export type AdminStepUpArgs = { config: Keys; adminId: string; code: string | undefined };

/**
 * The fresh code a sensitive action needs, checked inside the action's own transaction: no code
 * 401, a wrong, expired or already used code 403. A good code is spent with the action, so it
 * cannot serve a second one; if the action fails, the transaction gives it back.
 */
export async function consumeAdminStepUp(tx: Tx, { config, adminId, code }: AdminStepUpArgs): Promise<void> {
  if (!code) throw new AppError('UNAUTHENTICATED', m.stepUpMissing);
  const admin = await lockedAdmin(tx, adminId);
  const step =
    admin.twoFaEnabled && admin.twoFaSecret
      ? verifyTotp({
          secret: decrypt(config, admin.twoFaSecret),
          code: code.trim(),
          window: ADMIN_TOTP_WINDOW,
          lastStep: admin.lastTotpStep,
        })
      : null;
  if (step === null) throw new AppError('FORBIDDEN', m.codeInvalid, { code: m.codeInvalid });
  await tx
    .update(adminAccounts)
    .set({ lastTotpStep: step, updatedAt: new Date() })
    .where(eq(adminAccounts.id, admin.id));
}
