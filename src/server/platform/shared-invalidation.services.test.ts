import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createCategory, createProduct, createShop, createVendorUser } from '../test/catalog-factories';
import { freshDatabase } from '../test/db';
import { TestClient } from '../test/app';
import { connectTestRedis, testRedisUrl, uniqueRedisPrefix } from '../test/redis';
import { loadConfig } from './config';
import type { Database } from './db';
import { openRedis } from './redis';
import { ResponseCache } from './response-cache';
import { SharedInvalidation } from './shared-invalidation';
import { requireServices } from '../test/services';

await requireServices(['redis']);

// With REDIS_URL, a write in one process empties the catalog cache of every
// process through Redis pub/sub, within a second. Two apps on one database play two processes.
// (Without Redis the cache stays the process's own: catalog.cache.test.ts.)

let fresh: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let probe: Redis | undefined;
const apps: FastifyInstance[] = [];
const prefix = uniqueRedisPrefix();
const dataDir = mkdtempSync(join(tmpdir(), 'haat-shared-cache-'));

/** One API process: the real app with Redis and a catalog cache of a minute, so only a message can empty it in time. */
async function apiProcess(database: Database): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: prefix,
    CATALOG_CACHE_SECONDS: '60',
  });
  const app = await buildApp({ config, database, logger: false, webDist: join(dataDir, 'no-web') });
  apps.push(app);
  await app.ready();
  return app;
}

let setup: Promise<{ a: FastifyInstance; b: FastifyInstance; db: Database['db']; probe: Redis }> | undefined;
/** Redis (each test fails clearly when it cannot be reached, rather than skipping), one database and two processes on it. */
function twoProcesses() {
  setup ??= (async () => {
    probe = await connectTestRedis();
    fresh = await freshDatabase();
    const a = await apiProcess(fresh.asApp);
    const b = await apiProcess(fresh.asApp);
    return { a, b, db: fresh.db, probe };
  })();
  return setup;
}

afterAll(async () => {
  for (const app of apps) await app.close();
  probe?.disconnect();
  await fresh?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the catalog cache across processes', () => {
  it('is emptied in process A within a second of a write through process B', async () => {
    const { a, b, db } = await twoProcesses();
    const vendorUser = await createVendorUser(db);
    const shop = await createShop(db, vendorUser.userId);
    const category = await createCategory(db);
    const productId = (await createProduct(db, { storeId: shop.id, categoryId: category.id })).id;
    const listOnA = async () =>
      ((await a.inject({ url: '/api/products?pageSize=50' })).json() as { items: { id: string }[] }).items.map(
        (p) => p.id,
      );
    expect(await listOnA()).toContain(productId);
    // A keeps that answer: the next read is a hit.
    const hits = a.ctx.catalogCache.hits;
    expect(await listOnA()).toContain(productId);
    expect(a.ctx.catalogCache.hits).toBe(hits + 1);

    const vendor = new TestClient(b, '10.21.3.1');
    expect((await vendor.post('/api/auth/login', { email: vendorUser.email, password: 'secret123' })).statusCode).toBe(
      200,
    );
    const res = await vendor.patch(`/api/vendor/products/${productId}/status`, { isActive: false });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(listOnA, { timeout: 1_000, interval: 10 }).not.toContain(productId);
  });

  it('listens on the channel of its REDIS_PREFIX, one subscriber per process', async () => {
    const { probe } = await twoProcesses();
    expect(await probe.pubsub('NUMSUB', `${prefix}catalog:invalidate`)).toEqual([`${prefix}catalog:invalidate`, 2]);
  });
});

describe('SharedInvalidation', () => {
  it('empties the other caches on a publish and ignores its own message coming back', async () => {
    await connectTestRedis().then((r) => r.disconnect());
    const channel = `${uniqueRedisPrefix()}catalog:invalidate`;
    const log = { warn: (m: string) => expect.fail(m) };
    const [redisX, redisY] = await Promise.all([openRedis(testRedisUrl()), openRedis(testRedisUrl())]);
    const [cacheX, cacheY] = [new ResponseCache(60_000), new ResponseCache(60_000)];
    const x = await SharedInvalidation.start({ redis: redisX, cache: cacheX, channel, log });
    const y = await SharedInvalidation.start({ redis: redisY, cache: cacheY, channel, log });
    try {
      // X's write: its own cache is emptied at once, Y's when the message arrives.
      cacheX.invalidate();
      expect(cacheX.generation).toBe(1);
      await expect.poll(() => [y.received, cacheY.generation], { timeout: 1_000, interval: 5 }).toEqual([1, 1]);
      await expect.poll(() => x.ownIgnored, { timeout: 1_000, interval: 5 }).toBe(1);
      // Its own message did not empty X's cache a second time.
      expect([x.received, cacheX.generation]).toEqual([0, 1]);
      // A cache that is only forgotten (on another's word) publishes nothing: once X has seen a later
      // message of its own, it has seen every earlier one, and only Y's explicit publish came from Y.
      cacheY.forget();
      await y.publish();
      await x.publish();
      await expect.poll(() => x.ownIgnored, { timeout: 1_000, interval: 5 }).toBe(2);
      expect([x.received, cacheX.generation]).toEqual([1, 2]);
    } finally {
      await x.close();
      await y.close();
      await redisX.quit();
      await redisY.quit();
    }
  });

  it('refuses to start when Redis cannot be reached, with a clear message', async () => {
    const redis = await openRedis('redis://127.0.0.1:1');
    redis.on('error', () => {});
    try {
      await expect(
        SharedInvalidation.start({
          redis,
          cache: new ResponseCache(),
          channel: 'haat-test:none',
          log: { warn: () => {} },
        }),
      ).rejects.toThrow(/Cannot subscribe to Redis \(REDIS_URL\)/);
    } finally {
      redis.disconnect();
    }
  });
});
