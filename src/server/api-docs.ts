import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ADMIN_SESSION_COOKIE, SESSION_COOKIE } from './platform/auth-guards';
import { ADMIN_PENDING_COOKIE } from './modules/auth';
import { ERP_SESSION_COOKIE } from './modules/erp';

/**
 * The cookies that open the API, one security scheme each, named as the cookie is. Every session is
 * an httpOnly cookie set by its sign-in; a browser sends it by itself, and writes also need the
 * header `X-Requested-With: haat` (the CSRF check).
 */
export const securitySchemes = {
  [SESSION_COOKIE]: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      "A shopper's session (customer, vendor or merchant), set by POST /api/auth/login. Which roles may call an operation is in its summary; another role gets 403.",
  },
  [ADMIN_SESSION_COOKIE]: {
    type: 'apiKey',
    in: 'cookie',
    name: ADMIN_SESSION_COOKIE,
    description: "The super admin's session, set by POST /api/admin/2fa/verify (a shopper's session is not one).",
  },
  [ADMIN_PENDING_COOKIE]: {
    type: 'apiKey',
    in: 'cookie',
    name: ADMIN_PENDING_COOKIE,
    description:
      "The super admin's sign-in in progress: set by POST /api/admin/login when the password is right, good for the two-factor steps for 10 minutes.",
  },
  [ERP_SESSION_COOKIE]: {
    type: 'apiKey',
    in: 'cookie',
    name: ERP_SESSION_COOKIE,
    description: "An approved employee's ERP session, set by POST /api/erp/login.",
  },
} as const;

type SchemeName = keyof typeof securitySchemes;
export type SecurityRequirement = Partial<Record<SchemeName, string[]>>;

/** The operations anyone may call without a session (Fastify's path form), named one by one. */
const PUBLIC_OPERATIONS = new Set([
  'GET /api/health',
  'GET /api/ready',
  'GET /api/categories',
  'GET /api/products',
  'GET /api/products/options',
  'GET /api/products/:id',
  'GET /api/products/:id/reviews',
  'GET /api/shops/:id',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/confirm',
  'POST /api/auth/logout',
  'POST /api/contact',
  // A vendor's team invitation: the link is the key (single use, 72 hours).
  'POST /api/team-invites/lookup',
  'POST /api/team-invites/register',
  'POST /api/admin/login',
  'GET /api/admin/invites/:token',
  'POST /api/admin/invites/:token/accept',
  'POST /api/admin/logout',
  'POST /api/erp/register',
  'POST /api/erp/login',
  'POST /api/erp/logout',
  // Razorpay's, signed by its sender (X-Razorpay-Signature).
  'POST /api/payments/webhook',
]);

/**
 * Which session an operation needs, by one rule for the whole API: the public operations none; the
 * super admin's two-factor steps the pending sign-in; the rest of /api/admin/ the super admin's
 * session; /api/erp/ an employee's session; every other /api/ operation a shopper's session.
 * (Each realm's guard answers 401 before it reads the request; guest-first.routes.test.ts holds the
 * documented answer against what a guest really gets.)
 */
export function operationSecurity(method: string, url: string): SecurityRequirement[] {
  const need = (scheme: SchemeName): SecurityRequirement[] => [{ [scheme]: [] }];
  if (PUBLIC_OPERATIONS.has(`${method.toUpperCase()} ${url}`)) return [];
  if (url.startsWith('/api/admin/2fa/')) return need(ADMIN_PENDING_COOKIE);
  if (url.startsWith('/api/admin/')) return need(ADMIN_SESSION_COOKIE);
  if (url.startsWith('/api/erp/')) return need(ERP_SESSION_COOKIE);
  if (url.startsWith('/api/')) return need(SESSION_COOKIE);
  return [];
}

/** The OpenAPI document at /api/docs/json and its viewer at /api/docs, generated from the zod schemas. */
export async function apiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Haat API',
        version: '1.0.0',
        description:
          'The JSON API of the Haat marketplace. Money is integer paise in fields ending `Paise`. Writes need the header `X-Requested-With: haat`; each operation names the session cookie it needs.',
      },
      components: { securitySchemes },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const methods = [input.route.method].flat();
      const security = operationSecurity(methods[0], input.url);
      if (methods.some((m) => JSON.stringify(operationSecurity(m, input.url)) !== JSON.stringify(security)))
        throw new Error(`${input.url}: its methods need different sessions; declare them as separate routes`);
      // The staff permission an admin operation needs (a staff member without it gets 403 PERMISSION_DENIED).
      const permission = input.route.config?.permission;
      const needs =
        permission && permission !== 'anyone'
          ? { 'x-permission': permission, description: `Staff permission: ${permission}.` }
          : {};
      return { ...out, schema: { ...out.schema, security, ...needs } };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
