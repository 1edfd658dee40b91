import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAuthMessages as m,
  adminCodeSchema,
  adminLoginSchema,
  adminNextStepSchema,
  adminResetTwoFactorSchema,
  adminSessionSchema,
  adminTwoFactorSetupSchema,
} from '../../../contracts/admin-auth.contract';
import { adminErrors as errors } from '../../platform/admin-errors';
import { acceptInviteSchema, inviteDetailsSchema, inviteTokenSchema } from '../../../contracts/staff.contract';
import { resolveAdminSession } from './auth.admin';
import { acceptStaffInvite, readStaffInvite } from './auth.staff';
import { AppError, isInvalidCredentials } from '../../platform/app-error';
import { guarded } from '../../platform/login-limiter';
import { ADMIN_SESSION_COOKIE, origin, sessionCookieOptions } from '../../platform/auth-guards';
import {
  ADMIN_PENDING_MINUTES,
  ADMIN_SESSION_HOURS,
  adminCodeAccount,
  checkAdminCredentials,
  pendingLoginToken,
  readPendingLogin,
  resetAdminTwoFactor,
  setupAdminTwoFactor,
  verifyAdminCode,
} from './auth.admin-login';

/** The cookie that carries "the password was right" from the credentials step to the code step. */
export const ADMIN_PENDING_COOKIE = 'haat_admin_pending';

/** The super admin's sign-in: credentials, then the code (2fa) or setting two-factor up (setup2fa). */
export async function adminLoginRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, loginFailures, failureStore } = app.ctx;
  const pendingCookie = { ...sessionCookieOptions(config, ADMIN_PENDING_MINUTES * 60), path: '/api/admin' };
  // Pending sign-ins discarded when the account's code step was blocked: those issued before are refused.
  const discarded = (adminId: string) => `admin-pending-discarded:${adminId}`;
  const pendingOf = async (req: FastifyRequest): Promise<string> => {
    const { adminId, issuedAt } = readPendingLogin(config, req.cookies[ADMIN_PENDING_COOKIE]);
    if ((await failureStore.since(discarded(adminId), issuedAt - 1)).length > 0)
      throw new AppError('UNAUTHENTICATED', m.signInAgain);
    return adminId;
  };
  // The later sign-in steps need the first one's cookie: without it, 401 before the body is read.
  const pendingGuard = async (req: FastifyRequest) => void (await pendingOf(req));
  const tooMany = () => new AppError('RATE_LIMITED', m.tooManyAttempts);

  // One throttle for every guess (passwords and codes), per address and account: 429 with Retry-After.
  const throttled = <T>(req: FastifyRequest, reply: FastifyReply, key: string, run: () => Promise<T>): Promise<T> =>
    guarded(loginFailures, { req, reply, key, tooMany, isFailure: isInvalidCredentials, clearOnSuccess: true }, run);

  // Codes are also counted per account from every address; once the account is blocked, the pending
  // sign-in is discarded (cookie and token): the sign-in starts again with the password.
  const codeThrottled = async <T>(
    req: FastifyRequest,
    reply: FastifyReply,
    adminId: string,
    run: () => Promise<T>,
  ): Promise<T> => {
    const account = adminCodeAccount(adminId);
    try {
      return await guarded(
        loginFailures,
        {
          req,
          reply,
          key: `admin-code:${adminId}`,
          account,
          tooMany,
          isFailure: isInvalidCredentials,
          clearOnSuccess: true,
        },
        run,
      );
    } catch (e) {
      if ((await loginFailures.accountRetryAfter(account)) > 0) {
        await failureStore.add(discarded(adminId), Date.now(), ADMIN_PENDING_MINUTES * 60_000);
        reply.clearCookie(ADMIN_PENDING_COOKIE, pendingCookie);
      }
      throw e;
    }
  };

  app.post(
    '/api/admin/login',
    {
      config: { permission: 'anyone' },
      schema: {
        tags: ['admin'],
        summary: 'Super admin sign-in, step 1: email and password; answers the next step',
        body: adminLoginSchema,
        response: { 200: adminNextStepSchema, ...errors },
      },
    },
    async (req, reply) => {
      const email = req.body.email.trim().toLowerCase();
      const { next, pendingToken } = await throttled(req, reply, `admin:${email}`, () =>
        checkAdminCredentials({ db, config, ...req.body, from: origin(req) }),
      );
      reply.setCookie(ADMIN_PENDING_COOKIE, pendingToken, pendingCookie);
      return { next };
    },
  );

  app.get(
    '/api/admin/invites/:token',
    {
      config: { permission: 'anyone' },
      schema: {
        tags: ['admin'],
        summary: 'Whom a staff invitation link invites: 404 unknown, 410 used or expired',
        params: z.object({ token: inviteTokenSchema }),
        response: { 200: inviteDetailsSchema, ...errors },
      },
    },
    async (req) => readStaffInvite(db, req.params.token),
  );

  app.post(
    '/api/admin/invites/:token/accept',
    {
      config: { permission: 'anyone' },
      schema: {
        tags: ['admin'],
        summary: 'Accept a staff invitation (once): name and password; the next step sets up the authenticator',
        params: z.object({ token: inviteTokenSchema }),
        body: acceptInviteSchema,
        response: { 200: adminNextStepSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { adminId } = await acceptStaffInvite(db, { token: req.params.token, ...req.body });
      // As after the credentials step: the pending sign-in goes on with setting two-factor up.
      reply.setCookie(ADMIN_PENDING_COOKIE, pendingLoginToken(config, adminId), pendingCookie);
      return { next: 'setup2fa' as const };
    },
  );

  app.post(
    '/api/admin/2fa/setup',
    {
      config: { permission: 'anyone' },
      onRequest: pendingGuard,
      schema: {
        tags: ['admin'],
        summary: 'Step setup2fa: a new secret as a QR code, and 8 backup codes shown once',
        response: { 200: adminTwoFactorSetupSchema, ...errors },
      },
    },
    async (req) => setupAdminTwoFactor({ db, config, adminId: await pendingOf(req) }),
  );

  app.post(
    '/api/admin/2fa/verify',
    {
      config: { permission: 'anyone' },
      onRequest: pendingGuard,
      schema: {
        tags: ['admin'],
        summary: 'Step 2fa (or the end of setup2fa): a 6-digit code; opens the 24-hour admin session',
        body: adminCodeSchema,
        response: { 200: adminSessionSchema, ...errors },
      },
    },
    async (req, reply) => {
      const adminId = await pendingOf(req);
      const { token } = await codeThrottled(req, reply, adminId, () =>
        verifyAdminCode({
          db,
          config,
          adminId,
          code: req.body.code,
          from: origin(req),
          replacing: req.cookies[ADMIN_SESSION_COOKIE],
        }),
      );
      reply.clearCookie(ADMIN_PENDING_COOKIE, pendingCookie);
      reply.setCookie(ADMIN_SESSION_COOKIE, token, sessionCookieOptions(config, ADMIN_SESSION_HOURS * 3600));
      return (await resolveAdminSession({ db, token }))!;
    },
  );

  app.post(
    '/api/admin/2fa/reset',
    {
      config: { permission: 'anyone' },
      onRequest: pendingGuard,
      schema: {
        tags: ['admin'],
        summary: 'Reset 2FA: the password again and a current code or a backup code; then setup2fa',
        body: adminResetTwoFactorSchema,
        response: { 200: adminNextStepSchema, ...errors },
      },
    },
    async (req, reply) => {
      const adminId = await pendingOf(req);
      return codeThrottled(req, reply, adminId, () =>
        resetAdminTwoFactor({ db, config, adminId, ...req.body, from: origin(req) }),
      );
    },
  );
}
