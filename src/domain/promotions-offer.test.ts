import { describe, expect, it } from 'vitest';
import type { PromotionWithUsage } from './promotions';
import { cardOffer, indexedCardOffer, indexOffers, type OfferItem } from './promotions-offer';

// Known answers worked by hand: the offer a card shows for one unit bought alone.

const TODAY = '2026-11-30';

function promo(id: string, over: Partial<PromotionWithUsage> = {}): PromotionWithUsage {
  return {
    id,
    name: id,
    kind: 'automatic',
    code: null,
    benefit: { type: 'percent', bp: 1000, capPaise: null },
    scope: { type: 'categories', categoryIds: ['cat-ethnic'] },
    funder: { by: 'haat' },
    minimumPaise: 0,
    startsOn: '2026-11-01',
    endsOn: '2026-12-05',
    budget: null,
    perCustomerLimit: null,
    firstOrderOnly: false,
    stackable: false,
    usage: { uses: 0, spentPaise: 0, customerUses: 0 },
    ...over,
  };
}

const kurta = (pricePaise: number, over: Partial<OfferItem> = {}): OfferItem => ({
  productId: 'prod-kurta',
  variantId: null,
  categoryId: 'cat-ethnic',
  shopId: 'shop-riya',
  vendorId: 'vendor-riya',
  pricePaise,
  ...over,
});

const offer = (promotions: PromotionWithUsage[], item: OfferItem) => cardOffer(promotions, item, TODAY);

describe('cardOffer', () => {
  it('takes a percentage off, rounded half up to the paisa and held to its cap', () => {
    // 20 % of ₹999 is ₹199.80, capped at ₹150: ₹849.
    const festive = promo('Festive', { benefit: { type: 'percent', bp: 2000, capPaise: 15_000 } });
    expect(offer([festive], kurta(99_900))).toEqual({ pricePaise: 84_900, name: 'Festive', endsOn: '2026-12-05' });
    // 15 % of ₹333.30 is 4,999.5 paise, rounded up to ₹50.00: ₹283.30.
    const fifteen = promo('Fifteen', { benefit: { type: 'percent', bp: 1500, capPaise: null }, endsOn: null });
    expect(offer([fifteen], kurta(33_330))).toEqual({ pricePaise: 28_330, name: 'Fifteen', endsOn: null });
  });

  it('never takes more than the price: ₹500 off a ₹299 item makes it free', () => {
    const hundreds = promo('Five hundred off', { benefit: { type: 'fixed', amountPaise: 50_000 } });
    expect(offer([hundreds], kurta(29_900))?.pricePaise).toBe(0);
  });

  it('shows nothing for an item the promotion does not cover', () => {
    expect(offer([promo('Festive')], kurta(99_900, { categoryId: 'cat-phones' }))).toBeNull();
    const shop = promo('Riya week', { scope: { type: 'shops', shopIds: ['shop-riya'] } });
    expect(offer([shop], kurta(99_900))?.pricePaise).toBe(89_910);
  });

  it('shows a variant-only promotion for that variant, not on the card of the product', () => {
    const scope = { type: 'products' as const, productIds: [], variantIds: ['var-m'] };
    const sizeM = promo('Size M sale', { scope });
    expect(offer([sizeM], kurta(99_900))).toBeNull();
    expect(offer([sizeM], kurta(99_900, { variantId: 'var-m' }))?.pricePaise).toBe(89_910);
    expect(offer([sizeM], kurta(99_900, { variantId: 'var-l' }))).toBeNull();
  });

  it('leaves out coupons, first-order promotions, and a minimum above the price', () => {
    const coupon = promo('SAVE10', { kind: 'coupon', code: 'SAVE10' });
    const welcome = promo('Welcome', { firstOrderOnly: true });
    expect(offer([coupon, welcome], kurta(99_900))).toBeNull();
    const big = promo('Big basket', { minimumPaise: 100_000 });
    expect(offer([big], kurta(99_900))).toBeNull();
    // At exactly the minimum it applies: 10 % of ₹1,000.
    expect(offer([big], kurta(100_000))?.pricePaise).toBe(90_000);
  });

  it('keeps to the dates and the budget', () => {
    expect(offer([promo('Later', { startsOn: '2026-12-01' })], kurta(99_900))).toBeNull();
    expect(offer([promo('Over', { endsOn: '2026-11-29' })], kurta(99_900))).toBeNull();
    // The last day is included.
    expect(offer([promo('Today', { endsOn: TODAY })], kurta(99_900))?.endsOn).toBe(TODAY);
    const usedUp = promo('Used up', {
      budget: { type: 'uses', limit: 5 },
      usage: { uses: 5, spentPaise: 0, customerUses: 0 },
    });
    expect(offer([usedUp], kurta(99_900))).toBeNull();
    // ₹50 left of a ₹1,000 budget caps 10 % of ₹999 (₹99.90) at ₹50: ₹949.
    const budget = { type: 'paise' as const, limitPaise: 100_000 };
    const nearlyGone = promo('Nearly gone', { budget, usage: { uses: 20, spentPaise: 95_000, customerUses: 0 } });
    expect(offer([nearlyGone], kurta(99_900))?.pricePaise).toBe(94_900);
  });

  it('shows a promotion limited per customer as to anyone who has not used it', () => {
    const once = promo('Once each', { perCustomerLimit: 1, usage: { uses: 40, spentPaise: 0, customerUses: 3 } });
    expect(offer([once], kurta(99_900))?.pricePaise).toBe(89_910);
  });

  it('combines stackable promotions as checkout does, or takes one that combines with nothing if it saves more', () => {
    // On ₹2,000: Festive ₹100 off, then Tenner 10 % of ₹1,900 = ₹190: ₹1,710, ending on the earlier last day.
    const festive = promo('Festive', {
      benefit: { type: 'fixed', amountPaise: 10_000 },
      stackable: true,
      endsOn: '2026-12-07',
    });
    const tenner = promo('Tenner', { stackable: true, endsOn: '2026-12-03' });
    expect(offer([tenner, festive], kurta(200_000))).toEqual({
      pricePaise: 171_000,
      name: 'Festive + Tenner',
      endsOn: '2026-12-03',
    });
    // Mega Sale, 25 % alone (₹500), saves more than ₹290: ₹1,500.
    const mega = promo('Mega Sale', { benefit: { type: 'percent', bp: 2500, capPaise: null }, endsOn: null });
    expect(offer([tenner, festive, mega], kurta(200_000))).toEqual({
      pricePaise: 150_000,
      name: 'Mega Sale',
      endsOn: null,
    });
  });

  it('shows nothing without promotions', () => {
    expect(offer([], kurta(99_900))).toBeNull();
  });
});

describe('indexedCardOffer', () => {
  it('answers as cardOffer over every promotion, on a varied set of promotions and items', () => {
    // A seeded draw (mulberry32) of 300 promotions over 4 categories, 5 shops of 3 vendors, 30 products
    // with 2 variants each: every scope, funder, kind, date, budget and stacking; then 400 items.
    let seed = 20_261_130;
    const random = () => {
      seed = (seed + 0x6d2b79f5) >>> 0;
      let t = seed;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
    const some = <T>(xs: readonly T[]): T[] => [
      ...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(xs))),
    ];
    const categories = ['cat-0', 'cat-1', 'cat-2', 'cat-3'];
    const shops = ['shop-0', 'shop-1', 'shop-2', 'shop-3', 'shop-4'];
    const vendorOf = (shop: string) => `vendor-${Number(shop.slice(5)) % 3}`;
    const products = Array.from({ length: 30 }, (_, i) => `prod-${i}`);
    const variants = products.flatMap((p) => [`${p}-a`, `${p}-b`]);
    const scopes = (): PromotionWithUsage['scope'] => {
      const r = random();
      if (r < 0.5)
        return { type: 'products', productIds: some(products), variantIds: random() < 0.3 ? some(variants) : [] };
      if (r < 0.7) return { type: 'shops', shopIds: some(shops) };
      if (r < 0.9) return { type: 'categories', categoryIds: some(categories) };
      return { type: 'cart' };
    };
    const promotions = Array.from({ length: 300 }, (_, i) =>
      promo(`p-${String(i).padStart(3, '0')}`, {
        kind: random() < 0.1 ? 'coupon' : 'automatic',
        benefit:
          random() < 0.6
            ? { type: 'percent', bp: 500 + Math.floor(random() * 3000), capPaise: random() < 0.5 ? 20_000 : null }
            : { type: 'fixed', amountPaise: 1_000 + Math.floor(random() * 30_000) },
        scope: scopes(),
        funder: random() < 0.4 ? { by: 'vendor', vendorId: vendorOf(pick(shops)) } : { by: 'haat' },
        minimumPaise: random() < 0.2 ? 50_000 : 0,
        startsOn: random() < 0.1 ? '2026-12-02' : '2026-11-01',
        endsOn: random() < 0.1 ? '2026-11-20' : random() < 0.3 ? null : '2026-12-10',
        budget: random() < 0.1 ? { type: 'paise', limitPaise: 10_000 } : null,
        usage: { uses: 3, spentPaise: random() < 0.5 ? 4_000 : 10_000, customerUses: 0 },
        firstOrderOnly: random() < 0.05,
        stackable: random() < 0.3,
      }),
    );
    const index = indexOffers(promotions);
    let shown = 0;
    for (let i = 0; i < 400; i++) {
      const productId = pick(products);
      const shopId = pick(shops);
      const item: OfferItem = {
        productId,
        variantId: random() < 0.5 ? null : `${productId}-${pick(['a', 'b', 'c'])}`,
        categoryId: random() < 0.1 ? null : pick(categories),
        shopId,
        vendorId: random() < 0.2 ? null : vendorOf(shopId),
        pricePaise: random() < 0.05 ? 0 : 10_000 + Math.floor(random() * 200_000),
      };
      const expected = cardOffer(promotions, item, TODAY);
      expect(indexedCardOffer(index, item, TODAY)).toEqual(expected);
      if (expected) shown += 1;
    }
    // Most items get an offer, and not all: both answers are compared.
    expect(shown).toBeGreaterThan(200);
    expect(shown).toBeLessThan(400);
  });
});
