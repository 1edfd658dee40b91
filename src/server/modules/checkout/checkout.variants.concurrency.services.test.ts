import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createCategory, createProductWithVariants, createShop, createVendorUser } from '../../test/catalog-factories';
import {
  count,
  fillCart,
  newShopper,
  stockOf,
  type Shopper,
  postCheckout,
  shownTotal,
} from '../../test/checkout-fixtures';
import { moneyInvariantViolations } from '../../test/invariants';
import { saveGatewaySettings } from '../payments';
import { requireServices } from '../../test/services';

await requireServices(['postgresql']);

// Stock and holds per variant, under the guarantees of the 200-buyers test. On
// PGlite the requests queue; on PostgreSQL (DATABASE_URL) they truly race.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const variantStock = async (variantId: string) =>
  (
    await queryRows<{ n: number }>(t.db, sql`select stock_quantity as n from product_variants where id = ${variantId}`)
  )[0].n;
const soldOf = (variantId: string) =>
  count(t, sql`select coalesce(sum(quantity), 0)::int as n from order_items where variant_id = ${variantId}`);

async function kurtaInSizes(stock: { S: number; M: number; L: number }) {
  const { userId } = await createVendorUser(t.db);
  const shop = await createShop(t.db, userId, { shopName: 'Jaipur Handlooms' });
  const category = await createCategory(t.db);
  const { product, variants } = await createProductWithVariants(t.db, {
    storeId: shop.id,
    categoryId: category.id,
    name: 'Block Print Kurta',
    pricePaise: 60000,
    variants: [
      { option1Value: 'S', stockQuantity: stock.S },
      { option1Value: 'M', stockQuantity: stock.M, pricePaise: 65000, originalPricePaise: 80000 },
      { option1Value: 'L', stockQuantity: stock.L },
    ],
  });
  const [s, m, l] = variants;
  return { product, s, m, l, category };
}

/** The products a shopper finds in the kurta's category in a size (the storefront's size filter). */
async function foundInSize(k: { category: { slug: string } }, size: string): Promise<string[]> {
  const res = await new TestClient(t.app).get(`/api/products?category=${k.category.slug}&option=size:${size}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: { name: string }[] }>().items.map((i) => i.name);
}

async function shoppers(n: number): Promise<Shopper[]> {
  const all: Shopper[] = [];
  for (let i = 0; i < n; i += 20)
    all.push(...(await Promise.all(Array.from({ length: Math.min(20, n - i) }, () => newShopper(t)))));
  return all;
}

describe('stock per variant', () => {
  it('200 buyers race for two sizes (30 S, 20 M): exactly 50 pay and get their size, each size and the product end at 0, and the invariants hold', async () => {
    await saveGatewaySettings(t.db, t.config, { keyId: null, isEnabled: false });
    const k = await kurtaInSizes({ S: 30, M: 20, L: 5 });
    expect(await stockOf(t, k.product.id)).toBe(55);
    const all = await shoppers(200);
    // Half want S, half want M.
    await Promise.all(
      all.map((s, i) => fillCart(s, [{ productId: k.product.id, variantId: i % 2 === 0 ? k.s.id : k.m.id }])),
    );

    // Each shopper saw their total first; the checkouts themselves race.
    const totals = await Promise.all(all.map((s) => shownTotal(s.client)));
    const started = await Promise.all(
      all.map((s, i) =>
        s.client.post('/api/checkout', { addressId: s.addressId, pointsToUse: 0, expectedTotalPaise: totals[i] }),
      ),
    );
    const codes = started.map((r) => r.statusCode);
    expect(codes.filter((c, i) => c === 200 && i % 2 === 0)).toHaveLength(30);
    expect(codes.filter((c, i) => c === 200 && i % 2 === 1)).toHaveLength(20);
    expect(codes.filter((c) => c === 409)).toHaveLength(150);
    const refusedM = started.find((r, i) => r.statusCode === 409 && i % 2 === 1)!;
    expect(refusedM.json().error.message).toBe('"Block Print Kurta (Size: M)" is out of stock');
    // Held: out of each size's stock, and of the product's sum; L untouched.
    expect(await variantStock(k.s.id)).toBe(0);
    expect(await variantStock(k.m.id)).toBe(0);
    expect(await stockOf(t, k.product.id)).toBe(5);
    // The size filter follows at once: the two sizes sold out by racing buyers are gone from it, L stays.
    expect(await foundInSize(k, 's')).toEqual([]);
    expect(await foundInSize(k, 'm')).toEqual([]);
    expect(await foundInSize(k, 'l')).toEqual(['Block Print Kurta']);

    const winners = all.map((s, i) => ({ s, r: started[i] })).filter((w) => w.r.statusCode === 200);
    const paid = await Promise.all(
      winners.map(async ({ s, r }) => {
        const { paymentId } = r.json<{ paymentId: string }>();
        const signed = await s.client.post(`/api/payments/${paymentId}/test-pay`);
        return s.client.post('/api/payments/verify', { paymentId, ...signed.json<Record<string, string>>() });
      }),
    );
    expect(paid.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(await soldOf(k.s.id)).toBe(30);
    expect(await soldOf(k.m.id)).toBe(20);
    // The M buyers paid M's own price, and their items say the size.
    const items = await queryRows<{ price: number; label: string; sku: string }>(
      t.db,
      sql`select distinct price_paise::int as price, variant_label as label, sku from order_items where variant_id = ${k.m.id}`,
    );
    expect(items).toEqual([{ price: 65000, label: 'Size: M', sku: 'SKU-M' }]);
    expect(await stockOf(t, k.product.id)).toBe(5);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  }, 180_000);

  it('a cancelled order gives its units back to its own size, and an expired hold to the size it held', async () => {
    await saveGatewaySettings(t.db, t.config, { keyId: null, isEnabled: false });
    const k = await kurtaInSizes({ S: 2, M: 2, L: 0 });
    const [buyer, holder] = await shoppers(2);
    await fillCart(buyer, [{ productId: k.product.id, variantId: k.m.id, quantity: 2 }]);
    const c = (await postCheckout(buyer.client, { addressId: buyer.addressId, pointsToUse: 0 })).json<{
      paymentId: string;
    }>();
    const signed = await buyer.client.post(`/api/payments/${c.paymentId}/test-pay`);
    const { orderId } = (
      await buyer.client.post('/api/payments/verify', {
        paymentId: c.paymentId,
        ...signed.json<Record<string, string>>(),
      })
    ).json<{ orderId: string }>();
    expect(await variantStock(k.m.id)).toBe(0);
    expect(await foundInSize(k, 'm')).toEqual([]);
    expect((await buyer.client.post(`/api/orders/${orderId}/cancel`, {})).statusCode).toBe(200);
    expect(await variantStock(k.m.id)).toBe(2);
    // Back in stock, back in the size filter.
    expect(await foundInSize(k, 'm')).toEqual(['Block Print Kurta']);
    expect(await variantStock(k.s.id)).toBe(2);

    await fillCart(holder, [{ productId: k.product.id, variantId: k.s.id, quantity: 1 }]);
    expect((await postCheckout(holder.client, { addressId: holder.addressId, pointsToUse: 0 })).statusCode).toBe(200);
    expect(await variantStock(k.s.id)).toBe(1);
    expect(await stockOf(t, k.product.id)).toBe(3);
    const other = (await shoppers(1))[0];
    await fillCart(other, [{ productId: k.product.id, variantId: k.s.id, quantity: 1 }]);
    await t.db.execute(
      sql`update stock_holds set expires_at = now() - interval '1 minute' where variant_id = ${k.s.id} and status = 'held'`,
    );
    // The next checkout of the product sweeps the expired hold first: its unit is back in S, then taken again.
    expect((await postCheckout(other.client, { addressId: other.addressId, pointsToUse: 0 })).statusCode).toBe(200);
    expect(
      await count(
        t,
        sql`select count(*)::int as n from stock_holds where variant_id = ${k.s.id} and status = 'released'`,
      ),
    ).toBe(1);
    expect(await variantStock(k.s.id)).toBe(1);
    expect(await stockOf(t, k.product.id)).toBe(3);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  }, 60_000);

  it('refuses a product with options without a size, a size of another product and a withdrawn one', async () => {
    const k = await kurtaInSizes({ S: 2, M: 2, L: 0 });
    const other = await kurtaInSizes({ S: 1, M: 1, L: 1 });
    const [s] = await shoppers(1);
    const none = await s.client.post('/api/cart/items', { productId: k.product.id, quantity: 1 });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Please choose a size');
    const foreign = await s.client.post('/api/cart/items', {
      productId: k.product.id,
      variantId: other.s.id,
      quantity: 1,
    });
    expect(foreign.statusCode).toBe(404);
    const tooMany = await s.client.post('/api/cart/items', { productId: k.product.id, variantId: k.s.id, quantity: 3 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe('Only 2 left in stock for Block Print Kurta (Size: S)');
    const soldOut = await s.client.post('/api/cart/items', { productId: k.product.id, variantId: k.l.id, quantity: 1 });
    expect(soldOut.statusCode).toBe(409);
    expect(
      (await s.client.post('/api/cart/items', { productId: k.product.id, variantId: k.m.id, quantity: 1 })).statusCode,
    ).toBe(201);
    const cart = (await s.client.get('/api/cart')).json();
    expect(cart.items).toMatchObject([
      {
        productId: k.product.id,
        variantId: k.m.id,
        variantLabel: 'Size: M',
        sku: 'SKU-M',
        pricePaise: 65000,
        originalPricePaise: 80000,
        stockQuantity: 2,
        available: true,
      },
    ]);
    await t.db.execute(sql`update product_variants set withdrawn_at = now() where id = ${k.m.id}`);
    expect((await s.client.get('/api/cart')).json().items[0].available).toBe(false);
    const checkout = await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 });
    expect(checkout.statusCode).toBe(409);
  });
});
