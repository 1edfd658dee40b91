import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutSummary } from '../../../contracts/checkout.contract';
import type { OrderDetail } from '../../../contracts/orders.contract';
import type { OrderReturns } from '../../../contracts/returns.contract';
import { haatPromotionCostPaise, moneyInvariantViolations } from '../../money-checks';
import { queryRows } from '../../platform/db';
import { buildTestApp, type TestApp } from '../../test/app';
import { createCategory, createProduct, createShop, createVendorUser } from '../../test/catalog-factories';
import {
  fillCart,
  moveAsVendor,
  newShopper,
  onlyPartOf,
  payWithTestGateway,
  placeOrder,
  pointsOf,
  signInAs,
  type Shopper,
} from '../../test/checkout-fixtures';
import { savePromotion, saveShopSale, shopWithProduct } from '../../test/promotion-fixtures';

// Promotions at checkout and after: the summary with a coupon (applied, each refusal, an automatic
// promotion without a code), placing an order with one (what is charged, what the order shows), and
// what a cancellation or a return of discounted items gives back. docs/promotions.md.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const summary = async (s: Shopper, query: string): Promise<CheckoutSummary> => {
  const res = await s.client.get(`/api/checkout/summary?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const checkout = async (s: Shopper, body: Record<string, unknown>) => {
  const q = new URLSearchParams({ pointsToUse: String(body.pointsToUse ?? 0) });
  if (body.couponCode) q.set('couponCode', String(body.couponCode));
  const seen = await summary(s, q.toString());
  return s.client.post('/api/checkout', {
    addressId: s.addressId,
    expectedTotalPaise: seen.amounts.totalPaise,
    ...body,
  });
};

const usesOf = async (promotionId: string) =>
  queryRows<{ state: string; discount_paise: number }>(
    t.db,
    sql`select state, discount_paise::int as discount_paise from promotion_uses
        where promotion_id = ${promotionId} order by created_at`,
  );

describe('the checkout summary with a coupon', () => {
  it('applies a coupon: the discount on the lines and in the amounts, delivery on the discounted items', async () => {
    const { product } = await shopWithProduct(t, 60_000);
    const coupon = await savePromotion(t, {
      benefitType: 'percent',
      percent: '30',
      maxDiscount: '300',
      amount: undefined,
    });
    const s = await newShopper(t);
    await fillCart(s, [{ productId: product.id, quantity: 2 }]);
    const body = await summary(s, `couponCode=${coupon.code!.toLowerCase()}`);
    // ₹1,200 of items, 30% (₹360) capped at ₹300: ₹900, not above ₹999, so ₹99 delivery.
    expect(body.amounts).toMatchObject({
      subtotalPaise: 120_000,
      discountPaise: 30_000,
      shippingPaise: 9_900,
      totalPaise: 99_900,
    });
    expect(body.lines[0].discountPaise).toBe(30_000);
    expect(body.promotions).toEqual({
      couponCode: coupon.code,
      couponMessage: null,
      applied: [
        {
          promotionId: coupon.id,
          name: 'Test offer',
          code: coupon.code,
          savedPaise: 30_000,
          explanation: `${coupon.code}: 30% off, up to ₹300 on your item, you save ₹300`,
        },
      ],
      notApplied: [],
    });
  });

  it('says why a coupon does not apply, each refusal with its message', async () => {
    const { product, category } = await shopWithProduct(t, 60_000);
    const s = await newShopper(t);
    await fillCart(s, [{ productId: product.id, quantity: 1 }]);
    const message = async (code: string) => (await summary(s, `couponCode=${code}`)).promotions.couponMessage;

    expect(await message('NOSUCH99')).toBe('There is no coupon with the code NOSUCH99: check the spelling');
    const later = await savePromotion(t, { startsOn: '2099-12-01' });
    expect(await message(later.code!)).toBe(`${later.code} can be used from 1 Dec 2099`);
    const past = await savePromotion(t, { startsOn: '2020-01-01', endsOn: '2020-01-07' });
    expect(await message(past.code!)).toBe(`${past.code} expired on 7 Jan 2020`);
    const minimum = await savePromotion(t, { minimumCart: '1500' });
    expect(await message(minimum.code!)).toBe(`Add ₹900 more to your cart to use ${minimum.code} (minimum ₹1,500)`);
    const other = await createCategory(t.db);
    const elsewhere = await savePromotion(t, { scope: 'categories', categoryIds: [other.id] });
    expect(await message(elsewhere.code!)).toBe(`${elsewhere.code} does not apply to any item in your cart`);
    const onThis = await savePromotion(t, { scope: 'categories', categoryIds: [category.id] });
    expect(await message(onThis.code!)).toBeNull();

    // Used up by another shopper, used already by this one, first order only after an order.
    const once = await savePromotion(t, { budgetType: 'uses', budgetUses: '1' });
    const perCustomer = await savePromotion(t, { perCustomerLimit: '1' });
    const first = await savePromotion(t, { firstOrderOnly: true });
    expect(await message(first.code!)).toBeNull();
    const other1 = await newShopper(t);
    await fillCart(other1, [{ productId: product.id }]);
    expect((await checkout(other1, { couponCode: once.code, paymentMethod: 'online' })).statusCode).toBe(200);
    expect(await message(once.code!)).toBe(`${once.code} has been fully claimed by other shoppers`);
    const placed = await checkout(s, { couponCode: perCustomer.code });
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await payWithTestGateway(s, placed.json())).statusCode).toBe(200);
    await fillCart(s, [{ productId: product.id }]);
    expect(await message(perCustomer.code!)).toBe(`You have already used ${perCustomer.code}`);
    expect(await message(first.code!)).toBe(`${first.code} is only for your first order`);
  });

  it("counts a customer's uses across their accounts that reach one mailbox", async () => {
    const { product } = await shopWithProduct(t, 60_000);
    const perCustomer = await savePromotion(t, { perCustomerLimit: '1' });
    // One Gmail mailbox, two spellings: a dot in the name, and a +tag.
    const name = `ashak${crypto.randomUUID().slice(0, 8)}`;
    const first = await newShopper(t, 0, `${name.slice(0, 4)}.${name.slice(4)}@gmail.com`);
    const second = await newShopper(t, 0, `${name}+deals@gmail.com`);
    const stranger = await newShopper(t, 0, `${name}x@gmail.com`);
    for (const s of [first, second, stranger]) await fillCart(s, [{ productId: product.id }]);
    const placed = await checkout(first, { couponCode: perCustomer.code });
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await payWithTestGateway(first, placed.json())).statusCode).toBe(200);

    const summaryOf = async (s: Shopper) => (await summary(s, `couponCode=${perCustomer.code}`)).promotions;
    expect((await summaryOf(second)).couponMessage).toBe(`You have already used ${perCustomer.code}`);
    // The total the second account sees is without the coupon; sending the total with it is refused.
    const refused = await second.client.post('/api/checkout', {
      addressId: second.addressId,
      couponCode: perCustomer.code,
      expectedTotalPaise: 59_900,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(`You have already used ${perCustomer.code}`);
    // Another mailbox is another customer.
    expect((await summaryOf(stranger)).couponMessage).toBeNull();
  });

  it('shows an automatic promotion without a code, and a coupon it beats as not applied', async () => {
    const { product, shop } = await shopWithProduct(t, 100_000);
    const auto = await saveShopSale(t, shop.id, 25, 'Mega Sale');
    const coupon = await savePromotion(t);
    const s = await newShopper(t);
    await fillCart(s, [{ productId: product.id }]);
    const plain = await summary(s, '');
    expect(plain.promotions.applied).toEqual([
      expect.objectContaining({ promotionId: auto.id, name: auto.name, code: null, savedPaise: 25_000 }),
    ]);
    expect(plain.amounts).toMatchObject({ discountPaise: 25_000, shippingPaise: 9_900, totalPaise: 84_900 });
    const withCoupon = await summary(s, `couponCode=${coupon.code}`);
    expect(withCoupon.promotions.applied.map((p) => p.promotionId)).toEqual([auto.id]);
    expect(withCoupon.promotions.couponMessage).toBe(
      `${auto.name} saves you ₹250, more than ${coupon.code} (₹100), and they cannot be combined`,
    );
  });
});

describe('the cart with an automatic promotion', () => {
  it("shows each line's discount, its offer and its points as checkout prices them", async () => {
    const sale = await shopWithProduct(t, 60_000, { rewardPercentage: 5 });
    const plain = await shopWithProduct(t, 30_000, { rewardPercentage: 5 });
    const auto = await saveShopSale(t, sale.shop.id, 20, 'Festive Sale');
    const s = await newShopper(t);
    await fillCart(s, [
      { productId: sale.product.id, quantity: 2 },
      { productId: plain.product.id, quantity: 1 },
    ]);
    const res = await s.client.get('/api/cart');
    expect(res.statusCode, res.body).toBe(200);
    const cart = res.json();
    // Two ₹600 items at 20 % off: ₹240 off, 5 % of the ₹960 paid = 48 points;
    // the ₹300 one: no offer, 15 points.
    expect(
      cart.items.map((l: Record<string, unknown>) => [l.productId, l.discountPaise, l.offers, l.pointsEarned]),
    ).toEqual([
      [sale.product.id, 24_000, [auto.name], 48],
      [plain.product.id, 0, [], 15],
    ]);
    // ₹1,500 of items, ₹240 off, the ₹1,260 left is above ₹999: free delivery.
    expect(cart.totals).toEqual({
      subtotalPaise: 150_000,
      discountPaise: 24_000,
      shippingPaise: 0,
      pointsUsed: 0,
      totalPaise: 126_000,
      pointsEarned: 63,
    });
    expect(cart.promotions).toEqual([expect.objectContaining({ name: auto.name, savedPaise: 24_000 })]);
    // Checkout's summary says the same, line by line.
    const seen = await summary(s, '');
    expect(seen.lines.map((l) => [l.productId, l.discountPaise, l.pointsEarned])).toEqual([
      [sale.product.id, 24_000, 48],
      [plain.product.id, 0, 15],
    ]);
    expect(seen.amounts).toMatchObject({ discountPaise: 24_000, totalPaise: 126_000, pointsEarned: 63 });
  });

  it('prices an unavailable line at nothing and applies no coupon before checkout', async () => {
    const { product, shop } = await shopWithProduct(t, 50_000);
    await saveShopSale(t, shop.id, 10);
    await savePromotion(t, { scope: 'shops', shopIds: [shop.id] });
    const s = await newShopper(t);
    await fillCart(s, [{ productId: product.id }]);
    const before = (await s.client.get('/api/cart')).json();
    // The automatic 10 % only: a coupon is typed at checkout.
    expect(before.items[0].discountPaise).toBe(5_000);
    expect(before.promotions).toHaveLength(1);
    await t.db.execute(sql`update products set stock_quantity = 0 where id = ${product.id}`);
    const after = (await s.client.get('/api/cart')).json();
    expect(after.items[0]).toMatchObject({ available: false, discountPaise: 0, offers: [], pointsEarned: 0 });
    expect(after.totals).toMatchObject({ subtotalPaise: 0, discountPaise: 0, totalPaise: 0 });
    expect(after.promotions).toEqual([]);
  });
});

describe('placing an order with a coupon', () => {
  it('charges the discounted total; the order shows the discount; the use counts once paid', async () => {
    const { product } = await shopWithProduct(t, 60_000);
    const coupon = await savePromotion(t, { amount: '150', perCustomerLimit: '1' });
    const s = await newShopper(t, 200);
    await fillCart(s, [{ productId: product.id, quantity: 2 }]);
    // ₹1,200 - ₹150 = ₹1,050, free delivery; 200 points: ₹850 to pay.
    const res = await checkout(s, { couponCode: coupon.code, pointsToUse: 200 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'payment_required', amountPaise: 85_000 });
    expect(await usesOf(coupon.id)).toEqual([{ state: 'held', discount_paise: 15000 }]);
    const paid = await payWithTestGateway(s, res.json());
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await usesOf(coupon.id)).toEqual([{ state: 'used', discount_paise: 15000 }]);

    const order = (await s.client.get(`/api/orders/${paid.json().orderId}`)).json() as OrderDetail;
    expect(order).toMatchObject({
      subtotalPaise: 120_000,
      discountPaise: 15_000,
      shippingPaise: 0,
      pointsUsed: 200,
      totalAmountPaise: 85_000,
      promotions: [{ name: 'Test offer', code: coupon.code, savedPaise: 15_000 }],
    });
    expect(order.parts[0].items[0]).toMatchObject({ quantity: 2, pricePaise: 60_000, discountPaise: 15_000 });
  });

  it('cash on delivery with a coupon: placed at once, its use counted, the discounted total due', async () => {
    const category = await createCategory(t.db);
    const vendor = await createVendorUser(t.db);
    const shop = await createShop(t.db, vendor.userId, { codEnabled: true });
    const item = await createProduct(t.db, { storeId: shop.id, categoryId: category.id, pricePaise: 60_000 });
    const coupon = await savePromotion(t, { amount: '100' });
    const s = await newShopper(t);
    await fillCart(s, [{ productId: item.id }]);
    const res = await checkout(s, { couponCode: coupon.code, paymentMethod: 'cod' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'placed', amounts: { discountPaise: 10_000, totalPaise: 59_900 } });
    expect(await usesOf(coupon.id)).toEqual([{ state: 'used', discount_paise: 10_000 }]);
    const order = (await s.client.get(`/api/orders/${res.json().orderId}`)).json() as OrderDetail;
    expect(order.parts[0].codDuePaise).toBe(59_900);
  });

  it('a failed payment gives its held use back', async () => {
    const { product } = await shopWithProduct(t, 60_000);
    const coupon = await savePromotion(t, { budgetType: 'uses', budgetUses: '1' });
    const s = await newShopper(t);
    await fillCart(s, [{ productId: product.id }]);
    const res = await checkout(s, { couponCode: coupon.code });
    expect(res.json().status).toBe('payment_required');
    const failed = await s.client.post(`/api/payments/${res.json().paymentId}/fail`, { reason: 'cancelled' });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(await usesOf(coupon.id)).toEqual([{ state: 'released', discount_paise: 10000 }]);
    const other = await newShopper(t);
    await fillCart(other, [{ productId: product.id }]);
    expect((await summary(other, `couponCode=${coupon.code}`)).promotions.couponMessage).toBeNull();
  });

  it('refuses with 409 and the coupon’s message when it was claimed between the total and the payment', async () => {
    const { product } = await shopWithProduct(t, 60_000);
    const coupon = await savePromotion(t, { budgetType: 'uses', budgetUses: '1' });
    const late = await newShopper(t);
    await fillCart(late, [{ productId: product.id }]);
    const seen = await summary(late, `couponCode=${coupon.code}`);
    const first = await newShopper(t);
    await fillCart(first, [{ productId: product.id }]);
    expect((await checkout(first, { couponCode: coupon.code })).statusCode).toBe(200);
    const refused = await late.client.post('/api/checkout', {
      addressId: late.addressId,
      couponCode: coupon.code,
      expectedTotalPaise: seen.amounts.totalPaise,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(`${coupon.code} has been fully claimed by other shoppers`);
    const held = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from stock_holds where product_id = ${product.id}`,
    );
    expect(Number(held[0].n)).toBe(1);
  });
});

describe('money back on a discounted order', () => {
  it('cancelling the whole order before it ships refunds what was paid and gives the use back', async () => {
    const { product } = await shopWithProduct(t, 60_000);
    const coupon = await savePromotion(t, { amount: '150', budgetType: 'uses', budgetUses: '5' });
    const s = await newShopper(t, 100);
    await fillCart(s, [{ productId: product.id, quantity: 2 }]);
    const res = await checkout(s, { couponCode: coupon.code, pointsToUse: 100 });
    const orderId = (await payWithTestGateway(s, res.json())).json().orderId;
    const cancelled = await s.client.post(`/api/orders/${orderId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // ₹1,050 after the coupon, 100 points: ₹950 paid, all of it due back, and the 100 points.
    expect(cancelled.json().order).toMatchObject({ refundDuePaise: 95_000, paymentStatus: 'refund_pending' });
    expect(cancelled.json()).toMatchObject({ pointsRefunded: 100, refundPaise: 95_000 });
    expect(await usesOf(coupon.id)).toEqual([{ state: 'released', discount_paise: 15000 }]);
  });

  it('cancelling one shop’s part refunds what was paid for its items, less its share of the points', async () => {
    const a = await shopWithProduct(t, 60_000);
    const b = await shopWithProduct(t, 40_000);
    const coupon = await savePromotion(t, { amount: '100' });
    const s = await newShopper(t, 100);
    await fillCart(s, [{ productId: a.product.id }, { productId: b.product.id }]);
    // ₹1,000 of items, ₹100 off shared 60 : 40; ₹900 after it, ₹99 delivery, 100 points: ₹899 paid.
    const res = await checkout(s, { couponCode: coupon.code, pointsToUse: 100 });
    expect(res.json().amountPaise).toBe(89_900);
    const orderId = (await payWithTestGateway(s, res.json())).json().orderId;
    const vendorB = await signInAs(t, b.vendor.email);
    const order = (await s.client.get(`/api/orders/${orderId}`)).json() as OrderDetail;
    const partB = order.parts.find((p) => p.storeId === b.shop.id)!;
    expect(partB.items[0].discountPaise).toBe(4_000);
    const cancel = await vendorB.patch(`/api/vendor/orders/parts/${partB.id}/status`, {
      status: 'cancelled',
      reason: 'Out of stock',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // Paid for it ₹400 - ₹40 = ₹360; points floor(100 x 360 / 900) = 40 back; money ₹360 - ₹40 = ₹320.
    const after = (await s.client.get(`/api/orders/${orderId}`)).json() as OrderDetail;
    expect(after.refundDuePaise).toBe(32_000);
    expect(await usesOf(coupon.id)).toEqual([{ state: 'used', discount_paise: 10000 }]);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('a return of one of three discounted units gives back what was paid for it; all three, everything', async () => {
    const { product, vendor } = await shopWithProduct(t, 50_000);
    const coupon = await savePromotion(t, { amount: '100' });
    const s = await newShopper(t, 400);
    await fillCart(s, [{ productId: product.id, quantity: 3 }]);
    // ₹1,500 - ₹100 = ₹1,400, free delivery, 400 points: ₹1,000 paid.
    const res = await checkout(s, { couponCode: coupon.code, pointsToUse: 400 });
    expect(res.json().amountPaise).toBe(100_000);
    const orderId = (await payWithTestGateway(s, res.json())).json().orderId;
    const v = await signInAs(t, vendor.email);
    const partId = await onlyPartOf(t, orderId);
    await moveAsVendor(v, partId, ['shipped', 'delivered']);
    const itemId = ((await s.client.get(`/api/orders/${orderId}`)).json() as OrderDetail).parts[0].items[0].id;
    const costBefore = await haatPromotionCostPaise(t.db);
    const valuesAsked: number[] = [];
    const giveBack = async (quantity: number) => {
      const asked = await s.client.post(`/api/orders/parts/${partId}/returns`, {
        items: [{ orderItemId: itemId, quantity }],
        reason: 'Wrong size or fit',
        comment: 'Does not fit',
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const id = asked.json().return.id;
      valuesAsked.push(asked.json().return.valuePaise);
      expect((await v.post(`/api/vendor/returns/${id}/approve`)).statusCode).toBe(200);
      const received = await v.post(`/api/vendor/returns/${id}/received`);
      expect(received.statusCode, received.body).toBe(200);
      return received.json().return.refund as { amountPaise: number; pointsReturned: number };
    };
    // One unit: paid ₹500 - ₹33.33 = ₹466.67; points floor(400 x 466.67 / 1,400) = 133; money ₹333.67.
    expect(await giveBack(1)).toMatchObject({ amountPaise: 33_367, pointsReturned: 133 });
    // Haat's cost of the unit returned (₹33.33 of the ₹100) comes back.
    expect(await haatPromotionCostPaise(t.db)).toBe(costBefore - 3_333);
    // The other two: ₹933.33, 267 points, ₹666.33. Together ₹1,000 and 400 points.
    expect(await giveBack(2)).toMatchObject({ amountPaise: 66_633, pointsReturned: 267 });
    expect(await haatPromotionCostPaise(t.db)).toBe(costBefore - 10_000);
    // Each return, when asked for, was valued at what was paid for its units: ₹466.67, then ₹933.33.
    expect(valuesAsked).toEqual([46_667, 93_333]);
    // Received, they still show those values: together ₹1,400, what the three units were paid.
    const shown = (await s.client.get(`/api/orders/${orderId}/returns`)).json() as OrderReturns;
    expect(shown.returns.map((r) => r.valuePaise).sort()).toEqual([46_667, 93_333]);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('the vendor’s settlement of a discounted order is that of the same order without the discount', async () => {
    const { product } = await shopWithProduct(t, 99_900);
    const coupon = await savePromotion(t, { benefitType: 'percent', percent: '20', amount: undefined });
    const withOne = await newShopper(t);
    await fillCart(withOne, [{ productId: product.id, quantity: 2 }]);
    const res = await checkout(withOne, { couponCode: coupon.code });
    expect(res.json().amountPaise).toBe(159_840);
    const discounted = (await payWithTestGateway(withOne, res.json())).json().orderId;
    const plain = await placeOrder(await newShopper(t), [{ productId: product.id, quantity: 2 }]);
    const settled = (orderId: string) =>
      queryRows<Record<string, string>>(
        t.db,
        sql`select gross_paise, taxable_paise, cgst_paise, sgst_paise, igst_paise, commission_paise, tds_paise,
              vendor_net_paise from order_item_settlements where order_id = ${orderId}`,
      );
    const [a] = await settled(discounted);
    expect(Number(a.gross_paise)).toBe(199_800);
    expect(await settled(discounted)).toEqual(await settled(plain));
  });
});

describe('points earned on a discounted order', () => {
  it('are earned on what each line is paid after the coupon; a cancel or a return takes back its share', async () => {
    const a = await shopWithProduct(t, 99_900, { rewardPercentage: 5 });
    const b = await shopWithProduct(t, 49_900, { rewardPercentage: 10 });
    const coupon = await savePromotion(t, { amount: '100' });
    const s = await newShopper(t);
    await fillCart(s, [{ productId: a.product.id }, { productId: b.product.id, quantity: 2 }]);
    // ₹100 off shared 99,900 : 99,800 by the largest remainder: ₹50.03 and ₹49.97 (src/domain/pricing.test.ts).
    // First shop: ₹948.97 x 5 % = 47.45 -> 47 (49 on the full price). Second: ₹948.03 for 2, ₹474.015 a unit
    // x 10 % = 47.40 -> 47, x 2 = 94 (98 on the full price). The order earns 47 + 94 = 141, not 147.
    const seen = await summary(s, `couponCode=${coupon.code}`);
    expect(seen.lines.map((l) => [l.discountPaise, l.pointsEarned])).toEqual([
      [5_003, 47],
      [4_997, 94],
    ]);
    expect(seen.amounts.pointsEarned).toBe(141);

    const res = await checkout(s, { couponCode: coupon.code });
    expect(res.statusCode, res.body).toBe(200);
    const orderId = (await payWithTestGateway(s, res.json())).json().orderId;
    const order = (await s.client.get(`/api/orders/${orderId}`)).json() as OrderDetail;
    const partA = order.parts.find((p) => p.storeId === a.shop.id)!;
    const partB = order.parts.find((p) => p.storeId === b.shop.id)!;
    expect(order.pointsEarned).toBe(141);
    expect([partA.pointsEarned, partA.items[0].pointsEarned]).toEqual([47, 47]);
    expect([partB.pointsEarned, partB.items[0].pointsEarned]).toEqual([94, 94]);
    expect((await pointsOf(t, s.userId)).pending).toBe(141);

    // The first shop cancels its part: its 47 pending points go.
    const vendorA = await signInAs(t, a.vendor.email);
    const cancel = await vendorA.patch(`/api/vendor/orders/parts/${partA.id}/status`, {
      status: 'cancelled',
      reason: 'Out of stock',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await pointsOf(t, s.userId)).pending).toBe(94);

    // One of the two units of the second comes back: floor(94 x 1 / 2) = 47 of its stored points.
    const vendorB = await signInAs(t, b.vendor.email);
    await moveAsVendor(vendorB, partB.id, ['shipped', 'delivered']);
    const asked = await s.client.post(`/api/orders/parts/${partB.id}/returns`, {
      items: [{ orderItemId: partB.items[0].id, quantity: 1 }],
      reason: 'Wrong size or fit',
      comment: 'Does not fit',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const returnId = asked.json().return.id;
    expect((await vendorB.post(`/api/vendor/returns/${returnId}/approve`)).statusCode).toBe(200);
    const received = await vendorB.post(`/api/vendor/returns/${returnId}/received`);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().return.refund.pointsVoided + received.json().return.refund.pointsTakenBack).toBe(47);
    expect((await pointsOf(t, s.userId)).pending).toBe(47);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('the money checks find an item earning more points than the rupees paid for it', async () => {
    const { product } = await shopWithProduct(t, 29_900, { rewardPercentage: 10 });
    const coupon = await savePromotion(t, { amount: '299' });
    const s = await newShopper(t);
    await fillCart(s, [{ productId: product.id }]);
    // ₹299 off a ₹299 item: free, so it earns nothing (on the full price it was 29).
    const seen = await summary(s, `couponCode=${coupon.code}`);
    expect([seen.lines[0].pointsEarned, seen.amounts.pointsEarned, seen.amounts.totalPaise]).toEqual([0, 0, 9_900]);
    const orderId = (await payWithTestGateway(s, (await checkout(s, { couponCode: coupon.code })).json())).json()
      .orderId;
    const item = ((await s.client.get(`/api/orders/${orderId}`)).json() as OrderDetail).parts[0].items[0];
    expect(item.pointsEarned).toBe(0);
    await t.db.execute(sql`update order_items set points_earned = 1 where id = ${item.id}`);
    const found = await moneyInvariantViolations(t.db);
    await t.db.execute(sql`update order_items set points_earned = 0 where id = ${item.id}`);
    expect(found).toEqual([
      `an order item earning more points than the rupees paid for it after its promotions: ${item.id}`,
    ]);
  });
});
