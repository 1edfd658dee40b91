import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaMessages } from '../../../contracts/media.contract';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { customerInput, registerAndLogin, vendorInput } from '../../test/factories';
import { multipart, upload } from '../../test/multipart';

let t: TestApp;
let ip = 0;
const newClient = () => new TestClient(t.app, `10.6.0.${++ip}`);
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const png = (w = 64, h = 48) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 120, g: 40, b: 200 } } })
    .png()
    .toBuffer();

/** A small PNG file whose header claims the given size (its pixel data is not all there). */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function signedIn() {
  const client = newClient();
  const { id } = await registerAndLogin(client, customerInput());
  return { client, id };
}

const uploaded = (url: string) => join(t.dataDir, url.replace(/^\/uploads\//, 'uploads/'));

describe('profile picture upload', () => {
  it('stores a real PNG as WebP with a 400x400 thumbnail, records it and sets the profile picture', async () => {
    const { client, id } = await signedIn();
    const res = await upload(
      client,
      { imageType: 'profile', entityId: id },
      { filename: 'me.png', type: 'image/png', data: await png(640, 480) },
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ width: 640, height: 480 });
    expect(body.url).toBe(`/uploads/${body.id}.webp`);
    expect(body.thumbnailUrl).toBe(`/uploads/${body.id}-thumb.webp`);
    expect((await sharp(readFileSync(uploaded(body.url))).metadata()).format).toBe('webp');
    expect(await sharp(readFileSync(uploaded(body.thumbnailUrl))).metadata()).toMatchObject({
      format: 'webp',
      width: 400,
      height: 400,
    });
    const [row] = await queryRows<{
      image_type: string;
      entity_id: string;
      owner_user_id: string;
      is_active: boolean;
      filename: string;
    }>(t.db, sql`select image_type, entity_id, owner_user_id, is_active, filename from images where id = ${body.id}`);
    expect(row).toEqual({
      image_type: 'profile',
      entity_id: id,
      owner_user_id: id,
      is_active: true,
      filename: `${body.id}.webp`,
    });
    expect((await client.get('/api/me')).json().profileImageUrl).toBe(body.url);
    // Served from /uploads with a long-lived cache, although the folder was empty at start-up.
    const served = await t.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('max-age=31536000');
  });

  it('strips EXIF (camera, GPS) from a JPEG, applies its orientation, and ignores the declared name and type', async () => {
    const { client, id } = await signedIn();
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#e0a030' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'SecretCam', Copyright: 'Home address 12 MG Road' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(
      client,
      { imageType: 'profile', entityId: id },
      { filename: 'holiday.txt', type: 'text/plain', data: jpeg },
    );
    expect(res.statusCode).toBe(201);
    // Orientation 6 means "rotate 90°": the stored picture is upright, 200 wide and 300 high.
    expect(res.json()).toMatchObject({ width: 200, height: 300 });
    const stored = readFileSync(uploaded(res.json().url));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 200, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('SecretCam'))).toBe(false);
  });

  it('shrinks a large picture to fit 2000x2000', async () => {
    const { client, id } = await signedIn();
    const big = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const res = await upload(
      client,
      { imageType: 'profile', entityId: id },
      { filename: 'wide.png', type: 'image/png', data: big },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ width: 2000, height: 500 });
  });

  it('retires the previous profile picture when a new one is uploaded', async () => {
    const { client, id } = await signedIn();
    const first = (
      await upload(
        client,
        { imageType: 'profile', entityId: id },
        { filename: 'a.png', type: 'image/png', data: await png() },
      )
    ).json();
    const second = (
      await upload(
        client,
        { imageType: 'profile', entityId: id },
        { filename: 'b.png', type: 'image/png', data: await png() },
      )
    ).json();
    const rows = await queryRows<{ id: string; is_active: boolean }>(
      t.db,
      sql`select id, is_active from images where entity_id = ${id} order by uploaded_at`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.is_active]))).toEqual({ [first.id]: false, [second.id]: true });
  });
});

describe('refusals', () => {
  it("refuses a text file named x.png with 'Please select a valid image file'", async () => {
    const { client, id } = await signedIn();
    const res = await upload(
      client,
      { imageType: 'profile', entityId: id },
      { filename: 'x.png', type: 'image/png', data: Buffer.from('this is not an image at all') },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: mediaMessages.invalidImage,
      fields: { file: mediaMessages.invalidImage },
    });
  });

  it('refuses an SVG and a truncated PNG', async () => {
    const { client, id } = await signedIn();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const truncated = (await png(200, 200)).subarray(0, 120);
    for (const data of [svg, truncated]) {
      const res = await upload(
        client,
        { imageType: 'profile', entityId: id },
        { filename: 'x.png', type: 'image/png', data },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(mediaMessages.invalidImage);
    }
  });

  it("refuses 6 MB with 'File size must be less than 5MB' and stores nothing", async () => {
    const { client, id } = await signedIn();
    const before = (await queryRows(t.db, sql`select id from images`)).length;
    const res = await upload(
      client,
      { imageType: 'profile', entityId: id },
      { filename: 'big.png', type: 'image/png', data: Buffer.alloc(6 * 1024 * 1024, 1) },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: mediaMessages.tooLarge });
    expect((await queryRows(t.db, sql`select id from images`)).length).toBe(before);
  });

  it('refuses a picture of more than 24 megapixels before decoding it', async () => {
    const { client, id } = await signedIn();
    // A decompression bomb: a tiny PNG whose header claims 6000 x 4001 pixels (just over 24 megapixels).
    const huge = pngClaiming(6000, 4001);
    expect((await sharp(huge).metadata()).width).toBe(6000);
    const res = await upload(
      client,
      { imageType: 'profile', entityId: id },
      { filename: 'huge.png', type: 'image/png', data: huge },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(mediaMessages.tooManyPixels);
  });

  it("refuses another user's profile, and shop or product images of an entity that is not the caller's (403)", async () => {
    const { client } = await signedIn();
    const other = await signedIn();
    const res = await upload(
      client,
      { imageType: 'profile', entityId: other.id },
      { filename: 'a.png', type: 'image/png', data: await png() },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(mediaMessages.notYourProfile);
    expect((await other.client.get('/api/me')).json().profileImageUrl).toBeNull();
    const vendor = newClient();
    const { id: vendorId } = await registerAndLogin(vendor, vendorInput());
    // The vendor's own user id is not one of its shops or products.
    for (const imageType of ['shop_logo', 'shop_banner', 'product']) {
      const r = await upload(
        vendor,
        { imageType, entityId: vendorId },
        { filename: 'a.png', type: 'image/png', data: await png() },
      );
      expect(r.statusCode).toBe(403);
    }
    expect((await queryRows(t.db, sql`select id from images where owner_user_id = ${vendorId}`)).length).toBe(0);
  });

  it('answers 401 to a guest', async () => {
    const res = await upload(
      newClient(),
      { imageType: 'profile', entityId: crypto.randomUUID() },
      { filename: 'a.png', type: 'image/png', data: await png() },
    );
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['no file', { imageType: 'profile' }, false, 'file', mediaMessages.invalidImage],
    ['no image type', {}, true, 'imageType', mediaMessages.imageTypeChoice],
    ['an unknown image type', { imageType: 'avatar' }, true, 'imageType', mediaMessages.imageTypeChoice],
    [
      'an entity id that is not a uuid',
      { imageType: 'profile', entityId: 'me' },
      true,
      'entityId',
      mediaMessages.entityId,
    ],
  ])('answers 400, never 500, for %s, with the message under %s', async (_label, fields, withFile, field, message) => {
    const { client, id } = await signedIn();
    const all: Record<string, string> = { entityId: id, ...fields };
    const res = await upload(
      client,
      all,
      withFile ? { filename: 'a.png', type: 'image/png', data: await png() } : undefined,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ [field]: message });
  });

  it('answers 400 for a JSON body, two files or a broken form', async () => {
    const { client, id } = await signedIn();
    expect((await client.post('/api/media', { imageType: 'profile', entityId: id })).statusCode).toBe(400);
    const two = multipart([
      { name: 'imageType', value: 'profile' },
      { name: 'entityId', value: id },
      { name: 'file', filename: 'a.png', type: 'image/png', data: await png() },
      { name: 'file2', filename: 'b.png', type: 'image/png', data: await png() },
    ]);
    const res = await client.post('/api/media', two.body, two.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(mediaMessages.oneFile);
    const broken = await client.post(
      '/api/media',
      Buffer.from('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc'),
      {
        'content-type': 'multipart/form-data; boundary=xyz',
      },
    );
    expect(broken.statusCode).toBe(400);
  });
});

describe('DELETE /api/media/:id', () => {
  it('soft-deletes an own image, takes it off the profile and removes its files; others get 404', async () => {
    const { client, id } = await signedIn();
    const img = (
      await upload(
        client,
        { imageType: 'profile', entityId: id },
        { filename: 'a.png', type: 'image/png', data: await png() },
      )
    ).json();
    expect(existsSync(uploaded(img.url)) && existsSync(uploaded(img.thumbnailUrl))).toBe(true);
    const stranger = await signedIn();
    expect((await stranger.client.delete(`/api/media/${img.id}`)).statusCode).toBe(404);
    expect((await newClient().delete(`/api/media/${img.id}`)).statusCode).toBe(401);
    expect((await client.delete(`/api/media/${img.id}`)).statusCode).toBe(204);
    const [row] = await queryRows<{ is_active: boolean }>(t.db, sql`select is_active from images where id = ${img.id}`);
    expect(row.is_active).toBe(false);
    expect((await client.get('/api/me')).json().profileImageUrl).toBeNull();
    expect(existsSync(uploaded(img.url))).toBe(false);
    expect(existsSync(uploaded(img.thumbnailUrl))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: img.url })).statusCode).toBe(404);
    expect((await client.delete(`/api/media/${img.id}`)).statusCode).toBe(404);
  });
});
