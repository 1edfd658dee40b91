import { z } from 'zod';

// The one definition of an authenticator app's code (TOTP, SHA1, 30-second steps), used by the
// server (platform/totp.ts, the sign-in and ERP schemas) and by every code input of the web app.

/** How many digits an authenticator code has. */
export const TOTP_CODE_LENGTH = 6;

/** An authenticator code's shape: exactly TOTP_CODE_LENGTH digits. */
export const TOTP_CODE_PATTERN = new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`);

/** Whether a typed code has an authenticator code's shape (the server's first check; a code input is complete). */
export const isTotpCode = (code: string): boolean => TOTP_CODE_PATTERN.test(code);

/** A code field of that shape, trimmed, with the screen's own message when it is not. */
export const totpCodeField = (message: string) => z.string({ error: message }).trim().regex(TOTP_CODE_PATTERN, message);
