import type { FastifyReply, FastifyRequest } from 'fastify';
import { adminAuthMessages } from '../../../contracts/admin-auth.contract';
import { AppError } from '../../platform/app-error';
import type { AdminUser } from '../../platform/auth-guards';
import { guarded, type LoginThrottle } from '../../platform/login-limiter';

/**
 * Runs a sensitive action whose code is checked inside it: wrong codes count towards the sign-in
 * throttle of the admin (429 after too many), so codes cannot be guessed through actions either.
 */
export function withStepUpThrottle<T>(throttle: LoginThrottle, req: FastifyRequest, reply: FastifyReply, admin: AdminUser, run: () => Promise<T>): Promise<T> {
  return guarded(
    throttle,
    { req, reply, key: `admin-code:${admin.id}`, tooMany: () => new AppError('RATE_LIMITED', adminAuthMessages.tooManyAttempts), isFailure: (e) => e instanceof AppError && e.code === 'FORBIDDEN' },
    run,
  );
}

/** Answers a CSV download. */
export function sendCsv(reply: FastifyReply, name: string, csv: string) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="haat-${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(`\ufeff${csv}`);
}
