import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { AppError } from './app-error';
import type { CatalogReads } from './db';
import { matchedRoute } from './http';
import type { JobMetrics } from './repeating-job';

/** How a payment attempt ended: an order placed, declined or dismissed in the browser, money taken without an order, or a forged or broken signature. */
export type PaymentOutcome = 'paid' | 'failed' | 'cancelled' | 'refund_due' | 'verification_failed';

/** What the app reports to Prometheus (`/metrics`); every call does nothing when METRICS_TOKEN is unset. */
export type Metrics = JobMetrics & {
  /** Counts a payment attempt's outcome by gateway (test, razorpay). */
  paymentOutcome(outcome: PaymentOutcome, gateway: string): void;
  /** Counts and times one answered request, by method, matched route pattern and status. */
  request(a: { method: string; route: string | null; status: number; seconds: number }): void;
  /** The Prometheus text of every metric; null when metrics are off. */
  scrape(): Promise<{ contentType: string; text: string } | null>;
};

/** Metrics that count nothing (METRICS_TOKEN unset). */
export const noMetrics: Metrics = { paymentOutcome() {}, request() {}, jobRan() {}, scrape: async () => null };

/**
 * The app's metrics in a registry of its own (never prom-client's global one, so that several apps
 * in one process keep theirs apart): requests, the PostgreSQL pool, scheduled jobs, payment
 * outcomes, and the process (memory, CPU, event loop, GC) from prom-client's default metrics. prom-client is
 * loaded here, when metrics are turned on, not by every start of the API.
 */
export async function createMetrics({
  pool,
  catalogReads,
}: { pool?: pg.Pool; catalogReads?: CatalogReads } = {}): Promise<Metrics> {
  const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = await import('prom-client');
  const registers = [new Registry()];
  const [registry] = registers;
  collectDefaultMetrics({ register: registry });
  const httpLabels = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'haat_http_requests_total',
    help: 'HTTP requests answered, by method, matched route pattern and status',
    labelNames: httpLabels,
    registers,
  });
  const latency = new Histogram({
    name: 'haat_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, matched route pattern and status',
    labelNames: httpLabels,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const payments = new Counter({
    name: 'haat_payment_outcomes_total',
    help: 'Payment attempts by outcome and gateway',
    labelNames: ['outcome', 'gateway'] as const,
    registers,
  });
  const jobRuns = new Counter({
    name: 'haat_job_runs_total',
    help: 'Passes of a scheduled job in this process (failed ones too)',
    labelNames: ['job'] as const,
    registers,
  });
  const jobFailures = new Counter({
    name: 'haat_job_failures_total',
    help: 'Passes of a scheduled job that failed',
    labelNames: ['job'] as const,
    registers,
  });
  const jobSeconds = new Histogram({
    name: 'haat_job_duration_seconds',
    help: 'Time a pass of a scheduled job took',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers,
  });
  const jobLastSuccess = new Gauge({
    name: 'haat_job_last_success_timestamp_seconds',
    help: 'When a pass of a scheduled job last succeeded (Unix time)',
    labelNames: ['job'] as const,
    registers,
  });
  if (pool) {
    // Read when scraped, so they are always current.
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    gauge('haat_db_pool_connections', 'Open PostgreSQL connections of the pool', () => pool.totalCount);
    gauge('haat_db_pool_idle_connections', 'Open PostgreSQL connections waiting for a query', () => pool.idleCount);
    gauge('haat_db_pool_waiting_clients', 'Queries waiting for a free connection', () => pool.waitingCount);
    gauge('haat_db_pool_max_connections', 'The most connections the pool opens', () => pool.options.max ?? 10);
  }
  const reads = catalogReads;
  if (reads?.hasReplica) {
    // The read replica (DATABASE_REPLICA_URL), read when scraped; the lag is measured each second.
    new Gauge({
      name: 'haat_replica_lag_seconds',
      help: 'How far the read replica is behind the primary, in seconds, at the last look (NaN: it cannot be asked)',
      registers,
      collect() {
        this.set(reads.lagSeconds ?? Number.NaN);
      },
    });
    new Gauge({
      name: 'haat_replica_in_use',
      help: 'Whether catalog reads go to the replica now (1), or to the primary (0: behind, down or catching up)',
      registers,
      collect() {
        this.set(reads.state === 'in-use' ? 1 : 0);
      },
    });
    new Counter({
      name: 'haat_catalog_reads_total',
      help: 'Catalog reads by the database that answered: replica, primary, or primary after a replica failure',
      labelNames: ['database'] as const,
      registers,
      collect() {
        this.reset();
        this.inc({ database: 'replica' }, reads.counts.replica);
        this.inc({ database: 'primary' }, reads.counts.primary);
        this.inc({ database: 'fallback' }, reads.counts.fallback);
      },
    });
  }
  return {
    paymentOutcome: (outcome, gateway) => payments.inc({ outcome, gateway }),
    request: ({ method, route, status, seconds }) => {
      const labels = { method, route: route ?? '(unmatched)', status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    jobRan: (job, { ok, seconds }) => {
      jobRuns.inc({ job });
      jobSeconds.observe({ job }, seconds);
      if (ok) jobLastSuccess.set({ job }, Date.now() / 1000);
      else jobFailures.inc({ job });
    },
    scrape: async () => ({ contentType: registry.contentType, text: await registry.metrics() }),
  };
}

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/** True when `header` is `Bearer <token>`, compared in constant time (both sides hashed to one length first). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header?.trim() ?? '')?.[1] ?? '';
  return timingSafeEqual(sha256(given), sha256(token)) && given.length > 0;
}

/**
 * Counts every answered request, and serves `GET /metrics` in Prometheus' text format: 404 unless
 * METRICS_TOKEN is set, then only with `Authorization: Bearer <token>` (401 otherwise).
 */
export function installMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  if (token) {
    app.addHook('onResponse', async (req, reply) =>
      metrics.request({
        method: req.method,
        route: matchedRoute(req),
        status: reply.statusCode,
        seconds: reply.elapsedTime / 1000,
      }),
    );
  }
  // Registered even when off, so that the web app's catch-all never answers it.
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!token) throw new AppError('NOT_FOUND', 'Not found');
    if (!bearerMatches(req.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('UNAUTHENTICATED', 'A valid metrics token is required.');
    }
    const scraped = await metrics.scrape();
    if (!scraped) throw new AppError('NOT_FOUND', 'Not found');
    return reply.header('content-type', scraped.contentType).header('cache-control', 'no-store').send(scraped.text);
  });
}
