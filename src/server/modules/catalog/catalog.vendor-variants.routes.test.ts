import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorProduct, VendorProductInput } from '../../../contracts/vendor-products.contract';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createCategory, createShop } from '../../test/catalog-factories';
import { newShopper, placeOrder, stockOf } from '../../test/checkout-fixtures';
import { signedInVendor } from '../../test/factories';

// A vendor's sizes and colours through the API: options, one combination per pair of values with its
// own SKU, stock, price and pictures; combinations that were ordered are withdrawn, never deleted.

let t: TestApp;
let ip = 0;
const newClient = () => new TestClient(t.app, `10.23.0.${++ip}`);
type Vendor = { client: TestClient; id: string; shopId: string };
let a: Vendor;
let b: Vendor;
let categoryId: string;

async function newVendor(): Promise<Vendor> {
  const vendor = await signedInVendor(newClient());
  return { ...vendor, shopId: (await createShop(t.db, vendor.id)).id };
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await newVendor();
  b = await newVendor();
  categoryId = (await createCategory(t.db, 'Fashion')).id;
});
afterAll(() => t.close());

let n = 0;
type Row = {
  option1Value: string;
  option2Value?: string | null;
  sku: string;
  stockQuantity: number;
  price?: string;
  originalPrice?: string;
  images?: string[];
};
const sizeColour = (sizes: string[], colours: string[], stock = (i: number) => i + 1): Row[] =>
  sizes.flatMap((s, i) =>
    colours.map((c, j) => ({
      option1Value: s,
      option2Value: c,
      sku: `KUR-${s}-${c}`.toUpperCase(),
      stockQuantity: stock(i * colours.length + j),
    })),
  );

const input = (over: Partial<VendorProductInput> = {}): VendorProductInput => ({
  name: `Handloom Cotton Kurta ${++n}`,
  description: 'Block-printed in Sanganer.',
  price: '1299',
  stockQuantity: 7,
  categoryId,
  storeId: a.shopId,
  images: [],
  ...over,
});

async function create(v: Vendor, over: Partial<VendorProductInput>): Promise<VendorProduct> {
  const res = await v.client.post('/api/vendor/products', input({ storeId: v.shopId, ...over }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product;
}

/** Saves the product with these fields (the rest as read back), as the edit form does. */
async function edit(v: Vendor, p: VendorProduct, over: Partial<VendorProductInput>) {
  const base: VendorProductInput = {
    name: p.name,
    description: p.description,
    price: p.pricePaise / 100,
    stockQuantity: p.stockQuantity,
    categoryId: p.categoryId,
    storeId: p.storeId,
    images: p.images,
  };
  return v.client.put(`/api/vendor/products/${p.id}`, { ...base, ...over });
}

const read = async (v: Vendor, id: string): Promise<VendorProduct> => {
  const res = await v.client.get(`/api/vendor/products/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** A product picture the vendor uploaded (its row in images, as POST /api/media writes it); answers its URL. */
async function uploaded(v: Vendor): Promise<string> {
  const id = crypto.randomUUID();
  await t.db
    .execute(sql`insert into images (id, filename, image_type, entity_id, owner_user_id, width, height, size_bytes, is_active)
    values (${id}, ${`${id}.webp`}, 'product', ${crypto.randomUUID()}, ${v.id}, 400, 400, 1000, true)`);
  return `/uploads/${id}.webp`;
}

const options = (sizes: string[], colours: string[]) => [
  { name: 'Size', values: sizes },
  { name: 'Colour', values: colours },
];
const labels = (p: VendorProduct) => p.variants.map((v) => v.label);
const sumOf = (p: VendorProduct) => p.variants.reduce((s, v) => s + v.stockQuantity, 0);

describe('creating a product with sizes and colours', () => {
  it('saves every combination with its SKU, stock, own price and pictures, and the product stock is their sum', async () => {
    const picture = await uploaded(a);
    const variants = sizeColour(['S', 'M'], ['Indigo', 'Maroon']);
    variants[1] = { ...variants[1], price: '1399.50', originalPrice: '1999', images: [picture] };
    const p = await create(a, {
      options: options(['S', 'M'], ['Indigo', 'Maroon']),
      variants,
      images: [picture],
      stockQuantity: 500,
    });

    expect(p.options).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Colour', values: ['Indigo', 'Maroon'] },
    ]);
    expect(labels(p)).toEqual([
      'Size: S · Colour: Indigo',
      'Size: S · Colour: Maroon',
      'Size: M · Colour: Indigo',
      'Size: M · Colour: Maroon',
    ]);
    expect(p.variants.map((v) => [v.sku, v.stockQuantity, v.pricePaise, v.originalPricePaise, v.images])).toEqual([
      ['KUR-S-INDIGO', 1, null, null, []],
      ['KUR-S-MAROON', 2, 139950, 199900, [picture]],
      ['KUR-M-INDIGO', 3, null, null, []],
      ['KUR-M-MAROON', 4, null, null, []],
    ]);
    // The form's 500 is ignored: the stock is the combinations' sum.
    expect(p.stockQuantity).toBe(10);
    expect(await stockOf(t, p.id)).toBe(10);
    expect(await read(a, p.id)).toEqual(p);

    const list = await a.client.get(`/api/vendor/products?q=${encodeURIComponent(p.name)}`);
    expect(list.json().items[0]).toMatchObject({
      id: p.id,
      stockQuantity: 10,
      options: p.options,
      variants: p.variants,
    });
  });

  it('lists a page of products each with its own options, and products without options with none', async () => {
    const marker = `Page ${crypto.randomUUID().slice(0, 8)}`;
    await create(a, { name: `${marker} plain`, stockQuantity: 4 });
    await create(a, {
      name: `${marker} sized`,
      options: [{ name: 'Size', values: ['M', 'L'] }],
      variants: [
        { option1Value: 'M', sku: 'P-M', stockQuantity: 2 },
        { option1Value: 'L', sku: 'P-L', stockQuantity: 3 },
      ],
    });
    const res = await a.client.get(`/api/vendor/products?q=${encodeURIComponent(marker)}`);
    const items: VendorProduct[] = res.json().items;
    const byName = Object.fromEntries(items.map((p) => [p.name, p]));
    expect(byName[`${marker} plain`]).toMatchObject({ stockQuantity: 4, options: [], variants: [] });
    expect(byName[`${marker} sized`]).toMatchObject({
      stockQuantity: 5,
      options: [{ name: 'Size', values: ['M', 'L'] }],
    });
    expect(labels(byName[`${marker} sized`])).toEqual(['Size: M', 'Size: L']);
  });
});

describe('editing the options', () => {
  it('adds combinations for a new value, deletes one never ordered, withdraws one that was ordered, and keeps ids across a change of case', async () => {
    const p = await create(a, {
      options: options(['S', 'M', 'L'], ['Indigo']),
      variants: sizeColour(['S', 'M', 'L'], ['Indigo'], () => 5),
    });
    const id = (label: string) => p.variants.find((v) => v.label === label)!.id;
    const [small, medium, large] = [
      id('Size: S · Colour: Indigo'),
      id('Size: M · Colour: Indigo'),
      id('Size: L · Colour: Indigo'),
    ];
    const shopper = await newShopper(t);
    const orderId = await placeOrder(shopper, [{ productId: p.id, variantId: medium, quantity: 2 }]);
    expect(await stockOf(t, p.id)).toBe(13);

    // M leaves (ordered: withdrawn), L leaves (never ordered: deleted), s becomes lower case, XL and Maroon arrive.
    const variants: Row[] = [
      { option1Value: 's', option2Value: 'indigo', sku: 'KUR-S-INDIGO', stockQuantity: 6 },
      { option1Value: 's', option2Value: 'Maroon', sku: 'KUR-S-MAROON', stockQuantity: 1 },
      { option1Value: 'XL', option2Value: 'indigo', sku: 'KUR-XL-INDIGO', stockQuantity: 2 },
      { option1Value: 'XL', option2Value: 'Maroon', sku: 'KUR-XL-MAROON', stockQuantity: 3 },
    ];
    const res = await edit(a, p, { options: options(['s', 'XL'], ['indigo', 'Maroon']), variants });
    expect(res.statusCode, res.body).toBe(200);
    const after: VendorProduct = res.json().product;
    expect(labels(after)).toEqual([
      'Size: s · Colour: indigo',
      'Size: s · Colour: Maroon',
      'Size: XL · Colour: indigo',
      'Size: XL · Colour: Maroon',
    ]);
    expect(after.variants[0].id).toBe(small);
    expect(after.variants.map((v) => v.id)).not.toContain(medium);
    expect(after.stockQuantity).toBe(12);
    expect(await stockOf(t, p.id)).toBe(sumOf(after));

    const rows = await queryRows<{ id: string; withdrawn: boolean }>(
      t.db,
      sql`select id, withdrawn_at is not null as withdrawn from product_variants where id in (${medium}, ${large})`,
    );
    expect(rows).toEqual([{ id: medium, withdrawn: true }]);
    // The order still names the size it sold.
    const items = await queryRows<{ variant_id: string; variant_label: string; sku: string; quantity: number }>(
      t.db,
      sql`select variant_id, variant_label, sku, quantity from order_items where order_id = ${orderId}`,
    );
    expect(items).toEqual([
      { variant_id: medium, variant_label: 'Size: M · Colour: Indigo', sku: 'KUR-M-INDIGO', quantity: 2 },
    ]);
    // A withdrawn size cannot be bought.
    const add = await shopper.client.post('/api/cart/items', { productId: p.id, variantId: medium, quantity: 1 });
    expect(add.statusCode).toBeGreaterThanOrEqual(400);
    expect(add.statusCode).toBeLessThan(500);

    // Adding M back later makes a new combination; the withdrawn one stays with its order.
    const again = await edit(a, after, {
      options: options(['s', 'XL', 'M'], ['indigo', 'Maroon']),
      variants: [
        ...variants,
        { option1Value: 'M', option2Value: 'indigo', sku: 'KUR-M-INDIGO', stockQuantity: 4 },
        { option1Value: 'M', option2Value: 'Maroon', sku: 'KUR-M-MAROON', stockQuantity: 0 },
      ],
    });
    expect(again.statusCode, again.body).toBe(200);
    const m = again.json().product.variants.find((v: { sku: string }) => v.sku === 'KUR-M-INDIGO');
    expect(m.id).not.toBe(medium);
    expect(await stockOf(t, p.id)).toBe(16);
  });

  it('goes from options to none (the form stock applies) and back', async () => {
    const p = await create(a, {
      options: [{ name: 'Size', values: ['M', 'L'] }],
      variants: [
        { option1Value: 'M', sku: 'T-M', stockQuantity: 4 },
        { option1Value: 'L', sku: 'T-L', stockQuantity: 5 },
      ],
    });
    expect(p.stockQuantity).toBe(9);

    const none = await edit(a, p, { options: [], variants: [], stockQuantity: 3 });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().product).toMatchObject({ options: [], variants: [], stockQuantity: 3 });
    expect(await stockOf(t, p.id)).toBe(3);
    expect(await queryRows(t.db, sql`select id from product_variants where product_id = ${p.id}`)).toEqual([]);

    const back = await edit(a, none.json().product, {
      options: [{ name: 'Colour', values: ['Indigo'] }],
      variants: [{ option1Value: 'Indigo', sku: 'T-IND', stockQuantity: 8 }],
      stockQuantity: 3,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().product).toMatchObject({ options: [{ name: 'Colour', values: ['Indigo'] }], stockQuantity: 8 });
    expect(await stockOf(t, p.id)).toBe(8);
  });

  it('keeps the options of a product edited by a client that does not send them', async () => {
    const p = await create(a, {
      options: [{ name: 'Size', values: ['M'] }],
      variants: [{ option1Value: 'M', sku: 'OLD-M', stockQuantity: 6 }],
    });
    const res = await edit(a, p, { name: 'Renamed kurta', stockQuantity: 99 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product).toMatchObject({
      name: 'Renamed kurta',
      stockQuantity: 6,
      options: p.options,
      variants: p.variants,
    });
  });

  it('lets a new combination take the SKU an old one gives up, in one save', async () => {
    const p = await create(a, {
      options: [{ name: 'Size', values: ['M'] }],
      variants: [{ option1Value: 'M', sku: 'SWAP-1', stockQuantity: 1 }],
    });
    const res = await edit(a, p, {
      options: [{ name: 'Size', values: ['L', 'M'] }],
      variants: [
        { option1Value: 'L', sku: 'SWAP-1', stockQuantity: 2 },
        { option1Value: 'M', sku: 'SWAP-2', stockQuantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product.variants.map((v: { label: string; sku: string }) => `${v.label}=${v.sku}`)).toEqual([
      'Size: L=SWAP-1',
      'Size: M=SWAP-2',
    ]);
  });
});

describe('refusals', () => {
  it('answers 400 on the SKU field for a SKU used twice (without case), and saves nothing', async () => {
    const res = await a.client.post(
      '/api/vendor/products',
      input({
        options: [{ name: 'Size', values: ['M', 'L'] }],
        variants: [
          { option1Value: 'M', sku: 'DUP-1', stockQuantity: 1 },
          { option1Value: 'L', sku: 'dup-1', stockQuantity: 1 },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ 'variants.1.sku': 'SKU "dup-1" is used twice' });
  });

  it('answers 400 on the combination that is missing or not among the values', async () => {
    const missing = await a.client.post(
      '/api/vendor/products',
      input({
        options: [{ name: 'Size', values: ['M', 'L'] }],
        variants: [{ option1Value: 'M', sku: 'X-M', stockQuantity: 1 }],
      }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.variants).toMatch(/Size: L/);
    const stranger = await a.client.post(
      '/api/vendor/products',
      input({
        options: [{ name: 'Size', values: ['M'] }],
        variants: [
          { option1Value: 'M', sku: 'Y-M', stockQuantity: 1 },
          { option1Value: 'XXL', sku: 'Y-XXL', stockQuantity: 1 },
        ],
      }),
    );
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error.fields['variants.1.option1Value']).toBe('"XXL" is not one of the Size values');
  });

  it("answers 400 on a combination's picture that is not the vendor's own", async () => {
    const p = await create(a, {
      options: [{ name: 'Size', values: ['M'] }],
      variants: [{ option1Value: 'M', sku: 'PIC-M', stockQuantity: 1 }],
    });
    const theirs = await uploaded(b);
    const res = await edit(a, p, {
      options: p.options,
      variants: [{ option1Value: 'M', sku: 'PIC-M', stockQuantity: 1, images: [theirs] }],
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(['variants.0.images.0']);
    expect((await read(a, p.id)).variants[0].images).toEqual([]);
  });

  it("answers 404 to another vendor's product and leaves its options alone", async () => {
    const p = await create(a, {
      options: [{ name: 'Size', values: ['M'] }],
      variants: [{ option1Value: 'M', sku: 'MINE-M', stockQuantity: 2 }],
    });
    const res = await edit(b, p, { storeId: b.shopId, options: [], variants: [], stockQuantity: 50 });
    expect(res.statusCode).toBe(404);
    expect(await read(a, p.id)).toEqual(p);
  });
});

describe("the promotion form's variant picker reads", () => {
  it("gives a vendor its own product's variants by search and by id, and never another vendor's", async () => {
    const p = await create(a, {
      name: `Picker Kurta ${++n}`,
      options: [
        { name: 'Colour', values: ['Red'] },
        { name: 'Size', values: ['M', 'L'] },
      ],
      variants: [
        { option1Value: 'Red', option2Value: 'M', sku: 'PICK-RED-M', stockQuantity: 2 },
        { option1Value: 'Red', option2Value: 'L', sku: 'PICK-RED-L', stockQuantity: 1 },
      ],
    });
    const found = await a.client.get(`/api/vendor/products?q=${encodeURIComponent(p.name)}`);
    expect(found.statusCode, found.body).toBe(200);
    const mine = (found.json().items as VendorProduct[]).find((x) => x.id === p.id);
    expect(mine?.variants.map((v) => [v.option1Value, v.option2Value])).toEqual([
      ['Red', 'M'],
      ['Red', 'L'],
    ]);
    expect((await read(a, p.id)).variants.map((v) => v.id)).toEqual(mine?.variants.map((v) => v.id));

    const theirs = await b.client.get(`/api/vendor/products/${p.id}`);
    expect(theirs.statusCode).toBe(404);
    for (const v of p.variants) expect(theirs.body).not.toContain(v.id);
    const searched = await b.client.get(`/api/vendor/products?q=${encodeURIComponent(p.name)}`);
    expect(searched.statusCode).toBe(200);
    expect(searched.json().items).toEqual([]);
  });
});

describe('pictures used by a combination', () => {
  it('keeps the file while a combination shows it, and takes a retired picture off the combination', async () => {
    const picture = await uploaded(a);
    const p = await create(a, {
      images: [picture],
      options: [{ name: 'Size', values: ['M'] }],
      variants: [{ option1Value: 'M', sku: 'IMG-M', stockQuantity: 1, images: [picture] }],
    });
    // The picture's row belongs to this product, as an upload for it would.
    await t.db.execute(sql`update images set entity_id = ${p.id} where filename = ${picture.replace('/uploads/', '')}`);
    const [{ id: imageId }] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from images where filename = ${picture.replace('/uploads/', '')}`,
    );
    const res = await a.client.delete(`/api/media/${imageId}`);
    expect(res.statusCode, res.body).toBeLessThan(300);
    const after = await read(a, p.id);
    expect(after.images).toEqual([]);
    expect(after.variants[0].images).toEqual([]);
  });
});
