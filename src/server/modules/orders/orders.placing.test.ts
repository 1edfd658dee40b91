import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db';
import { buildTestApp, type TestApp } from '../../test/app';
import { createProduct } from '../../test/catalog-factories';
import { newShopper, twoShops } from '../../test/checkout-fixtures';
import { testPostgresUrl } from '../../test/db';
import { statementsOf } from '../../test/statements';
import { insertOrder, noticeOrderPlaced, type NewOrder, type NewOrderLine } from '.';

// Placing an order writes the order, its parts, items and history in one statement, and tells the
// customer and every shop's vendor in one more (statements counted at the driver: PostgreSQL only).

let t: TestApp;
let shops: Awaited<ReturnType<typeof twoShops>>;
let customerUserId: string;
beforeAll(async () => {
  t = await buildTestApp();
  shops = await twoShops(t, { codA: true, codB: true });
  customerUserId = (await newShopper(t)).userId;
});
afterAll(() => t.close());

const onPostgres = testPostgresUrl() !== undefined;

type Product = { id: string; storeId: string; name: string; pricePaise: number };
const line = (p: Product, quantity: number, over: Partial<NewOrderLine> = {}): NewOrderLine => ({
  productId: p.id,
  storeId: p.storeId,
  productName: p.name,
  quantity,
  pricePaise: p.pricePaise,
  pointsEarned: Math.floor((p.pricePaise * quantity) / 2000),
  ...over,
});

function orderOf(lines: NewOrderLine[], over: Partial<NewOrder> = {}): NewOrder {
  const subtotalPaise = lines.reduce((s, l) => s + l.pricePaise * l.quantity, 0);
  const discount = lines.reduce((s, l) => s + (l.discount?.discountPaise ?? 0), 0);
  return {
    customerUserId,
    shippingAddress: '12 MG Road, Pune, Maharashtra 411001',
    placeOfSupplyState: 'Maharashtra',
    subtotalPaise,
    shippingPaise: 9900,
    totalAmountPaise: subtotalPaise - discount + 9900,
    pointsUsed: 0,
    paymentStatus: 'paid',
    paymentId: null,
    testPayment: true,
    lines,
    ...over,
  };
}

/** Places the order (insertOrder, then its notices) in one transaction: what it answered, each step's statements. */
async function place(order: NewOrder, shopsOf: Map<string, { vendorUserId: string; shopName: string }>) {
  return t.db.transaction(async (tx) => {
    let placed!: Awaited<ReturnType<typeof insertOrder>>;
    const orderStatements = await statementsOf(async () => {
      placed = await insertOrder(tx, order);
    });
    const noticeStatements = await statementsOf(() =>
      noticeOrderPlaced(tx, { orderId: placed.orderId, order, parts: placed.parts, shops: shopsOf }),
    );
    return { ...placed, orderStatements, noticeStatements };
  });
}

const shopsOf = () =>
  new Map([
    [shops.shopA.id, { vendorUserId: shops.vendorA.userId, shopName: shops.shopA.shopName }],
    [shops.shopB.id, { vendorUserId: shops.vendorB.userId, shopName: shops.shopB.shopName }],
  ]);

describe('placing an order', () => {
  it('writes a cash on delivery order of two shops in one statement, the items in the lines order', async () => {
    const shawl = await createProduct(t.db, {
      storeId: shops.shopA.id,
      categoryId: shops.category.id,
      name: 'Bandhani Shawl',
      pricePaise: 30000,
    });
    const order = orderOf(
      [
        line(shops.a, 2, { discount: { discountPaise: 10000, haatFundedPaise: 6000, vendorFundedPaise: 4000 } }),
        line(shops.b, 1, { sku: 'PEP-500' }),
        line(shawl, 1),
      ],
      {
        paymentStatus: 'cash_on_delivery',
        promotions: [{ promotionId: shops.a.id, name: 'Kurta week', code: null, savedPaise: 10000 }],
      },
    );
    const placed = await place(order, shopsOf());
    if (onPostgres) {
      expect(placed.orderStatements).toBe(1);
      // The notices: the order of the two-item part's items (read back), then every recipient's rows.
      expect(placed.noticeStatements).toBe(2);
    }
    const { orderId } = placed;
    // The parts in the order of their shops' first lines; each shop collects its share of the total.
    expect(placed.parts).toEqual([
      {
        id: expect.any(String),
        storeId: shops.shopA.id,
        subtotalPaise: 150_000,
        pointsEarned: 60 + 15,
        codDuePaise: 147_492,
      },
      { id: expect.any(String), storeId: shops.shopB.id, subtotalPaise: 45_000, pointsEarned: 22, codDuePaise: 47_408 },
    ]);
    const [partA, partB] = placed.parts;
    expect(placed.items).toEqual([
      {
        id: expect.any(String),
        orderPartId: partA.id,
        productId: shops.a.id,
        storeId: shops.shopA.id,
        quantity: 2,
        pricePaise: 60000,
      },
      {
        id: expect.any(String),
        orderPartId: partB.id,
        productId: shops.b.id,
        storeId: shops.shopB.id,
        quantity: 1,
        pricePaise: 45000,
      },
      {
        id: expect.any(String),
        orderPartId: partA.id,
        productId: shawl.id,
        storeId: shops.shopA.id,
        quantity: 1,
        pricePaise: 30000,
      },
    ]);

    // What was written is what was answered.
    const [row] = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select customer_id, subtotal_paise::int, shipping_paise::int, total_amount_paise::int, points_used,
            points_earned, discount_paise::int, promotions, shipping_address, place_of_supply_state, status,
            payment_status, payment_id, test_payment, refund_due_paise::int, hidden_at
          from orders where id = ${orderId}`,
    );
    expect(row).toEqual({
      customer_id: customerUserId,
      subtotal_paise: 195_000,
      shipping_paise: 9900,
      total_amount_paise: 194_900,
      points_used: 0,
      points_earned: 97,
      discount_paise: 10000,
      promotions: [{ promotionId: shops.a.id, name: 'Kurta week', code: null, savedPaise: 10000 }],
      shipping_address: order.shippingAddress,
      place_of_supply_state: 'Maharashtra',
      status: 'pending',
      payment_status: 'cash_on_delivery',
      payment_id: null,
      test_payment: true,
      refund_due_paise: 0,
      hidden_at: null,
    });
    const parts = await queryRows(
      t.db,
      sql`select id, store_id, status, subtotal_paise::int, discount_paise::int, points_earned, cod_due_paise::int,
            tracking_note, delivered_at, cash_collected_paise
          from order_parts where order_id = ${orderId} order by subtotal_paise desc`,
    );
    expect(parts).toEqual([
      {
        id: partA.id,
        store_id: shops.shopA.id,
        status: 'pending',
        subtotal_paise: 150_000,
        discount_paise: 10000,
        points_earned: 75,
        cod_due_paise: 147_492,
        tracking_note: null,
        delivered_at: null,
        cash_collected_paise: null,
      },
      {
        id: partB.id,
        store_id: shops.shopB.id,
        status: 'pending',
        subtotal_paise: 45_000,
        discount_paise: 0,
        points_earned: 22,
        cod_due_paise: 47_408,
        tracking_note: null,
        delivered_at: null,
        cash_collected_paise: null,
      },
    ]);
    const items = await queryRows(
      t.db,
      sql`select id, order_part_id, product_id, store_id, product_name, variant_id, variant_label, sku, quantity,
            price_paise::int, points_earned, discount_paise::int, haat_funded_paise::int, vendor_funded_paise::int
          from order_items where order_id = ${orderId} order by price_paise desc`,
    );
    expect(items).toEqual([
      {
        id: placed.items[0].id,
        order_part_id: partA.id,
        product_id: shops.a.id,
        store_id: shops.shopA.id,
        product_name: 'Block Print Kurta',
        variant_id: null,
        variant_label: null,
        sku: null,
        quantity: 2,
        price_paise: 60000,
        points_earned: 60,
        discount_paise: 10000,
        haat_funded_paise: 6000,
        vendor_funded_paise: 4000,
      },
      {
        id: placed.items[1].id,
        order_part_id: partB.id,
        product_id: shops.b.id,
        store_id: shops.shopB.id,
        product_name: 'Malabar Pepper 500g',
        variant_id: null,
        variant_label: null,
        sku: 'PEP-500',
        quantity: 1,
        price_paise: 45000,
        points_earned: 22,
        discount_paise: 0,
        haat_funded_paise: 0,
        vendor_funded_paise: 0,
      },
      {
        id: placed.items[2].id,
        order_part_id: partA.id,
        product_id: shawl.id,
        store_id: shops.shopA.id,
        product_name: 'Bandhani Shawl',
        variant_id: null,
        variant_label: null,
        sku: null,
        quantity: 1,
        price_paise: 30000,
        points_earned: 15,
        discount_paise: 0,
        haat_funded_paise: 0,
        vendor_funded_paise: 0,
      },
    ]);
    const history = await queryRows<{ order_part_id: string }>(
      t.db,
      sql`select order_part_id, status, note, actor_user_id, actor_role from order_status_history
          where order_id = ${orderId}`,
    );
    expect(history).toHaveLength(2);
    expect(history).toEqual(
      expect.arrayContaining(
        [partA.id, partB.id].map((id) => ({
          order_part_id: id,
          status: 'pending',
          note: 'Order placed',
          actor_user_id: customerUserId,
          actor_role: 'customer',
        })),
      ),
    );

    // The customer and each shop's vendor are told, in-app and by email; the vendor of the two-item
    // part gets its items by name.
    const told = await queryRows<{ kind: string; user_id: string; body: string; emails: number }>(
      t.db,
      sql`select n.kind, n.user_id, n.body, (select count(*)::int from notification_emails e
            where e.notification_id = n.id and e.kind = n.kind and e.user_id = n.user_id) as emails
          from notifications n where n.title like ${`%${orderId.slice(0, 8).toUpperCase()}%`}
          order by n.kind, n.user_id`,
    );
    expect(told.map((n) => [n.kind, n.user_id, n.emails]).sort()).toEqual(
      [
        ['order-placed', customerUserId, 1],
        ['vendor-new-order', shops.vendorA.userId, 1],
        ['vendor-new-order', shops.vendorB.userId, 1],
      ].sort(),
    );
  });

  it('writes a prepaid order in one statement and tells everyone in one more', async () => {
    const order = orderOf([line(shops.a, 1), line(shops.b, 3)], { paymentStatus: 'paid' });
    const placed = await place(order, shopsOf());
    if (onPostgres) {
      expect(placed.orderStatements).toBe(1);
      expect(placed.noticeStatements).toBe(1);
    }
    expect(placed.parts.map((p) => [p.storeId, p.subtotalPaise, p.codDuePaise])).toEqual([
      [shops.shopA.id, 60000, null],
      [shops.shopB.id, 135_000, null],
    ]);
    const [{ n, cod }] = await queryRows<{ n: number; cod: number }>(
      t.db,
      sql`select count(*)::int as n, count(cod_due_paise)::int as cod from order_parts
          where order_id = ${placed.orderId}`,
    );
    expect({ n, cod }).toEqual({ n: 2, cod: 0 });
    const [{ inbox, emails }] = await queryRows<{ inbox: number; emails: number }>(
      t.db,
      sql`select count(distinct n.id)::int as inbox, count(e.id)::int as emails
          from notifications n left join notification_emails e on e.notification_id = n.id
          where n.link = ${`/orders?order=${placed.orderId}`}`,
    );
    expect({ inbox, emails }).toEqual({ inbox: 1, emails: 1 });
  });
});
