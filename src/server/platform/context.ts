import type { Config } from './config';
import { CatalogReads, type Db, type DbKind } from './db';
import { JobQueue } from './job-queue';
import type { Lifecycle } from './lifecycle';
import { LoginThrottle, MemoryFailureStore, type FailureStore } from './login-limiter';
import type { Mailer } from './mail';
import type { ObjectStorage } from './object-storage';
import { noMetrics, type Metrics } from './metrics';
import { ResponseCache } from './response-cache';

/** What every route can reach: the database, the configuration and shared limiters. */
export type AppContext = {
  db: Db;
  dbKind: DbKind;
  config: Config;
  loginFailures: LoginThrottle;
  /** Where failures are counted: this process, or Redis shared by every process (`REDIS_URL`). */
  failureStore: FailureStore;
  /** The catalog's public answers, forgotten by any successful write. */
  catalogCache: ResponseCache;
  /** The database of the public catalog's reads: the replica (DATABASE_REPLICA_URL) while it keeps up, else `db`. */
  catalogReads: CatalogReads;
  /** Image decoding and encoding: IMAGE_JOBS at a time, at most 64 waiting. */
  imageJobs: JobQueue;
  /** Where mail goes: SMTP, or the outbox folder (set by buildApp, which has the logger). */
  mailer: Mailer;
  /** The address links in mail point to: APP_URL, or this server's own address. */
  appUrl: string;
  /** Where pictures are stored: DATA_DIR/uploads, or the S3 bucket (set by buildApp, which has the logger). */
  storage: ObjectStorage;
  /** Where tax documents' PDFs are stored: DATA_DIR/documents, or the bucket's `documents/` folder (never public). */
  documents: ObjectStorage;
  /** Starting, ready or stopping: what the readiness check answers (ready unless main.ts says otherwise). */
  lifecycle: Lifecycle;
  /** What /metrics reports (counts nothing when METRICS_TOKEN is unset). */
  metrics: Metrics;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export function makeContext(
  db: Db,
  dbKind: DbKind,
  config: Config,
  mailer: Mailer,
  storage: ObjectStorage,
  documents: ObjectStorage,
  failureStore: FailureStore = new MemoryFailureStore(),
  metrics: Metrics = noMetrics,
  catalogReads: CatalogReads = new CatalogReads({ primary: db, maxLagMs: config.REPLICA_MAX_LAG_MS }),
): AppContext {
  const catalogCache = new ResponseCache(config.CATALOG_CACHE_SECONDS * 1000);
  // Read-your-writes: whatever empties the catalog cache (a write here or in another process) keeps the
  // catalog's reads on the primary until the replica has replayed it, so the next cache fill is not stale.
  catalogCache.onForget(() => catalogReads.noteWrite());
  return {
    db,
    dbKind,
    config,
    catalogReads,
    loginFailures: new LoginThrottle(config.LOGIN_MAX_FAILURES, config.LOGIN_WINDOW_MINUTES * 60_000, failureStore),
    failureStore,
    catalogCache,
    mailer,
    storage,
    documents,
    appUrl:
      config.APP_URL ?? `http://${['0.0.0.0', '::'].includes(config.HOST) ? 'localhost' : config.HOST}:${config.PORT}`,
    imageJobs: new JobQueue(
      config.IMAGE_JOBS,
      64,
      'Many pictures are being processed right now. Please try again in a minute.',
    ),
    lifecycle: { phase: 'ready' },
    metrics,
  };
}
