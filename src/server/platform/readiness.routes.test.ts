import { createServer, type Server, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { buildTestApp, type TestApp } from '../test/app';
import { freshDatabase } from '../test/db';
import { loadConfig } from './config';
import type { Database, Db } from './db';
import { READY_DB_TIMEOUT_MS } from './health.routes';

// /api/health stays the liveness check; /api/ready says whether this process
// should get traffic: 503 while it starts, while it stops, and while its database does not answer.

let t: TestApp;
const dataDir = mkdtempSync(join(tmpdir(), 'haat-ready-'));
const others: FastifyInstance[] = [];
const servers: Server[] = [];
const handles: Database[] = [];
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  for (const app of others) await app.close();
  for (const handle of handles) await handle.close();
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The real app over another database handle (one closed, or a server that is gone or never answers). */
async function appOn(database: Database): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: dataDir });
  const app = await buildApp({ config, database, logger: false, webDist: join(dataDir, 'no-web') });
  others.push(app);
  return app;
}

/** A PostgreSQL handle to a port of this machine, through the real driver (it connects on first use). */
function postgresAt(port: number): Database {
  const pool = new pg.Pool({ connectionString: `postgres://haat@127.0.0.1:${port}/haat`, max: 2 });
  pool.on('error', () => {});
  const handle: Database = { db: drizzle(pool) as unknown as Db, kind: 'postgresql', close: () => pool.end() };
  handles.push(handle);
  return handle;
}

/** A TCP server on a free port that accepts connections and never says a word. */
async function tcpServer(): Promise<{ server: Server; port: number; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port, sockets };
}

const unavailable = (res: { statusCode: number; json: () => unknown }) => [
  res.statusCode,
  (res.json() as { error: { code: string } }).error.code,
];

describe('the readiness check', () => {
  it('answers 200 when the process is ready and its database answers, never to be cached', async () => {
    const res = await t.app.inject({ url: '/api/ready' });
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'ready' }]);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 while the process starts, and so does every other request but liveness', async () => {
    t.app.ctx.lifecycle.phase = 'starting';
    try {
      const ready = await t.app.inject({ url: '/api/ready' });
      expect(unavailable(ready)).toEqual([503, 'UNAVAILABLE']);
      expect(ready.json().error.message).toMatch(/^Starting/);
      for (const url of ['/api/products', '/api/me', '/']) {
        const res = await t.app.inject({ url });
        expect([url, ...unavailable(res), res.headers['retry-after']]).toEqual([url, 503, 'UNAVAILABLE', '1']);
      }
      // The process is alive: a liveness probe must not restart it during a long migration.
      const live = await t.app.inject({ url: '/api/health' });
      expect([live.statusCode, live.json().status]).toEqual([200, 'ok']);
    } finally {
      t.app.ctx.lifecycle.phase = 'ready';
    }
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 while the process drains, and serves every other request as usual, keeping connections alive', async () => {
    t.app.ctx.lifecycle.phase = 'draining';
    try {
      const ready = await t.app.inject({ url: '/api/ready' });
      expect(unavailable(ready)).toEqual([503, 'UNAVAILABLE']);
      expect(ready.json().error.message).toMatch(/^Stopping/);
      const categories = await t.app.inject({ url: '/api/categories' });
      expect(categories.statusCode).toBe(200);
      expect(categories.headers.connection).not.toBe('close');
    } finally {
      t.app.ctx.lifecycle.phase = 'ready';
    }
  });

  it('answers 503 while the process stops (and its answers close their connections)', async () => {
    t.app.ctx.lifecycle.phase = 'stopping';
    try {
      const ready = await t.app.inject({ url: '/api/ready' });
      expect(unavailable(ready)).toEqual([503, 'UNAVAILABLE']);
      expect(ready.json().error.message).toMatch(/^Stopping/);
      expect(ready.headers.connection).toBe('close');
      // Liveness is unchanged: the process is alive while it stops.
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      t.app.ctx.lifecycle.phase = 'ready';
    }
  });

  it('answers 503 when its database is closed', async () => {
    const spare = await freshDatabase();
    try {
      const app = await appOn(spare.asApp);
      expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
      await spare.asApp.close();
      const res = await app.inject({ url: '/api/ready' });
      expect(unavailable(res)).toEqual([503, 'UNAVAILABLE']);
      expect(res.json().error.message).toBe('The database is not answering.');
    } finally {
      await spare.close();
    }
  });

  it('answers 503 when the database server refuses connections', async () => {
    // A port that was free a moment ago: nothing listens there.
    const { server, port } = await tcpServer();
    await new Promise((resolve) => server.close(resolve));
    const app = await appOn(postgresAt(port));
    const res = await app.inject({ url: '/api/ready' });
    expect(unavailable(res)).toEqual([503, 'UNAVAILABLE']);
  });

  it(`answers 503 when the database server does not answer within ${READY_DB_TIMEOUT_MS} ms`, async () => {
    const { server, port, sockets } = await tcpServer();
    servers.push(server);
    const app = await appOn(postgresAt(port));
    const pending = app.inject({ url: '/api/ready' });
    // The driver reached the silent server and waits for it.
    await expect.poll(() => sockets.length, { timeout: 5_000, interval: 20 }).toBeGreaterThan(0);
    const res = await pending;
    expect(unavailable(res)).toEqual([503, 'UNAVAILABLE']);
    for (const socket of sockets) socket.destroy();
  });
});
