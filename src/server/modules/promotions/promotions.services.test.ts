import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionRouteMessages } from '../../../contracts/promotions.contract';
import { moneyInvariantViolations } from '../../money-checks';
import { queryRows } from '../../platform/db';
import { buildTestApp, type TestApp } from '../../test/app';
import { fillCart, newShopper, payWithTestGateway, type Shopper } from '../../test/checkout-fixtures';
import { savePromotion, shopWithProduct, uniqueCouponCode } from '../../test/promotion-fixtures';
import { requireServices } from '../../test/services';
import { statementsOf } from '../../test/statements';
import { saveGatewaySettings } from '../payments';

await requireServices(['postgresql']);

// A coupon's budget and its per-customer limit under real concurrency (PostgreSQL): the uses are
// counted under the promotion's row lock, so no race gives more than the promotion allows.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await saveGatewaySettings(t.db, t.config, { keyId: null, isEnabled: false });
});
afterAll(() => t.close());

const totalWith = async (s: Shopper, code: string) =>
  (await s.client.get(`/api/checkout/summary?couponCode=${code}`)).json().amounts.totalPaise as number;

/** Each shopper starts a checkout with `code` at the total they saw, all at once; 200s win, 409s are refused. */
async function checkoutsAtOnce(shoppers: Shopper[], code: string, totals: number[]) {
  const started = await Promise.all(
    shoppers.map((s, i) =>
      s.client.post('/api/checkout', { addressId: s.addressId, couponCode: code, expectedTotalPaise: totals[i] }),
    ),
  );
  return {
    started,
    winners: started.filter((r) => r.statusCode === 200),
    refused: started.filter((r) => r.statusCode === 409),
  };
}

const usesOf = (promotionId: string) =>
  queryRows<{ state: string; n: number }>(
    t.db,
    sql`select state, count(*)::int as n from promotion_uses where promotion_id = ${promotionId} group by state`,
  );

describe('a coupon under concurrency', () => {
  it('two saves of one code at once: one is saved, the other is refused as taken', async () => {
    const code = uniqueCouponCode();
    const saves = await Promise.allSettled(Array.from({ length: 5 }, () => savePromotion(t, { couponCode: code })));
    expect(saves.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of saves.filter((x) => x.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason.message).toBe(promotionRouteMessages.codeTaken(code));
  });

  it('50 shoppers race for a coupon of 1 use: one gets it, the others hear it is fully claimed', async () => {
    const BUYERS = 50;
    const { product: item } = await shopWithProduct(t, 60_000, { stockQuantity: BUYERS * 2 });
    const promo = await savePromotion(t, { budgetType: 'uses', budgetUses: '1' });
    const all: Shopper[] = [];
    for (let i = 0; i < BUYERS; i += 10)
      all.push(...(await Promise.all(Array.from({ length: 10 }, () => newShopper(t)))));
    await Promise.all(all.map((s) => fillCart(s, [{ productId: item.id }])));
    // Every shopper saw the coupon apply (₹600 - ₹100 + ₹99 delivery); the checkouts race.
    const totals = await Promise.all(all.map((s) => totalWith(s, promo.code!)));
    expect(new Set(totals)).toEqual(new Set([59_900]));
    const { started, winners, refused } = await checkoutsAtOnce(all, promo.code!, totals);
    expect(winners).toHaveLength(1);
    expect(refused).toHaveLength(BUYERS - 1);
    for (const r of refused)
      expect(r.json().error.message).toBe(`${promo.code} has been fully claimed by other shoppers`);
    expect(winners[0].json()).toMatchObject({ status: 'payment_required', amountPaise: 59_900 });

    const winner = all[started.indexOf(winners[0])];
    const paid = await payWithTestGateway(winner, winners[0].json());
    expect(paid.statusCode, paid.body).toBe(200);
    const discounted = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from order_items where product_id = ${item.id} and discount_paise > 0`,
    );
    expect(discounted[0].n).toBe(1);
    expect(await usesOf(promo.id)).toEqual([{ state: 'used', n: 1 }]);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('one customer paying 5 checkouts at once with a limit of 1 use each gets the coupon once', async () => {
    const { product: item } = await shopWithProduct(t, 60_000, { stockQuantity: 20 });
    const promo = await savePromotion(t, { perCustomerLimit: '1' });
    const s = await newShopper(t);
    // Five checkouts of the same cart started one after another (each a payment of the total seen
    // first, each new one taking over the holds of the last), then all paid at once.
    await fillCart(s, [{ productId: item.id }]);
    const total = await totalWith(s, promo.code!);
    expect(total).toBe(59_900);
    const payments = [];
    for (let i = 0; i < 5; i++) {
      const res = await s.client.post('/api/checkout', {
        addressId: s.addressId,
        couponCode: promo.code,
        expectedTotalPaise: total,
      });
      expect(res.statusCode, res.body).toBe(200);
      payments.push(res.json());
    }
    const paid = await Promise.all(payments.map((p) => payWithTestGateway(s, p)));
    const placed = paid.filter((r) => r.statusCode === 200);
    expect(placed).toHaveLength(1);
    for (const r of paid.filter((x) => x.statusCode !== 200))
      expect(r.json().error.message).toContain(`You have already used ${promo.code}`);
    const used = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from promotion_uses where promotion_id = ${promo.id} and state = 'used'`,
    );
    expect(used[0].n).toBe(1);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('two accounts of one mailbox checking out at once with a limit of 1: exactly one gets the coupon', async () => {
    const { product: item } = await shopWithProduct(t, 60_000, { stockQuantity: 10 });
    const promo = await savePromotion(t, { perCustomerLimit: '1' });
    const name = `ashak${crypto.randomUUID().slice(0, 8)}`;
    const accounts = [
      await newShopper(t, 0, `${name.slice(0, 4)}.${name.slice(4)}@gmail.com`),
      await newShopper(t, 0, `${name}+deals@gmail.com`),
    ];
    await Promise.all(accounts.map((s) => fillCart(s, [{ productId: item.id }])));
    const totals = await Promise.all(accounts.map((s) => totalWith(s, promo.code!)));
    expect(totals).toEqual([59_900, 59_900]);
    const { started, winners, refused } = await checkoutsAtOnce(accounts, promo.code!, totals);
    expect(winners).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0].json().error.message).toBe(`You have already used ${promo.code}`);
    const winner = accounts[started.indexOf(winners[0])];
    expect((await payWithTestGateway(winner, winners[0].json())).statusCode).toBe(200);
    expect(await usesOf(promo.id)).toEqual([{ state: 'used', n: 1 }]);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});

describe('SQL statements of a checkout with promotions', () => {
  it('counts every statement, transactions included, of starting and paying a checkout with a coupon', async () => {
    const { product: item, shop } = await shopWithProduct(t, 60_000);
    const coupon = await savePromotion(t, {});
    // An automatic promotion on the shop as well: the best combination is chosen among both.
    await savePromotion(t, {
      kind: 'automatic',
      couponCode: undefined,
      scope: 'shops',
      shopIds: [shop.id],
      benefitType: 'percent',
      percent: '5',
      amount: undefined,
      stackable: true,
    });
    const s = await newShopper(t);
    await fillCart(s, [{ productId: item.id }]);
    const total = await totalWith(s, coupon.code!);
    let started: { paymentId: string } | null = null;
    const atStart = await statementsOf(async () => {
      const res = await s.client.post('/api/checkout', {
        addressId: s.addressId,
        couponCode: coupon.code,
        expectedTotalPaise: total,
      });
      expect(res.statusCode, res.body).toBe(200);
      started = res.json();
    });
    const atPayment = await statementsOf(async () => {
      const paid = await payWithTestGateway(s, started!);
      expect(paid.statusCode, paid.body).toBe(200);
    });
    // The start (price, hold the stock and the coupon's use, create the payment) and the payment
    // (POST of the test gateway's payment, then verify: the order placed). docs/promotions.md, speed.
    expect(atStart).toBeLessThanOrEqual(15);
    expect(atPayment).toBeLessThanOrEqual(30);
  });
});
