import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaMessages } from '../../../contracts/media.contract';
import { shopMessages, type Shop } from '../../../contracts/shops.contract';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { upload } from '../../test/multipart';
import { customerInput, registerAndLogin, vendorInput } from '../../test/factories';

let t: TestApp;
let ip = 0;
const newClient = () => new TestClient(t.app, `10.10.0.${++ip}`);
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Uploads a PNG logo.png with the fields first, as the web app sends it. */
const uploadFile = (client: TestClient, fields: Record<string, string>, file: Buffer) =>
  upload(client, fields, { filename: 'logo.png', type: 'image/png', data: file });

const png = (w = 320, h = 160) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 109, g: 40, b: 217 } } })
    .png()
    .toBuffer();

async function vendorWithShop(name = 'Jaipur Handloom House') {
  const client = newClient();
  const { id } = await registerAndLogin(client, vendorInput());
  const res = await client.post('/api/vendor/shops', { shopName: name, shopType: 'online' });
  expect(res.statusCode, res.body).toBe(201);
  return { client, id, shop: res.json() as Shop };
}

const shopOf = async (client: TestClient, shopId: string): Promise<Shop> =>
  ((await client.get('/api/vendor/shops')).json().items as Shop[]).find((s) => s.id === shopId)!;

describe('shop logo and banner uploads', () => {
  it('sets the logo and the banner of an own shop; a new logo retires the previous one', async () => {
    const { client, shop } = await vendorWithShop();
    const logo = await uploadFile(client, { imageType: 'shop_logo', entityId: shop.id }, await png(300, 300));
    expect(logo.statusCode, logo.body).toBe(201);
    const banner = await uploadFile(client, { imageType: 'shop_banner', entityId: shop.id }, await png(1200, 400));
    expect(banner.statusCode, banner.body).toBe(201);
    expect(banner.json()).toMatchObject({ width: 1200, height: 400 });
    expect(await shopOf(client, shop.id)).toMatchObject({ logoUrl: logo.json().url, bannerUrl: banner.json().url });

    const logo2 = (await uploadFile(client, { imageType: 'shop_logo', entityId: shop.id }, await png(200, 200))).json();
    expect(await shopOf(client, shop.id)).toMatchObject({ logoUrl: logo2.url, bannerUrl: banner.json().url });
    const rows = await queryRows<{ id: string; image_type: string; is_active: boolean }>(
      t.db,
      sql`select id, image_type, is_active from images where entity_id = ${shop.id}`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, [r.image_type, r.is_active]]))).toEqual({
      [logo.json().id]: ['shop_logo', false],
      [logo2.id]: ['shop_logo', true],
      [banner.json().id]: ['shop_banner', true],
    });
  });

  it("refuses vendor B's upload to vendor A's shop (403) and leaves A's shop as it was", async () => {
    const a = await vendorWithShop();
    const b = await vendorWithShop("B's shop");
    for (const imageType of ['shop_logo', 'shop_banner']) {
      const res = await uploadFile(b.client, { imageType, entityId: a.shop.id }, await png());
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(shopMessages.notYourShop);
    }
    expect(await shopOf(a.client, a.shop.id)).toMatchObject({ logoUrl: null, bannerUrl: null });
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from images where entity_id = ${a.shop.id}`,
    );
    expect(n).toBe(0);
  });

  it('refuses a customer and a guest', async () => {
    const { shop } = await vendorWithShop();
    const customer = newClient();
    await registerAndLogin(customer, customerInput());
    expect((await uploadFile(customer, { imageType: 'shop_logo', entityId: shop.id }, await png())).statusCode).toBe(
      403,
    );
    expect((await uploadFile(newClient(), { imageType: 'shop_logo', entityId: shop.id }, await png())).statusCode).toBe(
      401,
    );
  });

  it("answers 403 for a shop id that does not exist, and 400 'Please select a valid image file' for a non-image", async () => {
    const { client, shop } = await vendorWithShop();
    expect(
      (await uploadFile(client, { imageType: 'shop_banner', entityId: crypto.randomUUID() }, await png())).statusCode,
    ).toBe(403);
    const res = await uploadFile(
      client,
      { imageType: 'shop_logo', entityId: shop.id },
      Buffer.from('MZ this is a program, not a picture'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: mediaMessages.invalidImage,
      fields: { file: mediaMessages.invalidImage },
    });
    expect((await shopOf(client, shop.id)).logoUrl).toBeNull();
  });
});

describe('DELETE /api/media/:id for shop images', () => {
  it('retires the logo (soft) and takes it off the shop, leaving the banner; vendor B cannot', async () => {
    const { client, shop } = await vendorWithShop();
    const logo = (await uploadFile(client, { imageType: 'shop_logo', entityId: shop.id }, await png(300, 300))).json();
    const banner = (
      await uploadFile(client, { imageType: 'shop_banner', entityId: shop.id }, await png(1200, 400))
    ).json();
    const b = await vendorWithShop("B's shop");
    expect((await b.client.delete(`/api/media/${logo.id}`)).statusCode).toBe(404);
    expect((await shopOf(client, shop.id)).logoUrl).toBe(logo.url);

    expect((await client.delete(`/api/media/${logo.id}`)).statusCode).toBe(204);
    expect(await shopOf(client, shop.id)).toMatchObject({ logoUrl: null, bannerUrl: banner.url });
    const [row] = await queryRows<{ is_active: boolean }>(
      t.db,
      sql`select is_active from images where id = ${logo.id}`,
    );
    expect(row.is_active).toBe(false);
    expect((await client.delete(`/api/media/${banner.id}`)).statusCode).toBe(204);
    expect((await shopOf(client, shop.id)).bannerUrl).toBeNull();
  });
});
