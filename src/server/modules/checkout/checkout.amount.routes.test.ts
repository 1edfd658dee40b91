import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db';
import { buildTestApp, type TestApp } from '../../test/app';
import {
  count,
  fillCart,
  newShopper,
  payWithTestGateway,
  pointsOf,
  shownTotal,
  stockOf,
  twoShops,
  type Shopper,
} from '../../test/checkout-fixtures';

// The amount shown is the amount charged: checkout carries the total the customer saw, and a total
// that moved since (a quantity saved late, another tab, a new price) is refused with the new one.

let t: TestApp;
let shop: Awaited<ReturnType<typeof twoShops>>;
beforeAll(async () => {
  t = await buildTestApp();
  // Kerala Spices takes cash on delivery, so both ways of paying can be refused.
  shop = await twoShops(t, { stockA: 50, stockB: 50, codB: true });
});
afterAll(() => t.close());

const setQuantity = async (s: Shopper, quantity: number) => {
  const [line] = (await s.client.get('/api/cart')).json<{ items: { id: string }[] }>().items;
  expect((await s.client.patch(`/api/cart/items/${line.id}`, { quantity })).statusCode).toBe(200);
};
const ordersOf = (s: Shopper) => count(t, sql`select count(*)::int as n from orders where customer_id = ${s.userId}`);
/** Nothing of the refused checkout exists: no payment, no new order, no held stock, the points untouched, the cart as it was. */
const expectNothingTaken = async (
  s: Shopper,
  before: { stock: number; points: number; quantity: number; orders: number },
) => {
  expect(await count(t, sql`select count(*)::int as n from payments where customer_id = ${s.userId}`)).toBe(0);
  expect(await ordersOf(s)).toBe(before.orders);
  expect(await stockOf(t, shop.b.id)).toBe(before.stock);
  expect((await pointsOf(t, s.userId)).available).toBe(before.points);
  expect((await s.client.get('/api/cart')).json().items[0].quantity).toBe(before.quantity);
};

describe('POST /api/checkout charges only the amount the customer saw', () => {
  it('asks for the amount shown: 400 under expectedTotalPaise when it is missing', async () => {
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.b.id }]);
    const res = await s.client.post('/api/checkout', { addressId: s.addressId, pointsToUse: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.expectedTotalPaise).toBe(
      'The amount to pay is missing. Please reload checkout and try again.',
    );
    expect(await count(t, sql`select count(*)::int as n from payments where customer_id = ${s.userId}`)).toBe(0);
  });

  it('refuses a total read before the cart was raised (409 with the new total), holds and charges nothing, then takes the right one', async () => {
    const s = await newShopper(t, 100);
    await fillCart(s, [{ productId: shop.b.id }]);
    const seen = await shownTotal(s.client, 100); // ₹450 + ₹99 shipping − 100 points = ₹449
    expect(seen).toBe(44900);
    await setQuantity(s, 3); // saved after the checkout page read its total
    const stock = await stockOf(t, shop.b.id);
    const orders = await ordersOf(s);

    const stale = await s.client.post('/api/checkout', {
      addressId: s.addressId,
      pointsToUse: 100,
      expectedTotalPaise: seen,
    });
    expect(stale.statusCode).toBe(409);
    // 3 × ₹450 = ₹1,350, free shipping, − 100 points = ₹1,250.
    expect(stale.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'The amount to pay has changed to ₹1,250. Please check the new total and pay again.',
      totalPaise: 125000,
    });
    await expectNothingTaken(s, { stock, points: 100, quantity: 3, orders });

    const res = await s.client.post('/api/checkout', {
      addressId: s.addressId,
      pointsToUse: 100,
      expectedTotalPaise: stale.json().error.totalPaise,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'payment_required',
      amountPaise: 125000,
      amounts: { totalPaise: 125000, pointsUsed: 100 },
    });
    const placed = await payWithTestGateway(s, res.json());
    expect(placed.statusCode).toBe(200);
    const [order] = await queryRows<{ total_amount_paise: number }>(
      t.db,
      sql`select total_amount_paise from orders where id = ${placed.json().orderId}`,
    );
    expect(Number(order.total_amount_paise)).toBe(125000);
    expect((await pointsOf(t, s.userId)).available).toBe(0);
  });

  it('refuses a total read before the cart was lowered, and one the customer never saw after a price change', async () => {
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.b.id, quantity: 8 }]);
    const seen = await shownTotal(s.client);
    expect(seen).toBe(360000);
    await setQuantity(s, 2);
    const stock = await stockOf(t, shop.b.id);
    const orders = await ordersOf(s);
    const lowered = await s.client.post('/api/checkout', {
      addressId: s.addressId,
      pointsToUse: 0,
      expectedTotalPaise: seen,
    });
    expect(lowered.statusCode).toBe(409);
    expect(lowered.json().error.totalPaise).toBe(90000 + 9900);
    await expectNothingTaken(s, { stock, points: 0, quantity: 2, orders });

    const before = await shownTotal(s.client);
    try {
      await t.db.execute(sql`update products set price_paise = 47500 where id = ${shop.b.id}`);
      const repriced = await s.client.post('/api/checkout', {
        addressId: s.addressId,
        pointsToUse: 0,
        expectedTotalPaise: before,
      });
      expect(repriced.statusCode).toBe(409);
      expect(repriced.json().error.totalPaise).toBe(95000 + 9900);
      await expectNothingTaken(s, { stock, points: 0, quantity: 2, orders });
    } finally {
      // Other tests buy this product: its price goes back, whatever failed above.
      await t.db.execute(sql`update products set price_paise = 45000 where id = ${shop.b.id}`);
    }
  });

  it('cash on delivery and orders paid wholly with points: a stale total places nothing and spends no points', async () => {
    const s = await newShopper(t, 1000);
    await fillCart(s, [{ productId: shop.b.id }]);
    const stock = await stockOf(t, shop.b.id);
    const orders = await ordersOf(s);
    const cod = await s.client.post('/api/checkout', {
      addressId: s.addressId,
      pointsToUse: 0,
      paymentMethod: 'cod',
      expectedTotalPaise: 54900 - 100,
    });
    expect(cod.statusCode).toBe(409);
    expect(cod.json().error.totalPaise).toBe(54900);
    // 549 points cover ₹549; the page still showed ₹99 left to pay.
    const points = await s.client.post('/api/checkout', {
      addressId: s.addressId,
      pointsToUse: 549,
      expectedTotalPaise: 9900,
    });
    expect(points.statusCode).toBe(409);
    expect(points.json().error.totalPaise).toBe(0);
    await expectNothingTaken(s, { stock, points: 1000, quantity: 1, orders });

    const placed = await s.client.post('/api/checkout', {
      addressId: s.addressId,
      pointsToUse: 549,
      expectedTotalPaise: 0,
    });
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ status: 'placed', amounts: { totalPaise: 0, pointsUsed: 549 } });
    expect((await pointsOf(t, s.userId)).available).toBe(1000 - 549);
  });
});
