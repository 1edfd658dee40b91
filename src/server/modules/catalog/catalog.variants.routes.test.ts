import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createCatalog, createProductWithVariants } from '../../test/catalog-factories';
import { newShopper, placeOrder } from '../../test/checkout-fixtures';
import { saveProductVariants } from './catalog.variants';

// The product page offers a product's options and its variants on sale.

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await buildTestApp();
  client = new TestClient(t.app);
});
afterAll(() => t.close());

type Detail = {
  stockQuantity: number;
  options: { name: string; values: string[] }[];
  variants: {
    id: string;
    option1Value: string;
    option2Value: string | null;
    label: string;
    sku: string;
    pricePaise: number;
    originalPricePaise: number | null;
    discountPercent: number;
    stockQuantity: number;
    pointsEarned: number;
    images: string[];
  }[];
};
const detail = async (id: string): Promise<Detail> => {
  const res = await client.get(`/api/products/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/products/:id with sizes and colours', () => {
  it("lists the options in the vendor's order and each variant with its own or the product's price, its stock and its pictures", async () => {
    const { shop, category } = await createCatalog(t.db, 0);
    const { product } = await createProductWithVariants(t.db, {
      storeId: shop.id,
      categoryId: category.id,
      pricePaise: 100000,
      originalPricePaise: 150000,
      rewardPercentage: 5,
      option1Name: 'Size',
      option2Name: 'Colour',
      variants: [
        { option1Value: 'M', option2Value: 'Indigo', stockQuantity: 3 },
        { option1Value: 'S', option2Value: 'Indigo', stockQuantity: 0 },
        {
          option1Value: 'M',
          option2Value: 'Rust',
          pricePaise: 120000,
          originalPricePaise: null,
          images: ['/uploads/rust.webp'],
          stockQuantity: 7,
        },
      ],
    });
    const p = await detail(product.id);
    expect(p.options).toEqual([
      { name: 'Size', values: ['M', 'S'] },
      { name: 'Colour', values: ['Indigo', 'Rust'] },
    ]);
    expect(p.stockQuantity).toBe(10);
    expect(p.variants).toEqual([
      expect.objectContaining({
        option1Value: 'M',
        option2Value: 'Indigo',
        label: 'Size: M · Colour: Indigo',
        sku: 'SKU-M-INDIGO',
        pricePaise: 100000,
        originalPricePaise: 150000,
        discountPercent: 33,
        stockQuantity: 3,
        pointsEarned: 50,
        images: [],
      }),
      // Sold out, still listed (the page shows it struck through).
      expect.objectContaining({
        option1Value: 'S',
        option2Value: 'Indigo',
        label: 'Size: S · Colour: Indigo',
        stockQuantity: 0,
        pricePaise: 100000,
      }),
      expect.objectContaining({
        option1Value: 'M',
        option2Value: 'Rust',
        pricePaise: 120000,
        originalPricePaise: null,
        discountPercent: 0,
        stockQuantity: 7,
        pointsEarned: 60,
        images: ['/uploads/rust.webp'],
      }),
    ]);
  });

  it("tells cards the product has options, and 'from' its lowest price when its sizes cost differently", async () => {
    const { shop, category } = await createCatalog(t.db, 0);
    const name = `Chanderi Kurta ${Date.now().toString(36)}`;
    const { product } = await createProductWithVariants(t.db, {
      storeId: shop.id,
      categoryId: category.id,
      name,
      pricePaise: 100000,
      variants: [
        { option1Value: 'M' },
        { option1Value: 'XL', pricePaise: 90000 },
        { option1Value: 'XXL', pricePaise: 130000 },
      ],
    });
    const same = await createProductWithVariants(t.db, {
      storeId: shop.id,
      categoryId: category.id,
      name: `${name} Plain`,
      pricePaise: 80000,
      variants: [{ option1Value: 'S' }, { option1Value: 'L' }],
    });
    const [plain] = (await createCatalog(t.db, 1)).products;
    const cards = (await client.get(`/api/products?shop=${shop.id}&pageSize=100`)).json().items as {
      id: string;
      hasOptions: boolean;
      priceFromPaise: number | null;
      pricePaise: number;
    }[];
    expect(cards.find((c) => c.id === product.id)).toMatchObject({
      hasOptions: true,
      priceFromPaise: 90000,
      pricePaise: 100000,
    });
    expect(cards.find((c) => c.id === same.product.id)).toMatchObject({ hasOptions: true, priceFromPaise: null });
    const searched = (await client.get(`/api/products?search=${encodeURIComponent(name)}`)).json().items as {
      id: string;
      priceFromPaise: number | null;
    }[];
    expect(searched.find((c) => c.id === product.id)?.priceFromPaise).toBe(90000);
    expect(await detail(plain.id)).toMatchObject({ hasOptions: false, priceFromPaise: null });
    expect(await detail(product.id)).toMatchObject({ hasOptions: true, priceFromPaise: 90000 });
  });

  it('answers no options and no variants for a product without them', async () => {
    const { products } = await createCatalog(t.db, 1);
    const p = await detail(products[0].id);
    expect([p.options, p.variants]).toEqual([[], []]);
  });

  it('leaves out a variant withdrawn after it was ordered, and shows the stock an order took', async () => {
    const { shop, category } = await createCatalog(t.db, 0);
    const { product, variants } = await createProductWithVariants(t.db, {
      storeId: shop.id,
      categoryId: category.id,
      option1Name: 'Size',
      variants: [
        { option1Value: 'S', stockQuantity: 4 },
        { option1Value: 'M', stockQuantity: 4 },
      ],
    });
    const [small, medium] = variants;
    expect((await detail(product.id)).variants.map((v) => [v.option1Value, v.stockQuantity])).toEqual([
      ['S', 4],
      ['M', 4],
    ]);
    const shopper = await newShopper(t);
    await placeOrder(shopper, [{ productId: product.id, variantId: medium.id, quantity: 3 }]);
    // The order went through the API, which empties the catalog cache: the page shows the stock left.
    expect((await detail(product.id)).variants.map((v) => [v.option1Value, v.stockQuantity])).toEqual([
      ['S', 4],
      ['M', 1],
    ]);

    // The vendor drops size M (ordered, so withdrawn rather than deleted).
    await t.db.transaction((tx) =>
      saveProductVariants(tx, product.id, {
        option1Name: 'Size',
        option2Name: null,
        variants: [{ ...small, option2Value: null }],
      }),
    );
    t.app.ctx.catalogCache.invalidate();
    const p = await detail(product.id);
    expect(p.options).toEqual([{ name: 'Size', values: ['S'] }]);
    expect(p.variants.map((v) => v.id)).toEqual([small.id]);
    expect(p.stockQuantity).toBe(4);
  });
});
