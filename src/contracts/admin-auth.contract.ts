import { z } from 'zod';
import { staffPermissions } from '../domain/staff-permissions';
import { loginSchema } from './auth.contract';
import { totpCodeField } from './two-factor.contract';

/** The super admin's sign-in: SPEC.md section 5's words, verbatim where it has them. */
export const adminAuthMessages = {
  invalidCredentials: 'Invalid credentials',
  codeFormat: 'Invalid 2FA code format - must be 6 digits',
  codeInvalid: 'Invalid or expired 2FA code. Please try again with the current code.',
  enterCode: 'Please enter a 6-digit code',
  alreadySetup: '2FA is already setup for this admin account',
  noSecret: 'No 2FA secret found - please setup 2FA again.',
  setupFailed: 'Failed to setup 2FA',
  resetFailed: 'Failed to reset 2FA',
  qrFailed: 'Failed to generate QR code',
  /** The credentials step was too long ago (or never happened in this browser). */
  signInAgain: 'Your sign-in step has expired. Please enter your email and password again.',
  resetNeedsProof: 'Enter your password and a current code from your authenticator app or one of your backup codes.',
  resetWrongProof: 'Invalid password, code or backup code',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  stepUpMissing: 'Enter the 6-digit code from your authenticator app to confirm this action.',
} as const;

export const adminLoginSchema = loginSchema;
export type AdminLoginInput = z.input<typeof adminLoginSchema>;

/** What comes after the credentials: the code of an authenticator already set up, or setting one up. */
export const adminNextStepSchema = z.object({ next: z.enum(['2fa', 'setup2fa']) });
export type AdminNextStep = z.infer<typeof adminNextStepSchema>;

export const adminCodeSchema = z.object({
  code: totpCodeField(adminAuthMessages.codeFormat),
});
export type AdminCodeInput = z.input<typeof adminCodeSchema>;

/** Two-factor setup: the QR code (a PNG data URL, 300 px), the secret for manual entry, and 8 backup codes shown once. */
export const adminTwoFactorSetupSchema = z.object({
  qrCodeDataUrl: z.string(),
  secret: z.string(),
  otpauthUri: z.string(),
  backupCodes: z.array(z.string()),
});
export type AdminTwoFactorSetup = z.infer<typeof adminTwoFactorSetupSchema>;

/** Reset 2FA: the password again and a current code or a backup code (never the credentials step alone). */
export const adminResetTwoFactorSchema = z.object({
  password: z.string({ error: adminAuthMessages.resetNeedsProof }).min(1, adminAuthMessages.resetNeedsProof).max(128),
  code: z.string({ error: adminAuthMessages.resetNeedsProof }).trim().min(6, adminAuthMessages.resetNeedsProof).max(12),
});
export type AdminResetTwoFactorInput = z.input<typeof adminResetTwoFactorSchema>;

/** Who is signed in to the panel, and what they may do (the panel shows only that; the server checks each call). */
export const adminSessionSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  permissions: z.array(z.enum(staffPermissions)),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;
