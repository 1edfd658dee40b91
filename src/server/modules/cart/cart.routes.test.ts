import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartMessages } from '../../../contracts/cart.contract';
import { noDeliveryMessage, orderTotals } from '../../../domain/pricing';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { customerInput, merchantInput, registerAndLogin, vendorInput } from '../../test/factories';
import { clearCart, listCartLines } from './index';

let t: TestApp;
let vendorId: string;
let categoryId: string;
let shopId: string;
let ip = 0;
const newClient = () => new TestClient(t.app, `10.3.0.${++ip}`);

async function makeShop(name = 'Ganga Textiles', active = true): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`insert into vendor_shops (vendor_id, shop_name, is_active) values (${vendorId}, ${name}, ${active}) returning id`,
  );
  return row.id;
}

type ProductOver = {
  name?: string;
  pricePaise?: number;
  originalPricePaise?: number | null;
  stock?: number;
  active?: boolean;
  storeId?: string;
  reward?: number;
};
async function makeProduct(o: ProductOver = {}): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`insert into products (name, price_paise, original_price_paise, stock_quantity, is_active, category_id, store_id, reward_percentage, image_url)
        values (${o.name ?? 'Cotton Kurta'}, ${o.pricePaise ?? 49900}, ${o.originalPricePaise ?? null}, ${o.stock ?? 5}, ${o.active ?? true},
                ${categoryId}, ${o.storeId ?? shopId}, ${o.reward ?? 5}, '/uploads/kurta.webp') returning id`,
  );
  return row.id;
}

async function newCustomer(): Promise<{ client: TestClient; id: string }> {
  const client = newClient();
  const { id } = await registerAndLogin(client, customerInput());
  return { client, id };
}

beforeAll(async () => {
  t = await buildTestApp();
  const vendor = newClient();
  vendorId = (await registerAndLogin(vendor, vendorInput())).id;
  const [cat] = await queryRows<{ id: string }>(
    t.db,
    sql`insert into categories (name, slug) values ('Fashion', 'fashion') returning id`,
  );
  categoryId = cat.id;
  shopId = await makeShop();
});
afterAll(() => t.close());

describe('who may use the cart', () => {
  it('answers 401 to guests, before looking at the body', async () => {
    const guest = newClient();
    expect((await guest.get('/api/cart')).statusCode).toBe(401);
    expect((await guest.post('/api/cart/items', { productId: 'nope', quantity: 0 })).statusCode).toBe(401);
    expect((await guest.patch(`/api/cart/items/${crypto.randomUUID()}`, { quantity: 2 })).statusCode).toBe(401);
    expect((await guest.delete(`/api/cart/items/${crypto.randomUUID()}`)).statusCode).toBe(401);
  });

  it.each([
    ['vendor', () => vendorInput()],
    ['merchant', () => merchantInput()],
  ])("refuses a %s with 403 'Only customers can add items to cart'", async (_role, input) => {
    const c = newClient();
    await registerAndLogin(c, input());
    const productId = await makeProduct();
    const add = await c.post('/api/cart/items', { productId, quantity: 1 });
    expect(add.statusCode).toBe(403);
    expect(add.json().error).toMatchObject({ code: 'FORBIDDEN', message: cartMessages.customersOnly });
    expect((await c.get('/api/cart')).statusCode).toBe(403);
  });

  it('refuses a user with role admin', async () => {
    const c = newClient();
    const { id } = await registerAndLogin(c, customerInput());
    await t.db.execute(sql`update user_profiles set role = 'admin' where user_id = ${id}`);
    const res = await c.post('/api/cart/items', { productId: await makeProduct(), quantity: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(cartMessages.customersOnly);
  });
});

describe('adding and reading', () => {
  it('adds a product (201), increases it on a second add (200) and reads the cart with totals and points', async () => {
    const { client, id } = await newCustomer();
    const productId = await makeProduct({
      name: 'Silk Saree',
      pricePaise: 45000,
      originalPricePaise: 60000,
      stock: 10,
      reward: 4,
    });
    const first = await client.post('/api/cart/items', { productId, quantity: 1 });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ productId, quantity: 1 });
    const second = await client.post('/api/cart/items', { productId, quantity: 2 });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ id: first.json().id, productId, variantId: null, quantity: 3 });

    await t.db.execute(
      sql`insert into rewards_transactions (customer_id, transaction_type, points, description) values (${id}, 'cashback', 250, 'test')`,
    );
    await t.db.execute(sql`update reward_balances set available_points = 250 where user_id = ${id}`);
    const cart = await client.get('/api/cart');
    expect(cart.statusCode).toBe(200);
    const body = cart.json();
    expect(body.items).toEqual([
      {
        id: first.json().id,
        productId,
        variantId: null,
        variantLabel: null,
        sku: null,
        name: 'Silk Saree',
        imageUrl: '/uploads/kurta.webp',
        storeId: shopId,
        storeName: 'Ganga Textiles',
        pricePaise: 45000,
        originalPricePaise: 60000,
        rewardPercentage: 4,
        stockQuantity: 10,
        quantity: 3,
        delivers: true,
        available: true,
        discountPaise: 0,
        offers: [],
        pointsEarned: 54,
      },
    ]);
    expect(body.availablePoints).toBe(250);
    // 3 x ₹450 = ₹1,350: above ₹999, so shipping is free; 4% of 450 = 18 points each.
    expect(body.totals).toEqual({
      subtotalPaise: 135000,
      discountPaise: 0,
      shippingPaise: 0,
      pointsUsed: 0,
      totalPaise: 135000,
      pointsEarned: 54,
    });
    expect(body.totals).toMatchObject(orderTotals([{ pricePaise: 45000, quantity: 3, rewardPercentage: 4 }]));
  });

  it('charges ₹99 shipping at or below ₹999 and shows an empty cart with zero totals', async () => {
    const { client } = await newCustomer();
    expect((await client.get('/api/cart')).json()).toEqual({
      items: [],
      availablePoints: 0,
      totals: { subtotalPaise: 0, discountPaise: 0, shippingPaise: 0, pointsUsed: 0, totalPaise: 0, pointsEarned: 0 },
      promotions: [],
    });
    await client.post('/api/cart/items', { productId: await makeProduct({ pricePaise: 99900 }) });
    const { totals } = (await client.get('/api/cart')).json();
    expect(totals).toMatchObject({ subtotalPaise: 99900, shippingPaise: 9900, totalPaise: 109800 });
  });

  it('refuses more than the stock with 409 naming the product and what is left', async () => {
    const { client } = await newCustomer();
    const productId = await makeProduct({ name: 'Brass Diya', stock: 3 });
    const over = await client.post('/api/cart/items', { productId, quantity: 4 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({ code: 'CONFLICT', message: 'Only 3 left in stock for Brass Diya' });
    expect((await client.post('/api/cart/items', { productId, quantity: 2 })).statusCode).toBe(201);
    const again = await client.post('/api/cart/items', { productId, quantity: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Only 3 left in stock for Brass Diya; you already have 2 in your cart');
    expect((await client.get('/api/cart')).json().items[0].quantity).toBe(2);
  });

  it('refuses an out-of-stock product', async () => {
    const { client } = await newCustomer();
    const res = await client.post('/api/cart/items', { productId: await makeProduct({ name: 'Clay Pot', stock: 0 }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Clay Pot is out of stock');
  });

  it('refuses a product of a shop that does not deliver, saying so, and marks such a line in the cart as not to be bought', async () => {
    const { client } = await newCustomer();
    const pickupOnly = await makeShop('Chowk Pottery');
    await t.db.execute(sql`update vendor_shops set delivery_available = false where id = ${pickupOnly}`);
    const productId = await makeProduct({ name: 'Clay Lamp', storeId: pickupOnly });
    const res = await client.post('/api/cart/items', { productId });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(noDeliveryMessage('Chowk Pottery'));
    expect((await client.get(`/api/products/${productId}`)).json().delivers).toBe(false);

    // A shop that stops delivering after the product went into a cart: the line stays, unavailable, and is not counted.
    const deliveringShop = await makeShop('Chowk Pottery 2');
    const later = await makeProduct({ name: 'Clay Cup', storeId: deliveringShop, pricePaise: 20000 });
    expect((await client.post('/api/cart/items', { productId: later })).statusCode).toBe(201);
    await t.db.execute(sql`update vendor_shops set delivery_available = false where id = ${deliveringShop}`);
    const cart = (await client.get('/api/cart')).json();
    expect(cart.items[0]).toMatchObject({ productId: later, delivers: false, available: false });
    expect(cart.totals.subtotalPaise).toBe(0);
  });

  it("answers 404 'Product not found' for a missing, inactive or closed-shop product", async () => {
    const { client } = await newCustomer();
    const closedShop = await makeShop('Closed Shop', false);
    for (const productId of [
      crypto.randomUUID(),
      await makeProduct({ active: false }),
      await makeProduct({ storeId: closedShop }),
    ]) {
      const res = await client.post('/api/cart/items', { productId, quantity: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({
        code: 'NOT_FOUND',
        message: cartMessages.productNotFound,
        requestId: res.headers['x-request-id'],
      });
    }
    expect((await client.get('/api/cart')).json().items).toEqual([]);
  });

  it.each([
    [{ quantity: 0 }, 'quantity', cartMessages.quantityMin],
    [{ quantity: -2 }, 'quantity', cartMessages.quantityMin],
    [{ quantity: 1.5 }, 'quantity', 'Quantity must be a whole number'],
    [{ quantity: '2' }, 'quantity', 'Quantity must be a whole number'],
  ])('refuses %j with 400', async (over, field, message) => {
    const { client } = await newCustomer();
    const res = await client.post('/api/cart/items', { productId: await makeProduct(), ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('refuses a product id that is not a uuid with 400', async () => {
    const { client } = await newCustomer();
    const res = await client.post('/api/cart/items', { productId: "1' or 1=1 --", quantity: 1 });
    expect(res.statusCode).toBe(400);
  });

  it('never lets concurrent adds of one product go past its stock', async () => {
    const { client } = await newCustomer();
    const productId = await makeProduct({ stock: 3 });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => client.post('/api/cart/items', { productId, quantity: 1 })),
    );
    expect(results.filter((r) => r.statusCode < 300)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect((await client.get('/api/cart')).json().items[0].quantity).toBe(3);
  });
});

describe('lines that became unavailable', () => {
  it('flags lines whose product or shop went inactive or ran out, and leaves them out of the totals', async () => {
    const { client } = await newCustomer();
    const shop = await makeShop('Kaveri Crafts');
    const ok = await makeProduct({ name: 'Ok', pricePaise: 20000 });
    const hidden = await makeProduct({ name: 'Hidden', pricePaise: 30000 });
    const closed = await makeProduct({ name: 'Closed', pricePaise: 40000, storeId: shop });
    const soldOut = await makeProduct({ name: 'Sold out', pricePaise: 50000 });
    for (const productId of [ok, hidden, closed, soldOut])
      expect((await client.post('/api/cart/items', { productId })).statusCode).toBe(201);
    await t.db.execute(sql`update products set is_active = false where id = ${hidden}`);
    await t.db.execute(sql`update vendor_shops set is_active = false where id = ${shop}`);
    await t.db.execute(sql`update products set stock_quantity = 0 where id = ${soldOut}`);
    const body = (await client.get('/api/cart')).json();
    expect(
      Object.fromEntries(body.items.map((i: { name: string; available: boolean }) => [i.name, i.available])),
    ).toEqual({ Ok: true, Hidden: false, Closed: false, 'Sold out': false });
    expect(body.totals).toMatchObject({ subtotalPaise: 20000, shippingPaise: 9900, totalPaise: 29900 });

    const line = body.items.find((i: { name: string }) => i.name === 'Hidden');
    const res = await client.patch(`/api/cart/items/${line.id}`, { quantity: 2 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Hidden is no longer available');
    expect((await client.delete(`/api/cart/items/${line.id}`)).statusCode).toBe(204);
  });
});

describe('changing and removing lines', () => {
  it('sets the quantity between 1 and the stock', async () => {
    const { client } = await newCustomer();
    const productId = await makeProduct({ name: 'Tea Set', stock: 4 });
    const { id } = (await client.post('/api/cart/items', { productId })).json();
    const up = await client.patch(`/api/cart/items/${id}`, { quantity: 4 });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ id, productId, variantId: null, quantity: 4 });
    const over = await client.patch(`/api/cart/items/${id}`, { quantity: 5 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe('Only 4 left in stock for Tea Set');
    const zero = await client.patch(`/api/cart/items/${id}`, { quantity: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.fields.quantity).toBe('Quantity must be at least 1');
    expect((await client.patch(`/api/cart/items/${id}`, {})).statusCode).toBe(400);
    expect((await client.patch(`/api/cart/items/${id}`, { quantity: 1 })).json().quantity).toBe(1);
  });

  it('removes a line (204), then answers 404 for it', async () => {
    const { client } = await newCustomer();
    const { id } = (await client.post('/api/cart/items', { productId: await makeProduct() })).json();
    expect((await client.delete(`/api/cart/items/${id}`)).statusCode).toBe(204);
    expect((await client.delete(`/api/cart/items/${id}`)).statusCode).toBe(404);
    expect((await client.get('/api/cart')).json().items).toEqual([]);
  });

  it("never shows, changes or removes another customer's line (404)", async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const productId = await makeProduct({ stock: 9 });
    const { id } = (await owner.client.post('/api/cart/items', { productId, quantity: 2 })).json();
    expect((await other.client.get('/api/cart')).json().items).toEqual([]);
    const patch = await other.client.patch(`/api/cart/items/${id}`, { quantity: 5 });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().error.message).toBe(cartMessages.itemNotFound);
    expect((await other.client.delete(`/api/cart/items/${id}`)).statusCode).toBe(404);
    expect((await owner.client.get('/api/cart')).json().items).toMatchObject([{ id, quantity: 2 }]);
  });

  it('answers 400 for a line id that is not a uuid', async () => {
    const { client } = await newCustomer();
    expect((await client.patch('/api/cart/items/not-a-uuid', { quantity: 1 })).statusCode).toBe(400);
    expect((await client.delete('/api/cart/items/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('helpers for checkout', () => {
  it('lists the lines oldest first and clears them in a transaction', async () => {
    const { client, id } = await newCustomer();
    const a = await makeProduct({ name: 'A' });
    const b = await makeProduct({ name: 'B' });
    await client.post('/api/cart/items', { productId: a, quantity: 2 });
    await client.post('/api/cart/items', { productId: b, quantity: 1 });
    expect(await listCartLines(t.db, id)).toEqual([
      { productId: a, variantId: null, quantity: 2 },
      { productId: b, variantId: null, quantity: 1 },
    ]);
    await t.db.transaction((tx) => clearCart(tx, id));
    expect(await listCartLines(t.db, id)).toEqual([]);
  });
});
