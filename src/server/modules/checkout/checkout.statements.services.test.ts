import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { fillCart, newShopper } from '../../test/checkout-fixtures';
import { shopWithProduct } from '../../test/promotion-fixtures';
import { requireServices } from '../../test/services';
import { statementsOf } from '../../test/statements';
import { saveGatewaySettings } from '../payments';

await requireServices(['postgresql']);

// What one checkout through the built-in test gateway asks of PostgreSQL, step by step (counted at the
// driver, transactions' begin and commit included): a step that sends more round trips is slower for
// every shopper, so each count is kept here, and docs/performance.md says what each statement is.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await saveGatewaySettings(t.db, t.config, { keyId: null, isEnabled: false });
});
afterAll(() => t?.close());

describe('a checkout of one product through the test gateway', () => {
  it('reads its total, starts, pays and is verified in a known number of statements', async () => {
    const { product } = await shopWithProduct(t, 49_900, { rewardPercentage: 5 });
    const s = await newShopper(t);
    await fillCart(s, [{ productId: product.id }]);

    let total = 0;
    const summary = await statementsOf(async () => {
      const res = await s.client.get('/api/checkout/summary?pointsToUse=0');
      expect(res.statusCode, res.body).toBe(200);
      total = res.json<{ amounts: { totalPaise: number } }>().amounts.totalPaise;
    });
    let paymentId = '';
    const start = await statementsOf(async () => {
      const res = await s.client.post('/api/checkout', { addressId: s.addressId, expectedTotalPaise: total });
      expect(res.statusCode, res.body).toBe(200);
      paymentId = res.json<{ paymentId: string }>().paymentId;
    });
    let signed: Record<string, string> = {};
    const pay = await statementsOf(async () => {
      const res = await s.client.post(`/api/payments/${paymentId}/test-pay`);
      expect(res.statusCode, res.body).toBe(200);
      signed = res.json();
    });
    const verify = await statementsOf(async () => {
      const res = await s.client.post('/api/payments/verify', { paymentId, ...signed });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ status: string }>().status).toBe('placed');
    });

    expect({ summary, start, pay, verify }).toEqual({ summary: 8, start: 4, pay: 2, verify: 6 });
  });
});
