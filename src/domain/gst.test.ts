import { describe, expect, it } from 'vitest';
import { priceSplit, splitTax, taxableValue } from './gst';
import { divideRoundHalfUp, ofBasisPoints } from './money';

describe('the rounding rule: half up to the paisa, in integers', () => {
  it('rounds a half and more up, less down', () => {
    expect(divideRoundHalfUp(5, 2)).toBe(3); // 2.5
    expect(divideRoundHalfUp(7, 3)).toBe(2); // 2.33
    expect(divideRoundHalfUp(8, 3)).toBe(3); // 2.67
    expect(divideRoundHalfUp(0, 7)).toBe(0);
    expect(ofBasisPoints(100, 50)).toBe(1); // 0.5 % of 100 paise = 0.5 paisa -> 1
    expect(ofBasisPoints(99, 50)).toBe(0); // 0.495 -> 0
    expect(ofBasisPoints(300, 50)).toBe(2); // 1.5 -> 2
    expect(ofBasisPoints(500, 10)).toBe(1); // 0.1 % of ₹5 = 0.5 paisa -> 1
    expect(ofBasisPoints(499, 10)).toBe(0); // 0.499 -> 0
    expect(ofBasisPoints(1_999, 50)).toBe(10); // 9.995 -> 10
  });

  it('refuses what it cannot do exactly', () => {
    expect(() => divideRoundHalfUp(-1, 2)).toThrow(RangeError);
    expect(() => divideRoundHalfUp(1.5, 2)).toThrow(RangeError);
    expect(() => divideRoundHalfUp(1, 0)).toThrow(RangeError);
    expect(() => ofBasisPoints(Number.MAX_SAFE_INTEGER, 50)).toThrow(RangeError);
    expect(() => ofBasisPoints(100, -1)).toThrow(RangeError);
  });
});

describe('taxableValue and priceSplit: GST inside a retail price', () => {
  it('takes 5 % and 18 % out of round prices exactly', () => {
    // ₹1,050 at 5 %: 105000 x 100 / 105 = 100000 paise; tax ₹50.
    expect(priceSplit(105_000, 500)).toEqual({ taxablePaise: 100_000, taxPaise: 5_000 });
    // ₹1,180 at 18 %: 118000 x 100 / 118 = 100000; tax ₹180.
    expect(priceSplit(118_000, 1800)).toEqual({ taxablePaise: 100_000, taxPaise: 18_000 });
    // ₹1,400 at 40 %: 140000 x 100 / 140 = 100000; tax ₹400.
    expect(priceSplit(140_000, 4000)).toEqual({ taxablePaise: 100_000, taxPaise: 40_000 });
    // 0 %: all of it is taxable.
    expect(priceSplit(99_900, 0)).toEqual({ taxablePaise: 99_900, taxPaise: 0 });
  });

  it('rounds the taxable value half up to the paisa, the tax being the rest', () => {
    // ₹999 at 18 %: 99900 x 100 / 118 = 84661.0169... -> 84661; tax 15239.
    expect(priceSplit(99_900, 1800)).toEqual({ taxablePaise: 84_661, taxPaise: 15_239 });
    // ₹499 at 5 %: 49900 x 100 / 105 = 47523.8095... -> 47524; tax 2376.
    expect(priceSplit(49_900, 500)).toEqual({ taxablePaise: 47_524, taxPaise: 2_376 });
    // ₹0.01 at 18 %: 1 x 100 / 118 = 0.847 -> 1; tax 0.
    expect(priceSplit(1, 1800)).toEqual({ taxablePaise: 1, taxPaise: 0 });
    expect(taxableValue(0, 1800)).toBe(0);
  });

  it('refuses a rate that is not basis points from 0 to 100 %', () => {
    expect(() => taxableValue(100, -500)).toThrow(RangeError);
    expect(() => taxableValue(100, 12.5)).toThrow(RangeError);
    expect(() => taxableValue(100, 10_001)).toThrow(RangeError);
    expect(() => taxableValue(-100, 500)).toThrow(RangeError);
  });
});

describe('splitTax', () => {
  it('halves within a state, CGST taking an odd paisa; all IGST between states', () => {
    expect(splitTax(5_000, true)).toEqual({ cgstPaise: 2_500, sgstPaise: 2_500, igstPaise: 0 });
    expect(splitTax(15_239, true)).toEqual({ cgstPaise: 7_620, sgstPaise: 7_619, igstPaise: 0 });
    expect(splitTax(1, true)).toEqual({ cgstPaise: 1, sgstPaise: 0, igstPaise: 0 });
    expect(splitTax(15_239, false)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 15_239 });
    expect(splitTax(0, true)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
  });
});
