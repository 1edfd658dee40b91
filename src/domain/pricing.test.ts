import { describe, expect, it } from 'vitest';
import { isCancellable, overallStatus } from './order-status';
import { maxPointsUsable, orderTotals, pointsEarned, shippingPaise } from './pricing';

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
