import { describe, expect, it } from 'vitest';
import {
  applyPromotions,
  MAX_STACKABLE_TRIED,
  pointsUsableAfterPromotions,
  shareInProportion,
  totalsAfterPromotions,
} from './promotions-apply';
import type { PromoCartLine, PromotionWithUsage } from './promotions';

// Known answers worked by hand: which promotions a cart gets, how each is shared over the lines,
// and what points then pay.

const TODAY = '2026-11-30';

function promo(id: string, over: Partial<PromotionWithUsage> = {}): PromotionWithUsage {
  return {
    id,
    name: id,
    kind: 'automatic',
    code: null,
    benefit: { type: 'percent', bp: 1000, capPaise: null },
    scope: { type: 'cart' },
    funder: { by: 'haat' },
    minimumPaise: 0,
    startsOn: '2026-11-01',
    endsOn: null,
    budget: null,
    perCustomerLimit: null,
    firstOrderOnly: false,
    stackable: true,
    usage: { uses: 0, spentPaise: 0, customerUses: 0 },
    ...over,
  };
}

const coupon = (code: string, over: Partial<PromotionWithUsage> = {}) =>
  promo(`coupon-${code}`, { kind: 'coupon', code, name: code, stackable: false, ...over });

function line(lineId: string, unitPricePaise: number, quantity = 1, over: Partial<PromoCartLine> = {}): PromoCartLine {
  return {
    lineId,
    productId: `prod-${lineId}`,
    variantId: null,
    categoryId: 'cat-ethnic',
    shopId: 'shop-riya',
    vendorId: 'vendor-riya',
    unitPricePaise,
    quantity,
    ...over,
  };
}

const customer = { earlierOrders: 2 };

function apply(
  cart: PromoCartLine[],
  automatics: PromotionWithUsage[],
  typed: string | null = null,
  coupons: PromotionWithUsage[] = [],
) {
  return applyPromotions({
    cart,
    customer,
    today: TODAY,
    automatics,
    coupon: typed === null ? null : { typed, found: coupons },
  });
}

describe('sharing an amount in proportion, exact to the paisa', () => {
  it('₹100 off a cart of ₹999 + ₹499 + ₹299', () => {
    // Sum ₹1,797. Exact shares: 10000 x 99900/179700 = 5559.27, x 49900/179700 = 2776.85,
    // x 29900/179700 = 1663.88. Floors 5559 + 2776 + 1663 = 9998: 2 paise left, to the largest
    // remainders .88 (third) and .85 (second): 5559, 2777, 1664 = 10000.
    expect(shareInProportion(10000, [99900, 49900, 29900])).toEqual([5559, 2777, 1664]);
  });

  it('equal weights: the left paise go to the earlier lines', () => {
    expect(shareInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareInProportion(1, [500, 500])).toEqual([1, 0]);
  });

  it('always adds up, and no share passes its weight', () => {
    const weights = [1, 7, 13, 99999, 2, 333];
    for (const total of [0, 1, 17, 5000, 100355]) {
      const shares = shareInProportion(total, weights);
      expect(shares.reduce((s, x) => s + x, 0)).toBe(total);
      shares.forEach((s, i) => expect(s).toBeLessThanOrEqual(weights[i]));
    }
  });
});

describe('the promotions a cart gets', () => {
  it('₹999 kurta x 2 with SAVE20 (20% off, up to ₹300): ₹300 off the line, explained', () => {
    const save20 = coupon('SAVE20', { benefit: { type: 'percent', bp: 2000, capPaise: 30000 } });
    const r = apply([line('kurta', 99900, 2)], [], 'save20', [save20]);
    expect(r.discountPaise).toBe(30000);
    expect(r.lines[0]).toMatchObject({
      grossPaise: 199800,
      discountPaise: 30000,
      haatFundedPaise: 30000,
      paidPaise: 169800,
    });
    expect(r.applied.map((a) => a.explanation)).toEqual(['SAVE20: 20% off, up to ₹300 on your item, you save ₹300']);
    expect(r.rejected).toEqual([]);
  });

  it('an order-level ₹100 off is shared over the lines in proportion to their value', () => {
    const flat = coupon('FLAT100', { benefit: { type: 'fixed', amountPaise: 10000 } });
    const cart = [line('kurta', 99900), line('dupatta', 49900), line('bangles', 29900)];
    const r = apply(cart, [], 'FLAT100', [flat]);
    // As worked above: 5559 + 2777 + 1664.
    expect(r.lines.map((l) => l.discountPaise)).toEqual([5559, 2777, 1664]);
    expect(r.lines.map((l) => l.paidPaise)).toEqual([94341, 47123, 28236]);
    expect(r.lines.every((l) => l.shares[0].promotionId === 'coupon-FLAT100' && l.shares[0].funder.by === 'haat')).toBe(
      true,
    );
  });

  it('a fixed amount larger than the items it covers makes them free and leaves the rest at full price', () => {
    const bangles = coupon('BANGLE500', {
      benefit: { type: 'fixed', amountPaise: 50000 },
      scope: { type: 'categories', categoryIds: ['cat-jewellery'] },
    });
    const cart = [line('kurta', 99900), line('bangles', 29900, 1, { categoryId: 'cat-jewellery' })];
    const r = apply(cart, [], 'BANGLE500', [bangles]);
    expect(r.lines.map((l) => [l.discountPaise, l.paidPaise])).toEqual([
      [0, 99900],
      [29900, 0],
    ]);
    expect(r.applied[0].explanation).toBe('BANGLE500: ₹500 off on 1 item in your cart, you save ₹299');
  });

  // One ₹2,000 line. Festive: ₹100 off, stackable. SAVE10: 10%, a coupon. Alone: ₹100 and ₹200.
  // Together, the automatic first: ₹100, then 10% of the ₹1,900 left = ₹190: ₹290.
  const festive = promo('festive', { name: 'Festive', benefit: { type: 'fixed', amountPaise: 10000 } });
  const save10 = coupon('SAVE10');

  it('a coupon stacks with the stackable automatic promotions, each on what the earlier left', () => {
    const r = apply([line('lehenga', 200000)], [festive], 'SAVE10', [save10]);
    expect(r.applied.map((a) => [a.label, a.discountPaise])).toEqual([
      ['Festive', 10000],
      ['SAVE10', 19000],
    ]);
    expect(r.discountPaise).toBe(29000);
  });

  it('a non-stackable promotion that saves more wins alone, and the others say why they are not used', () => {
    // Mega Sale: 25% of ₹2,000 = ₹500, more than ₹290 together.
    const mega = promo('mega', {
      name: 'Mega Sale',
      stackable: false,
      benefit: { type: 'percent', bp: 2500, capPaise: null },
    });
    const r = apply([line('lehenga', 200000)], [festive, mega], 'SAVE10', [save10]);
    expect(r.applied.map((a) => [a.label, a.discountPaise])).toEqual([['Mega Sale', 50000]]);
    expect(r.rejected.map((x) => x.explanation)).toEqual([
      'Mega Sale saves you ₹500, more than SAVE10 (₹200), and they cannot be combined',
      'Mega Sale saves you ₹500, more than Festive (₹100), and they cannot be combined',
    ]);
  });

  it('a non-stackable promotion that saves less is left out, and says so', () => {
    // Mega Sale at 12%: ₹240, less than ₹290 together.
    const mega = promo('mega', {
      name: 'Mega Sale',
      stackable: false,
      benefit: { type: 'percent', bp: 1200, capPaise: null },
    });
    const r = apply([line('lehenga', 200000)], [festive, mega], 'SAVE10', [save10]);
    expect(r.discountPaise).toBe(29000);
    expect(r.rejected.map((x) => x.explanation)).toEqual([
      'Festive and SAVE10 together save you ₹290, more than Mega Sale (₹240), which cannot be combined with them',
    ]);
  });

  it('on a tie the answer does not depend on the order the promotions come in, and fewer promotions win', () => {
    // WELCOME100 (₹100) and the automatic Hundred Off (₹100, not stackable) save the same.
    const welcome = coupon('WELCOME100', { benefit: { type: 'fixed', amountPaise: 10000 } });
    const hundred = promo('auto-hundred', {
      name: 'Hundred Off',
      stackable: false,
      benefit: { type: 'fixed', amountPaise: 10000 },
    });
    const a = apply([line('kurta', 99900)], [hundred], 'WELCOME100', [welcome]);
    // Same size: the smaller id, 'auto-hundred' < 'coupon-WELCOME100'. The coupon's use is kept.
    expect(a.applied.map((x) => x.promotionId)).toEqual(['auto-hundred']);
    expect(a.rejected.map((x) => x.explanation)).toEqual([
      'Your other offers already save you as much without WELCOME100, so it is not used',
    ]);
    // A stackable ₹0-adding promotion with nothing left to take: one promotion beats two saving the same.
    const free = coupon('FREEKURTA', { benefit: { type: 'fixed', amountPaise: 99900 } });
    const extra = promo('extra', { name: 'Extra', benefit: { type: 'fixed', amountPaise: 5000 } });
    const b = apply([line('kurta', 99900)], [extra], 'FREEKURTA', [free]);
    expect(b.applied.map((x) => [x.label, x.discountPaise])).toEqual([['FREEKURTA', 99900]]);
    expect(b.rejected.map((x) => x.label)).toEqual(['Extra']);
  });

  it('a coupon with nothing left to take is not used, and keeps its use, rather than said not to combine', () => {
    // Free dupatta: ₹499 off, automatic and stackable, on a ₹499 item: nothing left for SAVE10.
    const gift = promo('gift', { name: 'Free dupatta', benefit: { type: 'fixed', amountPaise: 49900 } });
    const r = apply([line('dupatta', 49900)], [gift], 'SAVE10', [save10]);
    expect(r.applied.map((x) => [x.label, x.discountPaise])).toEqual([['Free dupatta', 49900]]);
    expect(r.rejected.map((x) => x.explanation)).toEqual([
      'Your other offers already save you as much without SAVE10, so it is not used',
    ]);
  });

  it('a refused coupon is explained and the automatic promotions still apply', () => {
    const r = apply([line('kurta', 99900)], [festive], 'nosuch1', []);
    expect(r.applied.map((a) => a.label)).toEqual(['Festive']);
    expect(r.rejected.map((x) => x.explanation)).toEqual([
      'There is no coupon with the code NOSUCH1: check the spelling',
    ]);
    const minimum = coupon('BIG2000', { minimumPaise: 200000 });
    const m = apply([line('kurta', 99900)], [], 'BIG2000', [minimum]);
    expect(m.rejected.map((x) => x.explanation)).toEqual([
      'Add ₹1,001 more to your cart to use BIG2000 (minimum ₹2,000)',
    ]);
  });

  it("records who funds each line's discount: a vendor's promotion on its own items, Haat's coupon on all", () => {
    // Riya's 10% (stackable, automatic) on her ₹1,000 kurta: ₹100. Then Haat's FLAT100 over what
    // is left: kurta ₹900, Sharma's mug ₹300 → 10000 x 900/1200 = 7500 and 2500.
    const riya10 = promo('riya10', { name: 'Riya 10%', funder: { by: 'vendor', vendorId: 'vendor-riya' } });
    const flat = coupon('FLAT100', { benefit: { type: 'fixed', amountPaise: 10000 } });
    const mug = line('mug', 30000, 1, { vendorId: 'vendor-sharma', shopId: 'shop-sharma', categoryId: 'cat-home' });
    const r = apply([line('kurta', 100000), mug], [riya10], 'FLAT100', [flat]);
    expect(r.lines.map((l) => [l.lineId, l.vendorFundedPaise, l.haatFundedPaise, l.paidPaise])).toEqual([
      ['kurta', 10000, 7500, 82500],
      ['mug', 0, 2500, 27500],
    ]);
    expect(r.lines[0].shares.map((s) => [s.promotionId, s.funder.by, s.paise])).toEqual([
      ['riya10', 'vendor', 10000],
      ['coupon-FLAT100', 'haat', 7500],
    ]);
  });

  it(`tries ${MAX_STACKABLE_TRIED} stackable promotions in every combination, then adds others that save more`, () => {
    // Eight stackable ₹1 ... ₹8 off a ₹1,000 item: ₹8 ... ₹3 in every combination (all six: ₹33),
    // then ₹2 and ₹1 each add to it: ₹36, all eight applied.
    const many = Array.from({ length: 8 }, (_, i) =>
      promo(`off-${i + 1}`, { benefit: { type: 'fixed', amountPaise: (i + 1) * 100 } }),
    );
    const r = apply([line('kurta', 100000)], many);
    expect(r.discountPaise).toBe(3600);
    expect(r.applied).toHaveLength(8);
    expect(r.rejected).toEqual([]);
    // On a ₹34.50 item, the six largest (₹33) leave ₹1.50: ₹2 off takes it, ₹1 off has nothing left.
    const small = apply([line('bindi', 3450)], many);
    expect(small.discountPaise).toBe(3450);
    expect(small.rejected.map((x) => x.label)).toEqual(['off-1']);
  });
});

describe('points after promotions', () => {
  it('points pay part of what the promotions left, delivery judged on it too', () => {
    // ₹1,200 of items, ₹300 off: ₹900 to pay, not above ₹999, so ₹99 delivery: ₹999 due.
    const lines = [{ grossPaise: 120000, discountPaise: 30000 }];
    expect(totalsAfterPromotions(lines, 500, 2000)).toEqual({
      subtotalPaise: 120000,
      discountPaise: 30000,
      itemsPayablePaise: 90000,
      shippingPaise: 9900,
      pointsUsed: 500,
      totalPaise: 49900,
    });
    // 2,000 points wanted and held: only 999 can pay, and nothing is left to pay.
    expect(totalsAfterPromotions(lines, 2000, 2000)).toMatchObject({ pointsUsed: 999, totalPaise: 0 });
    // Never more points than the balance.
    expect(totalsAfterPromotions(lines, 800, 300)).toMatchObject({ pointsUsed: 300, totalPaise: 69900 });
  });

  it('the points a shopper may use: the balance, at most what the promotions left with delivery', () => {
    // ₹1,200 of items, ₹240 off: ₹960, not above ₹999, so ₹99 delivery: at most 1,059 points.
    const lines = [{ grossPaise: 120000, discountPaise: 24000 }];
    expect(pointsUsableAfterPromotions(lines, 5000)).toBe(1059);
    expect(pointsUsableAfterPromotions(lines, 300)).toBe(300);
    expect(pointsUsableAfterPromotions([], 300)).toBe(0);
  });

  it('items made free by a promotion still pay delivery', () => {
    expect(totalsAfterPromotions([{ grossPaise: 29900, discountPaise: 29900 }], 0, 0)).toMatchObject({
      itemsPayablePaise: 0,
      shippingPaise: 9900,
      totalPaise: 9900,
    });
  });
});
