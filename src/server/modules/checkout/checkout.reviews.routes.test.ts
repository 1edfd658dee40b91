import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { movePart, newShopper, orderPartsOf, placeOrder, twoShops } from '../../test/checkout-fixtures';
import { registerAndLogin, vendorInput } from '../../test/factories';

let t: TestApp;
let shop: Awaited<ReturnType<typeof twoShops>>;
beforeAll(async () => {
  t = await buildTestApp();
  shop = await twoShops(t, { stockA: 100, stockB: 100 });
});
afterAll(() => t.close());

describe('POST /api/products/:id/reviews', () => {
  it('lets a customer review a delivered product once, and updates the product rating', async () => {
    const s = await newShopper(t);
    const orderId = await placeOrder(s, [{ productId: shop.a.id }, { productId: shop.b.id }]);
    const [b, a] = await orderPartsOf(t, orderId);
    const early = await s.client.post(`/api/products/${shop.a.id}/reviews`, { rating: 5, comment: 'Lovely print' });
    expect(early.statusCode).toBe(403);
    expect(early.json().error.message).toBe('You can review a product only after it has been delivered to you');

    await movePart(t, a.id, 'delivered');
    const res = await s.client.post(`/api/products/${shop.a.id}/reviews`, {
      rating: 4,
      comment: 'Lovely print, a little loose',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Thank you for your review!' });
    const [p] = await queryRows<{ rating_average: string; rating_count: number }>(
      t.db,
      sql`select rating_average::text, rating_count from products where id = ${shop.a.id}`,
    );
    expect(p).toEqual({ rating_average: '4.00', rating_count: 1 });
    const [review] = await queryRows<{ order_id: string; rating: number; comment: string }>(
      t.db,
      sql`select order_id, rating, comment from reviews where id = ${res.json().id}`,
    );
    expect(review).toEqual({ order_id: orderId, rating: 4, comment: 'Lovely print, a little loose' });

    const twice = await s.client.post(`/api/products/${shop.a.id}/reviews`, { rating: 5, comment: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('You have already reviewed this product');
    // The other shop's part is not delivered: its product cannot be reviewed yet.
    expect((await s.client.post(`/api/products/${shop.b.id}/reviews`, { rating: 3, comment: '' })).statusCode).toBe(
      403,
    );
    await movePart(t, b.id, 'cancelled');
    expect((await s.client.post(`/api/products/${shop.b.id}/reviews`, { rating: 3, comment: '' })).statusCode).toBe(
      403,
    );

    const order = (await s.client.get(`/api/orders/${orderId}`)).json();
    const reviewed = order.parts
      .flatMap((part: { items: { productId: string; reviewed: boolean }[] }) => part.items)
      .map((i: { productId: string; reviewed: boolean }) => [i.productId, i.reviewed]);
    expect(Object.fromEntries(reviewed)).toEqual({ [shop.a.id]: true, [shop.b.id]: false });
  });

  it.each([0, 6, 2.5, 'x'])('refuses the rating %j', async (rating) => {
    const s = await newShopper(t);
    const res = await s.client.post(`/api/products/${shop.a.id}/reviews`, { rating, comment: 'Hmm' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.rating).toBe('Please choose a rating from 1 to 5 stars');
  });

  it('refuses guests (401), vendors (403) and customers who were never delivered the product (403)', async () => {
    expect(
      (await new TestClient(t.app).post(`/api/products/${shop.a.id}/reviews`, { rating: 5, comment: '' })).statusCode,
    ).toBe(401);
    const vendor = new TestClient(t.app, '10.7.0.2');
    await registerAndLogin(vendor, vendorInput());
    expect((await vendor.post(`/api/products/${shop.a.id}/reviews`, { rating: 5, comment: '' })).statusCode).toBe(403);
    const stranger = await newShopper(t);
    expect(
      (await stranger.client.post(`/api/products/${shop.a.id}/reviews`, { rating: 5, comment: '' })).statusCode,
    ).toBe(403);
  });
});
