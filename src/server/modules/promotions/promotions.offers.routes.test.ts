import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail, ProductPage } from '../../../contracts/catalog.contract';
import type { PromotionInput, PromotionRow } from '../../../contracts/promotions.contract';
import { signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { signInAs } from '../../test/checkout-fixtures';
import { createProductWithVariants } from '../../test/catalog-factories';
import { indiaDate } from '../../test/dates';
import { promotionInput, savePromotion, shopWithProduct } from '../../test/promotion-fixtures';

// The offer price on product cards and product pages: the automatic promotions in force, as a shopper
// sees them before any cart, gone once the super admin pauses or ends one. docs/promotions.md.

let t: TestApp;
let admin: TestClient;
let shopper: TestClient;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signInSuperAdmin(t)).client;
  shopper = new TestClient(t.app);
});
afterAll(() => t.close());

/** An automatic promotion of 20 % up to ₹150, paid by Haat, from today. */
const automatic = (over: Partial<PromotionInput>): PromotionInput =>
  promotionInput({
    kind: 'automatic',
    couponCode: undefined,
    benefitType: 'percent',
    percent: '20',
    maxDiscount: '150',
    amount: undefined,
    ...over,
  });

const create = async (body: PromotionInput): Promise<PromotionRow> => {
  const res = await admin.post('/api/admin/promotions', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().promotion;
};

const change = async (id: string, step: 'pause' | 'resume' | 'end') =>
  expect((await admin.post(`/api/admin/promotions/${id}/${step}`)).statusCode).toBe(200);

const cardOf = async (productId: string, query: string) => {
  const res = await shopper.get(`/api/products?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ProductPage).items.find((c) => c.id === productId);
};

const pageOf = async (productId: string): Promise<ProductDetail> => {
  const res = await shopper.get(`/api/products/${productId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('offers on product cards and product pages', () => {
  it("shows a category's automatic promotion on its cards and pages, and no longer once paused or ended", async () => {
    const { product, category } = await shopWithProduct(t, 99_900, { rewardPercentage: 5 });
    const other = await shopWithProduct(t, 99_900);
    const name = `Festive ${crypto.randomUUID().slice(0, 6)}`;
    const endsOn = indiaDate(5);
    const promotion = await create(automatic({ name, scope: 'categories', categoryIds: [category.id], endsOn }));
    // 20 % of ₹999 is ₹199.80, held to ₹150: ₹849. Points on what is paid: ₹849 x 5 % = 42.45 -> 42 a unit
    // (the full price's 49 stays the card's own, shown without an offer).
    const offer = { pricePaise: 84_900, name, endsOn, pointsEarned: 42 };
    expect((await cardOf(product.id, `category=${category.id}`))?.offer).toEqual(offer);
    expect((await cardOf(product.id, `category=${category.id}`))?.pointsEarned).toBe(49);
    expect((await cardOf(product.id, `shop=${product.storeId}`))?.offer).toEqual(offer);
    expect((await pageOf(product.id)).offer).toEqual(offer);
    // Another category's product has none.
    expect((await cardOf(other.product.id, `category=${other.category.id}`))?.offer).toBeNull();
    expect((await pageOf(other.product.id)).offer).toBeNull();

    await change(promotion.id, 'pause');
    expect((await cardOf(product.id, `category=${category.id}`))?.offer).toBeNull();
    expect((await pageOf(product.id)).offer).toBeNull();
    await change(promotion.id, 'resume');
    expect((await pageOf(product.id)).offer).toEqual(offer);
    await change(promotion.id, 'end');
    expect((await cardOf(product.id, `category=${category.id}`))?.offer).toBeNull();
    expect((await pageOf(product.id)).offer).toBeNull();
  });

  it('shows neither a coupon, nor a promotion for a first order, nor one not started yet', async () => {
    const { product, category } = await shopWithProduct(t, 99_900);
    const scope = { scope: 'categories' as const, categoryIds: [category.id] };
    await create(promotionInput({ ...scope, name: 'Coupon of the category' }));
    await create(automatic({ ...scope, name: 'Welcome', firstOrderOnly: true }));
    await create(automatic({ ...scope, name: 'Next week', startsOn: indiaDate(7) }));
    expect((await cardOf(product.id, `category=${category.id}`))?.offer).toBeNull();
    expect((await pageOf(product.id)).offer).toBeNull();
  });

  it("shows a variant's promotion on that variant of the page, not on the product's card", async () => {
    const { product, category, shop } = await shopWithProduct(t, 99_900);
    const kurta = await createProductWithVariants(t.db, {
      storeId: shop.id,
      categoryId: category.id,
      name: 'Chanderi Kurta',
      pricePaise: 100_000,
      variants: [{ option1Value: 'S' }, { option1Value: 'M', pricePaise: 120_000 }],
    });
    const sizeM = kurta.variants.find((v) => v.option1Value === 'M')!;
    // Saved through the service (the form's variant picker is the vendor's browser story's); read afresh.
    await savePromotion(t, {
      name: 'Size M week',
      kind: 'automatic',
      couponCode: undefined,
      amount: '200',
      scope: 'products',
      variantIds: [sizeM.id],
    });
    t.app.ctx.catalogCache.invalidate();
    expect((await cardOf(kurta.product.id, `category=${category.id}`))?.offer).toBeNull();
    const page = await pageOf(kurta.product.id);
    expect(page.offer).toBeNull();
    // Size M: ₹1,200 - ₹200 = ₹1,000 x 5 % (the product's reward) = 50 points a unit, not 60.
    expect(page.variants.map((v) => [v.option1Value, v.offer])).toEqual([
      ['S', null],
      ['M', { pricePaise: 100_000, name: 'Size M week', endsOn: null, pointsEarned: 50 }],
    ]);
    expect((await pageOf(product.id)).offer).toBeNull();
  });

  it("shows a vendor's own automatic promotion on its products' cards, and on no other vendor's", async () => {
    const mine = await shopWithProduct(t, 99_900);
    const other = await shopWithProduct(t, 99_900, {});
    const vendor = await signInAs(t, mine.vendor.email);
    const name = `Shop sale ${crypto.randomUUID().slice(0, 6)}`;
    // The whole cart, paid by the vendor: it covers only the vendor's own products.
    const res = await vendor.post(
      '/api/vendor/promotions',
      automatic({ name, scope: 'cart', fundedBy: 'vendor', vendorId: mine.vendor.userId }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const offer = { pricePaise: 84_900, name, endsOn: null, pointsEarned: 0 };
    expect((await cardOf(mine.product.id, `shop=${mine.shop.id}`))?.offer).toEqual(offer);
    expect((await pageOf(mine.product.id)).offer).toEqual(offer);
    expect((await cardOf(other.product.id, `shop=${other.shop.id}`))?.offer).toBeNull();
    expect((await vendor.post(`/api/vendor/promotions/${res.json().promotion.id}/end`)).statusCode).toBe(200);
    expect((await pageOf(mine.product.id)).offer).toBeNull();
  });
});
