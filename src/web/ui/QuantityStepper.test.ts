import { describe, expect, it } from 'vitest';
import { clampQuantity } from './QuantityStepper';

describe('clampQuantity', () => {
  it.each([
    [0, 1, 5, 1],
    [1, 1, 5, 1],
    [3, 1, 5, 3],
    [9, 1, 5, 5],
    [2.7, 1, 5, 2],
    [-4, 1, 5, 1],
    [Number.NaN, 1, 5, 1],
    [Number.POSITIVE_INFINITY, 1, 5, 1],
    [3, 1, 0, 1],
  ])('clamps %d into %d..%d as %d', (value, min, max, expected) => {
    expect(clampQuantity(value, min, max)).toBe(expected);
  });
});
