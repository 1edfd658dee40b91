import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';
import { sample } from '../test/metrics';
import { ConfigError, loadConfig } from './config';
import { bearerMatches, createMetrics } from './metrics';
import { startRepeatingJob } from './repeating-job';

const TOKEN = 'metrics-token-for-tests-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

describe('/metrics switched off (no METRICS_TOKEN)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 in the error format, whatever the caller sends', async () => {
    for (const headers of [{}, auth]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  it.each([
    ['no Authorization header', {}],
    ['a wrong token', { authorization: 'Bearer metrics-token-for-tests-0123456788' }],
    ['the token without Bearer', { authorization: TOKEN }],
    ['Basic credentials', { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` }],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ])('refuses %s with 401', async (_label, headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
    expect(res.body).not.toContain('haat_http');
  });

  it("serves Prometheus' text format with the process's memory (default metrics)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(sample(res.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(res.body, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts and times requests by method, matched route pattern and status, never by raw address', async () => {
    const ids = [randomUUID(), randomUUID()];
    for (const id of ids)
      expect((await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/no-such-${ids[0]}` })).statusCode).toBe(404);
    const text = await scrape();
    const product = { method: 'GET', route: '/api/products/:id', status: '404' };
    expect(sample(text, 'haat_http_requests_total', product)).toBe(2);
    expect(sample(text, 'haat_http_request_duration_seconds_count', product)).toBe(2);
    expect(sample(text, 'haat_http_request_duration_seconds_bucket', { ...product, le: '+Inf' })).toBe(2);
    expect(sample(text, 'haat_http_requests_total', { method: 'GET', route: '/api/health', status: '200' })).toBe(1);
    expect(sample(text, 'haat_http_requests_total', { method: 'GET', route: '(unmatched)', status: '404' })).toBe(1);
    for (const id of ids) expect(text).not.toContain(id);
  });

  it('shows the PostgreSQL pool (connections, idle, waiting, max) when the app is on PostgreSQL, and no pool on the embedded database', async () => {
    const text = await scrape();
    if (t.database.kind === 'postgresql') {
      expect(sample(text, 'haat_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'haat_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'haat_db_pool_waiting_clients')).toBe(0);
      expect(sample(text, 'haat_db_pool_max_connections')).toBe(20);
    } else {
      expect(text).not.toContain('haat_db_pool');
    }
  });

  it('keeps each app to its own registry: a second app in the process starts at zero and does not clash', async () => {
    const other = await buildTestApp({ METRICS_TOKEN: TOKEN });
    try {
      await other.app.inject({ method: 'GET', url: '/api/health' });
      const res = await other.app.inject({ method: 'GET', url: '/metrics', headers: auth });
      expect(sample(res.body, 'haat_http_requests_total', { method: 'GET', route: '/api/health', status: '200' })).toBe(
        1,
      );
      expect(
        sample(res.body, 'haat_http_requests_total', { method: 'GET', route: '/api/products/:id', status: '404' }),
      ).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});

describe('scheduled job metrics', () => {
  it('counts the passes a job ran, its failures, their duration and the last success', async () => {
    const metrics = await createMetrics();
    let pass = 0;
    const quiet = { info: () => {}, error: () => {} };
    const stop = startRepeatingJob({
      name: 'Sometimes failing',
      intervalMs: 10,
      log: quiet,
      metrics,
      run: async () => {
        pass++;
        if (pass % 2 === 0) throw new Error('the database is away');
        return null;
      },
    });
    try {
      await expect
        .poll(
          async () =>
            sample((await metrics.scrape())!.text, 'haat_job_failures_total', { job: 'Sometimes failing' }) ?? 0,
          { timeout: 10_000, interval: 20 },
        )
        .toBeGreaterThanOrEqual(2);
    } finally {
      stop();
    }
    const text = (await metrics.scrape())!.text;
    const runs = sample(text, 'haat_job_runs_total', { job: 'Sometimes failing' })!;
    const failures = sample(text, 'haat_job_failures_total', { job: 'Sometimes failing' })!;
    // Every pass is counted, except one a stop may have cut short (its failure is not reported).
    expect([pass, pass - 1]).toContain(runs);
    expect(failures).toBe(Math.floor(runs / 2));
    expect(sample(text, 'haat_job_duration_seconds_count', { job: 'Sometimes failing' })).toBe(runs);
    expect(sample(text, 'haat_job_last_success_timestamp_seconds', { job: 'Sometimes failing' })).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
  });
});

describe('METRICS_TOKEN', () => {
  it.each([
    ['short', 'Configuration error: METRICS_TOKEN must be at least 16 characters'],
    ['has a space in the middle', 'Configuration error: METRICS_TOKEN must have no spaces'],
  ])('refuses %j in one clear line', (value, line) => {
    expect(() => loadConfig({ METRICS_TOKEN: value })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: value })).toThrow(line);
  });

  it('is unset by default, which keeps /metrics off', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
  });
});

describe('bearerMatches', () => {
  it('accepts only Bearer and the exact token', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.slice(1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer', TOKEN)).toBe(false);
  });
});
