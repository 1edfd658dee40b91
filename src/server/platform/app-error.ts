import { errorStatus, type ErrorCode } from '../../contracts/errors.contract';

/** A failure the API reports to the caller: a code (mapped to a status in one place) and a user-facing message. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** A checkout refused because its amount changed: the total (paise) it would charge now, sent with the error. */
    readonly totalPaise?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

/** Shorthand for a NOT_FOUND error. */
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);

/** A wrong password or code: what the sign-in throttles count. */
export const isInvalidCredentials = (e: unknown): boolean => e instanceof AppError && e.code === 'INVALID_CREDENTIALS';
