import type { FastifyReply, FastifyRequest } from 'fastify';
import { adminAuthMessages } from '../../../contracts/admin-auth.contract';
import { todayInIndia } from '../../../domain/age';
import { AppError } from '../../platform/app-error';
import { origin, requireAdmin, type AdminUser } from '../../platform/auth-guards';
import type { Tx } from '../../platform/db';
import { sendCsvFile } from '../../platform/http';
import { guarded } from '../../platform/login-limiter';
import { recordAudit } from '../audit';
import { adminCodeAccount, consumeAdminStepUp } from '../auth';

/** What a sensitive action changed, for its audit entry (the guard adds who and from where). Secrets never go in `newData`. */
export type ActionAudit = { action: string; resourceType: string; resourceId: string | null; newData?: unknown };

/** What a sensitive action's change answers: its result, and one audit entry (or one per thing changed). */
export type Audited<T> = { result?: T; audit: ActionAudit | readonly ActionAudit[] };

/**
 * Runs a change in one transaction that first spends the fresh code (no code 401, a wrong or used
 * one 403) and ends with the audit entries the change returns, written as the signed-in super
 * admin. A change that throws rolls back and gives the code back; a refused code changes nothing.
 */
export type SensitiveTx = <T>(change: (tx: Tx, admin: AdminUser) => Promise<Audited<T>>) => Promise<T>;

/**
 * A later transaction of the same action, once its code is spent in `sensitiveTx` (an action that
 * must not hold a transaction open while it calls out, such as a Razorpay Route transfer): it ends
 * with the audit entries the change returns, written as the same admin from the same address.
 * Called before the code is spent, it is a programming error.
 */
export type FollowUpTx = <T>(change: (tx: Tx) => Promise<Audited<T>>) => Promise<T>;

/** A wrong, expired or already used step-up code (consumeAdminStepUp's 403). */
const isWrongCode = (e: unknown): boolean => e instanceof AppError && e.code === 'FORBIDDEN';

/**
 * The step-up guard of every sensitive admin route, its handler's one call:
 * `async (req, reply) => requireFreshCode(req, reply, (sensitiveTx) => service({ ..., sensitiveTx }))`.
 * The service makes its change inside `sensitiveTx`, which checks and spends the body's `code` in
 * the change's own transaction and writes the audit entries the change returns. (Not a preHandler:
 * the code has to be spent in the action's transaction, which a hook cannot share.)
 *
 * Wrong codes count towards the sign-in throttle of the admin, per address and per account from
 * every address (429 after too many), so codes cannot be guessed through actions either. Each wrong
 * code is written to the audit log as `step_up_failed`, outside the action's transaction (which the
 * refusal rolls back). An action that answers without spending the code is a programming error (500).
 */
export async function requireFreshCode<R>(
  req: FastifyRequest,
  reply: FastifyReply,
  action: (sensitiveTx: SensitiveTx, followUpTx: FollowUpTx) => Promise<R>,
  /** The body's field holding the code, where `code` means something else (a promotion's coupon code). */
  codeField = 'code',
): Promise<R> {
  const admin = requireAdmin(req);
  const { db, config, loginFailures } = req.server.ctx;
  const from = origin(req);
  const sent = (req.body as Record<string, unknown> | undefined)?.[codeField];
  const code = typeof sent === 'string' ? sent : undefined;
  let spent = false;
  const audited = async <T>(tx: Tx, { result, audit }: Audited<T>): Promise<T> => {
    for (const entry of [audit].flat())
      await recordAudit(tx, {
        actorType: 'admin',
        actorId: admin.id,
        ...entry,
        ipAddress: from.ip,
        userAgent: from.userAgent,
      });
    return result as T;
  };
  const sensitiveTx: SensitiveTx = <T>(change: (tx: Tx, admin: AdminUser) => Promise<Audited<T>>) =>
    db.transaction(async (tx): Promise<T> => {
      await consumeAdminStepUp(tx, { config, adminId: admin.id, code });
      spent = true;
      return audited(tx, await change(tx, admin));
    });
  const followUpTx: FollowUpTx = <T>(change: (tx: Tx) => Promise<Audited<T>>) => {
    if (!spent)
      throw new Error(
        `${req.method} ${req.routeOptions.url ?? req.url} wrote a follow-up before spending its fresh code`,
      );
    return db.transaction(async (tx): Promise<T> => audited(tx, await change(tx)));
  };
  try {
    const answer = await guarded(
      loginFailures,
      {
        req,
        reply,
        key: `admin-code:${admin.id}`,
        account: adminCodeAccount(admin.id),
        tooMany: () => new AppError('RATE_LIMITED', adminAuthMessages.tooManyAttempts),
        isFailure: isWrongCode,
      },
      () => action(sensitiveTx, followUpTx),
    );
    if (!spent)
      throw new Error(`${req.method} ${req.routeOptions.url ?? req.url} answered without spending its fresh code`);
    return answer;
  } catch (e) {
    if (isWrongCode(e)) {
      await recordAudit(db, {
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

/** An admin list's CSV file name: haat-<name>-<date>.csv, dated in India (as the panel shows dates), not in UTC. */
export const csvFileName = (name: string, now = new Date()) => `haat-${name}-${todayInIndia(now)}.csv`;

/** Answers an admin list's CSV download, named by csvFileName. */
export function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return sendCsvFile(reply, csvFileName(name), csv);
}
