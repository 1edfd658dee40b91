import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorOverview } from '../../../contracts/vendor-products.contract';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createCategory, createProduct, createShop } from '../../test/catalog-factories';
import { customerInput, registerAndLogin, signedInVendor } from '../../test/factories';
import { addOrderPart, createOrderWithPart } from '../../test/order-factories';

let t: TestApp;
let ip = 0;
const newClient = () => new TestClient(t.app, `10.10.0.${++ip}`);
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const newVendor = () => signedInVendor(newClient());

const overview = async (client: TestClient): Promise<VendorOverview> => {
  const res = await client.get('/api/vendor/overview');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/vendor/overview', () => {
  it('answers 401 to a guest and 403 to a customer', async () => {
    expect((await newClient().get('/api/vendor/overview')).statusCode).toBe(401);
    const customer = newClient();
    await registerAndLogin(customer, customerInput());
    expect((await customer.get('/api/vendor/overview')).statusCode).toBe(403);
  });

  it('shows zeros and no orders for a new vendor', async () => {
    const v = await newVendor();
    expect(await overview(v.client)).toEqual({
      totalProducts: 0,
      activeProducts: 0,
      totalOrders: 0,
      revenuePaise: 0,
      recentOrders: [],
      rejectionReason: null,
    });
  });

  it("counts the vendor's products over all shops, and only the vendor's own parts of orders", async () => {
    const a = await newVendor();
    const b = await newVendor();
    const shopA1 = await createShop(t.db, a.id, { shopName: 'Jaipur Handloom House' });
    const shopA2 = await createShop(t.db, a.id, { shopName: 'Jaipur Brassware' });
    const shopB = await createShop(t.db, b.id, { shopName: 'Kolkata Books' });
    const category = await createCategory(t.db);
    await createProduct(t.db, { storeId: shopA1.id, categoryId: category.id });
    await createProduct(t.db, { storeId: shopA2.id, categoryId: category.id, isActive: false });
    await createProduct(t.db, { storeId: shopA2.id, categoryId: category.id });
    await createProduct(t.db, { storeId: shopB.id, categoryId: category.id });

    const customer = newClient();
    const { id: customerUserId } = await registerAndLogin(
      customer,
      customerInput({ firstName: 'Meera', lastName: 'Iyer' }),
    );
    // A shared order: A's part ₹1,000 and B's part ₹5,000.
    const shared = await createOrderWithPart(t.db, {
      customerUserId,
      storeId: shopA1.id,
      subtotalPaise: 100_000,
      status: 'shipped',
    });
    await addOrderPart(t.db, shared.orderId, { storeId: shopB.id, subtotalPaise: 500_000 });
    // One order with parts from both of A's shops counts once.
    const both = await createOrderWithPart(t.db, { customerUserId, storeId: shopA1.id, subtotalPaise: 20_000 });
    await addOrderPart(t.db, both.orderId, { storeId: shopA2.id, subtotalPaise: 30_000, status: 'processing' });
    // A cancelled part counts as an order but brings no revenue.
    const cancelled = await createOrderWithPart(t.db, {
      customerUserId,
      storeId: shopA2.id,
      subtotalPaise: 70_000,
      status: 'cancelled',
    });
    // B alone.
    await createOrderWithPart(t.db, { customerUserId, storeId: shopB.id, subtotalPaise: 900_000 });
    const later: string[] = [];
    for (let i = 0; i < 3; i++)
      later.push(
        (
          await createOrderWithPart(t.db, {
            customerUserId,
            storeId: shopA1.id,
            subtotalPaise: 1_000 * (i + 1),
            status: 'delivered',
          })
        ).orderPartId,
      );

    const ofA = await overview(a.client);
    expect(ofA).toMatchObject({
      totalProducts: 3,
      activeProducts: 2,
      totalOrders: 6,
      revenuePaise: 100_000 + 20_000 + 30_000 + 1_000 + 2_000 + 3_000,
    });
    expect(ofA.recentOrders).toHaveLength(5);
    // Newest first: the three later orders, then the cancelled one, then a part of the two-shop order.
    expect(ofA.recentOrders.slice(0, 4).map((o) => o.orderPartId)).toEqual([...later.reverse(), cancelled.orderPartId]);
    expect(ofA.recentOrders[0]).toMatchObject({
      customerName: 'Meera Iyer',
      storeName: 'Jaipur Handloom House',
      amountPaise: 3_000,
      status: 'delivered',
    });
    expect(ofA.recentOrders[3]).toMatchObject({
      orderId: cancelled.orderId,
      amountPaise: 70_000,
      status: 'cancelled',
      storeName: 'Jaipur Brassware',
    });
    expect(ofA.recentOrders[4].orderId).toBe(both.orderId);
    expect(ofA.recentOrders.every((o) => o.storeName !== 'Kolkata Books')).toBe(true);

    const ofB = await overview(b.client);
    expect(ofB).toMatchObject({ totalProducts: 1, activeProducts: 1, totalOrders: 2, revenuePaise: 500_000 + 900_000 });
    expect(ofB.recentOrders.map((o) => o.storeName)).toEqual(['Kolkata Books', 'Kolkata Books']);
    expect(ofB.recentOrders.map((o) => o.orderId)).toContain(shared.orderId);
  });
});
