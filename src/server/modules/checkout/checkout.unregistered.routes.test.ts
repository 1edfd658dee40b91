import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinFor } from '../../../domain/india-ids';
import { buildTestApp, type TestApp } from '../../test/app';
import { createCategory, createProduct, createShop, createVendorUser } from '../../test/catalog-factories';
import { count, fillCart, newShopper, postCheckout, stockOf } from '../../test/checkout-fixtures';
import { vendorPayoutDetails } from '../settlement/settlement.tables';

// A seller without a GSTIN may supply through Haat only within its shop's state (Notification
// 34/2023-Central Tax): checkout says so per item and refuses another state's address.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A Jaipur shop without a GSTIN selling a ₹599 diya set, and a Jaipur shop with one selling a ₹999 lamp. */
async function jaipurShops() {
  const category = await createCategory(t.db);
  const unregistered = await createVendorUser(t.db);
  const shop = await createShop(t.db, unregistered.userId, { shopName: 'Jaipur Handloom House', state: 'Rajasthan' });
  const diyas = await createProduct(t.db, {
    storeId: shop.id,
    categoryId: category.id,
    name: 'Brass Diya Set',
    pricePaise: 59900,
    stockQuantity: 5,
  });
  const registered = await createVendorUser(t.db);
  await t.db.insert(vendorPayoutDetails).values({
    vendorUserId: registered.userId,
    method: 'upi',
    upiId: 'lamps@okaxis',
    pan: 'ABCPR1234F',
    gstin: gstinFor('08', 'ABCPR1234F'),
  });
  const lampShop = await createShop(t.db, registered.userId, { shopName: 'Jaipur Lamps', state: 'Rajasthan' });
  const lamp = await createProduct(t.db, {
    storeId: lampShop.id,
    categoryId: category.id,
    name: 'Brass Lamp',
    pricePaise: 99900,
    stockQuantity: 5,
  });
  return { diyas, lamp };
}

async function addressIn(
  client: Awaited<ReturnType<typeof newShopper>>['client'],
  state: string,
  city: string,
  postalCode: string,
): Promise<string> {
  const res = await client.post('/api/addresses', {
    type: 'other',
    streetAddress: '3 MI Road',
    city,
    state,
    postalCode,
    isDefault: false,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

describe('an item from a seller without a GSTIN', () => {
  it('is marked as shipping only within its state, and refused for an address in another state with nothing reserved', async () => {
    const { diyas, lamp } = await jaipurShops();
    const shopper = await newShopper(t); // Pune, Maharashtra
    await fillCart(shopper, [{ productId: diyas.id }, { productId: lamp.id }]);
    const summary = await shopper.client.get('/api/checkout/summary');
    expect(summary.statusCode).toBe(200);
    const byName = new Map(
      summary
        .json<{ lines: { name: string; shipsOnlyWithin: string | null }[] }>()
        .lines.map((l) => [l.name, l.shipsOnlyWithin]),
    );
    expect(byName.get('Brass Diya Set')).toBe('Rajasthan');
    expect(byName.get('Brass Lamp')).toBeNull();

    const refused = await postCheckout(shopper.client, { addressId: shopper.addressId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      '"Brass Diya Set" ships only within Rajasthan: its seller is not registered for GST and may not sell to Maharashtra. Please choose an address in Rajasthan or remove it from your cart.',
    );
    expect(await stockOf(t, diyas.id)).toBe(5);
    expect(await count(t, sql`select count(*) as n from orders where customer_id = ${shopper.userId}`)).toBe(0);
    expect(await count(t, sql`select count(*) as n from payments where customer_id = ${shopper.userId}`)).toBe(0);
  });

  it('is accepted for an address in its state', async () => {
    const { diyas, lamp } = await jaipurShops();
    const shopper = await newShopper(t);
    const jaipur = await addressIn(shopper.client, 'Rajasthan', 'Jaipur', '302001');
    await fillCart(shopper, [{ productId: diyas.id }, { productId: lamp.id }]);
    const res = await postCheckout(shopper.client, { addressId: jaipur });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('payment_required');
  });

  it('from a seller with a GSTIN ships anywhere', async () => {
    const { lamp } = await jaipurShops();
    const shopper = await newShopper(t);
    await fillCart(shopper, [{ productId: lamp.id }]);
    const res = await postCheckout(shopper.client, { addressId: shopper.addressId });
    expect(res.statusCode, res.body).toBe(200);
  });
});
