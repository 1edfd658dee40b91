import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../platform/config';
import type { Database, Db, ReplicaPosition } from '../platform/db';
import { freshDatabase } from './db';

/** `database` is the owner's (with `asApp`, the app's own, and on PostgreSQL its `url`). */
export type TestApp = {
  app: FastifyInstance;
  db: Db;
  database: Database & { asApp: Database; url?: string };
  config: Config;
  dataDir: string;
  close: () => Promise<void>;
};

/** The real app on a fresh database, for `app.inject` tests. No server, no web build. `logTo` receives its log lines (set LOG_LEVEL too). */
export async function buildTestApp(
  env: Record<string, string> = {},
  o: {
    logTo?: { write: (line: string) => void };
    onRoute?: (route: RouteOptions) => void;
    /** A second database standing for the read replica, and how the app finds its position and lag. */
    replica?: { database: Database; measure: () => Promise<ReplicaPosition> };
  } = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-test-'));
  // Test files register many accounts and ask many resets from a few addresses: the hourly limits are
  // generous here, and signup-limits.routes.test.ts sets small ones (and checks the real defaults). So are
  // the downloads a minute (download-limit.routes.test.ts sets a small limit).
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    REGISTRATIONS_PER_HOUR: '100000',
    PASSWORD_RESETS_PER_HOUR: '100000',
    DOWNLOADS_PER_MINUTE: '100000',
    ...env,
  });
  // The app gets the database as its own role (on PostgreSQL: one that owns nothing); the test keeps the owner's handle.
  const app = await buildApp({
    config,
    database: o.replica ? { ...database.asApp, replica: o.replica.database } : database.asApp,
    measureReplica: o.replica?.measure,
    logger: o.logTo ? { stream: o.logTo } : false,
    webDist: join(dataDir, 'no-web'),
    onRoute: o.onRoute,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Res = LightMyRequestResponse & { body: string };

/**
 * A browser-like client: sends the CSRF header, keeps the session cookie between calls, and can
 * pretend to come from a given address.
 */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly ip = '10.0.0.1',
  ) {}

  get sessionCookie(): string | undefined {
    return this.cookies.get('haat_session');
  }

  /** The Cookie header this browser would send, for hand-built requests (no CSRF header, odd paths). */
  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Plants a cookie, as another site or a script on a shared domain might before sign-in. */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Res> {
    const cookie = this.cookieHeader;
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: { 'x-requested-with': 'haat', ...(cookie ? { cookie } : {}), ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const cleared = c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now());
      if (cleared) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res as Res;
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body: unknown = {}, headers?: Record<string, string>) =>
    this.request('POST', url, body, headers);
  put = (url: string, body: unknown = {}) => this.request('PUT', url, body);
  patch = (url: string, body: unknown = {}) => this.request('PATCH', url, body);
  delete = (url: string) => this.request('DELETE', url);
}
