import { describe, expect, it } from 'vitest';
import { isCancellable, overallStatus } from './order-status';
import { maxPointsUsable, orderTotals, pointsEarned, pointsEarnedOnPaid, shippingPaise } from './pricing';
import { shareInProportion } from './promotions-apply';

describe('shipping (SPEC section 9)', () => {
  it('is free above ₹999 and ₹99 otherwise', () => {
    expect(shippingPaise(99900)).toBe(9900);
    expect(shippingPaise(99901)).toBe(0);
    expect(shippingPaise(50000)).toBe(9900);
    expect(shippingPaise(0)).toBe(0);
  });
});

describe('points earned', () => {
  it('is floor(price x percent / 100) x quantity', () => {
    expect(pointsEarned(149900, 5, 1)).toBe(74);
    expect(pointsEarned(149900, 7.5, 2)).toBe(224);
    expect(pointsEarned(9900, 2, 3)).toBe(3);
    expect(pointsEarned(1999, 5, 1)).toBe(0);
  });
});

describe('points earned on what is paid after promotions', () => {
  it('without a discount: the SPEC rule, to the point', () => {
    // ₹1,499 x 7.5 % = 112.425 -> 112 a unit, x 2 = 224; ₹19.99 x 5 % = 0.9995 -> 0.
    expect(pointsEarnedOnPaid(149900, 7.5, 2, 0)).toBe(224);
    expect(pointsEarnedOnPaid(149900, 7.5, 2, 0)).toBe(pointsEarned(149900, 7.5, 2));
    expect(pointsEarnedOnPaid(1999, 5, 1, 0)).toBe(pointsEarned(1999, 5, 1));
    expect(pointsEarnedOnPaid(9900, 2, 3, 0)).toBe(pointsEarned(9900, 2, 3));
  });

  it('a ₹600 kurta at 20 % off earns on the ₹480 paid', () => {
    // ₹600 - ₹120 = ₹480 x 5 % = 24 points (on the full price it was 30).
    expect(pointsEarnedOnPaid(60000, 5, 1, 12000)).toBe(24);
    // ₹999 x 2 at 20 % off: ₹399.60 off, ₹1,598.40 paid, ₹799.20 a unit x 5 % = 39.96 -> 39, x 2 = 78
    // (on the full price: ₹999 x 5 % = 49.95 -> 49, x 2 = 98).
    expect(pointsEarnedOnPaid(99900, 5, 2, 39960)).toBe(78);
  });

  it('₹100 off shared over two lines by the largest remainder, a unit price with a fraction of a paisa', () => {
    // Kurta ₹999 x 1 at 5 %, dupatta ₹499 x 2 at 10 %; weights 99900 and 99800 of 199700.
    // Exact shares 10000 x 99900/199700 = 5002.504 and 10000 x 99800/199700 = 4997.496: floors 5002 + 4997 =
    // 9999, the paisa left to the larger remainder (.504, the kurta): 5003 and 4997.
    const [kurta, dupatta] = shareInProportion(10000, [99900, 99800]);
    expect([kurta, dupatta]).toEqual([5003, 4997]);
    // Kurta: ₹999 - ₹50.03 = ₹948.97 x 5 % = 47.4485 -> 47 (was 49).
    expect(pointsEarnedOnPaid(99900, 5, 1, kurta)).toBe(47);
    // Dupatta: ₹998 - ₹49.97 = ₹948.03 for 2, ₹474.015 a unit x 10 % = 47.4015 -> 47,
    // x 2 = 94 (was 49 x 2 = 98).
    expect(pointsEarnedOnPaid(49900, 10, 2, dupatta)).toBe(94);
  });

  it('a line promotions made free earns nothing', () => {
    expect(pointsEarnedOnPaid(29900, 10, 1, 29900)).toBe(0);
    expect(pointsEarnedOnPaid(29900, 10, 3, 89700)).toBe(0);
  });

  it('decimal percentages stay exact: ₹1,000 at 0.29 % after ₹10 off', () => {
    // ₹990 x 0.29 % = 2.871 -> 2 (a float 0.29 x 100 is 28.999..., taken as 29 basis points).
    expect(pointsEarnedOnPaid(100000, 0.29, 1, 1000)).toBe(2);
    // ₹1,000 x 0.3 % = 3 exactly, undiscounted: 3, not 2.
    expect(pointsEarnedOnPaid(100000, 0.3, 1, 0)).toBe(3);
  });

  it('refuses a discount above the line', () => {
    expect(() => pointsEarnedOnPaid(29900, 10, 1, 30000)).toThrow(RangeError);
  });
});

describe('order totals', () => {
  const lines = [
    { pricePaise: 49900, quantity: 1, rewardPercentage: 5 },
    { pricePaise: 29900, quantity: 2, rewardPercentage: 10 },
  ];
  it('adds shipping under ₹999 and subtracts points, floored at 0', () => {
    expect(orderTotals(lines, 100)).toEqual({
      subtotalPaise: 109700,
      shippingPaise: 0,
      pointsUsed: 100,
      totalPaise: 99700,
      pointsEarned: 24 + 58,
    });
    expect(orderTotals([{ pricePaise: 50000, quantity: 1, rewardPercentage: 5 }], 10_000).totalPaise).toBe(0);
    expect(orderTotals([{ pricePaise: 50000, quantity: 1, rewardPercentage: 5 }]).totalPaise).toBe(59900);
  });
  it('limits the points slider to the smaller of balance and total with shipping', () => {
    expect(maxPointsUsable(500, 50000)).toBe(500);
    expect(maxPointsUsable(5000, 50000)).toBe(599);
    expect(maxPointsUsable(0, 50000)).toBe(0);
  });
});

describe('order status from parts', () => {
  it('follows the least advanced live part', () => {
    expect(overallStatus(['shipped', 'pending'])).toBe('pending');
    expect(overallStatus(['shipped', 'delivered'])).toBe('shipped');
    expect(overallStatus(['delivered', 'cancelled'])).toBe('delivered');
    expect(overallStatus(['cancelled', 'cancelled'])).toBe('cancelled');
  });
  it('is cancellable while pending, confirmed or processing', () => {
    expect(
      ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled'].map((s) => isCancellable(s as never)),
    ).toEqual([true, true, true, false, false, false]);
  });
});
