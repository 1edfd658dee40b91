import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaMessages } from '../../../contracts/media.contract';
import { vendorProductMessages, type VendorProduct } from '../../../contracts/vendor-products.contract';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { upload } from '../../test/multipart';
import { createCategory, createShop } from '../../test/catalog-factories';
import { customerInput, registerAndLogin, vendorInput } from '../../test/factories';

let t: TestApp;
let ip = 0;
const newClient = () => new TestClient(t.app, `10.11.0.${++ip}`);
let categoryId: string;
beforeAll(async () => {
  t = await buildTestApp();
  categoryId = (await createCategory(t.db, 'Fashion')).id;
});
afterAll(() => t.close());

/** Uploads a file (a PNG kurta.png unless told) with the fields first, as the web app sends it. */
const uploadFile = (
  client: TestClient,
  fields: Record<string, string>,
  file: { data: Buffer; filename?: string; type?: string },
) =>
  upload(client, fields, { filename: file.filename ?? 'kurta.png', type: file.type ?? 'image/png', data: file.data });

const png = (w = 640, h = 640) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 217, g: 119, b: 6 } } })
    .png()
    .toBuffer();

async function vendorWithProduct(name = 'Bandhani Silk Dupatta') {
  const client = newClient();
  const { id } = await registerAndLogin(client, vendorInput());
  const shop = await createShop(t.db, id);
  const res = await client.post('/api/vendor/products', { name, price: 899, categoryId, storeId: shop.id });
  expect(res.statusCode, res.body).toBe(201);
  return { client, id, shopId: shop.id, product: res.json().product as VendorProduct };
}

const imagesOwnedBy = async (userId: string) =>
  (await queryRows(t.db, sql`select id from images where owner_user_id = ${userId}`)).length;

describe('product image uploads', () => {
  it('stores an image for an own product and answers its URL; the product saves it as its main image and the storefront shows it', async () => {
    const { client, shopId, product } = await vendorWithProduct();
    const first = await uploadFile(client, { imageType: 'product', entityId: product.id }, { data: await png() });
    expect(first.statusCode, first.body).toBe(201);
    const second = await uploadFile(
      client,
      { imageType: 'product', entityId: product.id },
      { data: await png(300, 200) },
    );
    expect(second.statusCode).toBe(201);
    const urls = [second.json().url as string, first.json().url as string];
    expect(urls.every((u) => /^\/uploads\/[0-9a-f-]{36}\.webp$/.test(u))).toBe(true);
    expect(existsSync(join(t.dataDir, urls[0].replace(/^\//, '')))).toBe(true);
    const rows = await queryRows<{ image_type: string; entity_id: string; is_active: boolean }>(
      t.db,
      sql`select image_type, entity_id, is_active from images where id = ${first.json().id}`,
    );
    expect(rows).toEqual([{ image_type: 'product', entity_id: product.id, is_active: true }]);

    const saved = await client.put(`/api/vendor/products/${product.id}`, {
      name: product.name,
      price: 899,
      categoryId,
      storeId: shopId,
      images: urls,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().product).toMatchObject({ imageUrl: urls[0], images: urls });
    const page = await newClient().get(`/api/products/${product.id}`);
    expect(page.json()).toMatchObject({ imageUrl: urls[0], images: urls });
    const served = await t.app.inject({ method: 'GET', url: urls[0] });
    expect(served.statusCode).toBe(200);
  });

  it("refuses vendor B's upload to vendor A's product (403) and stores nothing", async () => {
    const a = await vendorWithProduct();
    const b = await vendorWithProduct('Vendor B Product');
    const res = await uploadFile(b.client, { imageType: 'product', entityId: a.product.id }, { data: await png() });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(vendorProductMessages.notYourProduct);
    expect(await imagesOwnedBy(b.id)).toBe(0);
    const customer = newClient();
    const { id: customerId } = await registerAndLogin(customer, customerInput());
    expect(
      (await uploadFile(customer, { imageType: 'product', entityId: a.product.id }, { data: await png() })).statusCode,
    ).toBe(403);
    expect(await imagesOwnedBy(customerId)).toBe(0);
    expect(
      (await uploadFile(newClient(), { imageType: 'product', entityId: a.product.id }, { data: await png() }))
        .statusCode,
    ).toBe(401);
  });

  it('answers 403 for a product id that does not exist', async () => {
    const { client, id } = await vendorWithProduct();
    const res = await uploadFile(
      client,
      { imageType: 'product', entityId: crypto.randomUUID() },
      { data: await png() },
    );
    expect(res.statusCode).toBe(403);
    expect(await imagesOwnedBy(id)).toBe(0);
  });

  it("refuses a 6 MB file with 'File size must be less than 5MB'", async () => {
    const { client, id, product } = await vendorWithProduct();
    const res = await uploadFile(
      client,
      { imageType: 'product', entityId: product.id },
      { data: Buffer.alloc(6 * 1024 * 1024, 7) },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: mediaMessages.tooLarge,
      fields: { file: mediaMessages.tooLarge },
    });
    expect(await imagesOwnedBy(id)).toBe(0);
  });

  it("refuses a text file, whatever its name and declared type, with 'Please select a valid image file'", async () => {
    const { client, id, product } = await vendorWithProduct();
    for (const file of [
      { data: Buffer.from('Just some notes about the kurta.'), filename: 'notes.txt', type: 'text/plain' },
      { data: Buffer.from('Just some notes about the kurta.'), filename: 'kurta.png', type: 'image/png' },
    ]) {
      const res = await uploadFile(client, { imageType: 'product', entityId: product.id }, file);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        message: mediaMessages.invalidImage,
        fields: { file: mediaMessages.invalidImage },
      });
    }
    expect(await imagesOwnedBy(id)).toBe(0);
  });
});

describe('DELETE /api/media/:id for product images', () => {
  it('retires a picture (soft) and takes it off the product and the storefront; the next one becomes the main image', async () => {
    const { client, shopId, product } = await vendorWithProduct('Kalamkari Table Runner');
    const first = (
      await uploadFile(client, { imageType: 'product', entityId: product.id }, { data: await png() })
    ).json();
    const second = (
      await uploadFile(client, { imageType: 'product', entityId: product.id }, { data: await png(300, 200) })
    ).json();
    const saved = await client.put(`/api/vendor/products/${product.id}`, {
      name: product.name,
      price: 899,
      categoryId,
      storeId: shopId,
      images: [first.url, second.url],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const other = await vendorWithProduct('Vendor B Product');
    expect((await other.client.delete(`/api/media/${first.id}`)).statusCode).toBe(404);

    expect((await client.delete(`/api/media/${first.id}`)).statusCode).toBe(204);
    expect((await client.get(`/api/vendor/products/${product.id}`)).json()).toMatchObject({
      imageUrl: second.url,
      images: [second.url],
    });
    expect((await newClient().get(`/api/products/${product.id}`)).json()).toMatchObject({
      imageUrl: second.url,
      images: [second.url],
    });
    const [row] = await queryRows<{ is_active: boolean }>(
      t.db,
      sql`select is_active from images where id = ${first.id}`,
    );
    expect(row.is_active).toBe(false);

    expect((await client.delete(`/api/media/${second.id}`)).statusCode).toBe(204);
    expect((await client.get(`/api/vendor/products/${product.id}`)).json()).toMatchObject({
      imageUrl: null,
      images: [],
    });
  });
});
