import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { signInFromOwnAddress } from '../../test/factories';
import { createCategory, createProduct, createShop, createVendorUser } from '../../test/catalog-factories';
import { newShopper, placeOrder, vendorWithOneShirtOrders } from '../../test/checkout-fixtures';
import { moneyInvariantViolations } from '../../test/invariants';
import { releaseDueVendorSales, reversePartSale, vendorBalancesOf } from '.';
import { vendorLedger } from './settlement.tables';
import { requireServices } from '../../test/services';

await requireServices(['postgresql']);

// The vendor ledger under requests at once. As in checkout.concurrency.services.test.ts,
// on PGlite the transactions queue one after another; on PostgreSQL (DATABASE_URL) they truly run in
// parallel. After each test every money invariant holds (test/invariants.ts): each delivered part's
// gross = commission + TCS + TDS + vendor net, and each vendor's pending + payable = its ledger's sum.

let t: TestApp;
beforeAll(async () => {
  // A return window of 0 days: a delivered part's credit is due for release at once.
  t = await buildTestApp({ RETURN_WINDOW_DAYS: '0' });
});
afterAll(() => t.close());

const signIn = signInFromOwnAddress(() => t, '10.123');

async function vendorWithOrders(orders: number) {
  const { vendor, parts } = await vendorWithOneShirtOrders(t, orders);
  return { vendor, client: await signIn(vendor.email), parts };
}

const setStatus = (client: TestClient, partId: string, status: string) =>
  client.patch(`/api/vendor/orders/parts/${partId}/status`, { status });

describe('a part marked delivered by two requests at once', () => {
  it('is credited to its vendor once', async () => {
    const { vendor, client, parts } = await vendorWithOrders(3);
    for (const partId of parts)
      for (const status of ['confirmed', 'processing', 'shipped'])
        expect((await setStatus(client, partId, status)).statusCode).toBe(200);
    const answers = await Promise.all(
      parts.flatMap((partId) => [setStatus(client, partId, 'delivered'), setStatus(client, partId, 'delivered')]),
    );
    // Per part: one request delivers it; the other is refused (already delivered) or, queued behind it, finds nothing to move.
    expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(parts.length);
    const sales = await t.db.select().from(vendorLedger).where(eq(vendorLedger.vendorUserId, vendor.userId));
    expect(sales.map((r) => r.entryType)).toEqual(['sale', 'sale', 'sale']);
    const { pendingPaise } = await vendorBalancesOf(t.db, vendor.userId);
    expect(pendingPaise).toBe(sales.reduce((n, r) => n + r.pendingPaise, 0));
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});

describe('release passes racing reversals of the same parts', () => {
  it('each part is released at most once and reversed at most once, from the balance it was in; balances equal the ledger', async () => {
    const { vendor, client, parts } = await vendorWithOrders(6);
    for (const partId of parts)
      for (const status of ['confirmed', 'processing', 'shipped', 'delivered'])
        expect((await setStatus(client, partId, status)).statusCode).toBe(200);
    const reversed = parts.slice(0, 3);
    await Promise.all([
      ...Array.from({ length: 3 }, () => t.db.transaction((tx) => releaseDueVendorSales(tx, { returnWindowDays: 0 }))),
      ...reversed.map((orderPartId) =>
        t.db.transaction((tx) => reversePartSale(tx, { orderPartId, reason: 'Refunded' })),
      ),
      ...reversed.map((orderPartId) =>
        t.db.transaction((tx) => reversePartSale(tx, { orderPartId, reason: 'Refunded twice' })),
      ),
    ]);
    await t.db.transaction((tx) => releaseDueVendorSales(tx, { returnWindowDays: 0 }));
    const rows = await t.db.select().from(vendorLedger).where(eq(vendorLedger.vendorUserId, vendor.userId));
    const net = rows.find((r) => r.entryType === 'sale')!.pendingPaise;
    for (const partId of parts) {
      const mine = rows.filter((r) => r.orderPartId === partId).map((r) => r.entryType);
      expect(mine.filter((x) => x === 'sale')).toHaveLength(1);
      expect(mine.filter((x) => x === 'released').length).toBeLessThanOrEqual(1);
      expect(mine.filter((x) => x === 'reversed')).toHaveLength(reversed.includes(partId) ? 1 : 0);
    }
    // Every part not reversed is payable; the reversed ones are gone from both balances, whichever came first.
    expect(await vendorBalancesOf(t.db, vendor.userId)).toEqual({
      pendingPaise: 0,
      payablePaise: 3 * net,
      paidPaise: 0,
    });
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});

describe('customers cancelling orders from the same two vendors at once', () => {
  it("all succeed: each cancel takes the vendors' balances in one order, so none waits on another in a deadlock", async () => {
    const category = await createCategory(t.db);
    const shops = [];
    for (let n = 0; n < 2; n++) {
      const vendor = await createVendorUser(t.db);
      const shop = await createShop(t.db, vendor.userId);
      shops.push(
        await createProduct(t.db, {
          storeId: shop.id,
          categoryId: category.id,
          pricePaise: 50000,
          stockQuantity: 100,
          hsnCode: '6205',
        }),
      );
    }
    // Half the carts list the first vendor's product first, half the second's.
    const orders: { client: TestClient; orderId: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const shopper = await newShopper(t);
      const [x, y] = i % 2 ? [shops[0], shops[1]] : [shops[1], shops[0]];
      orders.push({
        client: shopper.client,
        orderId: await placeOrder(shopper, [{ productId: x.id }, { productId: y.id }]),
      });
    }
    const answers = await Promise.all(orders.map((o) => o.client.post(`/api/orders/${o.orderId}/cancel`, {})));
    expect(answers.map((r) => r.statusCode)).toEqual(orders.map(() => 200));
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});
