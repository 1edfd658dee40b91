import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/auth.contract';
import { buildTestApp, TestClient, type TestApp } from '../test/app';
import { customerInput, registerAndLogin } from '../test/factories';
import { ConfigError, loadConfig } from './config';

/** Fails sign-in `times` times for one email from one connection, each call claiming another X-Forwarded-For. */
async function failLogins(
  t: TestApp,
  remoteAddress: string,
  email: string,
  forwardedFor: (i: number) => string,
  times: number,
) {
  const codes: number[] = [];
  for (let i = 0; i < times; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers: { 'x-requested-with': 'haat', 'x-forwarded-for': forwardedFor(i) },
      payload: { email, password: `wrong-${i}-password` },
    });
    codes.push(res.statusCode);
  }
  return codes;
}

describe('TRUST_PROXY configuration', () => {
  it('is off by default, in production too', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });

  it('takes a hop count or a list of proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      'loopback',
    ]);
  });

  it.each([
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY must be a hop count'],
    [{ TRUST_PROXY: 'my-proxy.example' }, "TRUST_PROXY has 'my-proxy.example', which is not an IP address"],
    [{ TRUST_PROXY: '99' }, 'TRUST_PROXY must be at most 10 hops'],
  ])('stops with a clear line for %j', (env, line) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(line);
  });
});

describe('the client address with TRUST_PROXY off (the default, in production too)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ NODE_ENV: 'production' });
  });
  afterAll(async () => t.close());

  it('ignores X-Forwarded-For for the login throttle: a new forged address each try is still blocked', async () => {
    const input = customerInput();
    await new TestClient(t.app, '10.40.0.1').post('/api/auth/register', input);
    const codes = await failLogins(
      t,
      '10.40.0.2',
      input.email,
      (i) => `203.0.113.${i + 1}`,
      t.config.LOGIN_MAX_FAILURES + 1,
    );
    expect(codes.slice(0, -1).every((c) => c === 401)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('ignores X-Forwarded-For for the other rate limits (the contact form)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: '10.40.0.3',
        headers: { 'x-requested-with': 'haat', 'x-forwarded-for': `198.51.100.${i + 1}` },
        payload: {
          name: 'Asha',
          email: 'asha@example.in',
          subject: 'Order help',
          message: 'Where is my order, please?',
        },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('the client address behind one trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => t.close());

  it('counts only the address the proxy added, whatever the client wrote before it', async () => {
    const input = customerInput();
    await new TestClient(t.app, '10.50.0.1').post('/api/auth/register', input);
    // The client forges a new first address each time; the proxy appends the real one (192.0.2.7).
    const codes = await failLogins(
      t,
      '10.0.0.254',
      input.email,
      (i) => `203.0.113.${i + 1}, 192.0.2.7`,
      t.config.LOGIN_MAX_FAILURES + 1,
    );
    expect(codes.at(-1)).toBe(429);

    // Another client behind the same proxy (another added address) is not blocked.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.254',
      headers: { 'x-requested-with': 'haat', 'x-forwarded-for': '192.0.2.8' },
      payload: { email: input.email, password: input.password },
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('session cookies', () => {
  it('are Secure by default in production, unless COOKIE_SECURE=false is said explicitly', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).COOKIE_SECURE).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(false);
    expect(loadConfig({}).COOKIE_SECURE).toBe(false);
    expect(loadConfig({ COOKIE_SECURE: 'true' }).COOKIE_SECURE).toBe(true);
  });

  it('a production sign-in sets an httpOnly, SameSite=Lax, Secure cookie', async () => {
    const t = await buildTestApp({ NODE_ENV: 'production' });
    try {
      const input = customerInput();
      const c = new TestClient(t.app, '10.60.0.1');
      await c.post('/api/auth/register', input);
      const res = await c.post('/api/auth/login', { email: input.email, password: input.password });
      expect(res.statusCode).toBe(200);
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/haat_session=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
    } finally {
      await t.close();
    }
  });
});

describe('state-changing calls from another site', () => {
  let t: TestApp;
  let c: TestClient;
  beforeAll(async () => {
    t = await buildTestApp();
    c = new TestClient(t.app, '10.70.0.1');
    await registerAndLogin(c, customerInput());
  });
  afterAll(async () => t.close());

  const address = {
    type: 'home',
    streetAddress: '12 MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560001',
  };

  it('are refused when the Origin names another site, even with the custom header and a session', async () => {
    const before = (await c.get('/api/addresses')).json().items.length;
    const res = await c.post('/api/addresses', address, { origin: 'https://evil.example', host: 'localhost:80' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_REJECTED');
    expect((await c.get('/api/addresses')).json().items).toHaveLength(before);
  });

  it('are refused when the browser says Sec-Fetch-Site: cross-site', async () => {
    const before = (await c.get('/api/addresses')).json().items.length;
    const res = await c.post('/api/addresses', address, { 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_REJECTED');
    expect((await c.get('/api/addresses')).json().items).toHaveLength(before);
  });

  it('are refused with Origin: null (a sandboxed frame)', async () => {
    const res = await c.post('/api/auth/logout', {}, { origin: 'null' });
    expect(res.statusCode).toBe(403);
    expect((await c.get('/api/me')).statusCode).toBe(200);
  });

  it('are accepted from our own origin', async () => {
    const res = await c.post('/api/addresses', address, {
      origin: 'http://shop.haat.test:8080',
      host: 'shop.haat.test:8080',
      'sec-fetch-site': 'same-origin',
    });
    expect(res.statusCode).toBe(201);
  });

  it('sign-in itself is refused from another site (login CSRF)', async () => {
    const res = await new TestClient(t.app, '10.70.0.2').post(
      '/api/auth/login',
      { email: 'a@b.in', password: 'whatever1' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).not.toBe(messages.invalidCredentials);
  });
});
