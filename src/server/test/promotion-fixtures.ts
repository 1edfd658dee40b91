import { promotionInputSchema, type PromotionInput } from '../../contracts/promotions.contract';
import { createPromotion } from '../modules/promotions';
import type { TestApp } from './app';
import { createCategory, createProduct, createShop, createVendorUser } from './catalog-factories';
import { fillCart, newShopper, type Shopper } from './checkout-fixtures';
import { indiaDate } from './dates';

// Promotions, shops and carts for the promotion tests: a promotion as the admin's form sends it, saved
// through the promotions service, and a shopper with one product in the cart.

/** The admin who saves the test promotions. */
export const promotionActor = { id: crypto.randomUUID(), ip: '10.9.9.9', userAgent: null };

/** A coupon code no other test uses, starting with `prefix`. */
export const uniqueCouponCode = (prefix = 'PROMO') =>
  `${prefix}${crypto.randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;

/** The admin form's body for a coupon of ₹100 off the whole cart paid by Haat from today, unless told. */
export const promotionInput = (over: Partial<PromotionInput> = {}): PromotionInput => ({
  name: 'Test offer',
  kind: 'coupon',
  couponCode: uniqueCouponCode(),
  benefitType: 'fixed',
  amount: '100',
  scope: 'cart',
  fundedBy: 'haat',
  startsOn: indiaDate(0),
  ...over,
});

/** Saves a promotion as the admin's form would (see promotionInput for the defaults). */
export async function savePromotion(t: TestApp, over: Partial<PromotionInput> = {}) {
  const definition = promotionInputSchema.parse(promotionInput(over));
  return createPromotion(t.db, { definition, actor: promotionActor });
}

/** An automatic promotion (Haat pays) of `percent` % off a shop's products, named `name` and a unique tail. */
export const saveShopSale = (t: TestApp, shopId: string, percent: number, name = 'Shop sale') =>
  savePromotion(t, {
    name: `${name} ${crypto.randomUUID().slice(0, 6)}`,
    kind: 'automatic',
    couponCode: undefined,
    benefitType: 'percent',
    percent: String(percent),
    amount: undefined,
    scope: 'shops',
    shopIds: [shopId],
  });

/** A vendor's shop with one product at `pricePaise` (stock 20, no reward points unless told). */
export async function shopWithProduct(
  t: TestApp,
  pricePaise: number,
  productOver: { stockQuantity?: number; rewardPercentage?: number } = {},
) {
  const category = await createCategory(t.db);
  const vendor = await createVendorUser(t.db);
  const shop = await createShop(t.db, vendor.userId);
  const product = await createProduct(t.db, {
    storeId: shop.id,
    categoryId: category.id,
    name: 'Wireless Earbuds',
    pricePaise,
    rewardPercentage: 0,
    stockQuantity: 20,
    ...productOver,
  });
  return { category, vendor, shop, product };
}

/** A signed-in shopper with one unit of a new ₹600 product in the cart. */
export async function shopperWithCart(t: TestApp): Promise<Shopper> {
  const { product } = await shopWithProduct(t, 60_000, { stockQuantity: 10, rewardPercentage: 5 });
  const s = await newShopper(t);
  await fillCart(s, [{ productId: product.id }]);
  return s;
}
