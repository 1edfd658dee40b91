import { describe, expect, it } from 'vitest';
import { codDueByPart, codMessages, codRefusals, DEFAULT_COD_LIMIT_PAISE } from './cod';

describe('codRefusals', () => {
  const shop = (storeName: string, codEnabled = true) => ({ storeName, codEnabled });

  it('allows a cart whose shops all offer it, within the limit, with no excluded products', () => {
    expect(
      codRefusals(
        { orderValuePaise: 1_000_000, shops: [shop('Jaipur Handloom'), shop('Kerala Spices')], excludedProducts: [] },
        DEFAULT_COD_LIMIT_PAISE,
      ),
    ).toEqual([]);
  });

  it('gives every reason at once', () => {
    const reasons = codRefusals(
      {
        orderValuePaise: 1_000_001,
        shops: [shop('A', false), shop('B'), shop('C', false)],
        excludedProducts: ['Gold coin', 'Gold coin'],
      },
      DEFAULT_COD_LIMIT_PAISE,
    );
    expect(reasons).toEqual([
      'A and C do not offer cash on delivery',
      'Cash on delivery is available for orders up to ₹10,000',
      '"Gold coin" cannot be paid for in cash on delivery',
    ]);
  });

  it('names one shop in the singular and a lowered limit with its paise', () => {
    expect(
      codRefusals({ orderValuePaise: 50_001, shops: [shop('Kerala Spices', false)], excludedProducts: [] }, 50_000),
    ).toEqual(['Kerala Spices does not offer cash on delivery', codMessages.aboveLimit(50_000)]);
    expect(codMessages.aboveLimit(50_050)).toBe('Cash on delivery is available for orders up to ₹500.50');
  });
});

describe('codDueByPart', () => {
  it('gives a single part the whole amount payable', () => {
    expect([...codDueByPart([{ id: 'a', subtotalPaise: 89_900 }], 99_800)]).toEqual([['a', 99_800]]);
  });

  it('shares in proportion to subtotals, the rounding paise to the largest remainders', () => {
    // 1,000 paise over 1:1:1 → 333.33 each: the first gets the extra paisa.
    expect(
      Object.fromEntries(
        codDueByPart(
          [
            { id: 'a', subtotalPaise: 100 },
            { id: 'b', subtotalPaise: 100 },
            { id: 'c', subtotalPaise: 100 },
          ],
          1_000,
        ),
      ),
    ).toEqual({ a: 334, b: 333, c: 333 });
    // ₹1,500 items (₹1,000 + ₹500), no delivery fee, 300 points used → ₹1,200 payable: 800 + 400.
    expect(
      Object.fromEntries(
        codDueByPart(
          [
            { id: 'a', subtotalPaise: 100_000 },
            { id: 'b', subtotalPaise: 50_000 },
          ],
          120_000,
        ),
      ),
    ).toEqual({ a: 80_000, b: 40_000 });
    // 2:1 of 1,001 paise → 667.33 and 333.67: the second has the larger remainder.
    expect(
      Object.fromEntries(
        codDueByPart(
          [
            { id: 'a', subtotalPaise: 200 },
            { id: 'b', subtotalPaise: 100 },
          ],
          1_001,
        ),
      ),
    ).toEqual({ a: 667, b: 334 });
  });

  it('always adds up to the amount payable, even for amounts past 2^53 when multiplied', () => {
    for (const payable of [0, 1, 7, 99_999, 987_654_321]) {
      const parts = [
        { id: 'a', subtotalPaise: 123_457 },
        { id: 'b', subtotalPaise: 999_999_999 },
        { id: 'c', subtotalPaise: 1 },
      ];
      const due = codDueByPart(parts, payable);
      expect([...due.values()].reduce((s, x) => s + x, 0)).toBe(payable);
      for (const v of due.values()) expect(v).toBeGreaterThanOrEqual(0);
    }
  });
});
