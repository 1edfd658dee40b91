import type { FastifyReply, FastifyRequest } from 'fastify';
import { adminAuthMessages } from '../../../contracts/admin-auth.contract';
import { AppError } from '../../platform/app-error';
import { origin, type AdminUser } from '../../platform/auth-guards';
import { guarded, type LoginThrottle } from '../../platform/login-limiter';
import { recordAudit } from '../audit';
import { adminCodeAccount } from '../auth';

/** A wrong, expired or already used step-up code (consumeAdminStepUp's 403). */
const isWrongCode = (e: unknown): boolean => e instanceof AppError && e.code === 'FORBIDDEN';

/**
 * Runs a sensitive action whose code is checked inside it: wrong codes count towards the sign-in
 * throttle of the admin, per address and per account from every address (429 after too many), so
 * codes cannot be guessed through actions either. Each wrong code is written to the audit log
 * (outside the action's transaction, which the refusal rolls back).
 */
export async function withStepUpThrottle<T>(throttle: LoginThrottle, req: FastifyRequest, reply: FastifyReply, admin: AdminUser, run: () => Promise<T>): Promise<T> {
  try {
    return await guarded(
      throttle,
      { req, reply, key: `admin-code:${admin.id}`, account: adminCodeAccount(admin.id), tooMany: () => new AppError('RATE_LIMITED', adminAuthMessages.tooManyAttempts), isFailure: isWrongCode },
      run,
    );
  } catch (e) {
    if (isWrongCode(e)) {
      const from = origin(req);
      await recordAudit(req.server.ctx.db, {
        actorType: 'admin',
        actorId: admin.id,
        action: 'step_up_failed',
        resourceType: 'admin_account',
        resourceId: admin.id,
        newData: { method: req.method, route: req.routeOptions.url ?? req.url },
        ipAddress: from.ip,
        userAgent: from.userAgent,
      });
    }
    throw e;
  }
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
