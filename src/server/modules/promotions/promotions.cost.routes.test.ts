import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutSummary } from '../../../contracts/checkout.contract';
import type { PromotionCostReport } from '../../../contracts/promotion-cost.contract';
import type { OrderDetail } from '../../../contracts/orders.contract';
import { todayInIndia } from '../../../domain/age';
import { haatPromotionCostPaise, moneyInvariantViolations, promotionCostLedgerBreaches } from '../../money-checks';
import { queryRows } from '../../platform/db';
import { signInStaff, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, type TestApp, type TestClient } from '../../test/app';
import {
  fillCart,
  moveAsVendor,
  newShopper,
  payWithTestGateway,
  signInAs,
  type Shopper,
} from '../../test/checkout-fixtures';
import { savePromotion, shopWithProduct } from '../../test/promotion-fixtures';
import { promotionCostReport } from './promotions.cost';

// Haat's promotion cost ledger: granted per item and promotion when an order is placed, given back
// when a part is cancelled or a unit returned, and the money check that its net per order is the
// Haat-funded discount of the items kept. docs/promotions.md.

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signInSuperAdmin(t)).client;
});
afterAll(() => t.close());

const checkout = async (s: Shopper, couponCode: string) => {
  const seen = await s.client.get(`/api/checkout/summary?pointsToUse=0&couponCode=${couponCode}`);
  expect(seen.statusCode, seen.body).toBe(200);
  const res = await s.client.post('/api/checkout', {
    addressId: s.addressId,
    expectedTotalPaise: (seen.json() as CheckoutSummary).amounts.totalPaise,
    couponCode,
    pointsToUse: 0,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (await payWithTestGateway(s, res.json())).json().orderId as string;
};

const linesOf = (orderId: string) =>
  queryRows<{ item: string; promotion: string; kind: string; paise: number; month: string }>(
    t.db,
    sql`select order_item_id::text as item, promotion_id::text as promotion, kind, amount_paise::int as paise, month
        from promotion_cost_entries where order_id = ${orderId} order by kind desc, amount_paise desc`,
  );

const LEDGER_STORY =
  'grants per item and promotion, gives back a cancelled part and a returned unit; net = the discount kept';

describe('Haat’s promotion cost ledger', () => {
  it(LEDGER_STORY, async () => {
    const a = await shopWithProduct(t, 50_000);
    const b = await shopWithProduct(t, 40_000);
    const automatic = await savePromotion(t, {
      name: 'Earbuds week',
      kind: 'automatic',
      couponCode: undefined,
      amount: '90',
      stackable: true,
      scope: 'products',
      productIds: [a.product.id],
    });
    const coupon = await savePromotion(t, { name: 'Hundred off' });
    const s = await newShopper(t);
    await fillCart(s, [
      { productId: a.product.id, quantity: 3 },
      { productId: b.product.id, quantity: 1 },
    ]);
    const costBefore = await haatPromotionCostPaise(t.db);
    const orderId = await checkout(s, coupon.code!);
    const order = (await s.client.get(`/api/orders/${orderId}`)).json() as OrderDetail;
    const partA = order.parts.find((p) => p.storeId === a.shop.id)!;
    const partB = order.parts.find((p) => p.storeId === b.shop.id)!;
    const itemA = partA.items[0].id;
    const itemB = partB.items[0].id;
    const month = todayInIndia().slice(0, 7);
    // ₹1,500 of earbuds (3 x ₹500) and a ₹400 item. Earbuds week first: ₹90 off the earbuds, ₹1,410
    // left. Then ₹100 off the cart, shared 1,410 : 400 of the ₹1,810 left: 7,790.055 and 2,209.945
    // paise, floors 7,790 + 2,209, the paisa left to the larger remainder: ₹77.90 and ₹22.10.
    expect(await linesOf(orderId)).toEqual([
      { item: itemA, promotion: automatic.id, kind: 'granted', paise: 9_000, month },
      { item: itemA, promotion: coupon.id, kind: 'granted', paise: 7_790, month },
      { item: itemB, promotion: coupon.id, kind: 'granted', paise: 2_210, month },
    ]);
    expect(await haatPromotionCostPaise(t.db)).toBe(costBefore + 19_000);

    // The second shop cancels its part: the coupon's ₹22.10 on it comes back.
    const vendorB = await signInAs(t, b.vendor.email);
    const cancel = await vendorB.patch(`/api/vendor/orders/parts/${partB.id}/status`, {
      status: 'cancelled',
      reason: 'Out of stock',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await linesOf(orderId)).filter((l) => l.kind === 'given back')).toEqual([
      { item: itemB, promotion: coupon.id, kind: 'given back', paise: 2_210, month },
    ]);

    // One of the three earbuds returned: Haat's ₹167.90 on the line shared by units gives back
    // floor(16,790 / 3) = 5,596 paise; by promotion floor(9,000 / 3) = 3,000 and floor(7,790 / 3) = 2,596.
    const vendorA = await signInAs(t, a.vendor.email);
    await moveAsVendor(vendorA, partA.id, ['shipped', 'delivered']);
    const asked = await s.client.post(`/api/orders/parts/${partA.id}/returns`, {
      items: [{ orderItemId: itemA, quantity: 1 }],
      reason: 'Wrong size or fit',
      comment: 'Does not fit',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const returnId = asked.json().return.id;
    expect((await vendorA.post(`/api/vendor/returns/${returnId}/approve`)).statusCode).toBe(200);
    const received = await vendorA.post(`/api/vendor/returns/${returnId}/received`);
    expect(received.statusCode, received.body).toBe(200);
    expect((await linesOf(orderId)).filter((l) => l.kind === 'given back')).toEqual([
      { item: itemA, promotion: automatic.id, kind: 'given back', paise: 3_000, month },
      { item: itemA, promotion: coupon.id, kind: 'given back', paise: 2_596, month },
      { item: itemB, promotion: coupon.id, kind: 'given back', paise: 2_210, month },
    ]);

    // Kept: the two earbuds' 16,790 - 5,596 = 11,194 paise = the ledger's net 19,000 - 2,210 - 5,596.
    expect(await haatPromotionCostPaise(t.db)).toBe(costBefore + 11_194);
    // The month: Hundred off granted ₹100.00, given back ₹22.10 + ₹25.96 = ₹48.06, net ₹51.94;
    // Earbuds week granted ₹90, given back ₹30, net ₹60; one order each.
    const report = (await promotionCostReport(t.db, month)).filter((r) =>
      [automatic.id, coupon.id].includes(r.promotionId),
    );
    expect(report).toEqual([
      {
        promotionId: automatic.id,
        name: 'Earbuds week',
        code: null,
        orders: 1,
        grantedPaise: 9_000,
        givenBackPaise: 3_000,
        netPaise: 6_000,
      },
      {
        promotionId: coupon.id,
        name: 'Hundred off',
        code: coupon.code,
        orders: 1,
        grantedPaise: 10_000,
        givenBackPaise: 4_806,
        netPaise: 5_194,
      },
    ]);
    // The list's revenue counts the parts not cancelled: the earbuds' ₹1,500 - ₹167.90 = ₹1,332.10.
    const listed = await admin.get(`/api/admin/promotions?q=${coupon.code}`);
    expect(listed.json().promotions[0]).toMatchObject({ orders: 1, revenuePaise: 133_210 });
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('the money check names an order whose ledger does not net to the Haat-funded discount it kept', async () => {
    const { product } = await shopWithProduct(t, 30_000);
    const coupon = await savePromotion(t, { name: 'Thirty off', amount: '30' });
    const s = await newShopper(t);
    await fillCart(s, [{ productId: product.id, quantity: 1 }]);
    const orderId = await checkout(s, coupon.code!);
    expect(await promotionCostLedgerBreaches(t.db)).toEqual([]);
    const [line] = await linesOf(orderId);
    expect(line).toMatchObject({ kind: 'granted', paise: 3_000 });
    // A line given back that no cancellation or return wrote: the books no longer agree.
    await t.db.execute(
      sql`insert into promotion_cost_entries
            (reference, order_id, order_part_id, order_item_id, promotion_id, kind, amount_paise, on_date, month)
          select 'test:' || id::text, order_id, order_part_id, order_item_id, promotion_id, 'given back', 1000,
                 on_date, month
          from promotion_cost_entries where order_id = ${orderId}`,
    );
    try {
      expect(await promotionCostLedgerBreaches(t.db)).toEqual([
        `order ${orderId}: the promotion cost ledger nets 2000, the Haat-funded discount kept is 3000`,
      ]);
    } finally {
      await t.db.execute(sql`delete from promotion_cost_entries where reference like 'test:%'`);
    }
    expect(await promotionCostLedgerBreaches(t.db)).toEqual([]);
  });

  it('the monthly report and its CSV, the list’s orders and revenue, for the Promotions permission only', async () => {
    const { product } = await shopWithProduct(t, 80_000);
    const coupon = await savePromotion(t, { name: 'Report offer, fifty', amount: '50' });
    for (let n = 0; n < 2; n++) {
      const s = await newShopper(t);
      await fillCart(s, [{ productId: product.id, quantity: 1 }]);
      await checkout(s, coupon.code!);
    }
    const month = todayInIndia().slice(0, 7);
    const res = await admin.get(`/api/admin/promotions/cost?month=${month}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as PromotionCostReport;
    expect(report.month).toBe(month);
    // Two orders of ₹800 with ₹50 off each, nothing given back: ₹100 granted, ₹100 net.
    expect(report.rows.find((r) => r.promotionId === coupon.id)).toEqual({
      promotionId: coupon.id,
      name: 'Report offer, fifty',
      code: coupon.code,
      orders: 2,
      grantedPaise: 10_000,
      givenBackPaise: 0,
      netPaise: 10_000,
    });
    expect(report.totals.netPaise).toBe(report.rows.reduce((s, r) => s + r.netPaise, 0));

    const csv = await admin.get(`/api/admin/promotions/cost.csv?month=${month}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('month,promotion,code,orders,granted_rupees,given_back_rupees,net_rupees');
    expect(csv.body).toContain(`${month},"Report offer, fifty",${coupon.code},2,100.00,0.00,100.00`);

    // A month with nothing: no rows, zero totals.
    const empty = (await admin.get('/api/admin/promotions/cost?month=2001-01')).json() as PromotionCostReport;
    expect(empty).toEqual({
      month: '2001-01',
      rows: [],
      totals: { orders: 0, grantedPaise: 0, givenBackPaise: 0, netPaise: 0 },
    });
    const bad = await admin.get('/api/admin/promotions/cost?month=2026-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.month).toBe('Month must be written YYYY-MM, e.g. 2026-11');

    // The promotions list: 2 orders worth ₹750 each after the discount, ₹1,500 of revenue.
    const listed = await admin.get(`/api/admin/promotions?q=${coupon.code}`);
    expect(listed.json().promotions[0]).toMatchObject({
      uses: 2,
      spentPaise: 10_000,
      orders: 2,
      revenuePaise: 150_000,
    });
    const listCsv = (await admin.get(`/api/admin/promotions.csv?q=${coupon.code}`)).body.trim().split(/\r?\n/);
    expect(listCsv[0]).toMatch(/,stackable,orders,revenue_rupees$/);
    expect(listCsv[1]).toMatch(/,no,2,1500\.00$/);

    const finance = (await signInStaff(t, ['finance'])).client;
    expect((await finance.get(`/api/admin/promotions/cost?month=${month}`)).statusCode).toBe(403);
    expect((await finance.get(`/api/admin/promotions/cost.csv?month=${month}`)).statusCode).toBe(403);
    const catalog = (await signInStaff(t, ['catalog'])).client;
    expect((await catalog.get(`/api/admin/promotions/cost?month=${month}`)).statusCode).toBe(200);
  });
});
