import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInIndia } from '../../../domain/age';
import { buildTestApp, type TestApp } from '../../test/app';
import { fillCart, newShopper, postCheckout, twoShops } from '../../test/checkout-fixtures';
import { moneyInvariantViolations } from '../../test/invariants';
import { requireServices } from '../../test/services';
import { statementsOf } from '../../test/statements';
import { ratesAndRulesOn } from './settlement.rates';

await requireServices(['postgresql']);

// What an order is settled at is read in one statement (counted at the driver, PostgreSQL): the tax
// rates in force and the commission rules together.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const readsRates = (text: string) => /\btax_rates\b/.test(text);
const readsRules = (text: string) => /\bcommission_rules\b/.test(text);

describe('statements of the settlement rates', () => {
  it('reads the tax rates and the commission rules of a day in one statement', async () => {
    const texts: string[] = [];
    const n = await statementsOf(
      () => ratesAndRulesOn(t.db, todayInIndia(new Date())),
      (text) => texts.push(text),
    );
    expect(n).toBe(1);
    expect(readsRates(texts[0]) && readsRules(texts[0])).toBe(true);
  });

  it("reads them once placing a two-shop order (the payment's verify); a points write is one statement", async () => {
    const shops = await twoShops(t);
    const s = await newShopper(t, 100);
    await fillCart(s, [{ productId: shops.a.id }, { productId: shops.b.id }]);
    const started = await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 50 });
    expect(started.statusCode, started.body).toBe(200);
    const { paymentId } = started.json<{ paymentId: string }>();
    const signed = await s.client.post(`/api/payments/${paymentId}/test-pay`);
    expect(signed.statusCode, signed.body).toBe(200);
    const texts: string[] = [];
    const n = await statementsOf(
      async () => {
        const paid = await s.client.post('/api/payments/verify', {
          paymentId,
          ...signed.json<Record<string, string>>(),
        });
        expect(paid.statusCode, paid.body).toBe(200);
      },
      (text) => texts.push(text),
    );
    const rates = texts.filter((x) => readsRates(x) || readsRules(x));
    expect(rates).toHaveLength(1);
    expect(readsRates(rates[0]) && readsRules(rates[0])).toBe(true);
    // Each points write changes the balance and writes its ledger rows together: the spend, and the
    // earnings (one statement per part, or one for all parts).
    const writes = texts.filter(
      (x) => /reward_balances|rewards_transactions/.test(x) && /^\s*(with|update|insert)/i.test(x),
    );
    for (const x of writes)
      expect(/update "reward_balances"/.test(x) && /insert into "rewards_transactions"/.test(x), x).toBe(true);
    expect(writes.length).toBeLessThanOrEqual(3);
    // 28 before the rates and rules were one read and each balance change one statement with its rows.
    expect(n).toBeLessThanOrEqual(24);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});
