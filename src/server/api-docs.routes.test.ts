import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './platform/config';
import { signInSuperAdmin } from './test/admin';
import { buildTestApp, TestClient, type TestApp } from './test/app';
import { signedInEmployee } from './test/erp';
import { customerInput, registerAndLogin } from './test/factories';

// The OpenAPI document declares the session cookies as security schemes and, on
// each operation, the one it needs; in production it is served only with API_DOCS=true.
// (What a guest really gets from each operation, 401 or not, is swept in platform/guest-first.routes.test.ts.)

type Op = { security?: Record<string, string[]>[] };
type Doc = {
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
  paths: Record<string, Record<string, Op>>;
};
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The operations anyone may call without a session, named one by one: a new one is a decision made here. */
const PUBLIC = [
  'GET /api/health',
  'GET /api/ready',
  'GET /api/categories',
  'GET /api/products',
  'GET /api/products/options',
  'GET /api/products/{id}',
  'GET /api/products/{id}/reviews',
  'GET /api/shops/{id}',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/confirm',
  'POST /api/auth/logout',
  'POST /api/contact',
  'POST /api/team-invites/lookup',
  'POST /api/team-invites/register',
  'POST /api/admin/login',
  'POST /api/admin/logout',
  'GET /api/admin/invites/{token}',
  'POST /api/admin/invites/{token}/accept',
  'POST /api/erp/register',
  'POST /api/erp/login',
  'POST /api/erp/logout',
  'POST /api/payments/webhook',
];

const SCHEMES = ['haat_session', 'haat_admin_session', 'haat_admin_pending', 'haat_erp_session'];

let t: TestApp;
let doc: Doc;
let ops: { method: Method; path: string; security: Record<string, string[]>[] }[];
beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json<Doc>();
  ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod)
      .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map(([m, op]) => ({
        method: m.toUpperCase() as Method,
        path,
        security: op.security as Record<string, string[]>[],
      })),
  );
});
afterAll(() => t.close());

const securityOf = (key: string) => ops.find((op) => `${op.method} ${op.path}` === key)?.security;
/** The one scheme an operation needs, or null for a public one. */
const schemeOf = (op: (typeof ops)[number]) => (op.security.length === 0 ? null : Object.keys(op.security[0])[0]);

describe('the OpenAPI document declares its security', () => {
  it('declares the session cookies as apiKey-in-cookie schemes named as the cookies are', () => {
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([...SCHEMES].sort());
    for (const name of SCHEMES)
      expect(doc.components.securitySchemes[name]).toMatchObject({ type: 'apiKey', in: 'cookie', name });
  });

  it('gives every operation a security array of one declared scheme, or none', () => {
    expect(ops.length).toBeGreaterThanOrEqual(140);
    const wrong = ops.filter(
      (op) =>
        !Array.isArray(op.security) ||
        op.security.length > 1 ||
        op.security.some((req) => Object.keys(req).length !== 1 || !SCHEMES.includes(Object.keys(req)[0])),
    );
    expect(wrong.map((op) => `${op.method} ${op.path}: ${JSON.stringify(op.security)}`)).toEqual([]);
  });

  it('names the session each realm needs', () => {
    expect(securityOf('GET /api/admin/orders')).toEqual([{ haat_admin_session: [] }]);
    expect(securityOf('GET /api/admin/session')).toEqual([{ haat_admin_session: [] }]);
    expect(securityOf('POST /api/admin/2fa/verify')).toEqual([{ haat_admin_pending: [] }]);
    expect(securityOf('POST /api/admin/2fa/setup')).toEqual([{ haat_admin_pending: [] }]);
    expect(securityOf('POST /api/erp/projects')).toEqual([{ haat_erp_session: [] }]);
    expect(securityOf('GET /api/cart')).toEqual([{ haat_session: [] }]);
    expect(securityOf('GET /api/me')).toEqual([{ haat_session: [] }]);
    expect(securityOf('POST /api/checkout')).toEqual([{ haat_session: [] }]);
    expect(securityOf('GET /api/products')).toEqual([]);
    expect(securityOf('POST /api/admin/login')).toEqual([]);
    expect(securityOf('POST /api/erp/login')).toEqual([]);
  });

  it('declares exactly the public operations with security: []', () => {
    expect(
      ops
        .filter((op) => op.security.length === 0)
        .map((op) => `${op.method} ${op.path}`)
        .sort(),
    ).toEqual([...PUBLIC].sort());
  });

  it('opens each documented read with its own session and with no other realm’s', async () => {
    const customer = new TestClient(t.app, '10.61.0.1');
    await registerAndLogin(customer, customerInput());
    const admin = (await signInSuperAdmin(t, '10.61.0.2')).client;
    const employee = (await signedInEmployee(t)).client;
    const sessions: Record<string, TestClient> = {
      haat_session: customer,
      haat_admin_session: admin,
      haat_erp_session: employee,
    };
    const reads = ops.filter((op) => op.method === 'GET' && schemeOf(op) !== null);
    expect(new Set(reads.map(schemeOf))).toEqual(new Set(['haat_session', 'haat_admin_session', 'haat_erp_session']));
    const wrong: string[] = [];
    for (const op of reads) {
      const url = op.path.replace(/\{[^}]+\}/g, crypto.randomUUID());
      for (const [scheme, client] of Object.entries(sessions)) {
        const res = await client.get(url);
        // Its own session is let in (403 for another role of the same realm is fine); another realm's gets 401.
        const expected = scheme === schemeOf(op) ? 'not 401' : '401';
        const got = res.statusCode === 401 ? '401' : 'not 401';
        if (got !== expected) wrong.push(`GET ${op.path} with ${scheme}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('where the API documentation is served', () => {
  it('API_DOCS: outside production by default, in production only when set to true', () => {
    expect(loadConfig({}).API_DOCS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).API_DOCS).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).API_DOCS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).API_DOCS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).API_DOCS).toBe(true);
    expect(() => loadConfig({ API_DOCS: 'maybe' })).toThrow('Configuration error: API_DOCS must be true or false');
  });

  const docsAnswers = async (env: Record<string, string>) => {
    const app = await buildTestApp(env);
    try {
      const urls = ['/api/docs', '/api/docs/', '/api/docs/json'];
      return await Promise.all(urls.map(async (url) => (await app.app.inject({ method: 'GET', url })).statusCode));
    } finally {
      await app.close();
    }
  };

  it('in production, /api/docs and /api/docs/json answer 404 unless API_DOCS=true', async () => {
    expect(await docsAnswers({ NODE_ENV: 'production' })).toEqual([404, 404, 404]);
    const served = await docsAnswers({ NODE_ENV: 'production', API_DOCS: 'true' });
    // /api/docs redirects to the viewer at /api/docs/.
    expect(served.map((s) => s < 400)).toEqual([true, true, true]);
    expect(served[2]).toBe(200);
  });
});
