import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderPage } from '../../../contracts/admin-orders.contract';
import type { OrderDetail, OrderList } from '../../../contracts/orders.contract';
import type { VendorOrderList } from '../../../contracts/vendor-orders.contract';
import { queryRows } from '../../platform/db';
import { signInSuperAdmin } from '../../test/admin';
import { buildTestApp, type TestApp } from '../../test/app';
import { signInFromOwnAddress } from '../../test/factories';
import { createCategory, createProductWithVariants, createShop, createVendorUser } from '../../test/catalog-factories';
import { newShopper, placeOrder } from '../../test/checkout-fixtures';

// The customer's order, the vendor's Orders tab, the admin's Orders tab (and its
// CSV) and the tax invoice say which size and colour was bought; the vendor and the admin see its SKU.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signIn = signInFromOwnAddress(() => t, '10.23');

/** A vendor's kurta in two sizes and two colours (Rust with its own picture), a signed-in vendor and a shopper's order of M Rust × 2. */
async function orderedKurta() {
  const category = await createCategory(t.db);
  const v = await createVendorUser(t.db);
  const shop = await createShop(t.db, v.userId, { shopName: 'Pune Handlooms', state: 'Maharashtra' });
  const { product, variants } = await createProductWithVariants(t.db, {
    storeId: shop.id,
    categoryId: category.id,
    name: 'Block Print Kurta',
    pricePaise: 60000,
    hsnCode: '6204',
    imageUrl: '/uploads/kurta.webp',
    option1Name: 'Size',
    option2Name: 'Colour',
    variants: [
      { option1Value: 'M', option2Value: 'Indigo' },
      { option1Value: 'M', option2Value: 'Rust', sku: 'KUR-M-RUST', images: ['/uploads/kurta-rust.webp'] },
    ],
  });
  const rust = variants.find((x) => x.option2Value === 'Rust')!;
  const shopper = await newShopper(t);
  const orderId = await placeOrder(shopper, [{ productId: product.id, variantId: rust.id, quantity: 2 }]);
  return { product, rust, shopper, orderId, vendor: await signIn(v.email) };
}

describe('orders of a size and colour', () => {
  it("show the customer the variant bought, with its picture, in the order's details and the order list", async () => {
    const { product, rust, shopper, orderId } = await orderedKurta();
    const detail: OrderDetail = (await shopper.client.get(`/api/orders/${orderId}`)).json();
    expect(detail.parts[0].items).toEqual([
      expect.objectContaining({
        productId: product.id,
        productName: 'Block Print Kurta',
        variantId: rust.id,
        variantLabel: 'Size: M · Colour: Rust',
        imageUrl: '/uploads/kurta-rust.webp',
        quantity: 2,
      }),
    ]);
    const list: OrderList = (await shopper.client.get('/api/orders')).json();
    expect(list.items.find((o) => o.id === orderId)?.parts[0].items[0]).toMatchObject({
      variantLabel: 'Size: M · Colour: Rust',
    });
  });

  it("show the vendor the variant's label and SKU, and the tax invoice names the size and colour", async () => {
    const { orderId, vendor } = await orderedKurta();
    const list: VendorOrderList = (await vendor.get('/api/vendor/orders?pageSize=100')).json();
    const part = list.items.find((p) => p.orderId === orderId)!;
    expect(part.items).toEqual([
      expect.objectContaining({
        productName: 'Block Print Kurta',
        variantLabel: 'Size: M · Colour: Rust',
        sku: 'KUR-M-RUST',
        imageUrl: '/uploads/kurta-rust.webp',
        quantity: 2,
      }),
    ]);

    for (const status of ['confirmed', 'processing', 'shipped']) {
      const res = await vendor.patch(`/api/vendor/orders/parts/${part.partId}/status`, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
    const lines = await queryRows<{ description: string }>(
      t.db,
      sql`select l.description from tax_document_lines l join tax_documents d on d.id = l.document_id where d.order_part_id = ${part.partId}`,
    );
    expect(lines).toEqual([{ description: 'Block Print Kurta (Size: M · Colour: Rust)' }]);
  });

  it("show the super admin the variant's label and SKU, in the Orders tab and its CSV", async () => {
    const { orderId } = await orderedKurta();
    const { client: admin } = await signInSuperAdmin(t, '10.23.200.1');
    const page: AdminOrderPage = (await admin.get(`/api/admin/orders?q=${orderId}`)).json();
    expect(page.items).toEqual([
      expect.objectContaining({
        productName: 'Block Print Kurta',
        variantLabel: 'Size: M · Colour: Rust',
        sku: 'KUR-M-RUST',
        quantity: 2,
      }),
    ]);
    const csv = await admin.get(`/api/admin/orders/export?q=${orderId}`);
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body.trim().split(/\r?\n/);
    // The variant's columns, as named in the header (the payment's columns follow them).
    const columns = header.split(',');
    expect(columns.slice(columns.indexOf('variant'), columns.indexOf('variant') + 2)).toEqual(['variant', 'sku']);
    expect(row).toContain(',Size: M · Colour: Rust,KUR-M-RUST,');
  });
});
