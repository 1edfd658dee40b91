import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCard, ProductOptionFacets } from '../../../contracts/catalog.contract';
import { optionFilterMessages } from '../../../domain/option-filters';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import {
  createCategory,
  createProduct,
  createProductWithVariants,
  createShop,
  createVendorUser,
} from '../../test/catalog-factories';
import { products, productVariants } from './catalog.tables';
import { moneyInvariantViolations } from '../../test/invariants';

let t: TestApp;
let client: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  client = new TestClient(t.app);
});
afterAll(() => t.close());

/** A shop and a category of its own, so that each test sees only its products. */
async function place() {
  const { userId } = await createVendorUser(t.db);
  const shop = await createShop(t.db, userId);
  const category = await createCategory(t.db);
  return { storeId: shop.id, categoryId: category.id, slug: category.slug };
}

const search = async (query: string) => {
  const res = await client.get(`/api/products?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: ProductCard[]; total: number };
};
const names = (body: { items: ProductCard[] }) => body.items.map((i) => i.name).sort();

describe('GET /api/products?option=', () => {
  it('lists a product once however many of its variants have the size, with the count', async () => {
    const p = await place();
    await createProductWithVariants(t.db, {
      ...p,
      name: 'Dabu Kurta',
      option1Name: 'Size',
      option2Name: 'Colour',
      variants: [
        { option1Value: 'M', option2Value: 'Indigo' },
        { option1Value: 'M', option2Value: 'Rust' },
        { option1Value: 'M', option2Value: 'Olive' },
        { option1Value: 'L', option2Value: 'Indigo' },
      ],
    });
    await createProductWithVariants(t.db, {
      ...p,
      name: 'Linen Shirt',
      variants: [{ option1Value: 'S' }, { option1Value: 'XL' }],
    });
    await createProduct(t.db, { ...p, name: 'Cotton Dupatta' });

    const m = await search(`category=${p.slug}&option=size:m`);
    expect(m).toMatchObject({ total: 1 });
    expect(names(m)).toEqual(['Dabu Kurta']);
    // Names and values in any case; the same filter twice is one filter.
    expect(names(await search(`category=${p.slug}&option=SIZE:%20m&option=size:M`))).toEqual(['Dabu Kurta']);
    // Without the filter every product of the category shows, with or without options.
    expect((await search(`category=${p.slug}`)).total).toBe(3);
  });

  it('does not match a variant out of stock or withdrawn', async () => {
    const p = await place();
    await createProductWithVariants(t.db, {
      ...p,
      name: 'Sold Out in M',
      variants: [{ option1Value: 'M', stockQuantity: 0 }, { option1Value: 'L' }],
    });
    const { variants } = await createProductWithVariants(t.db, {
      ...p,
      name: 'Withdrawn M',
      variants: [{ option1Value: 'M' }, { option1Value: 'L' }],
    });
    await t.db
      .update(productVariants)
      .set({ withdrawnAt: new Date() })
      .where(eq(productVariants.id, variants.find((v) => v.option1Value === 'M')!.id));
    await createProductWithVariants(t.db, { ...p, name: 'Has M', variants: [{ option1Value: 'M', stockQuantity: 1 }] });

    expect(names(await search(`category=${p.slug}&option=size:m`))).toEqual(['Has M']);
    expect(names(await search(`category=${p.slug}&option=size:l`))).toEqual(['Sold Out in M', 'Withdrawn M']);
  });

  it('follows a size selling out, coming back into stock, being withdrawn and being deleted', async () => {
    const p = await place();
    const { product, variants } = await createProductWithVariants(t.db, {
      ...p,
      name: 'Ikat Kurta',
      variants: [
        { option1Value: 'M', stockQuantity: 2 },
        { option1Value: 'L', stockQuantity: 1 },
      ],
    });
    const m = variants.find((v) => v.option1Value === 'M')!;
    const l = variants.find((v) => v.option1Value === 'L')!;
    const inSize = async (size: string) => names(await search(`category=${p.slug}&option=size:${size}`));
    expect(await inSize('m')).toEqual(['Ikat Kurta']);
    // Written here straight to the table, so the catalog cache is emptied as any write through the API does.
    const changed = () => t.app.ctx.catalogCache.invalidate();
    const setStock = async (id: string, n: number) => {
      await t.db.update(productVariants).set({ stockQuantity: n }).where(eq(productVariants.id, id));
      changed();
    };
    // 2 → 1 leaves it on sale; 1 → 0 takes it off; back to 3 puts it back.
    await setStock(m.id, 1);
    expect(await inSize('m')).toEqual(['Ikat Kurta']);
    await setStock(m.id, 0);
    expect(await inSize('m')).toEqual([]);
    expect(await inSize('l')).toEqual(['Ikat Kurta']);
    await setStock(m.id, 3);
    expect(await inSize('m')).toEqual(['Ikat Kurta']);
    await t.db.update(productVariants).set({ withdrawnAt: new Date() }).where(eq(productVariants.id, m.id));
    changed();
    expect(await inSize('m')).toEqual([]);
    await t.db.delete(productVariants).where(eq(productVariants.id, l.id));
    changed();
    expect(await inSize('l')).toEqual([]);
    // Nothing left on sale: the product keeps no keys, and no longer counts among products with sizes.
    const [row] = await t.db.select({ keys: products.optionKeys }).from(products).where(eq(products.id, product.id));
    expect(row.keys).toBeNull();
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('wants the chosen values of different options on the same variant, and any of one option’s values', async () => {
    const p = await place();
    await createProductWithVariants(t.db, {
      ...p,
      name: 'M in Red, L in Indigo',
      option1Name: 'Size',
      option2Name: 'Colour',
      variants: [
        { option1Value: 'M', option2Value: 'Red' },
        { option1Value: 'L', option2Value: 'Indigo' },
      ],
    });
    await createProductWithVariants(t.db, {
      ...p,
      name: 'M in Indigo',
      option1Name: 'Size',
      option2Name: 'Colour',
      variants: [{ option1Value: 'M', option2Value: 'Indigo' }],
    });
    await createProductWithVariants(t.db, { ...p, name: 'S only', variants: [{ option1Value: 'S' }] });

    expect(names(await search(`category=${p.slug}&option=size:m&option=colour:indigo`))).toEqual(['M in Indigo']);
    expect(names(await search(`category=${p.slug}&option=colour:indigo`))).toEqual([
      'M in Indigo',
      'M in Red, L in Indigo',
    ]);
    // Size M or S.
    expect(names(await search(`category=${p.slug}&option=size:m&option=size:s`))).toEqual([
      'M in Indigo',
      'M in Red, L in Indigo',
      'S only',
    ]);
    expect(names(await search(`category=${p.slug}&option=size:s&option=size:l&option=colour:red`))).toEqual([]);
  });

  it('combines with the category, the price range, the rating, the text and the sort', async () => {
    const p = await place();
    const other = await place();
    const make = (over: {
      name: string;
      pricePaise: number;
      ratingAverage?: number;
      categoryId?: string;
      sizes: string[];
    }) =>
      createProductWithVariants(t.db, {
        ...p,
        categoryId: over.categoryId ?? p.categoryId,
        name: over.name,
        pricePaise: over.pricePaise,
        originalPricePaise: null,
        ratingAverage: over.ratingAverage ?? 0,
        variants: over.sizes.map((s) => ({ option1Value: s })),
      });
    await make({ name: 'Zari Kurta Cheap', pricePaise: 50000, sizes: ['M', 'L'] });
    await make({ name: 'Zari Kurta Dear', pricePaise: 250000, ratingAverage: 4.5, sizes: ['M'] });
    await make({ name: 'Zari Kurta Small', pricePaise: 90000, sizes: ['S'] });
    await make({ name: 'Zari Kurta Elsewhere', pricePaise: 90000, categoryId: other.categoryId, sizes: ['M'] });

    const byPrice = await search(`category=${p.slug}&option=size:m&sort=price-high`);
    expect(byPrice.items.map((i) => i.name)).toEqual(['Zari Kurta Dear', 'Zari Kurta Cheap']);
    expect(names(await search(`category=${p.slug}&option=size:m&minPrice=100&maxPrice=1000`))).toEqual([
      'Zari Kurta Cheap',
    ]);
    expect(names(await search(`category=${p.slug}&option=size:m&minRating=4`))).toEqual(['Zari Kurta Dear']);
    const text = await search('q=zari%20kurta&option=size:m');
    expect(names(text)).toEqual(['Zari Kurta Cheap', 'Zari Kurta Dear', 'Zari Kurta Elsewhere']);
    expect(text.total).toBe(3);
    expect(names(await search(`q=zari&option=size:m&sort=newest&category=${other.slug}`))).toEqual([
      'Zari Kurta Elsewhere',
    ]);
    // Pages of a filtered list.
    const first = await search(`category=${p.slug}&option=size:m&sort=price-low&pageSize=1`);
    const second = await search(`category=${p.slug}&option=size:m&sort=price-low&pageSize=1&page=2`);
    expect([first.total, first.items[0].name, second.items[0].name]).toEqual([
      2,
      'Zari Kurta Cheap',
      'Zari Kurta Dear',
    ]);
  });

  it.each([
    ['option=size', optionFilterMessages.shape],
    ['option=size:', optionFilterMessages.shape],
    ['option=:m', optionFilterMessages.shape],
    [`option=size:${'x'.repeat(41)}`, optionFilterMessages.shape],
    [Array.from({ length: 9 }, (_, i) => `option=size:${i + 1}`).join('&'), optionFilterMessages.tooMany],
  ])('refuses %s with 400 and says how to write a filter', async (query, message) => {
    const res = await client.get(`/api/products?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(Object.values(res.json().error.fields as Record<string, string>)).toEqual([message]);
  });

  it('ignores an empty option parameter', async () => {
    const p = await place();
    await createProduct(t.db, { ...p, name: 'Plain Stole' });
    expect(names(await search(`category=${p.slug}&option=`))).toEqual(['Plain Stole']);
  });
});

describe('GET /api/products/options', () => {
  const facets = async (query: string) => {
    const res = await client.get(`/api/products/options?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ProductOptionFacets;
  };

  it('offers the sizes and colours in stock in the category, in size order, merged whatever their case', async () => {
    const p = await place();
    await createProductWithVariants(t.db, {
      ...p,
      option1Name: 'Size',
      option2Name: 'Colour',
      variants: [
        { option1Value: 'XL', option2Value: 'Indigo' },
        { option1Value: 'M', option2Value: 'Rust' },
        { option1Value: 'XXL', option2Value: 'Rust', stockQuantity: 0 },
      ],
    });
    await createProductWithVariants(t.db, {
      ...p,
      option1Name: 'size',
      variants: [{ option1Value: 'S' }, { option1Value: 'm' }, { option1Value: 'L' }],
    });
    await createProductWithVariants(t.db, {
      ...p,
      option1Name: 'Size',
      isActive: false,
      variants: [{ option1Value: 'XS' }],
    });
    await createProduct(t.db, { ...p });

    const body = await facets(`category=${p.slug}`);
    expect(body.complete).toBe(true);
    expect(body.options.map((o) => [o.name, o.values.map((v) => `${v.value}:${v.products}`)])).toEqual([
      ['Size', ['S:1', 'M:2', 'L:1', 'XL:1']],
      ['Colour', ['Indigo:1', 'Rust:1']],
    ]);
    expect(body.options[0].values[1].param).toBe('size:m');
    // The chips of a search leave its own option filters out, and keep its other filters.
    expect((await facets(`category=${p.slug}&option=size:s`)).options[0].values).toHaveLength(4);
    expect(await facets(`category=${p.slug}&minPrice=1000`)).toEqual({ options: [], complete: true });
  });

  it('follows the values on sale: sold out or withdrawn ones leave, one spelt anew shows as spelt', async () => {
    const p = await place();
    const { product, variants } = await createProductWithVariants(t.db, {
      ...p,
      option1Name: 'Size',
      option2Name: 'Colour',
      variants: [
        { option1Value: 'M', option2Value: 'Indigo', stockQuantity: 2 },
        { option1Value: 'M', option2Value: 'Rust', stockQuantity: 1 },
        { option1Value: 'L', option2Value: 'Rust', stockQuantity: 1 },
      ],
    });
    const byValues = (a: string, b: string) => variants.find((v) => v.option1Value === a && v.option2Value === b)!;
    // Each option's values in size order (the options' own order, by how many products, is not asked here).
    const chips = async () =>
      Object.fromEntries(
        (await facets(`category=${p.slug}`)).options.map((o) => [
          o.name,
          o.values.map((v) => `${v.value}:${v.products}`),
        ]),
      );
    // Written here straight to the table, so the catalog cache is emptied as any write through the API does.
    const write = async (id: string, change: Partial<typeof productVariants.$inferInsert>) => {
      await t.db.update(productVariants).set(change).where(eq(productVariants.id, id));
      t.app.ctx.catalogCache.invalidate();
    };
    expect(await chips()).toEqual({
      Size: ['M:1', 'L:1'],
      Colour: ['Indigo:1', 'Rust:1'],
    });
    await write(byValues('L', 'Rust').id, { stockQuantity: 0 });
    expect(await chips()).toEqual({
      Size: ['M:1'],
      Colour: ['Indigo:1', 'Rust:1'],
    });
    await write(byValues('M', 'Rust').id, { withdrawnAt: new Date() });
    expect(await chips()).toEqual({
      Size: ['M:1'],
      Colour: ['Indigo:1'],
    });
    // The same value (its key unchanged), spelt otherwise by the vendor.
    await write(byValues('M', 'Indigo').id, { option2Value: 'INDIGO' });
    expect(await chips()).toEqual({
      Size: ['M:1'],
      Colour: ['INDIGO:1'],
    });
    const [row] = await t.db
      .select({ values: products.optionValues })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row.values).toEqual(['1=M', '2=INDIGO']);
    await write(byValues('M', 'Indigo').id, { stockQuantity: 0 });
    expect(await chips()).toEqual({});
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('answers no options for a category without any, or one that does not exist', async () => {
    const p = await place();
    await createProduct(t.db, { ...p });
    expect(await facets(`category=${p.slug}`)).toEqual({ options: [], complete: true });
    expect(await facets('category=no-such-category')).toEqual({ options: [], complete: true });
  });

  it('refuses a bad filter as the search does', async () => {
    const res = await client.get('/api/products/options?minRating=9');
    expect(res.statusCode).toBe(400);
  });
});
