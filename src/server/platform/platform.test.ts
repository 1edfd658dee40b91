import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../test/app';
import { ConfigError, loadConfig } from './config';
import { ADDRESS_FAILURE_FACTOR, FailureLimiter, LoginThrottle, MemoryFailureStore } from './login-limiter';

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      SEED_DEMO: true,
      SHUTDOWN_TIMEOUT_SECONDS: 20,
      REDIS_PREFIX: 'haat:',
    });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('takes an empty variable as unset: its default, not 0 or an error', () => {
    const c = loadConfig({ PORT: '', HOST: ' ', DATA_DIR: '', DATABASE_URL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    expect(c).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.ADMIN_EMAIL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'Configuration error: PORT must be a number'],
    [{ PORT: '70000' }, 'Configuration error: PORT must be at most 65535'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Configuration error: DATABASE_URL must start with postgres:// (or be unset for the embedded database)',
    ],
    [
      { ADMIN_EMAIL: 'boss@haat.in' },
      'Configuration error: ADMIN_EMAIL and ADMIN_PASSWORD must be set together (or both left unset)',
    ],
    [{ SESSION_TTL_HOURS: '0' }, 'Configuration error: SESSION_TTL_HOURS must be at least 1'],
    [{ PORT: '-1' }, 'Configuration error: PORT must be at least 0'],
    [{ RETURN_WINDOW_DAYS: '1.5' }, 'Configuration error: RETURN_WINDOW_DAYS must be a whole number'],
    [
      { LOG_LEVEL: 'loud' },
      'Configuration error: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    ],
    [
      { ADMIN_EMAIL: 'boss', ADMIN_PASSWORD: 'long-enough-secret' },
      'Configuration error: ADMIN_EMAIL must be an email address',
    ],
    [
      { ADMIN_EMAIL: 'boss@haat.in', ADMIN_PASSWORD: 'short' },
      'Configuration error: ADMIN_PASSWORD must be at least 12 characters',
    ],
    [{ SEED_DEMO: 'maybe' }, 'Configuration error: SEED_DEMO must be true or false'],
    [{ REGISTRATIONS_PER_HOUR: '0' }, 'Configuration error: REGISTRATIONS_PER_HOUR must be at least 1'],
    [{ PASSWORD_RESETS_PER_HOUR: 'many' }, 'Configuration error: PASSWORD_RESETS_PER_HOUR must be a number'],
    [{ SHUTDOWN_TIMEOUT_SECONDS: 'soon' }, 'Configuration error: SHUTDOWN_TIMEOUT_SECONDS must be a number'],
    [{ REDIS_PREFIX: 'haat prod' }, 'Configuration error: REDIS_PREFIX must be 1 to 64 letters, digits or : _ . -'],
  ])('stops with one clear line for %j', (env, line) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(line);
  });
});

describe('FailureLimiter', () => {
  it('blocks after the maximum failures and frees the key when the window passes', async () => {
    let now = 0;
    const l = new FailureLimiter(3, 60_000, new MemoryFailureStore(), () => now);
    await l.fail('k');
    await l.fail('k');
    expect(await l.retryAfter('k')).toBe(0);
    await l.fail('k');
    expect(await l.retryAfter('k')).toBe(60);
    expect(await l.retryAfter('other')).toBe(0);
    now = 60_001;
    expect(await l.retryAfter('k')).toBe(0);
  });

  it('throttles sign-ins per address and email, and per address only at ten times the limit', async () => {
    const t = new LoginThrottle(5, 60_000, new MemoryFailureStore(), () => 0);
    for (let i = 0; i < 5; i++) await t.fail('10.0.0.1', 'asha@example.in');
    expect(await t.retryAfter('10.0.0.1', 'asha@example.in')).toBeGreaterThan(0);
    // Someone else behind the same address (an office, a mobile carrier's NAT) can still sign in.
    expect(await t.retryAfter('10.0.0.1', 'ravi@example.in')).toBe(0);
    expect(await t.retryAfter('10.0.0.2', 'asha@example.in')).toBe(0);
    // Spraying many emails from one address is stopped at ten times the limit.
    for (let i = 0; i < 5 * ADDRESS_FAILURE_FACTOR - 5; i++) await t.fail('10.0.0.1', `user${i}@example.in`);
    expect(await t.retryAfter('10.0.0.1', 'ravi@example.in')).toBeGreaterThan(0);
  });

  it('forgets a key on reset', async () => {
    const l = new FailureLimiter(1, 1000);
    await l.fail('k');
    expect(await l.retryAfter('k')).toBeGreaterThan(0);
    await l.reset('k');
    expect(await l.retryAfter('k')).toBe(0);
  });
});

describe('health and docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers /api/health with the database kind and the migration version', async () => {
    const res = await new TestClient(t.app).get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
      migration: { version: expect.any(Number), tag: expect.stringMatching(/^\d{4}_/) },
    });
    expect(res.json().migration.version).toBeGreaterThanOrEqual(1);
  });

  it('serves the API documentation generated from the contracts', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const paths = spec.json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/register',
        '/api/auth/login',
        '/api/auth/logout',
        '/api/me',
        '/api/contact',
        '/api/health',
      ]),
    );
    expect(paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'email',
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('refuses a NUL character in a query string with 400, not a database error', async () => {
    const res = await new TestClient(t.app).get('/api/products?q=%00');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('sends security headers', async () => {
    const res = await new TestClient(t.app).get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
