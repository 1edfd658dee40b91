import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplicaPosition } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createCatalog, createCategory, createProduct, createShop } from '../../test/catalog-factories';
import { freshDatabase } from '../../test/db';
import { registerAndLogin, vendorInput } from '../../test/factories';
import { sample } from '../../test/metrics';

// The "replica" is a second database with a catalog of its own: an answer naming its products came from it. Its
// position and lag are set by the test (a real streaming replica: read-replica.services.test.ts).
const TOKEN = 'metrics-token-for-replica-tests';
const position = { primaryLsn: 1000n, replayedLsn: 1000n, lagMs: 0, fails: false };
const measure = async (): Promise<ReplicaPosition> => {
  if (position.fails) throw new Error('connect ECONNREFUSED 127.0.0.1:5433');
  return { primaryLsn: position.primaryLsn, replayedLsn: position.replayedLsn, lagMs: position.lagMs };
};

let t: TestApp;
let replica: Awaited<ReturnType<typeof freshDatabase>>;
let vendor: TestClient;
let guest: TestClient;
let categoryId: string;
let storeId: string;

/** The replica caught up and within the limit, as a look finds it. */
async function replicaKeepsUp() {
  Object.assign(position, { replayedLsn: position.primaryLsn, lagMs: 0, fails: false });
  await t.app.ctx.catalogReads.look();
}

const names = async (client: TestClient, url: string): Promise<string[]> => {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: { name: string }[] }).items.map((i) => i.name);
};

beforeAll(async () => {
  replica = await freshDatabase();
  const copy = await createCatalog(replica.db, 0);
  await createProduct(replica.db, {
    storeId: copy.shop.id,
    categoryId: copy.category.id,
    name: 'Brass Lamp On Replica',
  });
  await createCategory(replica.db, 'Replica Shelf');
  // No process cache: each read below goes to a database.
  t = await buildTestApp(
    { CATALOG_CACHE_SECONDS: '0', METRICS_TOKEN: TOKEN },
    { replica: { database: replica, measure } },
  );
  vendor = new TestClient(t.app, '10.8.0.1');
  guest = new TestClient(t.app, '10.8.0.2');
  const { id } = await registerAndLogin(vendor, vendorInput());
  storeId = (await createShop(t.db, id)).id;
  categoryId = (await createCategory(t.db, 'Primary Shelf')).id;
});
afterAll(async () => {
  await t.close();
  await replica.close();
});

/** The vendor's product form for a kettle named `name`. */
const kettle = (name: string) => ({
  name,
  description: 'Hand-beaten.',
  price: '899',
  originalPrice: '',
  stockQuantity: 5,
  categoryId,
  storeId,
  images: [],
});

async function createOnPrimary(name: string): Promise<string> {
  const res = await vendor.post('/api/vendor/products', kettle(name));
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { product: { id: string } }).product.id;
}

describe('catalog reads with a read replica', () => {
  it('the product list, search and categories are read on the replica while it keeps up', async () => {
    await replicaKeepsUp();
    expect(await names(guest, '/api/products')).toEqual(['Brass Lamp On Replica']);
    expect(await names(guest, '/api/products?q=brass')).toEqual(['Brass Lamp On Replica']);
    const categories = (await guest.get('/api/categories')).json() as { items: { name: string }[] };
    expect(categories.items.map((c) => c.name)).toContain('Replica Shelf');
    expect(categories.items.map((c) => c.name)).not.toContain('Primary Shelf');
  });

  it("a vendor's change is read on the primary, product page and list, until the replica has replayed it", async () => {
    await replicaKeepsUp();
    // The vendor's writes move the primary's position past what the replica has replayed.
    position.primaryLsn += 100n;
    const id = await createOnPrimary('Copper Kettle');
    const renamed = await vendor.put(`/api/vendor/products/${id}`, kettle('Hammered Copper Kettle'));
    expect(renamed.statusCode, renamed.body).toBe(200);
    const page = await vendor.get(`/api/products/${id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ name: 'Hammered Copper Kettle' });
    expect(await names(guest, '/api/products?q=kettle')).toEqual(['Hammered Copper Kettle']);
    // A look that still finds the replica short of the write keeps the reads on the primary.
    await t.app.ctx.catalogReads.look();
    expect(await names(guest, '/api/products?q=kettle')).toEqual(['Hammered Copper Kettle']);
    // Once it has replayed the write, the replica serves the list again (this replica never gets the kettle).
    await replicaKeepsUp();
    expect(await names(guest, '/api/products?q=kettle')).toEqual([]);
    expect(await names(guest, '/api/products')).toEqual(['Brass Lamp On Replica']);
  });

  it('a replica over REPLICA_MAX_LAG_MS behind leaves the reads to the primary; the lag is a metric', async () => {
    const id = await createOnPrimary('Terracotta Pot');
    await replicaKeepsUp();
    Object.assign(position, { lagMs: 2500 });
    await t.app.ctx.catalogReads.look();
    expect(await names(guest, '/api/products?q=terracotta')).toEqual(['Terracotta Pot']);
    expect((await guest.get(`/api/products/${id}`)).statusCode).toBe(200);
    const metrics = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(sample(metrics.body, 'haat_replica_lag_seconds')).toBe(2.5);
    expect(sample(metrics.body, 'haat_replica_in_use')).toBe(0);
    await replicaKeepsUp();
    expect(await names(guest, '/api/products?q=terracotta')).toEqual([]);
    const after = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(sample(after.body, 'haat_replica_lag_seconds')).toBe(0);
    expect(sample(after.body, 'haat_replica_in_use')).toBe(1);
    expect(sample(after.body, 'haat_catalog_reads_total', { database: 'replica' })).toBeGreaterThan(0);
  });

  it('a replica that cannot be asked leaves the reads to the primary, and the app stays ready', async () => {
    await createOnPrimary('Jute Basket');
    await replicaKeepsUp();
    position.fails = true;
    await t.app.ctx.catalogReads.look();
    expect(await names(guest, '/api/products?q=jute')).toEqual(['Jute Basket']);
    expect((await guest.get('/api/ready')).statusCode).toBe(200);
    await replicaKeepsUp();
    expect(await names(guest, '/api/products?q=jute')).toEqual([]);
  });
});
