import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { isTotpCode, TOTP_CODE_LENGTH } from '../../contracts/two-factor.contract';

// Two-factor codes once for everyone who uses them: the super admin (tolerance 2 steps), the
// step-up guard of sensitive admin actions, and the ERP's optional two-factor (tolerance 1 step).

export const TOTP_ISSUER = 'Haat';
const PERIOD = 30;
const DIGITS = TOTP_CODE_LENGTH;
export const BACKUP_CODE_COUNT = 8;
export const BACKUP_CODE_LENGTH = 6;
// No 0/O or 1/I/L: a backup code is read off paper.
const BACKUP_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const totp = (secretBase32: string, label = '') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new secret: 20 random bytes, 32 base32 characters. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://` URI an authenticator app reads from the QR code. */
export const totpUri = (secretBase32: string, label: string): string => totp(secretBase32, label).toString();

/** The code for a moment (tests and the e2e journey compute codes like an authenticator app). */
export const totpCode = (secretBase32: string, timestamp = Date.now()): string =>
  totp(secretBase32).generate({ timestamp });

/** A six-digit code's shape (the contract's). */
export const isTotpFormat = isTotpCode;

/**
 * The time step a code belongs to when it is valid now within `window` steps and newer than
 * `lastStep` (a code is accepted once), or null.
 */
export function verifyTotp({
  secret,
  code,
  window,
  lastStep,
  now = Date.now(),
}: {
  secret: string;
  code: string;
  window: number;
  lastStep: number | null;
  now?: number;
}): number | null {
  if (!isTotpFormat(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: now, window });
  if (delta === null) return null;
  const step = TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}

/** Eight new backup codes of six characters, shown once. */
export const newBackupCodes = (): string[] =>
  Array.from({ length: BACKUP_CODE_COUNT }, () =>
    Array.from({ length: BACKUP_CODE_LENGTH }, () => BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)]).join(''),
  );

/** How a backup code is typed: case and spaces do not matter. */
const normaliseBackupCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/** A backup code's stored form (they are random and single-use, so a fast hash is enough). */
export const hashBackupCode = (code: string): string =>
  createHash('sha256')
    .update(`haat-backup:${normaliseBackupCode(code)}`)
    .digest('hex');

/** The index of the stored hash this backup code matches, or -1. */
export function matchBackupCode(hashes: readonly string[], code: string): number {
  const normalised = normaliseBackupCode(code);
  if (normalised.length !== BACKUP_CODE_LENGTH) return -1;
  const candidate = Buffer.from(hashBackupCode(normalised), 'hex');
  return hashes.findIndex((h) => {
    const stored = Buffer.from(h, 'hex');
    return stored.length === candidate.length && timingSafeEqual(stored, candidate);
  });
}
