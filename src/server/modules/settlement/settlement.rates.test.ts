import { lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickCommissionRate, type CommissionRule } from '../../../domain/settlement';
import { buildTestApp, type TestApp } from '../../test/app';
import { createCategory, createVendorUser } from '../../test/catalog-factories';
import { ratesAndRulesOn } from './settlement.rates';
import { commissionRules, taxRates } from './settlement.tables';
import { taxRatesOn } from './settlement.tax-rates';

// The rates an order is settled at, read in one statement: the same answer as reading the tax
// rates (taxRatesOn) and the commission rules dated by the day each on its own.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The commission rules dated on or before `day`, read on their own, as order placement read them before. */
const rulesReadAlone = async (day: string) =>
  (await t.db.select().from(commissionRules).where(lte(commissionRules.effectiveFrom, day))).map((r) => ({
    id: r.id,
    scope: r.scope as CommissionRule['scope'],
    targetId: r.scope === 'vendor' ? r.vendorUserId : r.scope === 'category' ? r.categoryId : null,
    rateBp: r.rateBp,
    effectiveFrom: r.effectiveFrom,
  }));

describe('the rates and commission rules of a day', () => {
  it('answers what the rates and the rules read apart answer, on days before, at and after each date', async () => {
    const days = ['2024-01-01', '2024-07-10', '2025-03-31', '2025-04-01', '2025-09-22', '2026-01-15', '2031-12-31'];
    // None yet: no tax rate before 10 July 2024 (the migration's), no commission rule at all.
    expect(await ratesAndRulesOn(t.db, '2024-01-01')).toEqual({
      taxRates: { tcs: null, tds_with_pan: null, tds_without_pan: null, gst_unclassified: null },
      commissionRules: [],
    });
    const category = await createCategory(t.db);
    const { userId: vendor } = await createVendorUser(t.db);
    await t.db.insert(commissionRules).values([
      { scope: 'global', rateBp: 1000, effectiveFrom: '2025-04-01' },
      { scope: 'category', categoryId: category.id, rateBp: 850, effectiveFrom: '2025-04-01' },
      { scope: 'vendor', vendorUserId: vendor, rateBp: 700, effectiveFrom: '2025-04-01' },
      // Two vendor rules from one day (the later in the list wins a tie) and a scheduled one.
      { scope: 'vendor', vendorUserId: vendor, rateBp: 650, effectiveFrom: '2026-01-15' },
      { scope: 'vendor', vendorUserId: vendor, rateBp: 600, effectiveFrom: '2026-01-15' },
      { scope: 'global', rateBp: 1200, effectiveFrom: '2031-12-31' },
    ]);
    await t.db.insert(taxRates).values([
      { kind: 'tcs', rateBp: 100, effectiveFrom: '2026-01-15', source: 'a later rate' },
      { kind: 'tds_without_pan', rateBp: 2000, effectiveFrom: '2031-12-31', source: 'a scheduled rate' },
    ]);
    for (const day of days) {
      const both = await ratesAndRulesOn(t.db, day);
      expect(both.taxRates).toEqual(await taxRatesOn(t.db, day));
      expect(both.commissionRules).toEqual(await rulesReadAlone(day));
      const item = { vendorId: vendor, categoryId: category.id, on: day };
      expect(pickCommissionRate(both.commissionRules, item)).toEqual(
        pickCommissionRate(await rulesReadAlone(day), item),
      );
    }
    const on = await ratesAndRulesOn(t.db, '2026-01-15');
    expect(on.taxRates).toEqual({
      tcs: { rateBp: 100, effectiveFrom: '2026-01-15' },
      tds_with_pan: { rateBp: 10, effectiveFrom: '2024-10-01' },
      tds_without_pan: { rateBp: 500, effectiveFrom: '2024-10-01' },
      gst_unclassified: { rateBp: 1800, effectiveFrom: '2025-09-22' },
    });
    expect(on.commissionRules).toHaveLength(5);
    // Dates stay YYYY-MM-DD strings and rates numbers, as the columns answer them.
    for (const r of on.commissionRules) {
      expect(r.effectiveFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(typeof r.rateBp).toBe('number');
    }
    expect(
      pickCommissionRate(on.commissionRules, { vendorId: vendor, categoryId: category.id, on: '2026-01-15' }),
    ).toMatchObject({ scope: 'vendor', rateBp: 600 });
  });
});
