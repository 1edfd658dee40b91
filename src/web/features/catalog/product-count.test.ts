import { describe, expect, it } from 'vitest';
import { browsableTotal, productCount } from './product-count';

describe('productCount', () => {
  it('says exact counts as they are, and an estimate as about so many', () => {
    expect(productCount({ total: 1, totalEstimated: false })).toBe('1 product');
    expect(productCount({ total: 0, totalEstimated: false })).toBe('0 products');
    expect(productCount({ total: 1000, totalEstimated: false })).toBe('1,000 products');
    expect(productCount({ total: 83000, totalEstimated: true })).toBe('About 83,000 products');
    expect(productCount({ total: 120000, totalEstimated: true })).toBe('About 1,20,000 products');
  });

  it('pages a long list only up to its first 200 results', () => {
    expect(browsableTotal(150)).toBe(150);
    expect(browsableTotal(83000)).toBe(200);
  });
});
