import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createCatalog } from '../../test/catalog-factories';
import { users } from '../auth/auth.tables';

// The catalog's public reads are answered from a cache in the process, with
// ETags (304 when unchanged) and a short max-age for anonymous visitors; any write forgets them.

let t: TestApp;
// One product per test: the read test's product is never written, the write test withdraws its own.
let productId: string;
let withdrawnId: string;
let vendor: TestClient;
beforeAll(async () => {
  t = await buildTestApp();
  const catalog = await createCatalog(t.db, 3);
  productId = catalog.products[0].id;
  withdrawnId = catalog.products[1].id;
  const [{ email }] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, catalog.vendorUserId));
  vendor = new TestClient(t.app, '10.30.0.1');
  expect((await vendor.post('/api/auth/login', { email, password: 'secret123' })).statusCode).toBe(200);
});
afterAll(() => t.close());

const anonymous = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe('the catalog cache', () => {
  it('answers a repeated read from the cache with the same ETag, and 304 when the browser has it', async () => {
    const cache = t.app.ctx.catalogCache;
    cache.invalidate();
    const first = await anonymous(`/api/products/${productId}`);
    expect([first.statusCode, first.headers['cache-control']]).toEqual([200, 'public, max-age=10']);
    const hits = cache.hits;
    const second = await anonymous(`/api/products/${productId}`);
    expect([second.statusCode, second.headers.etag, second.body]).toEqual([200, first.headers.etag, first.body]);
    expect(cache.hits).toBe(hits + 1);
    const unchanged = await anonymous(`/api/products/${productId}`, { 'if-none-match': String(first.headers.etag) });
    expect([unchanged.statusCode, unchanged.body]).toEqual([304, '']);
    // Signed in, the answer is the same but revalidated on every load.
    const signedIn = await vendor.get(`/api/products/${productId}`);
    expect([signedIn.statusCode, signedIn.headers['cache-control']]).toEqual([200, 'private, no-cache']);
  });

  it('forgets the answers on any successful write, so a withdrawn product is gone at once', async () => {
    const list = async () =>
      JSON.parse((await anonymous('/api/products?pageSize=50')).body).items.map((p: { id: string }) => p.id);
    expect(await list()).toContain(withdrawnId);
    expect((await anonymous(`/api/products/${withdrawnId}`)).statusCode).toBe(200);
    const res = await vendor.patch(`/api/vendor/products/${withdrawnId}/status`, { isActive: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(await list()).not.toContain(withdrawnId);
    expect((await anonymous(`/api/products/${withdrawnId}`)).statusCode).toBe(404);
  });
});
