import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminVendorPage } from '../../../contracts/admin-vendors.contract';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { freshCode, signInSuperAdmin, spentCode } from '../../test/admin';
import { createCategory, createProduct, createShop, createVendorUser } from '../../test/catalog-factories';
import { fillCart, newShopper, type Shopper, postCheckout } from '../../test/checkout-fixtures';
import { customerInput, registerAndLogin, vendorInput } from '../../test/factories';
import { addOrderPart, createOrderWithPart } from '../../test/order-factories';

// The Vendors tab. The list with each vendor's own totals, and approving or rejecting a
// vendor with a fresh code, which takes its products off the storefront and brings them back.

let t: TestApp;
let admin: TestClient;
let secret: string;
/** The code the admin signed in with (or an older one when the sign-in crossed a time step): spent. */
let shopper: Shopper;
// Kisan Alpha: two shops, three products, a part of a shared order and a cancelled part.
// Kisan Beta: one shop, one product, its part of the shared order.
const alpha = { userId: '', email: '', shops: [] as string[], products: [] as string[] };
const beta = { userId: '', email: '', shop: '', product: '' };

const list = async (query = '') => {
  const res = await admin.get(`/api/admin/vendors${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminVendorPage;
};
const rowOf = async (userId: string) => (await list(`?q=${userId}`)).items.find((v) => v.id === userId)!;
const reject = (userId: string, body: { reason?: string; code?: string }) =>
  admin.post(`/api/admin/vendors/${userId}/reject`, body);
const approve = (userId: string, body: { code?: string }) => admin.post(`/api/admin/vendors/${userId}/approve`, body);
const storefrontIds = async (query = '') =>
  ((await new TestClient(t.app).get(`/api/products${query}`)).json().items as { id: string }[]).map((p) => p.id);
const status = async (url: string) => (await new TestClient(t.app).get(url)).statusCode;
let categoryId: string;
/** A vendor of a test's own (not a Kisan one: the list tests count those), with products in its shops. */
async function vendorWithProducts(
  businessName: string,
  productsPerShop: number[],
): Promise<{ userId: string; shops: string[]; products: string[] }> {
  const { userId } = await createVendorUser(t.db, { businessName });
  const v = { userId, shops: [] as string[], products: [] as string[] };
  for (const [i, count] of productsPerShop.entries()) {
    const shop = (await createShop(t.db, userId, { shopName: `${businessName} ${i + 1}` })).id;
    v.shops.push(shop);
    for (let j = 0; j < count; j++) v.products.push((await createProduct(t.db, { storeId: shop, categoryId })).id);
  }
  return v;
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t));
  shopper = await newShopper(t);
  const category = await createCategory(t.db);
  categoryId = category.id;

  const a = await createVendorUser(t.db, { businessName: 'Kisan Alpha Looms' });
  Object.assign(alpha, a);
  for (const name of ['Alpha Looms Jaipur', 'Alpha Looms Surat'])
    alpha.shops.push((await createShop(t.db, a.userId, { shopName: name })).id);
  for (const storeId of [alpha.shops[0], alpha.shops[0], alpha.shops[1]])
    alpha.products.push((await createProduct(t.db, { storeId, categoryId: category.id })).id);

  const b = await createVendorUser(t.db, { businessName: 'Kisan Beta Spices' });
  Object.assign(beta, { userId: b.userId, email: b.email });
  beta.shop = (await createShop(t.db, b.userId, { shopName: 'Beta Spices Kochi' })).id;
  beta.product = (await createProduct(t.db, { storeId: beta.shop, categoryId: category.id })).id;

  // One order shared by both vendors: each counts its own part only.
  const shared = await createOrderWithPart(t.db, {
    customerUserId: shopper.userId,
    storeId: alpha.shops[0],
    status: 'delivered',
    subtotalPaise: 100_000,
  });
  await addOrderPart(t.db, shared.orderId, { storeId: beta.shop, status: 'delivered', subtotalPaise: 55_000 });
  // A cancelled part counts as an order but brings no revenue.
  await createOrderWithPart(t.db, {
    customerUserId: shopper.userId,
    storeId: alpha.shops[1],
    status: 'cancelled',
    subtotalPaise: 30_000,
  });
});
afterAll(() => t.close());

describe('the vendor list', () => {
  it('refuses guests and every shopper role (401)', async () => {
    expect((await new TestClient(t.app).get('/api/admin/vendors')).statusCode).toBe(401);
    const customer = new TestClient(t.app, '10.4.0.2');
    await registerAndLogin(customer, customerInput());
    const vendor = new TestClient(t.app, '10.4.0.3');
    await registerAndLogin(vendor, vendorInput());
    for (const c of [customer, vendor]) {
      expect((await c.get('/api/admin/vendors')).statusCode).toBe(401);
      expect((await c.get('/api/admin/vendors/export')).statusCode).toBe(401);
      expect(
        (await c.post(`/api/admin/vendors/${alpha.userId}/reject`, { reason: 'Fake documents', code: '123456' }))
          .statusCode,
      ).toBe(401);
      expect((await c.post(`/api/admin/vendors/${alpha.userId}/approve`, { code: '123456' })).statusCode).toBe(401);
    }
  });

  it('shows each vendor with its own products, orders and revenue (a shared order counts only its part)', async () => {
    const a = await rowOf(alpha.userId);
    expect(a).toMatchObject({
      businessName: 'Kisan Alpha Looms',
      email: alpha.email,
      phone: '9123456780',
      isApproved: true,
      rejectionReason: null,
      totalProducts: 3,
      totalOrders: 2,
      totalRevenuePaise: 100_000,
    });
    expect(Date.parse(a.registeredAt)).toBeLessThanOrEqual(Date.now());
    expect(await rowOf(beta.userId)).toMatchObject({
      businessName: 'Kisan Beta Spices',
      totalProducts: 1,
      totalOrders: 1,
      totalRevenuePaise: 55_000,
    });
  });

  it('searches by business name, email and id prefix; sorts on the server; refuses an unknown sort', async () => {
    const ids = (p: AdminVendorPage) => p.items.map((v) => v.id);
    expect(ids(await list('?q=kisan'))).toEqual(expect.arrayContaining([alpha.userId, beta.userId]));
    expect(ids(await list('?q=alpha%20looms'))).toEqual([alpha.userId]);
    expect(ids(await list(`?q=${encodeURIComponent(beta.email.toUpperCase())}`))).toEqual([beta.userId]);
    expect(ids(await list(`?q=${alpha.userId.slice(0, 8)}`))).toContain(alpha.userId);
    expect((await list('?q=nobody-like-this')).total).toBe(0);
    // Wildcards typed in the box are taken literally.
    expect((await list('?q=kisan%25')).total).toBe(0);

    expect(ids(await list('?q=kisan&sort=totalRevenue&dir=desc'))).toEqual([alpha.userId, beta.userId]);
    expect(ids(await list('?q=kisan&sort=totalRevenue&dir=asc'))).toEqual([beta.userId, alpha.userId]);
    expect(ids(await list('?q=kisan&sort=businessName&dir=asc'))).toEqual([alpha.userId, beta.userId]);
    expect(ids(await list('?q=kisan&sort=businessName&dir=desc'))).toEqual([beta.userId, alpha.userId]);
    for (const sort of ['email', 'registeredAt'])
      expect((await admin.get(`/api/admin/vendors?sort=${sort}&dir=asc`)).statusCode).toBe(200);
    const paged = await list('?q=kisan&pageSize=1&page=2&sort=businessName&dir=asc');
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(ids(paged)).toEqual([beta.userId]);

    const badSort = await admin.get('/api/admin/vendors?sort=password');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().error.fields.sort).toMatch(/businessName/);
    expect((await admin.get('/api/admin/vendors?approval=pending')).statusCode).toBe(400);
  });

  it('exports the same filter as CSV', async () => {
    const csv = await admin.get('/api/admin/vendors/export?q=kisan&sort=businessName&dir=asc');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="haat-vendors-all-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,business_name,address,email,phone,is_approved,rejection_reason,total_products,total_orders,total_revenue_rupees,registered_at,payout_method,payout_to,pan,gstin,payout_details_changed_at',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${alpha.userId},Kisan Alpha Looms,`);
    expect(lines[1]).toContain(',true,,3,2,1000.00,');
  });
});

describe('rejecting and approving', () => {
  it('refuses without a code (401), with a wrong code (403) and with a used code (403), and changes nothing', async () => {
    const none = await reject(alpha.userId, { reason: 'Documents do not match' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.message).toMatch(/6-digit code/);
    const wrong = await reject(alpha.userId, { reason: 'Documents do not match', code: '000000' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe('Invalid or expired 2FA code. Please try again with the current code.');
    // A code that has just signed the admin in (on another browser) is spent: it cannot confirm an action.
    expect(
      (await reject(alpha.userId, { reason: 'Documents do not match', code: await spentCode(t, secret) })).statusCode,
    ).toBe(403);
    // A reason too short is refused before the code is looked at.
    expect((await reject(alpha.userId, { reason: 'no', code: await freshCode(t, secret) })).statusCode).toBe(400);
    expect((await approve(alpha.userId, { code: await freshCode(t, secret) })).statusCode).toBe(409);
    expect(
      (await reject(crypto.randomUUID(), { reason: 'Documents do not match', code: await freshCode(t, secret) }))
        .statusCode,
    ).toBe(404);

    expect(await rowOf(alpha.userId)).toMatchObject({ isApproved: true, rejectionReason: null });
    expect(await storefrontIds()).toEqual(expect.arrayContaining(alpha.products));
  });

  it('rejecting with a reason takes the vendor’s products and shops off the storefront, and a checkout refuses them', async () => {
    const zeta = await vendorWithProducts('Zeta Looms', [2, 1]);
    const other = await vendorWithProducts('Zeta Spices', [1]);
    const buyer = await newShopper(t);
    // In the cart before the rejection: the checkout must not sell it afterwards.
    await fillCart(buyer, [{ productId: zeta.products[0] }]);

    const code = await freshCode(t, secret);
    const res = await reject(zeta.userId, { reason: '  Documents do not match  ', code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: zeta.userId,
      isApproved: false,
      rejectionReason: 'Documents do not match',
      totalProducts: 3,
    });
    // The same code again: refused, even for another vendor.
    expect((await reject(other.userId, { reason: 'Documents do not match', code })).statusCode).toBe(403);
    expect((await rowOf(other.userId)).isApproved).toBe(true);

    const visible = await storefrontIds();
    for (const id of zeta.products) expect(visible).not.toContain(id);
    expect(visible).toContain(other.products[0]);
    expect((await new TestClient(t.app).get(`/api/products?shop=${zeta.shops[0]}`)).json().total).toBe(0);
    for (const id of zeta.products) expect(await status(`/api/products/${id}`)).toBe(404);
    for (const id of zeta.shops) expect(await status(`/api/shops/${id}`)).toBe(404);
    expect(await status(`/api/shops/${other.shops[0]}`)).toBe(200);

    // The line already in the cart shows as unavailable, and the product cannot be added again.
    const cart = (await buyer.client.get('/api/cart')).json() as { items: { productId: string; available: boolean }[] };
    expect(cart.items.find((i) => i.productId === zeta.products[0])?.available).toBe(false);
    const add = await buyer.client.post('/api/cart/items', { productId: zeta.products[1], quantity: 1 });
    expect(add.statusCode).toBeGreaterThanOrEqual(400);
    expect(add.statusCode).toBeLessThan(500);

    const checkout = await postCheckout(buyer.client, { addressId: buyer.addressId, pointsToUse: 0 });
    expect(checkout.statusCode, checkout.body).toBe(409);
    expect(checkout.json().error.message).toMatch(/no longer available/);

    const rejected = await list('?approval=rejected');
    expect(rejected.items.map((v) => v.id)).toEqual([zeta.userId]);
    expect((await list('?approval=approved&q=zeta')).items.map((v) => v.id)).toEqual([other.userId]);
    // Already rejected: a conflict, and the code is not spent.
    const again = await freshCode(t, secret);
    expect((await reject(zeta.userId, { reason: 'Second thoughts', code: again })).statusCode).toBe(409);
    expect((await approve(zeta.userId, { code: again })).statusCode).toBe(200);
  });

  it('hides a shop a rejected vendor opens later, until the vendor is approved', async () => {
    const vendor = new TestClient(t.app, '10.4.0.9');
    const { id } = await registerAndLogin(vendor, vendorInput({ businessName: 'Gamma Crafts' }));
    expect((await reject(id, { reason: 'Incomplete KYC', code: await freshCode(t, secret) })).statusCode).toBe(200);
    // The vendor is told, with the reason, on their own dashboard.
    expect((await vendor.get('/api/vendor/overview')).json().rejectionReason).toBe('Incomplete KYC');
    const opened = await vendor.post('/api/vendor/shops', { shopName: 'Gamma Crafts', shopType: 'online' });
    expect(opened.statusCode, opened.body).toBe(201);
    const shopId = opened.json().id as string;
    expect(await status(`/api/shops/${shopId}`)).toBe(404);

    const res = await approve(id, { code: await freshCode(t, secret) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isApproved: true, rejectionReason: null });
    expect(await status(`/api/shops/${shopId}`)).toBe(200);
    expect((await vendor.get('/api/vendor/overview')).json().rejectionReason).toBeNull();
  });

  it('approving brings the products back, buyable again, keeping a shop the vendor closed closed', async () => {
    const eta = await vendorWithProducts('Eta Looms', [2, 1]);
    // A shop the vendor has closed stays closed: approval restores only what the rejection took.
    const closed = await createShop(t.db, eta.userId, { shopName: 'Eta Closed', isActive: false });
    expect(
      (await reject(eta.userId, { reason: 'Counterfeit goods reported', code: await freshCode(t, secret) })).statusCode,
    ).toBe(200);

    const res = await approve(eta.userId, { code: await freshCode(t, secret) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isApproved: true, rejectionReason: null });

    expect(await storefrontIds()).toEqual(expect.arrayContaining(eta.products));
    for (const id of eta.products) expect(await status(`/api/products/${id}`)).toBe(200);
    for (const id of eta.shops) expect(await status(`/api/shops/${id}`)).toBe(200);
    expect(await status(`/api/shops/${closed.id}`)).toBe(404);
    const added = await shopper.client.post('/api/cart/items', { productId: eta.products[2], quantity: 1 });
    expect(added.statusCode, added.body).toBeLessThan(300);
  });

  it('records each approval and rejection in the audit log', async () => {
    const delta = await createVendorUser(t.db, { businessName: 'Delta Weaves' });
    const epsilon = await createVendorUser(t.db, { businessName: 'Epsilon Brass' });
    const code = await freshCode(t, secret);
    expect((await reject(delta.userId, { reason: 'Counterfeit goods reported', code })).statusCode).toBe(200);
    // Refused (the code is spent): no entry.
    expect((await reject(epsilon.userId, { reason: 'Counterfeit goods reported', code })).statusCode).toBe(403);
    expect((await approve(delta.userId, { code: await freshCode(t, secret) })).statusCode).toBe(200);

    const log = (await admin.get('/api/admin/audit?resource=vendor&pageSize=100')).json() as {
      items: { action: string; actor: string; resourceId: string; newData: string | null }[];
    };
    const mine = log.items.filter((e) => e.resourceId === delta.userId);
    expect(mine.map((e) => e.action)).toEqual(['vendor_approved', 'vendor_rejected']);
    expect(mine.find((e) => e.action === 'vendor_rejected')?.newData).toMatch(/Counterfeit goods reported/);
    expect(mine[0].actor).toBe('root@haat.test');
    // Refused attempts left no entry: this vendor was never changed.
    expect(log.items.filter((e) => e.resourceId === epsilon.userId)).toHaveLength(0);
  });
});
