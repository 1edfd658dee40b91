import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';

// Every realm (shoppers, the super admin, the ERP's employees) checks the session
// before it looks at the request: a guest sending a malformed body, query or path gets 401, not 400.
// The operations come from /api/docs/json, so a new route is covered without anyone adding it here;
// the public ones are those the document declares with `security: []` (src/server/api-docs.ts), so
// this sweep also proves the document right: a guest gets 401 exactly where it names a session.

type Operation = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; security: unknown[] };

let t: TestApp;
let ops: Operation[];
/** The operations anyone may call without a session: those documented with `security: []`. */
let PUBLIC: Set<string>;
beforeAll(async () => {
  t = await buildTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  }>();
  ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod)
      .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map(([m, op]) => {
        if (!Array.isArray(op.security)) throw new Error(`${m} ${path} declares no security`);
        return { method: m.toUpperCase() as Operation['method'], path, security: op.security };
      }),
  );
  PUBLIC = new Set(ops.filter((op) => op.security.length === 0).map((op) => `${op.method} ${op.path}`));
});
afterAll(() => t.close());

/** Malformed requests of every kind: a path parameter that is no id, a query of nonsense, a body that is not JSON or not an object. */
type Malformed = { method: Operation['method']; url: string; headers: Record<string, string>; payload?: string };
const malformed = (op: Operation): Malformed[] => {
  const path = op.path.replace(/\{[^}]+\}/g, 'not-an-id');
  const query = '?page=-1&pageSize=abc&from=yesterday&status=%00';
  const url = `${path}${query}`;
  const headers: Record<string, string> = { 'x-requested-with': 'haat' };
  if (op.method === 'GET') return [{ method: op.method, url, headers }];
  return [
    { method: op.method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: '{"oops": ' },
    { method: op.method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: '[1, 2]' },
    {
      method: op.method,
      url: path,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ code: 'x', name: '', email: 'nope', quantity: -1 }),
    },
    { method: op.method, url: path, headers: { ...headers, 'content-type': 'text/plain' }, payload: 'hello' },
  ];
};

describe('a guest calling a documented operation with a malformed request', () => {
  it('gets 401 from every operation that needs a session, before the request is validated', async () => {
    const guarded = ops.filter((op) => !PUBLIC.has(`${op.method} ${op.path}`));
    expect(guarded.length).toBeGreaterThanOrEqual(120);
    const wrong: string[] = [];
    for (const op of guarded) {
      for (const req of malformed(op)) {
        const res = await t.app.inject(req);
        if (res.statusCode !== 401)
          wrong.push(
            `${op.method} ${op.path} (${req.headers['content-type'] ?? 'no body'} ${req.payload ?? ''}): ${res.statusCode} ${res.body.slice(0, 100)}`,
          );
        else expect(res.json().error.code).toBe('UNAUTHENTICATED');
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every operation documented with security: [] answers a guest without asking for a session', async () => {
    expect(PUBLIC.size).toBeGreaterThanOrEqual(10);
    for (const key of PUBLIC) {
      const [method, path] = key.split(' ') as [Operation['method'], string];
      const res = await t.app.inject({
        method,
        url: path.replace(/\{[^}]+\}/g, crypto.randomUUID()),
        headers: { 'x-requested-with': 'haat', 'content-type': 'application/json' },
        payload: method === 'GET' ? undefined : '{}',
      });
      // 401 here would mean a session is needed after all (the sign-in forms answer wrong credentials another way).
      expect([key, res.statusCode === 401 ? res.json().error.code : 'not 401']).toEqual([key, 'not 401']);
    }
  });
});
