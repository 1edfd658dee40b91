import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaMessages } from '../../../contracts/media.contract';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createCategory, createShop } from '../../test/catalog-factories';
import { customerInput, registerAndLogin, vendorInput } from '../../test/factories';
import { upload } from '../../test/multipart';
import { deadPort, startLocalS3, type LocalS3 } from '../../test/s3';

// With S3_BUCKET set, pictures live in an S3-compatible store (here s3rver on a
// local port), are served at the same /uploads/<file> addresses, and leave the bucket when deleted.

let s3: LocalS3;
let t: TestApp;
let ip = 0;
const newClient = (app = t) => new TestClient(app.app, `10.21.0.${++ip}`);
beforeAll(async () => {
  s3 = await startLocalS3();
  t = await buildTestApp(s3.env);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const png = (w = 640, h = 480) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 20, g: 140, b: 90 } } })
    .png()
    .toBuffer();
const keyOf = (url: string) => url.replace(/^\/uploads\//, '');

async function profileUpload(app = t) {
  const client = newClient(app);
  const { id } = await registerAndLogin(client, customerInput());
  const res = await upload(
    client,
    { imageType: 'profile', entityId: id },
    { filename: 'me.png', type: 'image/png', data: await png() },
  );
  return { client, id, res };
}

describe('pictures in an S3 bucket', () => {
  it('stores an upload in the bucket (nothing on disk) and streams it back at /uploads/<file> as WebP, cached for a year', async () => {
    const { client, res } = await profileUpload();
    expect(res.statusCode, res.body).toBe(201);
    const { url, thumbnailUrl } = res.json();
    for (const u of [url, thumbnailUrl]) {
      expect(await s3.head(keyOf(u))).toEqual({
        contentType: 'image/webp',
        cacheControl: 'public, max-age=31536000, immutable',
      });
      expect(existsSync(join(t.dataDir, 'uploads', keyOf(u)))).toBe(false);
    }
    expect((await client.get('/api/me')).json().profileImageUrl).toBe(url);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 });
    const thumb = await t.app.inject({ method: 'GET', url: thumbnailUrl });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });
  });

  it('answers 404 for a file the bucket does not have, and for names that are not a stored file', async () => {
    for (const url of [`/uploads/${crypto.randomUUID()}.webp`, '/uploads/..%2Fhaat-pictures', '/uploads/.hidden']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('deletes the picture and its thumbnail from the bucket once the image is retired', async () => {
    const { client, res } = await profileUpload();
    const img = res.json();
    expect(await s3.head(keyOf(img.url))).not.toBeNull();
    expect((await client.delete(`/api/media/${img.id}`)).statusCode).toBe(204);
    expect(await s3.head(keyOf(img.url))).toBeNull();
    expect(await s3.head(keyOf(img.thumbnailUrl))).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: img.url })).statusCode).toBe(404);
    const [row] = await queryRows<{ is_active: boolean }>(t.db, sql`select is_active from images where id = ${img.id}`);
    expect(row.is_active).toBe(false);
  });

  it("keeps the files of a deleted product picture that another of the vendor's products still shows", async () => {
    const vendor = newClient();
    const { id: vendorId } = await registerAndLogin(vendor, vendorInput());
    const shop = await createShop(t.db, vendorId);
    const categoryId = (await createCategory(t.db, `Sarees ${crypto.randomUUID().slice(0, 8)}`)).id;
    const product = async (name: string) =>
      (await vendor.post('/api/vendor/products', { name, price: 1299, categoryId, storeId: shop.id })).json().product;
    const [a, b] = [await product('Chanderi Saree'), await product('Chanderi Saree, gift pack')];
    const img = (
      await upload(
        vendor,
        { imageType: 'product', entityId: a.id },
        { filename: 'saree.png', type: 'image/png', data: await png() },
      )
    ).json();
    for (const p of [a, b]) {
      expect(
        (
          await vendor.put(`/api/vendor/products/${p.id}`, {
            name: p.name,
            price: 1299,
            categoryId,
            storeId: shop.id,
            images: [img.url],
          })
        ).statusCode,
      ).toBe(200);
    }
    expect((await vendor.delete(`/api/media/${img.id}`)).statusCode).toBe(204);
    expect((await vendor.get(`/api/vendor/products/${a.id}`)).json().images).toEqual([]);
    expect((await vendor.get(`/api/vendor/products/${b.id}`)).json().images).toEqual([img.url]);
    expect(await s3.head(keyOf(img.url))).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: img.url })).statusCode).toBe(200);
  });
});

describe('a store that is down', () => {
  let down: TestApp;
  beforeAll(async () => {
    down = await buildTestApp({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${await deadPort()}` });
  });
  afterAll(() => down?.close());

  it('answers an upload with 503 and a try-again message within seconds, and writes no row', async () => {
    const started = Date.now();
    const { client, id, res } = await profileUpload(down);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({
      code: 'UNAVAILABLE',
      message: mediaMessages.storageUnavailable,
      requestId: res.headers['x-request-id'],
    });
    expect(await queryRows(down.db, sql`select id from images where owner_user_id = ${id}`)).toEqual([]);
    expect((await client.get('/api/me')).json().profileImageUrl).toBeNull();
  });

  it('answers 503 for a picture it cannot read', async () => {
    const res = await down.app.inject({ method: 'GET', url: `/uploads/${crypto.randomUUID()}.webp` });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('UNAVAILABLE');
  });
});

describe('S3_PUBLIC_URL', () => {
  let cdn: TestApp;
  beforeAll(async () => {
    cdn = await buildTestApp({ ...s3.env, S3_PUBLIC_URL: 'https://pictures.haat.test/' });
  });
  afterAll(() => cdn?.close());

  it('sends /uploads/<file> on to the public address for good, which the pages may load pictures from', async () => {
    const res = await cdn.app.inject({ method: 'GET', url: '/uploads/3b1f0c52-6a3e-4d2b-9a43-0f6d8c1e7a10.webp' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('https://pictures.haat.test/3b1f0c52-6a3e-4d2b-9a43-0f6d8c1e7a10.webp');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-security-policy']).toMatch(
      /img-src 'self' data: blob: https:\/\/pictures\.haat\.test(;|$)/,
    );
    // An upload still answers /uploads/ addresses: the database and the web app know no other.
    const { res: up } = await profileUpload(cdn);
    expect(up.statusCode).toBe(201);
    expect(up.json().url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
  });
});

describe('npm run uploads:migrate', () => {
  const run = promisify(execFile);
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'haat-migrate-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('copies the local pictures to the bucket, skips those already there, and reports the counts', async () => {
    const uploads = join(dataDir, 'uploads');
    mkdirSync(uploads);
    const webp = await sharp(await png(32, 32))
      .webp()
      .toBuffer();
    const keys = [`${crypto.randomUUID()}.webp`, `${crypto.randomUUID()}-thumb.webp`, `${crypto.randomUUID()}.webp`];
    for (const key of keys) writeFileSync(join(uploads, key), webp);
    // One is in the bucket already (copied before, or uploaded since).
    await s3.client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: keys[2], Body: webp, ContentType: 'image/webp' }),
    );

    const env = { ...process.env, ...s3.env, DATA_DIR: dataDir };
    const tsx = resolve('node_modules/.bin/tsx');
    const first = await run(tsx, ['scripts/uploads-migrate.ts'], { env });
    expect(first.stdout).toContain('2 copied, 1 already there, 0 failed');
    for (const key of keys) expect((await s3.head(key))?.contentType).toBe('image/webp');
    expect((await s3.head(keys[0]))?.cacheControl).toBe('public, max-age=31536000, immutable');

    const again = await run(tsx, ['scripts/uploads-migrate.ts'], { env });
    expect(again.stdout).toContain('0 copied, 3 already there, 0 failed');
  });
});
