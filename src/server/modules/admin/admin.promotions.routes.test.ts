import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuthMessages } from '../../../contracts/admin-auth.contract';
import type { PromotionInput } from '../../../contracts/promotions.contract';
import { freshCode, signInStaffWithPermissions, signInSuperAdmin } from '../../test/admin';
import {
  createCategory,
  createProduct,
  createProductWithVariants,
  createShop,
  createVendorUser,
} from '../../test/catalog-factories';
import { buildTestApp, type TestApp, type TestClient } from '../../test/app';
import { indiaDate } from '../../test/dates';
import { promotionInput, uniqueCouponCode } from '../../test/promotion-fixtures';

// Saving a promotion Haat pays for that can take more than ₹1,000 off one order (the default of
// PROMOTION_FRESH_CODE_ABOVE_RUPEES; a percentage without a cap always can) needs a fresh
// authenticator code, `stepUpCode`, through the step-up guard of the other sensitive actions.

let t: TestApp;
let admin: TestClient;
let secret: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t));
});
afterAll(() => t.close());

const coupon = (over: Partial<PromotionInput> = {}): PromotionInput =>
  promotionInput({ name: 'Big savings', amount: '1500', ...over });

const listed = async (code: string) =>
  (await admin.get(`/api/admin/promotions?q=${code}`)).json().promotions as { code: string }[];

describe('a large Haat-funded promotion needs a fresh code', () => {
  it('₹1,500 off without a code: 401 as the other sensitive actions, nothing saved; with a code: 201', async () => {
    const code = uniqueCouponCode();
    const body = coupon({ couponCode: code });
    const refused = await admin.post('/api/admin/promotions', body);
    expect(refused.statusCode, refused.body).toBe(401);
    expect(refused.json().error.message).toBe(adminAuthMessages.stepUpMissing);
    expect(await listed(code)).toEqual([]);

    const wrong = await admin.post('/api/admin/promotions', { ...body, stepUpCode: '000000' });
    expect(wrong.statusCode, wrong.body).toBe(403);
    expect(await listed(code)).toEqual([]);

    const saved = await admin.post('/api/admin/promotions', { ...body, stepUpCode: await freshCode(t, secret) });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().promotion).toMatchObject({ code, offer: '₹1,500 off' });
    expect((await listed(code)).map((p) => p.code)).toEqual([code]);
  });

  it('a percentage without a cap needs one; up to ₹1,000 off (a cap or an amount) does not', async () => {
    const uncapped = coupon({ benefitType: 'percent', percent: '5', amount: undefined });
    expect((await admin.post('/api/admin/promotions', uncapped)).statusCode).toBe(401);
    const capped = coupon({ benefitType: 'percent', percent: '5', maxDiscount: '1000', amount: undefined });
    const res = await admin.post('/api/admin/promotions', capped);
    expect(res.statusCode, res.body).toBe(201);
    expect((await admin.post('/api/admin/promotions', coupon({ amount: '1000' }))).statusCode).toBe(201);
  });

  it('editing a scheduled promotion to more than ₹1,000 off needs one too', async () => {
    const small = coupon({ amount: '200', startsOn: indiaDate(5) });
    const created = await admin.post('/api/admin/promotions', small);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().promotion.id as string;
    const bigger = { ...small, amount: '2500' };
    const refused = await admin.put(`/api/admin/promotions/${id}`, bigger);
    expect(refused.statusCode, refused.body).toBe(401);
    expect(refused.json().error.message).toBe(adminAuthMessages.stepUpMissing);
    const saved = await admin.put(`/api/admin/promotions/${id}`, { ...bigger, stepUpCode: await freshCode(t, secret) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().promotion.offer).toBe('₹2,500 off');
  });
});

describe("the promotion form's product search", () => {
  it('finds products with their variants for whoever may make promotions, without the Products tab', async () => {
    const category = await createCategory(t.db);
    const shop = await createShop(t.db, (await createVendorUser(t.db)).userId);
    const word = `Chanderi${crypto.randomUUID().slice(0, 6)}`;
    const { product: kurta, variants } = await createProductWithVariants(t.db, {
      storeId: shop.id,
      categoryId: category.id,
      name: `${word} kurta`,
      variants: [{ option1Value: 'S' }, { option1Value: 'M' }],
    });
    const stole = await createProduct(t.db, { storeId: shop.id, categoryId: category.id, name: `${word} stole` });
    const marketing = (await signInStaffWithPermissions(t, ['promotions'])).client;
    // The Products tab is not theirs.
    expect((await marketing.get(`/api/admin/products?q=${word}`)).statusCode).toBe(403);
    const found = await marketing.get(`/api/admin/promotions/products?q=${word.toLowerCase()}`);
    expect(found.statusCode, found.body).toBe(200);
    const byName = Object.fromEntries(
      (found.json().items as { name: string; shopName: string; variants: unknown[] }[]).map((p) => [p.name, p]),
    );
    expect(byName[kurta.name]).toMatchObject({
      id: kurta.id,
      shopName: shop.shopName,
      variants: variants.map((v) => ({ id: v.id, option1Value: v.option1Value, option2Value: null })),
    });
    expect(byName[stole.name]).toMatchObject({ id: stole.id, variants: [] });
    // Someone without the Promotions permission is refused.
    const catalogOnly = (await signInStaffWithPermissions(t, ['products'])).client;
    expect((await catalogOnly.get(`/api/admin/promotions/products?q=${word}`)).statusCode).toBe(403);
    // Too long a text is a field error, not a failure.
    const long = await marketing.get(`/api/admin/promotions/products?q=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
  });

  it('finds shops by their name, any case, for whoever may make promotions', async () => {
    const word = `Bandhej${crypto.randomUUID().slice(0, 6)}`;
    const vendor = await createVendorUser(t.db);
    const shop = await createShop(t.db, vendor.userId, { shopName: `${word} House` });
    await createShop(t.db, vendor.userId, { shopName: `Other ${crypto.randomUUID().slice(0, 6)}` });
    const marketing = (await signInStaffWithPermissions(t, ['promotions'])).client;
    const found = await marketing.get(`/api/admin/promotions/shops?q=${word.toUpperCase()}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().items).toEqual([{ id: shop.id, shopName: `${word} House` }]);
    // A percent sign is a letter, not "anything".
    expect((await marketing.get('/api/admin/promotions/shops?q=%25')).json().items).toEqual([]);
    const catalogOnly = (await signInStaffWithPermissions(t, ['products'])).client;
    expect((await catalogOnly.get(`/api/admin/promotions/shops?q=${word}`)).statusCode).toBe(403);
  });
});
