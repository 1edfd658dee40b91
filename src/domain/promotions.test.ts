import { describe, expect, it } from 'vitest';
import {
  checkEligibility,
  couponCodeProblem,
  discountOn,
  findCoupon,
  mostOffPerOrderPaise,
  needsFreshCodeToSave,
  normaliseCouponCode,
  refusalMessage,
  type PromoCartLine,
  type PromotionWithUsage,
} from './promotions';

// Known answers worked by hand: one promotion at a time (its code, whether it applies, how much it takes off).

const TODAY = '2026-11-30';

function promo(over: Partial<PromotionWithUsage> = {}): PromotionWithUsage {
  return {
    id: 'p-save10',
    name: 'Ten percent off',
    kind: 'coupon',
    code: 'SAVE10',
    benefit: { type: 'percent', bp: 1000, capPaise: 30000 },
    scope: { type: 'cart' },
    funder: { by: 'haat' },
    minimumPaise: 0,
    startsOn: '2026-11-01',
    endsOn: '2026-12-31',
    budget: null,
    perCustomerLimit: null,
    firstOrderOnly: false,
    stackable: false,
    usage: { uses: 0, spentPaise: 0, customerUses: 0 },
    ...over,
  };
}

function line(over: Partial<PromoCartLine> = {}): PromoCartLine {
  return {
    lineId: 'kurta',
    productId: 'prod-kurta',
    variantId: 'var-kurta-m',
    categoryId: 'cat-ethnic',
    shopId: 'shop-riya',
    vendorId: 'vendor-riya',
    unitPricePaise: 99900,
    quantity: 1,
    ...over,
  };
}

const newCustomer = { earlierOrders: 0 };

/** The message a shopper reads when the promotion does not apply (null when it does). */
function refusalOf(p: PromotionWithUsage, cart: PromoCartLine[], customer = newCustomer, today = TODAY) {
  const e = checkEligibility(p, cart, customer, today);
  return e.ok ? null : refusalMessage(p.code ?? p.name, e.refusal);
}

describe('coupon codes', () => {
  it('are kept in capitals without surrounding spaces, so a code is found whatever its case', () => {
    expect(normaliseCouponCode('  diwali26 ')).toBe('DIWALI26');
    const found = findCoupon(' Save10', [promo()]);
    expect(found.ok && found.promotion.id).toBe('p-save10');
  });

  it('have 6 to 20 letters and digits', () => {
    expect(couponCodeProblem('save10')).toBeNull();
    expect(couponCodeProblem('ABCDEFGHIJ0123456789')).toBeNull();
    expect(couponCodeProblem('SAVE1')).toBe('A coupon code has 6 to 20 characters');
    expect(couponCodeProblem('ABCDEFGHIJ01234567890')).toBe('A coupon code has 6 to 20 characters');
    expect(couponCodeProblem('SAVE-10')).toBe('A coupon code has only letters and digits');
  });

  it('an unknown code is refused with the code as the shopper will recognise it', () => {
    const found = findCoupon('nope99', [promo()]);
    expect(found.ok).toBe(false);
    if (!found.ok)
      expect(refusalMessage('nope99', found.refusal)).toBe(
        'There is no coupon with the code NOPE99: check the spelling',
      );
  });
});

describe('whether one promotion applies', () => {
  it('applies from its first day to its last, India dates, both included', () => {
    const p = promo({ startsOn: '2026-12-01', endsOn: '2026-12-07' });
    expect(refusalOf(p, [line()], newCustomer, '2026-11-30')).toBe('SAVE10 can be used from 1 Dec 2026');
    expect(refusalOf(p, [line()], newCustomer, '2026-12-01')).toBeNull();
    expect(refusalOf(p, [line()], newCustomer, '2026-12-07')).toBeNull();
    expect(refusalOf(p, [line()], newCustomer, '2026-12-08')).toBe('SAVE10 expired on 7 Dec 2026');
  });

  it('is refused once its budget of uses or of rupees is used up', () => {
    const byUses = promo({
      budget: { type: 'uses', limit: 100 },
      usage: { uses: 100, spentPaise: 0, customerUses: 0 },
    });
    expect(refusalOf(byUses, [line()])).toBe('SAVE10 has been fully claimed by other shoppers');
    const oneLeft = promo({
      budget: { type: 'uses', limit: 100 },
      usage: { uses: 99, spentPaise: 0, customerUses: 0 },
    });
    expect(refusalOf(oneLeft, [line()])).toBeNull();
    // ₹50,000 budget, ₹50,000 given: nothing left.
    const byRupees = promo({
      budget: { type: 'paise', limitPaise: 5_000_000 },
      usage: { uses: 0, spentPaise: 5_000_000, customerUses: 0 },
    });
    expect(refusalOf(byRupees, [line()])).toBe('SAVE10 has been fully claimed by other shoppers');
  });

  it('is refused to a customer who has used it as often as it allows', () => {
    const once = promo({ perCustomerLimit: 1, usage: { uses: 5, spentPaise: 0, customerUses: 1 } });
    expect(refusalOf(once, [line()])).toBe('You have already used SAVE10');
    const thrice = promo({ perCustomerLimit: 3, usage: { uses: 5, spentPaise: 0, customerUses: 3 } });
    expect(refusalOf(thrice, [line()])).toBe('You have already used SAVE10 3 times, as many as it allows');
    const twiceOfThree = promo({ perCustomerLimit: 3, usage: { uses: 5, spentPaise: 0, customerUses: 2 } });
    expect(refusalOf(twiceOfThree, [line()])).toBeNull();
  });

  it('a first-order promotion is refused to a customer with an earlier order', () => {
    const welcome = promo({ code: 'WELCOME100', firstOrderOnly: true });
    expect(refusalOf(welcome, [line()], { earlierOrders: 0 })).toBeNull();
    expect(refusalOf(welcome, [line()], { earlierOrders: 1 })).toBe('WELCOME100 is only for your first order');
  });

  it('is refused when no item in the cart is of its categories, shops, products or variants', () => {
    const sarees = promo({ scope: { type: 'categories', categoryIds: ['cat-sarees'] } });
    expect(refusalOf(sarees, [line()])).toBe('SAVE10 does not apply to any item in your cart');
    const otherShop = promo({ scope: { type: 'shops', shopIds: ['shop-other'] } });
    expect(refusalOf(otherShop, [line()])).toBe('SAVE10 does not apply to any item in your cart');
    // A variant listed covers that variant only; a product listed covers all of its variants.
    const sizeL = promo({ scope: { type: 'products', productIds: [], variantIds: ['var-kurta-l'] } });
    expect(refusalOf(sizeL, [line()])).toBe('SAVE10 does not apply to any item in your cart');
    expect(refusalOf(sizeL, [line({ variantId: 'var-kurta-l' })])).toBeNull();
    const kurta = promo({ scope: { type: 'products', productIds: ['prod-kurta'], variantIds: [] } });
    expect(refusalOf(kurta, [line({ variantId: 'var-kurta-l' })])).toBeNull();
  });

  it("a vendor's promotion covers only that vendor's products, even for the whole cart", () => {
    const riya = promo({ funder: { by: 'vendor', vendorId: 'vendor-riya' } });
    const cart = [
      line(),
      line({ lineId: 'mug', productId: 'prod-mug', vendorId: 'vendor-sharma', shopId: 'shop-sharma' }),
    ];
    const e = checkEligibility(riya, cart, newCustomer, TODAY);
    expect(e).toEqual({ ok: true, lineIds: ['kurta'], coveredPaise: 99900 });
    const sharmaOnly = promo({ funder: { by: 'vendor', vendorId: 'vendor-sharma' } });
    expect(refusalOf(sharmaOnly, [line()])).toBe('SAVE10 does not apply to any item in your cart');
  });

  it('says how much more to add when the minimum is not met', () => {
    // Minimum ₹1,500, cart ₹999: ₹501 more.
    const p = promo({ minimumPaise: 150000 });
    expect(refusalOf(p, [line()])).toBe('Add ₹501 more to your cart to use SAVE10 (minimum ₹1,500)');
    // Two kurtas (₹1,998) pass it.
    expect(refusalOf(p, [line({ quantity: 2 })])).toBeNull();
    // A category promotion counts only its items: the ₹1,499 earbuds do not help the kurta's ₹999 reach ₹1,500.
    const ethnic = promo({ minimumPaise: 150000, scope: { type: 'categories', categoryIds: ['cat-ethnic'] } });
    const earbuds = line({
      lineId: 'earbuds',
      productId: 'prod-earbuds',
      categoryId: 'cat-audio',
      unitPricePaise: 149900,
    });
    expect(refusalOf(ethnic, [line(), earbuds])).toBe(
      'Add ₹501 more of the items SAVE10 covers to use it (minimum ₹1,500)',
    );
  });

  it('with paise short, the amount to add shows them', () => {
    // Minimum ₹500, a ₹349.50 item: ₹150.50 more.
    const p = promo({ minimumPaise: 50000 });
    expect(refusalOf(p, [line({ unitPricePaise: 34950 })])).toBe(
      'Add ₹150.50 more to your cart to use SAVE10 (minimum ₹500)',
    );
  });
});

describe('the discount of one promotion', () => {
  it('₹999 kurta x 2, 20% off capped at ₹300: 20% of ₹1,998 is ₹399.60, so ₹300', () => {
    const p = promo({ benefit: { type: 'percent', bp: 2000, capPaise: 30000 } });
    expect(discountOn(p, 199800)).toBe(30000);
  });

  it('a percentage rounds half up to the paisa: 15% of ₹333.33 = ₹49.9995 → ₹50.00', () => {
    const p = promo({ benefit: { type: 'percent', bp: 1500, capPaise: null } });
    expect(discountOn(p, 33333)).toBe(5000);
    // 10% of ₹999.50 = ₹99.95 exactly.
    expect(discountOn(promo({ benefit: { type: 'percent', bp: 1000, capPaise: null } }), 99950)).toBe(9995);
  });

  it('a fixed amount larger than the items it covers takes them to zero, never below', () => {
    const p = promo({ benefit: { type: 'fixed', amountPaise: 50000 } });
    expect(discountOn(p, 29900)).toBe(29900);
    expect(discountOn(p, 99900)).toBe(50000);
  });

  it('never gives more than is left of a rupee budget', () => {
    // ₹10,000 budget with ₹9,900 given: ₹100 left, though 10% of ₹1,998 is ₹199.80.
    const p = promo({
      benefit: { type: 'percent', bp: 1000, capPaise: null },
      budget: { type: 'paise', limitPaise: 1_000_000 },
      usage: { uses: 40, spentPaise: 990_000, customerUses: 0 },
    });
    expect(discountOn(p, 199800)).toBe(10000);
  });
});

describe('a fresh code to save a large Haat-funded promotion', () => {
  const haat = { by: 'haat' } as const;
  const ABOVE = 100_000; // ₹1,000

  it('the most off one order: the fixed amount, the cap, or no bound for a percentage without a cap', () => {
    expect(mostOffPerOrderPaise({ type: 'fixed', amountPaise: 50_000 })).toBe(50_000);
    expect(mostOffPerOrderPaise({ type: 'percent', bp: 2000, capPaise: 30_000 })).toBe(30_000);
    expect(mostOffPerOrderPaise({ type: 'percent', bp: 1000, capPaise: null })).toBeNull();
  });

  it('needs one above ₹1,000 an order, not at ₹1,000; a percentage without a cap always', () => {
    expect(needsFreshCodeToSave({ funder: haat, benefit: { type: 'fixed', amountPaise: 100_000 } }, ABOVE)).toBe(false);
    expect(needsFreshCodeToSave({ funder: haat, benefit: { type: 'fixed', amountPaise: 100_001 } }, ABOVE)).toBe(true);
    const capped = (capPaise: number | null) =>
      needsFreshCodeToSave({ funder: haat, benefit: { type: 'percent', bp: 500, capPaise } }, ABOVE);
    expect(capped(99_900)).toBe(false);
    expect(capped(150_000)).toBe(true);
    expect(capped(null)).toBe(true);
    // A vendor pays for its own: not Haat's money.
    const vendor = { by: 'vendor', vendorId: 'v-1' } as const;
    expect(needsFreshCodeToSave({ funder: vendor, benefit: { type: 'fixed', amountPaise: 500_000 } }, ABOVE)).toBe(
      false,
    );
  });
});
