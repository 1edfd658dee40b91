import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshCode, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createCategory, createProduct, createShop } from '../../test/catalog-factories';
import { customerInput, merchantInput, registerAndLogin, vendorInput } from '../../test/factories';
import { createOrderWithPart, giveAvailablePoints, markPartDelivered } from '../../test/order-factories';
import { addresses, userProfiles, users } from '../auth/auth.tables';
import { products } from '../catalog/catalog.tables';
import { employees, employeeSessions, timesheets } from '../erp/erp.tables';
import { merchants, merchantTransactions } from '../merchants/merchants.tables';
import { orderItems, orders } from '../orders/orders.tables';
import { rewardsTransactions } from '../rewards/rewards.tables';
import { vendorShops } from '../shops/shops.tables';

// Deleting never destroys history. An account with orders, points or payouts is
// anonymised (personal fields cleared, sign-in off, shops closed, products withdrawn) and its
// orders, ledger rows and audit entries stay; one with no history is removed. A product ever
// ordered is withdrawn. A vendor with open order parts cannot be deleted.

let t: TestApp;
let admin: TestClient;
let secret: string;
let n = 0;
const browser = () => new TestClient(t.app, `10.41.0.${++n}`);
const phone = () => `96${String(++n).padStart(8, '0')}`;

beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t));
});
afterAll(() => t.close());

const del = async (path: string) => admin.post(`/api/admin/${path}/delete`, { code: await freshCode(t, secret) });
const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

async function orderedProduct(vendorUserId: string, customerUserId: string, status: 'shipped' | 'delivered') {
  const shop = await createShop(t.db, vendorUserId);
  const product = await createProduct(t.db, { storeId: shop.id, categoryId: (await createCategory(t.db)).id });
  const part = await createOrderWithPart(t.db, { customerUserId, storeId: shop.id, status });
  await t.db.insert(orderItems).values({
    orderId: part.orderId,
    orderPartId: part.orderPartId,
    productId: product.id,
    storeId: shop.id,
    productName: product.name,
    quantity: 1,
    pricePaise: product.pricePaise,
  });
  return { shop, product, part };
}

describe('deleting a user', () => {
  it('refuses without a fresh code: none, a wrong one or a replayed one change nothing', async () => {
    const c = browser();
    const { id } = await registerAndLogin(c, customerInput({ phoneNumber: phone() }));
    expect((await admin.post(`/api/admin/users/${id}/delete`, {})).statusCode).toBe(401);
    expect((await admin.post(`/api/admin/users/${id}/delete`, { code: '000000' })).statusCode).toBe(403);
    const code = await freshCode(t, secret);
    expect((await admin.post(`/api/admin/users/${crypto.randomUUID()}/delete`, { code })).statusCode).toBe(404);
    // A refused delete spent nothing: the same code still works once, and then never again.
    expect((await admin.post(`/api/admin/users/${id}/delete`, { code })).statusCode).toBe(200);
    const other = await registerAndLogin(browser(), customerInput({ phoneNumber: phone() }));
    expect((await admin.post(`/api/admin/users/${other.id}/delete`, { code })).statusCode).toBe(403);
    expect(await userRow(other.id)).toBeDefined();
    for (const client of [browser(), c])
      expect(
        (await client.post(`/api/admin/users/${other.id}/delete`, { code: await freshCode(t, secret) })).statusCode,
      ).toBe(401);
  });

  it('removes an account with no history completely', async () => {
    const { id } = await registerAndLogin(browser(), customerInput({ phoneNumber: phone() }));
    const res = await del(`users/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id,
      outcome: 'removed',
      message: 'User deleted successfully',
      detail: expect.any(String),
    });
    expect(await userRow(id)).toBeUndefined();
    expect((await del(`users/${id}`)).statusCode).toBe(404);
  });

  it('anonymises a customer with orders and points: signed out, cannot sign in, personal details gone, history kept', async () => {
    const c = browser();
    const input = customerInput({
      firstName: 'Meera',
      lastName: 'Iyer',
      phoneNumber: phone(),
      address: '7 Lake Road',
      city: 'Pune',
      state: 'Maharashtra',
      postalCode: '411001',
    });
    const { id } = await registerAndLogin(c, input);
    await giveAvailablePoints(t.db, id, 40);
    expect((await t.db.select().from(addresses).where(eq(addresses.userId, id))).length).toBe(1);

    const res = await del(`users/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outcome).toBe('anonymised');

    expect((await c.get('/api/me')).statusCode).toBe(401);
    expect((await browser().post('/api/auth/login', { email: input.email, password: input.password })).statusCode).toBe(
      401,
    );
    const row = await userRow(id);
    expect(row).toMatchObject({ status: 'deleted', email: `deleted-${id}@deleted.invalid` });
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.userId, id));
    expect(profile).toMatchObject({ firstName: null, lastName: null, phoneNumber: null });
    expect(await t.db.select().from(addresses).where(eq(addresses.userId, id))).toEqual([]);
    expect((await t.db.select().from(orders).where(eq(orders.customerId, id))).length).toBe(1);
    expect(
      (await t.db.select().from(rewardsTransactions).where(eq(rewardsTransactions.customerId, id))).length,
    ).toBeGreaterThan(0);

    // The email is free again, the account is off every list, and the audit entry names what was done.
    expect(
      (await browser().post('/api/auth/register', customerInput({ email: input.email, phoneNumber: phone() })))
        .statusCode,
    ).toBe(201);
    expect((await admin.get(`/api/admin/users?q=${id.slice(0, 8)}`)).json().total).toBe(0);
    const audit = (await admin.get('/api/admin/audit?action=user_deleted')).json() as {
      items: { resourceId: string; newData: string }[];
    };
    expect(JSON.parse(audit.items.find((e) => e.resourceId === id)?.newData ?? '{}')).toMatchObject({
      outcome: 'anonymised',
      email: input.email,
    });
  });
});

describe('deleting a vendor', () => {
  it('is refused while an order part is open, naming it; once delivered, the vendor is anonymised, its shops closed and products withdrawn', async () => {
    const v = browser();
    const input = vendorInput({ phone: phone() });
    const { id } = await registerAndLogin(v, input);
    const buyer = await registerAndLogin(browser(), customerInput({ phoneNumber: phone() }));
    const { shop, product, part } = await orderedProduct(id, buyer.id, 'shipped');
    const unsold = await createProduct(t.db, { storeId: shop.id, categoryId: product.categoryId });

    const refused = await del(`vendors/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `This vendor has 1 open order part (#${part.orderId.slice(0, 8).toUpperCase()}). Deliver or cancel it first.`,
    );
    expect((await userRow(id)).status).toBe('active');

    await markPartDelivered(t.db, part.orderPartId);
    const res = await del(`vendors/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'anonymised', message: 'Vendor deleted successfully' });
    expect((await v.get('/api/me')).statusCode).toBe(401);
    expect((await browser().post('/api/auth/login', { email: input.email, password: input.password })).statusCode).toBe(
      401,
    );
    const [closed] = await t.db.select().from(vendorShops).where(eq(vendorShops.id, shop.id));
    expect(closed.isActive).toBe(false);
    for (const p of [product, unsold]) {
      const [row] = await t.db.select().from(products).where(eq(products.id, p.id));
      expect(row.isActive).toBe(false);
      expect(row.withdrawnAt).not.toBeNull();
      expect((await browser().get(`/api/products/${p.id}`)).statusCode).toBe(404);
    }
    // The customer's order still names the product and the shop.
    expect((await t.db.select().from(orderItems).where(eq(orderItems.orderId, part.orderId)))[0].productName).toBe(
      product.name,
    );
    expect((await admin.get(`/api/admin/vendors?q=${id.slice(0, 8)}`)).json().total).toBe(0);
  });

  it('removes a vendor with no orders, with its shops and products; the Vendors tab deletes only vendors', async () => {
    const { id } = await registerAndLogin(browser(), vendorInput({ phone: phone() }));
    const shop = await createShop(t.db, id);
    const product = await createProduct(t.db, { storeId: shop.id, categoryId: (await createCategory(t.db)).id });
    const customer = await registerAndLogin(browser(), customerInput({ phoneNumber: phone() }));
    expect((await del(`vendors/${customer.id}`)).statusCode).toBe(404);

    const res = await del(`vendors/${id}`);
    expect(res.json()).toMatchObject({ outcome: 'removed' });
    expect(await t.db.select().from(vendorShops).where(eq(vendorShops.id, shop.id))).toEqual([]);
    expect(await t.db.select().from(products).where(eq(products.id, product.id))).toEqual([]);
  });
});

describe('deleting a merchant', () => {
  it('anonymises one with recorded payments (and takes its verification away), removes one without', async () => {
    const { id } = await registerAndLogin(browser(), merchantInput({ mobileNumber: phone() }));
    const [m] = await t.db.select().from(merchants).where(eq(merchants.userId, id));
    await t.db.update(merchants).set({ isVerified: true }).where(eq(merchants.id, m.id));
    await t.db
      .insert(merchantTransactions)
      .values({ merchantId: m.id, customerContact: '9876500000', transactionAmountPaise: 50_000 });
    const res = await del(`merchants/${id}`);
    expect(res.json()).toMatchObject({ outcome: 'anonymised', message: 'Merchant deleted successfully' });
    const [after] = await t.db.select().from(merchants).where(eq(merchants.id, m.id));
    expect(after).toMatchObject({
      isVerified: false,
      upiId: '',
      mobileNumber: '',
      email: `deleted-${id}@deleted.invalid`,
    });
    expect(
      (await t.db.select().from(merchantTransactions).where(eq(merchantTransactions.merchantId, m.id))).length,
    ).toBe(1);
    expect((await admin.get(`/api/admin/merchants?q=${id.slice(0, 8)}`)).json().total).toBe(0);

    const fresh = await registerAndLogin(browser(), merchantInput({ mobileNumber: phone() }));
    expect((await del(`merchants/${fresh.id}`)).json().outcome).toBe('removed');
    expect(await userRow(fresh.id)).toBeUndefined();
  });
});

describe('deleting a product', () => {
  it('withdraws one that was ever ordered (gone from every list, the order keeps it) and removes one never ordered', async () => {
    const vendor = browser();
    const vendorLogin = vendorInput({ phone: phone() });
    const { id: vendor2 } = await registerAndLogin(vendor, vendorLogin);
    const buyer = await registerAndLogin(browser(), customerInput({ phoneNumber: phone() }));
    const { product, part } = await orderedProduct(vendor2, buyer.id, 'delivered');

    const res = await del(`products/${product.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'withdrawn', message: 'Product deleted successfully' });
    expect((await browser().get(`/api/products/${product.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/admin/products?q=${product.id.slice(0, 8)}`)).json().total).toBe(0);
    expect((await vendor.get('/api/vendor/products')).json().items.map((p: { id: string }) => p.id)).not.toContain(
      product.id,
    );
    expect((await vendor.get(`/api/vendor/products/${product.id}`)).statusCode).toBe(404);
    expect(
      (await admin.post(`/api/admin/products/${product.id}/enable`, { code: await freshCode(t, secret) })).statusCode,
    ).toBe(404);
    expect((await del(`products/${product.id}`)).statusCode).toBe(404);
    expect((await t.db.select().from(orderItems).where(eq(orderItems.orderPartId, part.orderPartId))).length).toBe(1);

    const neverOrdered = await createProduct(t.db, { storeId: part.storeId, categoryId: product.categoryId });
    expect((await del(`products/${neverOrdered.id}`)).json().outcome).toBe('removed');
    expect(await t.db.select().from(products).where(eq(products.id, neverOrdered.id))).toEqual([]);
  });
});

describe('deleting an employee', () => {
  it('anonymises one with timesheets (sessions ended, off the list) and removes one without', async () => {
    const [worked] = await t.db
      .insert(employees)
      .values({
        email: `kiran.${n}@haat.test`,
        passwordHash: 'x',
        firstName: 'Kiran',
        lastName: 'Das',
        phone: '9000000001',
        isApproved: true,
      })
      .returning();
    await t.db.insert(timesheets).values({
      employeeId: worked.id,
      startTime: '09:00',
      endTime: '17:00',
      description: 'Stock count',
      hoursWorked: 8,
    });
    await t.db
      .insert(employeeSessions)
      .values({ employeeId: worked.id, sessionToken: `tok-${n}`, expiresAt: new Date(Date.now() + 3600_000) });
    const res = await del(`employees/${worked.id}`);
    expect(res.json()).toMatchObject({ outcome: 'anonymised', message: 'Employee deleted successfully' });
    const [after] = await t.db.select().from(employees).where(eq(employees.id, worked.id));
    expect(after).toMatchObject({
      firstName: 'Deleted',
      lastName: 'employee',
      phone: null,
      isActive: false,
      isApproved: false,
    });
    expect(after.deletedAt).not.toBeNull();
    expect(await t.db.select().from(employeeSessions).where(eq(employeeSessions.employeeId, worked.id))).toEqual([]);
    expect((await t.db.select().from(timesheets).where(eq(timesheets.employeeId, worked.id))).length).toBe(1);
    expect((await admin.get(`/api/admin/employees?q=${worked.id.slice(0, 8)}`)).json().total).toBe(0);

    const [idle] = await t.db
      .insert(employees)
      .values({ email: `idle.${n}@haat.test`, passwordHash: 'x', firstName: 'Idle', lastName: 'One' })
      .returning();
    expect((await del(`employees/${idle.id}`)).json().outcome).toBe('removed');
    expect(await t.db.select().from(employees).where(eq(employees.id, idle.id))).toEqual([]);
  });
});
