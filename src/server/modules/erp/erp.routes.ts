import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages as authMessages } from '../../../contracts/auth.contract';
import { okSchema } from '../../../contracts/common.contract';
import {
  employeeSchema,
  erpCodeSchema,
  erpDashboardSchema,
  erpLoginSchema,
  erpMessages,
  erpPasswordSchema,
  erpProfileSchema,
  erpRegisterSchema,
  erpSettingsSchema,
  erpTwoFaSetupSchema,
} from '../../../contracts/erp.contract';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import { AppError, isInvalidCredentials } from '../../platform/app-error';
import type { HourlyLimits } from '../../platform/hourly-limits';
import { guarded } from '../../platform/login-limiter';
import { origin, sessionCookieOptions } from '../../platform/auth-guards';
import { employeeIdByEmail, getEmployee, loginEmployee, registerEmployee } from './erp.accounts';
import { getErpDashboard } from './erp.dashboard';
import {
  changeEmployeePassword,
  disableEmployeeTwoFa,
  enableEmployeeTwoFa,
  getErpSettings,
  setUpEmployeeTwoFa,
  updateErpProfile,
} from './erp.settings';
import {
  employeeGuard,
  endEmployeeSession,
  ERP_SESSION_COOKIE,
  ERP_SESSION_HOURS,
  requireEmployee,
} from './erp.sessions';
import { errorResponses } from '../../platform/error-responses';

const errors = errorResponses(400, 401, 409, 429);
const messageSchema = z.object({ message: z.string() });
// Code and password checks are throttled per address, like sign-in.
const attemptLimit = { rateLimit: { max: 10, timeWindow: '15 minutes' } };
/** A wrong two-factor code (a wrong password answers the same code, without the `code` field). */
const isWrongCode = (e: unknown): boolean =>
  isInvalidCredentials(e) && e instanceof AppError && e.fields?.code !== undefined;

/** The employees' ERP: registration, sign-in (with the optional two-factor step), the session and the dashboard; `limits`: the per-address hourly limits. */
export async function erpRoutes(fastify: FastifyInstance, { limits }: { limits: HourlyLimits }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, loginFailures } = app.ctx;
  // The routes past sign-in answer a guest 401 before their body is validated.
  const signedIn = employeeGuard(db);

  app.post(
    '/api/erp/register',
    {
      // Counted with the shoppers' registrations.
      onRequest: limits.registrations,
      schema: {
        tags: ['erp'],
        summary: "Register an employee; sign-in waits for the super admin's approval",
        body: erpRegisterSchema,
        response: { 201: z.object({ id: z.uuid(), message: z.string() }), ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ ...(await registerEmployee({ db, input: req.body })), message: erpMessages.registered }),
  );

  app.post(
    '/api/erp/login',
    {
      schema: {
        tags: ['erp'],
        summary: "Sign in an approved employee; answers 401 '2FA code required' when a code is needed",
        body: erpLoginSchema,
        response: { 200: employeeSchema, ...errors },
      },
    },
    async (req, reply) => {
      // The employee's email is its own key in the shared throttle, apart from shoppers' emails. A code
      // step also counts the account's wrong codes from every address (429 after too many).
      const accountId = req.body.code ? await employeeIdByEmail(db, req.body.email) : null;
      const throttle = {
        req,
        reply,
        key: `erp:${req.body.email}`,
        tooMany: () => new AppError('RATE_LIMITED', authMessages.tooManyAttempts),
        isFailure: isInvalidCredentials,
        clearOnSuccess: true,
        ...(accountId ? { account: `erp:${accountId}`, isAccountFailure: isWrongCode } : {}),
      };
      const { token, employee } = await guarded(loginFailures, throttle, () =>
        loginEmployee({ db, config, ...req.body, ...origin(req), replacing: req.cookies[ERP_SESSION_COOKIE] }),
      );
      reply.setCookie(ERP_SESSION_COOKIE, token, sessionCookieOptions(config, ERP_SESSION_HOURS * 3600));
      return employee;
    },
  );

  app.post(
    '/api/erp/logout',
    { schema: { tags: ['erp'], summary: "End the employee's session", response: { 200: okSchema } } },
    async (req, reply) => {
      const token = req.cookies[ERP_SESSION_COOKIE];
      if (token) await endEmployeeSession(db, token);
      reply.clearCookie(ERP_SESSION_COOKIE, { path: '/' });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/erp/me',
    {
      onRequest: signedIn,
      schema: {
        tags: ['erp'],
        summary: 'The signed-in employee',
        response: { 200: employeeSchema, 401: errorResponseSchema },
      },
    },
    async (req) => getEmployee({ db, employeeId: (await requireEmployee(db, req)).id }),
  );

  app.get(
    '/api/erp/dashboard',
    {
      onRequest: signedIn,
      schema: {
        tags: ['erp'],
        summary: "The ERP dashboard's counters and the employee's latest tasks",
        response: { 200: erpDashboardSchema, 401: errorResponseSchema },
      },
    },
    async (req) => getErpDashboard({ db, employeeId: (await requireEmployee(db, req)).id }),
  );

  // ---- Settings: contact details, two-factor, password
  app.get(
    '/api/erp/settings',
    {
      onRequest: signedIn,
      schema: {
        tags: ['erp'],
        summary: "The employee's contact details and two-factor state",
        response: { 200: erpSettingsSchema, 401: errorResponseSchema },
      },
    },
    async (req) => getErpSettings(db, (await requireEmployee(db, req)).id),
  );
  app.put(
    '/api/erp/settings/profile',
    {
      onRequest: signedIn,
      schema: {
        tags: ['erp'],
        summary: 'Edit phone, address and emergency contact',
        body: erpProfileSchema,
        response: { 200: erpSettingsSchema, ...errors },
      },
    },
    async (req) => updateErpProfile(db, (await requireEmployee(db, req)).id, req.body),
  );
  app.post(
    '/api/erp/settings/2fa/setup',
    {
      onRequest: signedIn,
      schema: {
        tags: ['erp'],
        summary: 'A new two-factor secret (QR code), off until a code from it is checked',
        response: { 200: erpTwoFaSetupSchema, ...errors },
      },
    },
    async (req) => setUpEmployeeTwoFa(db, config, (await requireEmployee(db, req)).id),
  );
  app.post(
    '/api/erp/settings/2fa/enable',
    {
      onRequest: signedIn,
      config: attemptLimit,
      schema: {
        tags: ['erp'],
        summary: 'Turn two-factor on with a code from the secret set up',
        body: erpCodeSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      await enableEmployeeTwoFa(db, config, (await requireEmployee(db, req)).id, req.body.code);
      return { message: erpMessages.twoFaEnabled };
    },
  );
  app.post(
    '/api/erp/settings/2fa/disable',
    {
      onRequest: signedIn,
      config: attemptLimit,
      schema: {
        tags: ['erp'],
        summary: 'Turn two-factor off with a valid code',
        body: erpCodeSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      await disableEmployeeTwoFa(db, config, (await requireEmployee(db, req)).id, req.body.code);
      return { message: erpMessages.twoFaDisabled };
    },
  );
  app.post(
    '/api/erp/settings/password',
    {
      onRequest: signedIn,
      config: attemptLimit,
      schema: {
        tags: ['erp'],
        summary: "Change the password; the employee's other sessions end",
        body: erpPasswordSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      const me = await requireEmployee(db, req);
      await changeEmployeePassword(db, {
        employeeId: me.id,
        sessionId: me.sessionId,
        currentPassword: req.body.currentPassword,
        password: req.body.password,
      });
      return { message: erpMessages.passwordChanged };
    },
  );
}
