import { describe, expect, it } from 'vitest';
import {
  couponCodeSchema,
  promotionInputSchema,
  promotionMessages as m,
  type PromotionInput,
} from './promotions.contract';

// The form a super admin or a vendor fills to create or edit a promotion, as the server checks it.

const RIYA = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const ETHNIC = '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f';

const diwali: PromotionInput = {
  name: 'Diwali offer',
  kind: 'coupon',
  couponCode: ' diwali26 ',
  benefitType: 'percent',
  percent: '20',
  maxDiscount: '300',
  scope: 'cart',
  fundedBy: 'haat',
  minimumCart: '1,499',
  startsOn: '2026-11-01',
  endsOn: '2026-11-15',
  budgetType: 'rupees',
  budgetRupees: '50000',
  perCustomerLimit: '1',
};

/** The per-field messages, as the form shows them under each field. */
function fieldErrors(over: Partial<PromotionInput>): Record<string, string> {
  const r = promotionInputSchema.safeParse({ ...diwali, ...over });
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the promotion form', () => {
  it('turns what was typed into the promotion the rules read: paise, basis points, the code in capitals', () => {
    expect(promotionInputSchema.parse(diwali)).toEqual({
      name: 'Diwali offer',
      kind: 'coupon',
      code: 'DIWALI26',
      benefit: { type: 'percent', bp: 2000, capPaise: 30000 },
      scope: { type: 'cart' },
      funder: { by: 'haat' },
      minimumPaise: 149900,
      startsOn: '2026-11-01',
      endsOn: '2026-11-15',
      budget: { type: 'paise', limitPaise: 5_000_000 },
      perCustomerLimit: 1,
      firstOrderOnly: false,
      stackable: false,
    });
  });

  it("a vendor's automatic stackable ₹100 off on a category, with no end and no budget", () => {
    const r = promotionInputSchema.parse({
      name: 'Festive ethnic',
      kind: 'automatic',
      benefitType: 'fixed',
      amount: 100,
      scope: 'categories',
      categoryIds: [ETHNIC],
      fundedBy: 'vendor',
      vendorId: RIYA,
      startsOn: '2026-11-01',
      endsOn: '',
      stackable: true,
    });
    expect(r).toMatchObject({
      code: null,
      benefit: { type: 'fixed', amountPaise: 10000 },
      scope: { type: 'categories', categoryIds: [ETHNIC] },
      funder: { by: 'vendor', vendorId: RIYA },
      minimumPaise: 0,
      endsOn: null,
      budget: null,
      perCustomerLimit: null,
      stackable: true,
    });
  });

  it('says what is wrong, under the field to change', () => {
    expect(fieldErrors({ couponCode: 'ABC' })).toEqual({ couponCode: 'A coupon code has 6 to 20 characters' });
    expect(fieldErrors({ couponCode: 'DIWALI-26' })).toEqual({
      couponCode: 'A coupon code has only letters and digits',
    });
    expect(fieldErrors({ couponCode: '' })).toEqual({ couponCode: m.codeRequired });
    expect(fieldErrors({ kind: 'automatic' })).toEqual({ couponCode: m.codeForCouponOnly });
    expect(fieldErrors({ stackable: true })).toEqual({ stackable: m.stackableAutomaticOnly });
    expect(fieldErrors({ percent: '120' })).toEqual({ percent: m.percent });
    expect(fieldErrors({ percent: '12.345' })).toEqual({ percent: m.percentDecimals });
    expect(fieldErrors({ benefitType: 'fixed' })).toEqual({
      amount: m.amount,
      percent: m.percentOnly,
      maxDiscount: m.capForPercentOnly,
    });
    expect(fieldErrors({ maxDiscount: '0.50' })).toEqual({ maxDiscount: m.cap });
    expect(fieldErrors({ scope: 'categories' })).toEqual({ categoryIds: m.chooseCategories });
    expect(fieldErrors({ scope: 'products' })).toEqual({ productIds: m.chooseProducts });
    expect(fieldErrors({ fundedBy: 'vendor' })).toEqual({ vendorId: m.chooseVendor });
    expect(fieldErrors({ endsOn: '2026-10-31' })).toEqual({ endsOn: m.endsBeforeStart });
    expect(fieldErrors({ startsOn: '2026-02-30' })).toEqual({ startsOn: m.startsOn });
    expect(fieldErrors({ budgetType: 'uses' })).toEqual({ budgetUses: m.budgetUses });
    expect(fieldErrors({ perCustomerLimit: '1.5' })).toEqual({ perCustomerLimit: m.perCustomer });
  });

  it('the code a shopper types at checkout is checked and normalised by the same rule', () => {
    expect(couponCodeSchema.parse('  save10 ')).toBe('SAVE10');
    expect(couponCodeSchema.safeParse('SAVE').error?.issues[0].message).toBe('A coupon code has 6 to 20 characters');
  });
});
