import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginSchema,
  meSchema,
  messages,
  passwordResetMessages,
  passwordResetRequestSchema,
  passwordResetSchema,
  registerSchema,
} from '../../../contracts/auth.contract';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import { AppError, isInvalidCredentials } from '../../platform/app-error';
import { origin, requireUser, SESSION_COOKIE, sessionCookieOptions, userGuard } from '../../platform/auth-guards';
import type { HourlyLimits } from '../../platform/hourly-limits';
import { FailureLimiter, guarded } from '../../platform/login-limiter';
import { logout, resetPassword } from '../auth';
import { getAccount, registerAccount, sendPasswordReset, signIn } from './accounts.service';

const messageSchema = z.object({ message: z.string() });
const registeredSchema = z.object({
  id: z.uuid(),
  role: z.enum(['customer', 'vendor', 'merchant']),
  referralCode: z.string(),
  message: z.string(),
});
const created = {
  customer: messages.customerCreated,
  vendor: messages.vendorCreated,
  merchant: messages.merchantCreated,
} as const;

/** Registration, sign-in, sign-out and the signed-in user; `limits`: the per-address hourly limits. */
export async function accountsRoutes(fastify: FastifyInstance, { limits }: { limits: HourlyLimits }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, loginFailures } = app.ctx;

  app.post(
    '/api/auth/register',
    {
      onRequest: limits.registrations,
      schema: {
        tags: ['auth'],
        summary: 'Create a customer, vendor or merchant account',
        body: registerSchema,
        response: {
          201: registeredSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const { userId, referralCode } = await registerAccount({ db, input: req.body });
      return reply.status(201).send({ id: userId, role: req.body.role, referralCode, message: created[req.body.role] });
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in; sets the httpOnly session cookie',
        body: loginSchema,
        response: { 200: meSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const throttle = {
        req,
        reply,
        key: req.body.email,
        tooMany: () => new AppError('RATE_LIMITED', messages.tooManyAttempts),
        isFailure: isInvalidCredentials,
        clearOnSuccess: true,
      };
      const { token, me } = await guarded(loginFailures, throttle, () =>
        signIn({
          db,
          ...req.body,
          ...originOf(req),
          ttlHours: config.SESSION_TTL_HOURS,
          replacing: req.cookies[SESSION_COOKIE],
        }),
      );
      reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(config, config.SESSION_TTL_HOURS * 3600));
      return me;
    },
  );

  // Mail per email address: a few links an hour, so nobody floods someone's inbox.
  const resetMails = new FailureLimiter(3, 60 * 60_000, app.ctx.failureStore);
  app.post(
    '/api/auth/password-reset',
    {
      onRequest: limits.passwordResets,
      schema: {
        tags: ['auth'],
        summary: 'Send a password reset link (the same answer whether or not the account exists)',
        body: passwordResetRequestSchema,
        response: { 202: messageSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const wait = await resetMails.retryAfter(`reset-mail:${req.body.email}`);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new AppError('RATE_LIMITED', passwordResetMessages.tooMany);
      }
      await resetMails.fail(`reset-mail:${req.body.email}`);
      try {
        await sendPasswordReset({
          db,
          mailer: app.ctx.mailer,
          appUrl: app.ctx.appUrl,
          email: req.body.email,
          ttlMinutes: config.PASSWORD_RESET_TTL_MINUTES,
        });
      } catch (err) {
        // The answer stays the same (it must not tell whether the account exists); the failure is for the operator.
        req.log.error({ err }, 'password reset mail could not be sent');
      }
      return reply.status(202).send({ message: passwordResetMessages.requested });
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token of a reset link (once; every session ends)',
        body: passwordResetSchema,
        response: { 200: messageSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
    },
    async (req) => {
      await resetPassword({ db, token: req.body.token, newPassword: req.body.password });
      return { message: passwordResetMessages.done };
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], summary: 'End the session and clear the cookie', response: { 204: z.null() } } },
    async (req, reply) => {
      const token = req.cookies[SESSION_COOKIE];
      if (token) await logout({ db, token });
      reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(config));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/me',
    {
      onRequest: userGuard,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user with role and profile',
        response: { 200: meSchema, 401: errorResponseSchema },
      },
    },
    async (req) => {
      const user = requireUser(req);
      return getAccount({ db, userId: user.id });
    },
  );
}

function originOf(req: Parameters<typeof origin>[0]) {
  const o = origin(req);
  return { ip: o.ip, userAgent: o.userAgent };
}
