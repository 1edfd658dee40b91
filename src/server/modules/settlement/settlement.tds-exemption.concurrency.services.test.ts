import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createCategory, createProduct, createShop, createVendorUser } from '../../test/catalog-factories';
import { newShopper, placeOrder } from '../../test/checkout-fixtures';
import { moneyInvariantViolations } from '../../test/invariants';
import { vendorPayoutDetails } from './settlement.tables';
import { requireServices } from '../../test/services';

await requireServices(['postgresql']);

// The ₹5 lakh exemption of section 194-O(2) under deliveries at once: each credit decides under the
// vendor's balance lock, so two credits that each fit under the limit alone, but not together,
// cannot both be exempt. On PGlite the transactions queue; on PostgreSQL (DATABASE_URL) they race.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('two sales delivered at once by a vendor declaring the exemption', () => {
  it('exempts the first credited and charges the second its own TDS and the first one’s', async () => {
    const category = await createCategory(t.db);
    const vendor = await createVendorUser(t.db);
    // An individual with a PAN (TDS 0.1 %), no GSTIN: TDS on the gross, ₹300.00 on a ₹3,00,000 sale.
    await t.db.insert(vendorPayoutDetails).values({
      vendorUserId: vendor.userId,
      method: 'upi',
      upiId: 'ravi@okaxis',
      pan: 'ABCPK1234F',
      tdsExemption: 'individual',
    });
    const shop = await createShop(t.db, vendor.userId, { state: 'Maharashtra' });
    const product = await createProduct(t.db, {
      storeId: shop.id,
      categoryId: category.id,
      pricePaise: 30_000_000,
      stockQuantity: 4,
      hsnCode: '6205',
    });
    const shopper = await newShopper(t);
    const client = new TestClient(t.app, '10.124.0.1');
    expect((await client.post('/api/auth/login', { email: vendor.email, password: 'secret123' })).statusCode).toBe(200);
    const parts: string[] = [];
    for (let i = 0; i < 2; i++) {
      const orderId = await placeOrder(shopper, [{ productId: product.id, quantity: 1 }]);
      const [part] = await queryRows<{ id: string }>(t.db, sql`select id from order_parts where order_id = ${orderId}`);
      expect((await client.patch(`/api/vendor/orders/parts/${part.id}/status`, { status: 'shipped' })).statusCode).toBe(
        200,
      );
      parts.push(part.id);
    }
    // ₹3,00,000 alone is within ₹5,00,000; ₹6,00,000 together is not.
    const answers = await Promise.all(
      parts.map((id) => client.patch(`/api/vendor/orders/parts/${id}/status`, { status: 'delivered' })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await queryRows<{ entry_type: string; payable_paise: string }>(
      t.db,
      sql`select entry_type, payable_paise from vendor_ledger where vendor_user_id = ${vendor.userId} and entry_type like 'tds_%' order by entry_type`,
    );
    expect(rows.map((r) => [r.entry_type, Number(r.payable_paise)])).toEqual([
      ['tds_catch_up', -30_000],
      ['tds_exempt', 30_000],
    ]);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});
