import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionRouteMessages as m } from '../../../contracts/promotions.contract';
import type { OrderDetail } from '../../../contracts/orders.contract';
import { gstinFor } from '../../../domain/india-ids';
import { haatPromotionCostPaise, moneyInvariantViolations } from '../../money-checks';
import { queryRows } from '../../platform/db';
import { buildTestApp, type TestApp } from '../../test/app';
import { createProductWithVariants } from '../../test/catalog-factories';
import {
  fillCart,
  moveAsVendor,
  newShopper,
  payWithTestGateway,
  signInAs,
  type Shopper,
} from '../../test/checkout-fixtures';
import { promotionInput, shopWithProduct } from '../../test/promotion-fixtures';
import { kurtaShopInMaharashtra } from '../../test/settlement-fixtures';

// Promotions a vendor pays for: the vendor's own API, and what such a discount does to the money.
// Worked by hand for a vendor with a GSTIN and a PAN selling two ₹600 kurtas (HSN 6204, GST 5 %
// included in the price), Haat's commission 10 % of the value, TCS 0.5 % of the taxable value,
// TDS 0.1 % of it, with the vendor's coupon of 20 % off: the invoice shows the ₹240 discount and
// everything is on the ₹960 after it (CGST Act s.15(3)(a); CBDT Circular 20/2023 Q5). docs/promotions.md.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The kurta vendor (GSTIN and PAN, Maharashtra), signed in, with Haat's commission of 10 % on its sales. */
async function kurtaVendor() {
  const { vendor, kurta } = await kurtaShopInMaharashtra(t.db, {
    shopName: 'Pune Handlooms',
    upiId: 'pune@okaxis',
    pan: 'ABCPH1234F',
    gstin: gstinFor('27', 'ABCPH1234F'),
  });
  await queryRows(
    t.db,
    sql`insert into commission_rules (scope, vendor_user_id, rate_bp, effective_from)
        values ('vendor', ${vendor.userId}, 1000, '2024-04-01')`,
  );
  return { vendor, kurta, client: await signInAs(t, vendor.email) };
}

const vendorCoupon = (vendorId: string, over: Record<string, unknown> = {}) =>
  promotionInput({ fundedBy: 'vendor', vendorId, benefitType: 'percent', percent: '20', amount: undefined, ...over });

const checkout = async (s: Shopper, couponCode: string) => {
  const seen = await s.client.get(`/api/checkout/summary?couponCode=${couponCode}`);
  expect(seen.statusCode, seen.body).toBe(200);
  const res = await s.client.post('/api/checkout', {
    addressId: s.addressId,
    expectedTotalPaise: seen.json().amounts.totalPaise,
    couponCode,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const settlementOf = async (orderId: string, productId: string) => {
  const [row] = await queryRows<Record<string, string>>(
    t.db,
    sql`select s.gross_paise, s.taxable_paise, s.cgst_paise + s.sgst_paise + s.igst_paise as gst_paise,
          s.commission_paise, s.tcs_cgst_paise + s.tcs_sgst_paise + s.tcs_igst_paise as tcs_paise, s.tds_paise,
          s.vendor_net_paise
        from order_item_settlements s join order_items i on i.id = s.order_item_id
        where s.order_id = ${orderId} and i.product_id = ${productId}`,
  );
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
};

const documentLines = (kind: string, partId: string) =>
  queryRows<Record<string, string>>(
    t.db,
    sql`select l.quantity, l.unit_price_paise, l.discount_paise, l.gross_paise, l.taxable_paise,
          l.cgst_paise + l.sgst_paise + l.igst_paise as gst_paise
        from tax_document_lines l join tax_documents d on d.id = l.document_id
        where d.kind = ${kind} and d.order_part_id = ${partId} order by d.created_at`,
  ).then((rows) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)]))));

describe("a vendor's own promotions", () => {
  it('creates, lists, pauses and resumes its coupon, always as paid by itself', async () => {
    const { vendor, client } = await kurtaVendor();
    // Whatever the form says about the funder, the vendor acted for pays.
    const created = await client.post('/api/vendor/promotions', vendorCoupon(crypto.randomUUID()));
    expect(created.statusCode, created.body).toBe(201);
    const { promotion } = created.json();
    expect(promotion).toMatchObject({ fundedBy: 'vendor', vendorName: 'Ravi Traders', status: 'active' });
    const [row] = await queryRows<{ vendor_id: string }>(
      t.db,
      sql`select vendor_id::text from promotions where id = ${promotion.id}`,
    );
    expect(row.vendor_id).toBe(vendor.userId);
    const list = await client.get('/api/vendor/promotions');
    expect(list.json().promotions.map((p: { id: string }) => p.id)).toEqual([promotion.id]);
    expect((await client.post(`/api/vendor/promotions/${promotion.id}/pause`)).json().promotion.status).toBe('paused');
    expect((await client.post(`/api/vendor/promotions/${promotion.id}/resume`)).json().promotion.status).toBe('active');
    const [audit] = await queryRows<{ actor_type: string; action: string }>(
      t.db,
      sql`select actor_type, action from system_logs where resource_id = ${promotion.id} order by created_at limit 1`,
    );
    expect(audit).toEqual({ actor_type: 'vendor', action: 'promotion_created' });
  });

  it("refuses another vendor's shop or product, and never shows or changes another vendor's promotion", async () => {
    const mine = await kurtaVendor();
    const other = await shopWithProduct(t, 45_000);
    const shops = await mine.client.post(
      '/api/vendor/promotions',
      vendorCoupon(mine.vendor.userId, { scope: 'shops', shopIds: [other.shop.id] }),
    );
    expect(shops.statusCode).toBe(400);
    expect(shops.json().error.fields).toEqual({ shopIds: m.notYourShops });
    const products = await mine.client.post(
      '/api/vendor/promotions',
      vendorCoupon(mine.vendor.userId, { scope: 'products', productIds: [other.product.id] }),
    );
    expect(products.statusCode).toBe(400);
    expect(products.json().error.fields).toEqual({ productIds: m.notYourProducts });

    const theirs = await signInAs(t, other.vendor.email);
    const created = await theirs.post('/api/vendor/promotions', vendorCoupon(other.vendor.userId));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().promotion.id;
    expect((await mine.client.get('/api/vendor/promotions')).json().promotions).toEqual([]);
    const end = await mine.client.post(`/api/vendor/promotions/${id}/end`);
    expect(end.statusCode).toBe(404);
    expect(end.json().error.message).toBe(m.notFound);
  });
});

describe("a vendor's promotion on single sizes", () => {
  it("saves its own variant, counted as one and kept for the edit form; another vendor's is refused", async () => {
    const mine = await kurtaVendor();
    const own = await createProductWithVariants(t.db, {
      storeId: mine.kurta.storeId,
      categoryId: mine.kurta.categoryId,
      name: 'Sized kurta',
      pricePaise: 60_000,
      variants: [{ option1Value: 'S' }, { option1Value: 'M' }],
    });
    const sizeM = own.variants.find((v) => v.option1Value === 'M')!;
    const saved = await mine.client.post(
      '/api/vendor/promotions',
      vendorCoupon(mine.vendor.userId, { scope: 'products', productIds: [], variantIds: [sizeM.id] }),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().promotion).toMatchObject({
      covers: '1 variant',
      input: { scope: 'products', productIds: [], variantIds: [sizeM.id] },
    });

    const other = await shopWithProduct(t, 45_000);
    const theirs = await createProductWithVariants(t.db, {
      storeId: other.shop.id,
      categoryId: other.category.id,
      name: 'Their kurta',
      pricePaise: 50_000,
      variants: [{ option1Value: 'M' }],
    });
    const refused = await mine.client.post(
      '/api/vendor/promotions',
      vendorCoupon(mine.vendor.userId, { scope: 'products', productIds: [], variantIds: [theirs.variants[0].id] }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ productIds: m.notYourProducts });
  });
});

describe('money of a vendor-funded discount', () => {
  it('puts the discount on the invoice, with GST, commission, TCS and TDS after it; Haat pays nothing', async () => {
    const { vendor, kurta, client } = await kurtaVendor();
    const coupon = (await client.post('/api/vendor/promotions', vendorCoupon(vendor.userId))).json().promotion;
    // Another vendor's ₹450 item in the same cart: the vendor's coupon never covers it.
    const other = await shopWithProduct(t, 45_000);
    const s = await newShopper(t);
    await fillCart(s, [
      { productId: kurta.id, quantity: 2 },
      { productId: other.product.id, quantity: 1 },
    ]);
    const costBefore = await haatPromotionCostPaise(t.db);
    // ₹1,200 + ₹450, less 20 % of the kurtas' ₹1,200 = ₹240: ₹1,410 (delivery free).
    const res = await checkout(s, coupon.code);
    expect(res.amountPaise).toBe(141_000);
    const orderId = (await payWithTestGateway(s, res)).json().orderId;

    const order = (await s.client.get(`/api/orders/${orderId}`)).json() as OrderDetail;
    const kurtaPart = order.parts.find((p) => p.items[0].productName === 'Block Print Kurta')!;
    expect(kurtaPart.items[0].discountPaise).toBe(24_000);
    const [funded] = await queryRows<{ haat: number; vendor: number }>(
      t.db,
      sql`select haat_funded_paise::int as haat, vendor_funded_paise::int as vendor from order_items
          where order_id = ${orderId} and product_id = ${kurta.id}`,
    );
    expect(funded).toEqual({ haat: 0, vendor: 24_000 });

    // The vendor's sale is ₹960: taxable 96,000 x 100/105 = 91,428.57 -> 91,429 paise, GST 4,571;
    // commission 10 % of ₹960 = 9,600; TCS 0.5 % of 91,429 = 457.1 -> 457; TDS 0.1 % = 91.4 -> 91;
    // the vendor's net 96,000 - 9,600 - 457 - 91 = 85,852 paise.
    expect(await settlementOf(orderId, kurta.id)).toEqual({
      gross_paise: 96_000,
      taxable_paise: 91_429,
      gst_paise: 4_571,
      commission_paise: 9_600,
      tcs_paise: 457,
      tds_paise: 91,
      vendor_net_paise: 85_852,
    });
    // The other vendor's item is untouched: its full ₹450.
    expect((await settlementOf(orderId, other.product.id)).gross_paise).toBe(45_000);
    // Haat pays nothing for a vendor's promotion.
    expect(await haatPromotionCostPaise(t.db)).toBe(costBefore);
    // The shopper is told what the promotion took off; the vendor, that its sale is after its own discount.
    const bodies = async (reader: typeof client) =>
      ((await reader.get('/api/notifications')).json().items as { kind: string; body: string }[]).map((n) => n.body);
    expect((await bodies(s.client)).join('\n')).toContain(`of ₹1,410 (₹240 off: ${coupon.code}) is placed`);
    expect((await bodies(client)).join('\n')).toContain('of ₹960 (₹240 off with your promotion)');

    // The invoice shows the unit price, the discount and the value after it.
    await moveAsVendor(client, kurtaPart.id, ['shipped', 'delivered']);
    // The vendor's statement names its promotion's discount beside the sale after it.
    const statement = (await client.get('/api/vendor/earnings')).json().statement.items as Record<string, unknown>[];
    expect(statement.find((r) => r.partId === kurtaPart.id)).toMatchObject({
      discountPaise: 24_000,
      grossPaise: 96_000,
      vendorNetPaise: 85_852,
    });
    expect(await documentLines('invoice', kurtaPart.id)).toEqual([
      {
        quantity: 2,
        unit_price_paise: 60_000,
        discount_paise: 24_000,
        gross_paise: 96_000,
        taxable_paise: 91_429,
        gst_paise: 4_571,
      },
    ]);

    // One kurta back: the credit note carries its half of the discount (₹120) and the invoice's rule for
    // one unit on its ₹480: taxable 48,000 x 100/105 = 45,714.29 -> 45,714, GST 2,286 (the second unit,
    // if it came back, would take the rest of the invoice: 91,429 - 45,714 = 45,715).
    const itemId = kurtaPart.items[0].id;
    const asked = await s.client.post(`/api/orders/parts/${kurtaPart.id}/returns`, {
      items: [{ orderItemId: itemId, quantity: 1 }],
      reason: 'Wrong size or fit',
      comment: 'Too small',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const returnId = asked.json().return.id;
    expect((await client.post(`/api/vendor/returns/${returnId}/approve`)).statusCode).toBe(200);
    const received = await client.post(`/api/vendor/returns/${returnId}/received`);
    expect(received.statusCode, received.body).toBe(200);
    // The shopper paid ₹480 for it (₹600 less its ₹120 share of the discount), and gets ₹480 back.
    expect(received.json().return.refund).toMatchObject({ amountPaise: 48_000 });
    expect(await documentLines('credit_note', kurtaPart.id)).toEqual([
      {
        quantity: 1,
        unit_price_paise: 60_000,
        discount_paise: 12_000,
        gross_paise: 48_000,
        taxable_paise: 45_714,
        gst_paise: 2_286,
      },
    ]);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});
