import { describe, expect, it } from 'vitest';
import { ageOn, isIsoDate } from './age';
import {
  basisPointsToPercent,
  discountPercent,
  formatRupees,
  isWholeBasisPoints,
  isWholePaise,
  parseRupees,
  percentToBasisPoints,
  pointsToPaise,
  rupeesForInput,
  toPaise,
  toRupees,
  wholePointsIn,
} from './money';
import { makeReferralCode, MERCHANT_REFERRAL_CODE, normaliseReferralCode } from './referral-code';
import { moneyBackPaise } from './refunds';
import { correctionEdits, editDistance, queryWords, synonymsOf } from './search-terms';

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
  it('turns a rate in percent into integer basis points and back, without float drift', () => {
    expect(percentToBasisPoints(8.5)).toBe(850);
    expect(percentToBasisPoints(0.1)).toBe(10);
    expect(percentToBasisPoints(0.29)).toBe(29);
    expect(percentToBasisPoints(18)).toBe(1800);
    expect(basisPointsToPercent(850)).toBe(8.5);
    expect(basisPointsToPercent(25)).toBe(0.25);
    expect([8.5, 0.25, 0.29, 100].every(isWholeBasisPoints)).toBe(true);
    expect([8.555, 0.001].some(isWholeBasisPoints)).toBe(false);
  });

  it('formats rupees with Indian grouping, paise only when there are any', () => {
    expect(formatRupees(12345600)).toBe('₹1,23,456');
    expect(formatRupees(99900)).toBe('₹999');
    expect(formatRupees(149950)).toBe('₹1,499.50');
  });

  it('converts rupees to paise without float drift', () => {
    expect(toPaise(19.99)).toBe(1999);
  });

  it('converts paise to rupees and points to paise (1 point = ₹1)', () => {
    expect(toRupees(149950)).toBe(1499.5);
    expect(toRupees(0)).toBe(0);
    expect(pointsToPaise(250)).toBe(25000);
    expect(pointsToPaise(0)).toBe(0);
    expect(wholePointsIn(109899)).toBe(1098);
    expect(wholePointsIn(99)).toBe(0);
  });

  it('tells rupees in whole paise from finer amounts', () => {
    expect([19.99, 0.1 + 0.2, 5, 0].map(isWholePaise)).toEqual([true, true, true, true]);
    expect([19.999, 0.005, 1.0001].map(isWholePaise)).toEqual([false, false, false]);
  });

  it('parses rupees as typed, at most two decimals and the whole digits allowed', () => {
    expect(['499', '499.5', '1499.50', '0', '007.01'].map((t) => parseRupees(t))).toEqual([
      49900, 49950, 149950, 0, 701,
    ]);
    expect(['', '1.555', '-5', '1e3', '.5', '5.', '1,499', ' 1'].map((t) => parseRupees(t))).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(parseRupees('123456789012.99', 12)).toBe(12345678901299);
    expect(parseRupees('1234567890123', 12)).toBeNull();
  });

  it('writes paise as the rupees a person types', () => {
    expect([25000000, 150050, 150005, 0].map(rupeesForInput)).toEqual(['250000', '1500.50', '1500.05', '0']);
    expect(rupeesForInput(null)).toBe('');
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
    expect(
      ['1990-02-30', '1900-02-29', '2026-13-01', '2026-00-10', '31-12-1990', '1990-1-1', ''].map(isIsoDate),
    ).toEqual([false, false, false, false, false, false, false]);
  });
});

describe('moneyBackPaise', () => {
  const order = { subtotalPaise: 105000, totalAmountPaise: 84000, pointsUsed: 210, paid: true, refundDueSoFarPaise: 0 };

  it('gives back the cancelled parts less the points refunded for them', () => {
    expect(
      moneyBackPaise(order, { cancellingSubtotalPaise: 45000, pointsRefunded: 90, allCancelledAfter: false }),
    ).toBe(36000);
  });

  it('gives back the rest of what was paid, shipping included, with the last part', () => {
    expect(
      moneyBackPaise(
        { ...order, refundDueSoFarPaise: 36000 },
        { cancellingSubtotalPaise: 60000, pointsRefunded: 120, allCancelledAfter: true },
      ),
    ).toBe(48000);
    expect(
      moneyBackPaise(
        { subtotalPaise: 45000, totalAmountPaise: 54900, pointsUsed: 0, paid: true, refundDueSoFarPaise: 0 },
        { cancellingSubtotalPaise: 45000, pointsRefunded: 0, allCancelledAfter: true },
      ),
    ).toBe(54900);
  });

  it('gives back no money when nothing was paid, and never more than was paid', () => {
    expect(
      moneyBackPaise(
        { ...order, paid: false },
        { cancellingSubtotalPaise: 45000, pointsRefunded: 90, allCancelledAfter: false },
      ),
    ).toBe(0);
    expect(
      moneyBackPaise(
        { ...order, totalAmountPaise: 1000 },
        { cancellingSubtotalPaise: 45000, pointsRefunded: 0, allCancelledAfter: false },
      ),
    ).toBe(1000);
  });
});

describe('search terms', () => {
  it('knows synonyms both ways, and nothing for other words', () => {
    expect(synonymsOf('mobile')).toEqual(['phone', 'smartphone', 'cellphone']);
    expect(synonymsOf('television')).toEqual(['tv']);
    expect(synonymsOf('footwear')).toContain('shoes');
    expect(synonymsOf('kurta')).toEqual([]);
  });

  it('splits a search into lower-case words', () => {
    expect(queryWords('  Leather FOOTWEAR, size-9 leather ')).toEqual(['leather', 'footwear', 'size', '9']);
  });

  it('counts edits: insertions, deletions, replacements and swaps, up to a limit', () => {
    expect(editDistance('criket', 'cricket')).toBe(1);
    expect(editDistance('kasmir', 'kashmir')).toBe(1);
    expect(editDistance('kashmeer', 'kashmir')).toBe(2);
    expect(editDistance('crickte', 'cricket')).toBe(1);
    expect(editDistance('television', 'television')).toBe(0);
    expect(editDistance('tennis', 'cricket')).toBe(3);
    expect(correctionEdits('criket')).toBe(2);
    expect(correctionEdits('cottn')).toBe(1);
    expect(correctionEdits('tea')).toBe(0);
    expect(correctionEdits('iphone15')).toBe(0);
  });
});
