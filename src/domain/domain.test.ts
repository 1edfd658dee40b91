import { describe, expect, it } from 'vitest';
import { ageOn, isIsoDate } from './age';
import { discountPercent, formatRupees, toPaise } from './money';
import { makeReferralCode, MERCHANT_REFERRAL_CODE, normaliseReferralCode } from './referral-code';

describe('referral codes', () => {
  it("are 'MERCH' plus 6 uppercase letters or digits for merchants", () => {
    let i = 0;
    const seq = [0, 35, 25, 26, 10, 3];
    const code = makeReferralCode('MERCH', () => seq[i++]);
    expect(code).toBe('MERCHA9Z0KD');
    expect(code).toMatch(MERCHANT_REFERRAL_CODE);
  });

  it('are normalised to trimmed uppercase', () => {
    expect(normaliseReferralCode('  merchab12cd ')).toBe('MERCHAB12CD');
  });
});

describe('money', () => {
  it('formats rupees with Indian grouping, paise only when there are any', () => {
    expect(formatRupees(12345600)).toBe('₹1,23,456');
    expect(formatRupees(99900)).toBe('₹999');
    expect(formatRupees(149950)).toBe('₹1,499.50');
  });

  it('converts rupees to paise without float drift', () => {
    expect(toPaise(19.99)).toBe(1999);
  });

  it('computes the discount percent of SPEC section 9', () => {
    expect(discountPercent(74900, 99900)).toBe(25);
    expect(discountPercent(99900, 99900)).toBe(0);
    expect(discountPercent(99900, null)).toBe(0);
    expect(discountPercent(66600, 99900)).toBe(33);
  });
});

describe('age', () => {
  it('counts whole years, turning over on the birthday', () => {
    expect(ageOn('2008-11-21', new Date('2026-11-21T00:00:00Z'))).toBe(18);
    expect(ageOn('2008-11-22', new Date('2026-11-21T00:00:00Z'))).toBe(17);
  });
});

describe('isIsoDate', () => {
  it('accepts real calendar dates only', () => {
    expect(['1990-02-28', '2000-02-29', '2026-12-31'].map(isIsoDate)).toEqual([true, true, true]);
    expect(['1990-02-30', '1900-02-29', '2026-13-01', '2026-00-10', '31-12-1990', '1990-1-1', ''].map(isIsoDate)).toEqual([false, false, false, false, false, false, false]);
  });
});
