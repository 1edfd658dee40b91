import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutSummary } from '../../../contracts/checkout.contract';
import type { OrderDetail } from '../../../contracts/orders.contract';
import type { VendorOrderList, VendorOrderPart } from '../../../contracts/vendor-orders.contract';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import {
  count,
  fillCart,
  newShopper,
  placeCodOrder,
  placeOrder,
  pointsOf,
  stockOf,
  twoShops,
  type Shopper,
  signInAs,
  postCheckout,
} from '../../test/checkout-fixtures';
import { moneyInvariantViolations } from '../../test/invariants';
import { saveCodSettings } from '../payments';
import { releaseDuePoints } from '../rewards';
import { releaseDueVendorSales, vendorBalancesOf } from '../settlement';

// Cash on delivery, from the checkout's offer to the cash collected at the
// door, a cancel before delivery and a refusal at the door.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Two shops that offer cash on delivery unless told otherwise, their vendors signed in, and a shopper with points. */
async function setup(o: { codA?: boolean; codB?: boolean; points?: number } = {}) {
  await t.db.transaction((tx) => saveCodSettings(tx, { limitPaise: 1_000_000, excludedCategoryIds: [] }));
  const shops = await twoShops(t, { stockA: 20, stockB: 20, codA: o.codA ?? true, codB: o.codB ?? true });
  return {
    ...shops,
    va: await signInAs(t, shops.vendorA.email),
    vb: await signInAs(t, shops.vendorB.email),
    shopper: await newShopper(t, o.points ?? 0),
  };
}

const summary = async (s: Shopper, pointsToUse = 0): Promise<CheckoutSummary> => {
  const res = await s.client.get(`/api/checkout/summary?pointsToUse=${pointsToUse}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const vendorPart = async (client: TestClient, orderId: string): Promise<VendorOrderPart> => {
  const res = await client.get('/api/vendor/orders?pageSize=100');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as VendorOrderList).items.find((p) => p.orderId === orderId)!;
};
const setStatus = (client: TestClient, partId: string, body: Record<string, unknown>) =>
  client.patch(`/api/vendor/orders/parts/${partId}/status`, body);
const customerOrder = async (s: Shopper, orderId: string): Promise<OrderDetail> =>
  (await s.client.get(`/api/orders/${orderId}`)).json();
const ledgerOf = (partId: string) =>
  queryRows<{ entry_type: string; pending_paise: string; payable_paise: string }>(
    t.db,
    sql`select entry_type, pending_paise, payable_paise from vendor_ledger where order_part_id = ${partId} order by created_at`,
  );

describe('what checkout offers', () => {
  it('offers cash on delivery when every shop in the cart offers it and the order is within the limit', async () => {
    const s = await setup();
    await fillCart(s.shopper, [{ productId: s.a.id }, { productId: s.b.id }]);
    expect((await summary(s.shopper)).cod).toEqual({ available: true, reasons: [], limitPaise: 1_000_000 });
  });

  it('says why not: a shop that does not offer it, the limit, an excluded category, all at once', async () => {
    const s = await setup({ codB: false });
    await t.db.transaction((tx) => saveCodSettings(tx, { limitPaise: 100_000, excludedCategoryIds: [s.category.id] }));
    await fillCart(s.shopper, [{ productId: s.a.id, quantity: 2 }, { productId: s.b.id }]);
    const { cod } = await summary(s.shopper);
    expect(cod.available).toBe(false);
    expect(cod.reasons).toEqual([
      'Kerala Spices does not offer cash on delivery',
      'Cash on delivery is available for orders up to ₹1,000',
      '"Block Print Kurta" and "Malabar Pepper 500g" cannot be paid for in cash on delivery',
    ]);
    // The API refuses the same way, and nothing is placed or taken.
    const res = await postCheckout(s.shopper.client, { addressId: s.shopper.addressId, paymentMethod: 'cod' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Kerala Spices does not offer cash on delivery');
    expect(res.json().error.fields.paymentMethod).toContain('Cash on delivery is available for orders up to ₹1,000');
    expect(await count(t, sql`select count(*)::int as n from orders where customer_id = ${s.shopper.userId}`)).toBe(0);
    expect(await stockOf(t, s.a.id)).toBe(20);
    await t.db.transaction((tx) => saveCodSettings(tx, { limitPaise: 1_000_000, excludedCategoryIds: [] }));
  });

  it('counts the order value before points against the limit: ₹1,050 of items is above a ₹1,000 limit even with points', async () => {
    const s = await setup({ points: 500 });
    await t.db.transaction((tx) => saveCodSettings(tx, { limitPaise: 100_000, excludedCategoryIds: [] }));
    await fillCart(s.shopper, [{ productId: s.a.id }, { productId: s.b.id }]);
    expect((await summary(s.shopper, 500)).cod.reasons).toEqual([
      'Cash on delivery is available for orders up to ₹1,000',
    ]);
    await t.db.transaction((tx) => saveCodSettings(tx, { limitPaise: 1_000_000, excludedCategoryIds: [] }));
  });

  it('refuses an unknown payment method with a clear message', async () => {
    const s = await setup();
    await fillCart(s.shopper, [{ productId: s.a.id }]);
    const res = await postCheckout(s.shopper.client, { addressId: s.shopper.addressId, paymentMethod: 'cheque' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.paymentMethod).toBe('Choose how to pay');
  });
});

describe('placing a cash on delivery order', () => {
  it('is placed at once with stock taken, points used spent, and each shop owed its share of the amount payable', async () => {
    const s = await setup({ points: 150 });
    const orderId = await placeCodOrder(s.shopper, [{ productId: s.a.id }, { productId: s.b.id }], 150);
    const order = await customerOrder(s.shopper, orderId);
    // ₹600 + ₹450 = ₹1,050 (free delivery above ₹999), less 150 points: ₹900 in cash, shared 600:450.
    expect(order).toMatchObject({
      paymentStatus: 'cash_on_delivery',
      status: 'pending',
      totalAmountPaise: 90_000,
      pointsUsed: 150,
      refundDuePaise: 0,
    });
    const due = Object.fromEntries(order.parts.map((p) => [p.storeName, p.codDuePaise]));
    expect(due).toEqual({ 'Jaipur Handlooms': 51_429, 'Kerala Spices': 38_571 });
    expect(await stockOf(t, s.a.id)).toBe(19);
    expect(await stockOf(t, s.b.id)).toBe(19);
    expect((await s.shopper.client.get('/api/cart')).json().items).toHaveLength(0);
    // Points earned wait, as on a prepaid order: 5% of ₹600 + 10% of ₹450.
    expect(await pointsOf(t, s.shopper.userId)).toMatchObject({ available: 0, pending: 75 });
    expect((await vendorPart(s.va, orderId)).codDuePaise).toBe(51_429);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('a second click finds the cart empty and places nothing more', async () => {
    const s = await setup();
    await fillCart(s.shopper, [{ productId: s.a.id }]);
    const both = await Promise.all(
      [1, 2].map(() => postCheckout(s.shopper.client, { addressId: s.shopper.addressId, paymentMethod: 'cod' })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await count(t, sql`select count(*)::int as n from orders where customer_id = ${s.shopper.userId}`)).toBe(1);
    expect(await stockOf(t, s.a.id)).toBe(19);
  });
});

describe('delivered and cash collected', () => {
  it('needs the cash received, and exactly the cash due', async () => {
    const s = await setup();
    const orderId = await placeCodOrder(s.shopper, [{ productId: s.a.id }]);
    const part = await vendorPart(s.va, orderId);
    // ₹600 + ₹99 delivery.
    expect(part.codDuePaise).toBe(69_900);
    const without = await setStatus(s.va, part.partId, { status: 'delivered' });
    expect(without.statusCode).toBe(400);
    expect(without.json().error.fields.cashCollected).toBe('Enter the cash you received');
    const short = await setStatus(s.va, part.partId, { status: 'delivered', cashCollected: '600' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.cashCollected).toBe(
      'The cash due for this part is ₹699: record it when the full amount is received',
    );
    const bad = await setStatus(s.va, part.partId, { status: 'delivered', cashCollected: 'six hundred' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.cashCollected).toBe(
      'Enter the cash received in rupees, for example 1299 or 1299.50',
    );
    const early = await setStatus(s.va, part.partId, { status: 'shipped', cashCollected: '699' });
    expect(early.statusCode).toBe(400);
    expect((await vendorPart(s.va, orderId)).status).toBe('pending');
  });

  it('records the cash in the transaction that marks it delivered: the sale credited, the cash debited, the points pending as on a prepaid part', async () => {
    const s = await setup();
    const orderId = await placeCodOrder(s.shopper, [{ productId: s.a.id }]);
    const part = await vendorPart(s.va, orderId);
    expect((await setStatus(s.va, part.partId, { status: 'shipped' })).statusCode).toBe(200);
    const res = await setStatus(s.va, part.partId, { status: 'delivered', cashCollected: '699.00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Order marked delivered and cash collected');
    expect(res.json().part).toMatchObject({ status: 'delivered', codDuePaise: 69_900, cashCollectedPaise: 69_900 });
    const order = await customerOrder(s.shopper, orderId);
    expect(order.parts[0]).toMatchObject({ status: 'delivered', cashCollectedPaise: 69_900, returnedToSeller: false });
    expect(order.paymentStatus).toBe('cash_on_delivery');

    const ledger = await ledgerOf(part.partId);
    expect(ledger.map((l) => l.entry_type)).toEqual(['sale', 'cod_collected']);
    const net = Number(ledger[0].pending_paise);
    expect(net).toBeGreaterThan(0);
    expect(Number(ledger[1].payable_paise)).toBe(-69_900);
    expect(await vendorBalancesOf(t.db, s.vendorA.userId)).toMatchObject({ pendingPaise: net, payablePaise: -69_900 });
    // After the return window the sale becomes payable: what the vendor owes Haat is the cash less its net.
    await releaseDueVendorSales(t.db, { returnWindowDays: 0, vendorUserId: s.vendorA.userId });
    expect(await vendorBalancesOf(t.db, s.vendorA.userId)).toMatchObject({
      pendingPaise: 0,
      payablePaise: net - 69_900,
    });
    // The customer's 30 points become available after the window, as on a prepaid part.
    expect(await pointsOf(t, s.shopper.userId)).toMatchObject({ available: 0, pending: 30 });
    expect(await releaseDuePoints(t.db, { customerUserId: s.shopper.userId, returnWindowDays: 0 })).toBe(1);
    expect(await pointsOf(t, s.shopper.userId)).toMatchObject({ available: 30, pending: 0 });
    // Once: delivered cannot be recorded again.
    expect((await setStatus(s.va, part.partId, { status: 'delivered', cashCollected: '699' })).statusCode).toBe(409);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('a prepaid part has no cash to record', async () => {
    const s = await setup();
    const orderId = await placeOrder(s.shopper, [{ productId: s.a.id }]);
    const part = await vendorPart(s.va, orderId);
    expect(part.codDuePaise).toBeNull();
    const res = await setStatus(s.va, part.partId, { status: 'delivered', cashCollected: '699' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('This part was paid online, so there is no cash to collect');
    expect((await setStatus(s.va, part.partId, { status: 'delivered' })).statusCode).toBe(200);
  });
});

describe('cancelled before delivery, and refused at the door', () => {
  it("the customer's cancel needs no refund: stock back, points used back, nothing due to a payment method", async () => {
    const s = await setup({ points: 100 });
    const orderId = await placeCodOrder(s.shopper, [{ productId: s.a.id }], 100);
    const res = await s.shopper.client.post(`/api/orders/${orderId}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    const order = await customerOrder(s.shopper, orderId);
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'cash_on_delivery', refundDuePaise: 0 });
    expect(await stockOf(t, s.a.id)).toBe(20);
    expect(await pointsOf(t, s.shopper.userId)).toMatchObject({ available: 100, pending: 0 });
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('a shipped part refused at the door is "Returned to seller": cancelled, its stock back, no cash and no refund', async () => {
    const s = await setup();
    const orderId = await placeCodOrder(s.shopper, [{ productId: s.a.id, quantity: 2 }, { productId: s.b.id }]);
    const part = await vendorPart(s.va, orderId);
    const back = () => s.va.post(`/api/vendor/orders/parts/${part.partId}/returned-to-seller`);
    const early = await back();
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('Only a shipped cash on delivery part can be returned to the seller');
    expect((await setStatus(s.va, part.partId, { status: 'shipped' })).statusCode).toBe(200);
    expect(await stockOf(t, s.a.id)).toBe(18);
    const res = await back();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Order marked returned to seller: the stock is back');
    expect(res.json().part).toMatchObject({ status: 'cancelled', returnedToSeller: true, cashCollectedPaise: null });
    expect(await stockOf(t, s.a.id)).toBe(20);
    const order = await customerOrder(s.shopper, orderId);
    expect(order.parts.find((p) => p.storeName === 'Jaipur Handlooms')).toMatchObject({
      status: 'cancelled',
      returnedToSeller: true,
    });
    expect(order.history.some((h) => h.note === 'Returned to seller: refused at the door')).toBe(true);
    expect(order.refundDuePaise).toBe(0);
    // Its pending points are gone; the other shop's part goes on.
    expect(await pointsOf(t, s.shopper.userId)).toMatchObject({ pending: 45 });
    expect((await back()).statusCode).toBe(409);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('a prepaid part cannot be returned to the seller, and another vendor cannot touch the part', async () => {
    const s = await setup();
    const orderId = await placeOrder(s.shopper, [{ productId: s.a.id }]);
    const part = await vendorPart(s.va, orderId);
    expect((await setStatus(s.va, part.partId, { status: 'shipped' })).statusCode).toBe(200);
    const res = await s.va.post(`/api/vendor/orders/parts/${part.partId}/returned-to-seller`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This part was paid online, so there is no cash to collect');
    expect((await s.vb.post(`/api/vendor/orders/parts/${part.partId}/returned-to-seller`)).statusCode).toBe(404);
  });
});

describe("the customer's cancel racing the vendor's delivery", () => {
  it('exactly one wins, and stock, cash, points and the ledger agree with it', async () => {
    for (let round = 0; round < 4; round++) {
      const s = await setup();
      const orderId = await placeCodOrder(s.shopper, [{ productId: s.a.id }]);
      const part = await vendorPart(s.va, orderId);
      expect((await setStatus(s.va, part.partId, { status: 'processing' })).statusCode).toBe(200);
      const [cancel, deliver] = await Promise.all([
        s.shopper.client.post(`/api/orders/${orderId}/cancel`),
        setStatus(s.va, part.partId, { status: 'delivered', cashCollected: '699' }),
      ]);
      expect([cancel.statusCode, deliver.statusCode].sort()).toEqual([200, 409]);
      const order = await customerOrder(s.shopper, orderId);
      if (cancel.statusCode === 200) {
        expect(order.parts[0]).toMatchObject({ status: 'cancelled', cashCollectedPaise: null });
        expect(await stockOf(t, s.a.id)).toBe(20);
        expect(await ledgerOf(part.partId)).toEqual([]);
      } else {
        expect(order.parts[0]).toMatchObject({ status: 'delivered', cashCollectedPaise: 69_900 });
        expect(await stockOf(t, s.a.id)).toBe(19);
        expect((await ledgerOf(part.partId)).map((l) => l.entry_type)).toEqual(['sale', 'cod_collected']);
      }
      expect(order.refundDuePaise).toBe(0);
    }
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});
