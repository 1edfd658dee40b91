import { describe, expect, it } from 'vitest';
import { promotionCostBack, promotionCostOfMonth } from './promotions-cost';
import { unitsShare } from './promotions-tax';

// Known answers worked by hand: Haat's cost given back by promotion when units come back, and a
// month's figures from the ledger lines.

describe('promotionCostBack', () => {
  it('one promotion: ₹100 off 3 units gives back ₹33.33, ₹33.33, then ₹33.34', () => {
    const held = (left: number) => [{ promotionId: 'a', grantedPaise: 10_000, leftPaise: left }];
    expect(promotionCostBack({ quantity: 3 }, 0, 1, held(10_000))).toEqual([{ promotionId: 'a', paise: 3_333 }]);
    expect(promotionCostBack({ quantity: 3 }, 1, 2, held(6_667))).toEqual([{ promotionId: 'a', paise: 3_333 }]);
    expect(promotionCostBack({ quantity: 3 }, 2, 3, held(3_334))).toEqual([{ promotionId: 'a', paise: 3_334 }]);
  });

  it('two promotions on 3 units: the line gives back what unitsShare says, the paisa left to the first', () => {
    // ₹1.00 + ₹1.00 = ₹2.00 on 3 units. Unit 1: the line's share floor(200 / 3) = 66 paise; each
    // promotion's own share floor(100 / 3) = 33 + 33 = 66: no paisa left to move.
    const held = [
      { promotionId: 'a', grantedPaise: 100, leftPaise: 100 },
      { promotionId: 'b', grantedPaise: 100, leftPaise: 100 },
    ];
    expect(promotionCostBack({ quantity: 3 }, 0, 1, held)).toEqual([
      { promotionId: 'a', paise: 33 },
      { promotionId: 'b', paise: 33 },
    ]);
    // Units 1..2: the line floor(400 / 3) - 66 = 133 - 66 = 67; each promotion 66 - 33 = 33: 66, one paisa
    // short, moved to 'a' (first by id).
    const after = [
      { promotionId: 'a', grantedPaise: 100, leftPaise: 67 },
      { promotionId: 'b', grantedPaise: 100, leftPaise: 67 },
    ];
    const line = { unitPricePaise: 1_000, quantity: 3, vendorFundedPaise: 0, haatFundedPaise: 200 };
    expect(unitsShare(line, 1, 2).haatFundedPaise).toBe(67);
    expect(promotionCostBack({ quantity: 3 }, 1, 2, after)).toEqual([
      { promotionId: 'a', paise: 34 },
      { promotionId: 'b', paise: 33 },
    ]);
    // The last unit gives back all that is left: 100 - 33 - 34 = 33 and 100 - 33 - 33 = 34.
    const last = [
      { promotionId: 'b', grantedPaise: 100, leftPaise: 34 },
      { promotionId: 'a', grantedPaise: 100, leftPaise: 33 },
    ];
    expect(promotionCostBack({ quantity: 3 }, 2, 3, last)).toEqual([
      { promotionId: 'a', paise: 33 },
      { promotionId: 'b', paise: 34 },
    ]);
  });

  it('never gives back more than is left, and nothing for no units', () => {
    const held = [{ promotionId: 'a', grantedPaise: 10_000, leftPaise: 0 }];
    expect(promotionCostBack({ quantity: 2 }, 0, 2, held)).toEqual([]);
    expect(
      promotionCostBack({ quantity: 2 }, 1, 1, [{ promotionId: 'a', grantedPaise: 10_000, leftPaise: 5_000 }]),
    ).toEqual([]);
    expect(() => promotionCostBack({ quantity: 2 }, 1, 3, held)).toThrow(RangeError);
  });
});

describe('promotionCostOfMonth', () => {
  it('sums granted and given back by promotion within the India month, net = granted - given back', () => {
    const entries = [
      { promotionId: 'p1', on: '2026-11-03', kind: 'granted' as const, paise: 10_000 },
      { promotionId: 'p1', on: '2026-11-20', kind: 'given back' as const, paise: 3_333 },
      { promotionId: 'p2', on: '2026-11-30', kind: 'granted' as const, paise: 4_000 },
      { promotionId: 'p2', on: '2026-12-01', kind: 'given back' as const, paise: 4_000 },
      { promotionId: 'p1', on: '2026-10-31', kind: 'granted' as const, paise: 5_000 },
    ];
    expect(promotionCostOfMonth(entries, '2026-11')).toEqual([
      { promotionId: 'p1', grantedPaise: 10_000, givenBackPaise: 3_333, netPaise: 6_667 },
      { promotionId: 'p2', grantedPaise: 4_000, givenBackPaise: 0, netPaise: 4_000 },
    ]);
    // December: only the ₹40 given back, a net of -₹40.
    expect(promotionCostOfMonth(entries, '2026-12')).toEqual([
      { promotionId: 'p2', grantedPaise: 0, givenBackPaise: 4_000, netPaise: -4_000 },
    ]);
  });
});
