import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { VendorOrderList } from '../../contracts/vendor-orders.contract';
import type { OrderStatus } from '../../domain/order-status';
import { queryRows } from '../platform/db';
import { setPartStatus } from '../modules/orders';
import { TestClient, type TestApp } from './app';
import { createCategory, createProduct, createShop, createVendorUser } from './catalog-factories';
import { customerInput, registerAndLogin } from './factories';
import { giveAvailablePoints } from './order-factories';

// Shoppers, shops and carts for the checkout, payment and order tests, built through the public API
// where a shopper would act (register, address, cart) and through factories for the catalog.

let ip = 1;

export type Shopper = { client: TestClient; userId: string; addressId: string; email: string };

/** A signed-in customer with a default address in Pune and, optionally, available points. */
export async function newShopper(t: TestApp, points = 0, email?: string): Promise<Shopper> {
  const client = new TestClient(t.app, `10.1.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`);
  const input = customerInput({ phoneNumber: '9812345670', ...(email ? { email } : {}) });
  const { id } = await registerAndLogin(client, input);
  const res = await client.post('/api/addresses', {
    type: 'home',
    streetAddress: '12 MG Road',
    city: 'Pune',
    state: 'Maharashtra',
    postalCode: '411001',
    isDefault: true,
  });
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`address failed: ${res.statusCode} ${res.body}`);
  if (points > 0) await giveAvailablePoints(t.db, id, points);
  return { client, userId: id, addressId: res.json().id, email: input.email };
}

/** Signs in an existing account (a factory's vendor, say: password 'secret123') from an address of its own; answers its client. */
export async function signInAs(t: TestApp, email: string, password = 'secret123'): Promise<TestClient> {
  const client = new TestClient(t.app, `10.1.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`);
  const res = await client.post('/api/auth/login', { email, password });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return client;
}

/** Puts products in the shopper's cart through the cart API. */
export async function fillCart(
  s: Shopper,
  lines: { productId: string; variantId?: string; quantity?: number }[],
): Promise<void> {
  for (const l of lines) {
    const res = await s.client.post('/api/cart/items', {
      productId: l.productId,
      ...(l.variantId ? { variantId: l.variantId } : {}),
      quantity: l.quantity ?? 1,
    });
    if (res.statusCode >= 300) throw new Error(`add to cart failed: ${res.statusCode} ${res.body}`);
  }
}

/** Two vendors' shops with one product each: ₹600 at 5% and ₹450 at 10% unless overridden; neither offers cash on delivery unless `codA`/`codB`. */
export async function twoShops(
  t: TestApp,
  over: { stockA?: number; stockB?: number; priceA?: number; priceB?: number; codA?: boolean; codB?: boolean } = {},
) {
  const category = await createCategory(t.db);
  const va = await createVendorUser(t.db);
  const vb = await createVendorUser(t.db);
  const shopA = await createShop(t.db, va.userId, { shopName: 'Jaipur Handlooms', codEnabled: over.codA ?? false });
  const shopB = await createShop(t.db, vb.userId, { shopName: 'Kerala Spices', codEnabled: over.codB ?? false });
  const a = await createProduct(t.db, {
    storeId: shopA.id,
    categoryId: category.id,
    name: 'Block Print Kurta',
    pricePaise: over.priceA ?? 60000,
    rewardPercentage: 5,
    stockQuantity: over.stockA ?? 10,
  });
  const b = await createProduct(t.db, {
    storeId: shopB.id,
    categoryId: category.id,
    name: 'Malabar Pepper 500g',
    pricePaise: over.priceB ?? 45000,
    rewardPercentage: 10,
    stockQuantity: over.stockB ?? 10,
  });
  return { category, shopA, shopB, a, b, vendorA: va, vendorB: vb };
}

/** A product's stock now. */
export async function stockOf(t: TestApp, productId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select stock_quantity as n from products where id = ${productId}`,
  );
  return Number(row.n);
}

/** A customer's cached balances and the sums of their ledger. */
export async function pointsOf(
  t: TestApp,
  userId: string,
): Promise<{ available: number; pending: number; ledgerAvailable: number; ledgerPending: number }> {
  const [row] = await queryRows<{ available: number; pending: number; la: number; lp: number }>(
    t.db,
    sql`select c.available_points as available, c.pending_points as pending,
          coalesce((select sum(points) from rewards_transactions where customer_id = c.user_id), 0)::int as la,
          coalesce((select sum(pending_points) from rewards_transactions where customer_id = c.user_id), 0)::int as lp
        from reward_balances c where c.user_id = ${userId}`,
  );
  return {
    available: Number(row.available),
    pending: Number(row.pending),
    ledgerAvailable: Number(row.la),
    ledgerPending: Number(row.lp),
  };
}

/** Counts rows of a table matching a condition. */
export async function count(t: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.db, query);
  return Number(row.n);
}

/** The total checkout would charge now for these points, as the checkout page shows it on Pay; 0 when the summary refuses (an empty cart, a product gone). */
export async function shownTotal(client: TestClient, pointsToUse: unknown = 0): Promise<number> {
  const res = await client.get(`/api/checkout/summary?pointsToUse=${String(pointsToUse)}`);
  return res.statusCode === 200 ? res.json<{ amounts: { totalPaise: number } }>().amounts.totalPaise : 0;
}

/** POST /api/checkout as the checkout page sends it: what the customer chose and the total the summary shows now. */
export async function postCheckout(client: TestClient, body: Record<string, unknown>) {
  const expectedTotalPaise = await shownTotal(client, body.pointsToUse ?? 0);
  return client.post('/api/checkout', { ...body, expectedTotalPaise });
}

/** Pays a 'payment_required' checkout answer through the test gateway (the dialog's Pay button) and verifies it. */
export async function payWithTestGateway(s: Shopper, checkout: { paymentId: string }) {
  const signed = await s.client.post(`/api/payments/${checkout.paymentId}/test-pay`);
  if (signed.statusCode !== 200) return signed;
  return s.client.post('/api/payments/verify', {
    paymentId: checkout.paymentId,
    ...signed.json<Record<string, string>>(),
  });
}

/** Fills the cart, checks out and pays through the test gateway (or places directly when nothing is due); answers the order id. */
export async function placeOrder(
  s: Shopper,
  lines: { productId: string; variantId?: string; quantity?: number }[],
  pointsToUse = 0,
): Promise<string> {
  await fillCart(s, lines);
  const res = await postCheckout(s.client, { addressId: s.addressId, pointsToUse });
  if (res.statusCode !== 200) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
  const c = res.json();
  if (c.status === 'placed') return c.orderId;
  const paid = await payWithTestGateway(s, c);
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.statusCode} ${paid.body}`);
  return paid.json().orderId;
}

/** Fills the cart and places it cash on delivery: placed at once; answers the order id. */
export async function placeCodOrder(
  s: Shopper,
  lines: { productId: string; variantId?: string; quantity?: number }[],
  pointsToUse = 0,
): Promise<string> {
  await fillCart(s, lines);
  const res = await postCheckout(s.client, { addressId: s.addressId, pointsToUse, paymentMethod: 'cod' });
  if (res.statusCode !== 200 || res.json().status !== 'placed')
    throw new Error(`cash on delivery checkout failed: ${res.statusCode} ${res.body}`);
  return res.json().orderId;
}

/** An order's parts (id, shop, status), the smallest subtotal first. */
export function orderPartsOf(t: TestApp, orderId: string) {
  return queryRows<{ id: string; store_id: string; status: string }>(
    t.db,
    sql`select id, store_id, status from order_parts where order_id = ${orderId} order by subtotal_paise`,
  );
}

/** Moves a part to a status as its vendor would (history, the order's status), skipping the vendor's rules. */
export function movePart(t: TestApp, partId: string, status: OrderStatus) {
  return t.db.transaction((tx) => setPartStatus(tx, { partId, status, actor: { userId: null, role: 'vendor' } }));
}

/**
 * One vendor's shop with a ₹1,200 shirt (HSN 6205) and `orders` orders of one shirt each by one shopper,
 * paid, or cash on delivery (`cod`, the shop offering it): answers the vendor and the orders' parts, one each.
 */
export async function vendorWithOneShirtOrders(t: TestApp, orders: number, { cod = false } = {}) {
  const category = await createCategory(t.db);
  const vendor = await createVendorUser(t.db);
  const shop = await createShop(t.db, vendor.userId, cod ? { codEnabled: true } : undefined);
  const product = await createProduct(t.db, {
    storeId: shop.id,
    categoryId: category.id,
    pricePaise: 120000,
    stockQuantity: orders * 2,
    hsnCode: '6205',
  });
  const shopper = await newShopper(t);
  const parts: string[] = [];
  for (let i = 0; i < orders; i++) {
    const lines = [{ productId: product.id, quantity: 1 }];
    const orderId = await (cod ? placeCodOrder(shopper, lines) : placeOrder(shopper, lines));
    const [part] = await orderPartsOf(t, orderId);
    parts.push(part.id);
  }
  return { vendor, parts };
}

/** The one part of a one-shop order. */
export const onlyPartOf = async (t: TestApp, orderId: string): Promise<string> =>
  (await orderPartsOf(t, orderId))[0].id;

/** Moves a part through these statuses as its vendor does, on the vendor's order page (each step accepted). */
export async function moveAsVendor(vendor: TestClient, partId: string, statuses: string[]): Promise<void> {
  for (const status of statuses) {
    const res = await vendor.patch(`/api/vendor/orders/parts/${partId}/status`, { status });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/**
 * Orders `quantity` of a product, which its vendor ships and delivers from its order list; answers the part
 * and its item.
 */
export async function placeAndDeliver(
  shopper: Shopper,
  vendor: TestClient,
  productId: string,
  quantity = 1,
): Promise<{ partId: string; itemId: string }> {
  const orderId = await placeOrder(shopper, [{ productId, quantity }]);
  const part = ((await vendor.get('/api/vendor/orders?pageSize=100')).json() as VendorOrderList).items.find(
    (p) => p.orderId === orderId,
  )!;
  await moveAsVendor(vendor, part.partId, ['shipped', 'delivered']);
  return { partId: part.partId, itemId: part.items[0].id };
}
