import { describe, expect, it } from 'vitest';
import { todayInIndia } from './age';
import { cashbackPoints } from './cashback';

describe('cashbackPoints', () => {
  it('is the floor of amount x percentage / 100, in whole points', () => {
    expect(cashbackPoints(100_000, 2)).toBe(20); // ₹1,000 at 2 %
    expect(cashbackPoints(99_900, 2.5)).toBe(24); // ₹999 at 2.5 % = 24.975
    expect(cashbackPoints(4_900, 2)).toBe(0); // ₹49 at 2 % = 0.98
    expect(cashbackPoints(5_000, 2)).toBe(1); // ₹50 at 2 % = exactly 1
    expect(cashbackPoints(33_333, 3.3)).toBe(10); // ₹333.33 at 3.3 % = 10.99989
    expect(cashbackPoints(1_000_000, 0.1)).toBe(10); // ₹10,000 at 0.1 %
  });

  it('is exact where floating point is not', () => {
    // 4.6 % of ₹1,500 is exactly 69, although 1500 * 4.6 / 100 is 68.99999999999999 in floating point.
    expect(cashbackPoints(150_000, 4.6)).toBe(69);
    expect(cashbackPoints(100_000, 100)).toBe(1000);
  });

  it('is 0 for a zero percentage or a non-positive amount', () => {
    expect(cashbackPoints(100_000, 0)).toBe(0);
    expect(cashbackPoints(0, 5)).toBe(0);
    expect(cashbackPoints(-100, 5)).toBe(0);
  });
});

describe('todayInIndia', () => {
  it('is the date in India, 5 h 30 min ahead of UTC', () => {
    expect(todayInIndia(new Date('2026-11-24T18:29:00Z'))).toBe('2026-11-24');
    expect(todayInIndia(new Date('2026-11-24T18:30:00Z'))).toBe('2026-11-25');
  });
});
