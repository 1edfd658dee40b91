import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../test/app';
import { customerInput, registerAndLogin } from '../test/factories';

type Line = {
  level: number;
  msg: string;
  requestId?: string;
  method?: string;
  route?: string | null;
  status?: number;
  ms?: number;
  userId?: string;
};

/** The app's log, kept as parsed lines: every line must be one JSON object. */
function logSink() {
  const lines: Line[] = [];
  return {
    lines,
    write: (chunk: string) => {
      for (const line of chunk.split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Line);
    },
    /** The lines written for one request. */
    of: (requestId: string) => lines.filter((l) => l.requestId === requestId),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('one log line per request, and a request id everywhere', () => {
  let t: TestApp;
  const log = logSink();

  beforeAll(async () => {
    t = await buildTestApp({ LOG_LEVEL: 'info' }, { logTo: log });
  });
  afterAll(() => t.close());

  it('writes one JSON line per request: method, matched route, status, duration and the id of the x-request-id header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(UUID);
    const lines = log.of(id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'request', method: 'GET', route: '/api/health', status: 200 });
    expect(lines[0].ms).toBeGreaterThanOrEqual(0);
    expect(lines[0].userId).toBeUndefined();
  });

  it('logs the route pattern, never the raw address, and the signed-in user', async () => {
    const client = new TestClient(t.app, '10.9.0.1');
    const { id: userId } = await registerAndLogin(client, customerInput());
    const productId = randomUUID();
    const res = await client.get(`/api/products/${productId}?secret=token`);
    expect(res.statusCode).toBe(404);
    const [line] = log.of(res.headers['x-request-id'] as string);
    expect(line).toMatchObject({ method: 'GET', route: '/api/products/:id', status: 404, userId });
    expect(JSON.stringify(line)).not.toContain(productId);
    expect(JSON.stringify(line)).not.toContain('token');
  });

  it('puts the same id in the header and the body of every kind of error answer', async () => {
    const answers = await Promise.all([
      // AppError from a service
      t.app.inject({ method: 'GET', url: `/api/products/${randomUUID()}` }),
      // refused in an onRequest hook (CSRF)
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.in', password: 'x' } }),
      // schema validation
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-requested-with': 'haat' },
        payload: { email: 'not-an-email', password: '' },
      }),
      // no such route
      t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      // Fastify's own routing error, answered before any hook
      t.app.inject({ method: 'GET', url: '/api/%E0%A4' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([404, 403, 400, 404, 400]);
    for (const res of answers) {
      const id = res.headers['x-request-id'];
      expect(id).toMatch(UUID);
      expect(res.json().error.requestId).toBe(id);
      expect(
        log.of(id as string).filter((l) => l.msg === 'request'),
        `${res.statusCode} ${res.body}`,
      ).toHaveLength(1);
    }
  });

  it('ignores an incoming x-request-id when no proxy is trusted', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'from-the-client-1' },
    });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });
});

describe('request ids behind a trusted proxy', () => {
  let t: TestApp;
  const log = logSink();

  beforeAll(async () => {
    t = await buildTestApp({ LOG_LEVEL: 'info', TRUST_PROXY: '1' }, { logTo: log });
  });
  afterAll(() => t.close());

  it("keeps the proxy's sane x-request-id, in the header, the log and error bodies", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'x-request-id': 'nginx-7f3a9c:01' },
    });
    expect(res.headers['x-request-id']).toBe('nginx-7f3a9c:01');
    expect(res.json().error.requestId).toBe('nginx-7f3a9c:01');
    expect(log.of('nginx-7f3a9c:01')).toHaveLength(1);
  });

  it.each([['has spaces and "quotes"'], ['x'.repeat(129)], ['line\\nbreak'], ['']])(
    'replaces an unusable one (%j) with its own',
    async (incoming) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': incoming } });
      expect(res.headers['x-request-id']).toMatch(UUID);
    },
  );
});
