import { z } from 'zod';

/** Every error code the API can answer with, and the HTTP status it maps to (the one place). */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  REFERRAL_CODE_UNKNOWN: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  TWO_FA_REQUIRED: 401,
  FORBIDDEN: 403,
  /** A staff member whose roles do not grant the operation's permission. */
  PERMISSION_DENIED: 403,
  ACCOUNT_SUSPENDED: 403,
  CSRF_REJECTED: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  CONFLICT: 409,
  /** A single-use link already used, or past its time. */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodeSchema = z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]);

/** The body of every error response: `{ error: { code, message, fields?, requestId } }`. */
export const errorResponseSchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** A checkout refused because its amount changed: the total (paise) it would charge now. */
    totalPaise: z.number().int().optional(),
    /** The request's id (also its `x-request-id` header and in the server's log line); every answer of the server has it. */
    requestId: z.string().optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
