import { describe, expect, it } from 'vitest';
import {
  creditNoteForUnits,
  monthlyPromotionCost,
  planDiscountedReturnRefund,
  promotionInvariantBreaches,
  promotionsBackOnCancel,
  settleDiscountedLine,
  unitsShare,
} from './promotions-tax';
import { lineAmounts, type LineRates } from './settlement';

// Known answers worked by hand: what a discount does to the vendor's invoice, GST, TCS, TDS,
// commission and net, to refunds and credit notes, and to the promotion's counts. Selling prices
// include GST (gst.ts): taxable = price x 10000 / (10000 + rate bp), rounded half up.

/** Fashion within the state: GST 5 %, commission 10 %, TCS 0.5 %, TDS 0.1 % (PAN and GSTIN given). */
const fashion: LineRates = {
  gstRateBp: 500,
  intraState: true,
  commissionBp: 1000,
  tcsBp: 50,
  tdsBp: 10,
  vendorHasGstin: true,
};

/** Electronics to another state: GST 18 % (IGST), commission 8 %, TCS 0.5 %, TDS 0.1 %. */
const electronics: LineRates = {
  gstRateBp: 1800,
  intraState: false,
  commissionBp: 800,
  tcsBp: 50,
  tdsBp: 10,
  vendorHasGstin: true,
};

// ₹999 kurta x 2, 20% off capped at ₹300: ₹300 off the line (₹150 a unit).
const kurtas = { unitPricePaise: 99900, quantity: 2 };

describe('a vendor-funded discount lowers the invoice, and every tax and the commission follow it', () => {
  it('₹999 kurta x 2 with ₹300 off from the vendor', () => {
    const s = settleDiscountedLine({ ...kurtas, vendorFundedPaise: 30000, haatFundedPaise: 0 }, fashion);
    // Invoice: ₹1,998 less ₹300 = ₹1,698, GST included.
    expect(s.listPaise).toBe(199800);
    expect(s.invoiceDiscountPaise).toBe(30000);
    expect(s.settlement.grossPaise).toBe(169800);
    // Taxable: 169800 x 10000 / 10500 = 161714.29 → ₹1,617.14; GST ₹80.86, CGST ₹40.43 + SGST ₹40.43.
    expect(s.settlement.taxablePaise).toBe(161714);
    expect(s.settlement.gst).toEqual({ cgstPaise: 4043, sgstPaise: 4043, igstPaise: 0, totalPaise: 8086 });
    // Commission: 10% of ₹1,698 = ₹169.80 (on the price after the discount, not ₹199.80).
    expect(s.settlement.commissionPaise).toBe(16980);
    // TCS: 0.5% of ₹1,617.14 = ₹8.0857 → ₹8.09 (CGST takes the odd paisa: 4.05 + 4.04).
    expect(s.settlement.tcs).toEqual({ cgstPaise: 405, sgstPaise: 404, igstPaise: 0, totalPaise: 809 });
    // TDS: 0.1% of ₹1,617.14 = ₹1.617 → ₹1.62.
    expect(s.settlement.tdsPaise).toBe(162);
    // Net: 1698 - 169.80 - 8.09 - 1.62 = ₹1,518.49.
    expect(s.settlement.vendorNetPaise).toBe(151849);
    expect(s.customerPaysPaise).toBe(169800);
    expect(s.haatPromotionCostPaise).toBe(0);
  });
});

describe('a vendor without a GSTIN', () => {
  it('takes no TCS, and TDS on the whole amount after its discount', () => {
    const unregistered: LineRates = { ...fashion, tcsBp: 0, vendorHasGstin: false };
    const s = settleDiscountedLine({ ...kurtas, vendorFundedPaise: 30000, haatFundedPaise: 0 }, unregistered);
    // Its document shows no GST, so TDS is on ₹1,698: 0.1% = ₹1.698 → ₹1.70. Commission ₹169.80.
    // Net: 1698 - 169.80 - 1.70 = ₹1,526.50.
    expect(s.settlement.tcs.totalPaise).toBe(0);
    expect(s.settlement.tdsPaise).toBe(170);
    expect(s.settlement.vendorNetPaise).toBe(152650);
  });
});

describe('a Haat-funded discount leaves the vendor at the full price, and Haat pays the difference', () => {
  it('₹999 kurta x 2 with ₹300 off from Haat', () => {
    const s = settleDiscountedLine({ ...kurtas, vendorFundedPaise: 0, haatFundedPaise: 30000 }, fashion);
    // Invoice at ₹1,998: taxable 199800 x 10000 / 10500 = 190285.71 → ₹1,902.86; GST ₹95.14.
    expect(s.invoiceDiscountPaise).toBe(0);
    expect(s.settlement.grossPaise).toBe(199800);
    expect(s.settlement.taxablePaise).toBe(190286);
    expect(s.settlement.gst.totalPaise).toBe(9514);
    // Commission 10% of ₹1,998 = ₹199.80; TCS 0.5% of ₹1,902.86 = ₹9.51; TDS 0.1% = ₹1.90.
    expect(s.settlement.commissionPaise).toBe(19980);
    expect(s.settlement.tcs.totalPaise).toBe(951);
    expect(s.settlement.tdsPaise).toBe(190);
    // Net: 1998 - 199.80 - 9.51 - 1.90 = ₹1,786.79: what the vendor gets without the promotion.
    expect(s.settlement.vendorNetPaise).toBe(178679);
    // The customer pays ₹1,698; Haat pays the ₹300, its promotion cost.
    expect(s.customerPaysPaise).toBe(169800);
    expect(s.haatPromotionCostPaise).toBe(30000);
  });

  it('without a vendor-funded discount the settlement is exactly that of the line at full price', () => {
    const s = settleDiscountedLine({ ...kurtas, vendorFundedPaise: 0, haatFundedPaise: 0 }, fashion);
    expect(s.settlement.vendorNetPaise).toBe(178679);
    expect(() =>
      settleDiscountedLine({ ...kurtas, vendorFundedPaise: 150000, haatFundedPaise: 50000 }, fashion),
    ).toThrow(RangeError);
  });
});

// ₹500 earbuds x 3 = ₹1,500 with ₹100 off from the vendor. By units, rounded down cumulatively:
// unit 1 floor(10000/3) = 3333, units 1-2 floor(20000/3) = 6666 (so 3333), unit 3 takes the rest 3334.
const earbuds = { unitPricePaise: 50000, quantity: 3, vendorFundedPaise: 10000, haatFundedPaise: 0 };

describe('returning 1 of 3 discounted units', () => {
  it('shares the discount by unit, the last unit taking the rest', () => {
    expect(
      [unitsShare(earbuds, 0, 1), unitsShare(earbuds, 1, 2), unitsShare(earbuds, 2, 3)].map((u) => u.vendorFundedPaise),
    ).toEqual([3333, 3333, 3334]);
    expect(unitsShare(earbuds, 0, 1)).toEqual({
      listPaise: 50000,
      vendorFundedPaise: 3333,
      haatFundedPaise: 0,
      paidPaise: 46667,
    });
    expect(unitsShare(earbuds, 1, 3).paidPaise).toBe(93333);
  });

  it('the credit note carries the unit’s discount, and the credit notes of all units add up to the invoice', () => {
    const invoiced = lineAmounts(settleDiscountedLine(earbuds, electronics).settlement);
    // Invoice: ₹1,400; taxable 140000 x 10000 / 11800 = 118644.07 → 118644; IGST 21356;
    // commission 8% = 11200; TCS 0.5% of 118644 = 593.22 → 593; TDS 118.64 → 119; net 128088.
    expect(invoiced).toMatchObject({
      grossPaise: 140000,
      taxablePaise: 118644,
      igstPaise: 21356,
      vendorNetPaise: 128088,
    });
    // Unit 1: ₹500 less ₹33.33 = ₹466.67; taxable 46667 / 1.18 = 39548.31 → 39548; IGST 7119;
    // commission 3733.36 → 3733; TCS 197.74 → 198; TDS 39.55 → 40; net 46667 - 3733 - 198 - 40 = 42696.
    const first = creditNoteForUnits(invoiced, earbuds, electronics, 0, 1);
    expect(first.discountPaise).toBe(3333);
    expect(first.listPaise).toBe(50000);
    expect(first.amounts).toMatchObject({
      grossPaise: 46667,
      taxablePaise: 39548,
      igstPaise: 7119,
      commissionPaise: 3733,
      tcsIgstPaise: 198,
      tdsPaise: 40,
      vendorNetPaise: 42696,
    });
    // Units 2 and 3: the invoice less unit 1, so the credit notes add up to the invoice exactly.
    const rest = creditNoteForUnits(invoiced, earbuds, electronics, 1, 3);
    expect(rest.discountPaise).toBe(6667);
    expect(rest.amounts).toMatchObject({
      grossPaise: 93333,
      taxablePaise: 79096,
      igstPaise: 14237,
      vendorNetPaise: 85392,
    });
  });

  it('refunds what was paid for the unit, the points used coming back in proportion to what was paid', () => {
    // Items ₹1,500 less ₹100 = ₹1,400 (above ₹999: free delivery); 400 points used, ₹1,000 paid.
    const order = { subtotalPaise: 140000, pointsUsed: 400, moneyLeftPaise: 100000, paidBy: 'gateway' as const };
    const first = planDiscountedReturnRefund({ ...order, returnedBeforePaise: 0 }, [
      { ...earbuds, returnedBefore: 0, returning: 1, pointsEarned: 30 },
    ]);
    // Paid for unit 1: ₹466.67. Points: floor(400 x 46667 / 140000) = floor(133.33) = 133 (₹133).
    // Money: 466.67 - 133 = ₹333.67. Points it earned: floor(30 x 1/3) = 10.
    expect(first).toEqual({
      valuePaise: 46667,
      haatCostBackPaise: 0,
      pointsReturned: 133,
      pointsEarnedBack: 10,
      moneyPaise: 33367,
    });
    // Then units 2 and 3: ₹933.33; points 400 - 133 = 267; money 933.33 - 267 = ₹666.33.
    const rest = planDiscountedReturnRefund({ ...order, returnedBeforePaise: 46667, moneyLeftPaise: 100000 - 33367 }, [
      { ...earbuds, returnedBefore: 1, returning: 2, pointsEarned: 30 },
    ]);
    expect(rest).toMatchObject({ valuePaise: 93333, pointsReturned: 267, pointsEarnedBack: 20, moneyPaise: 66633 });
    // Everything back: ₹1,000 money and 400 points, exactly what was paid.
    expect(first.moneyPaise + rest.moneyPaise).toBe(100000);
    expect(first.pointsReturned + rest.pointsReturned).toBe(400);
  });

  it("a Haat-funded unit returned gives Haat back that unit's promotion cost", () => {
    const haat = { ...earbuds, vendorFundedPaise: 0, haatFundedPaise: 10000 };
    const plan = planDiscountedReturnRefund(
      { subtotalPaise: 140000, pointsUsed: 0, moneyLeftPaise: 140000, paidBy: 'gateway', returnedBeforePaise: 0 },
      [{ ...haat, returnedBefore: 0, returning: 1, pointsEarned: 0 }],
    );
    expect(plan).toMatchObject({ valuePaise: 46667, haatCostBackPaise: 3333, moneyPaise: 46667 });
    // The vendor's credit note is at the full price: the vendor was paid the full price.
    const invoiced = lineAmounts(settleDiscountedLine(haat, electronics).settlement);
    expect(creditNoteForUnits(invoiced, haat, electronics, 0, 1)).toMatchObject({
      discountPaise: 0,
      amounts: { grossPaise: 50000 },
    });
  });
});

describe("a cancellation and the promotion's uses", () => {
  const uses = [{ promotionId: 'coupon-SAVE10', discountPaise: 20000 }];

  it('the whole order cancelled before shipping gives the use and its spend back', () => {
    expect(promotionsBackOnCancel({ wholeOrderCancelled: true, anyPartShipped: false, uses })).toEqual([
      { promotionId: 'coupon-SAVE10', usesBack: 1, spendBackPaise: 20000 },
    ]);
  });

  it('a part cancelled, or a cancellation after shipping, keeps the use', () => {
    expect(promotionsBackOnCancel({ wholeOrderCancelled: false, anyPartShipped: false, uses })).toEqual([]);
    expect(promotionsBackOnCancel({ wholeOrderCancelled: true, anyPartShipped: true, uses })).toEqual([]);
  });
});

describe('the money rules of promotions', () => {
  it('hold when every line is discount + paid and every promotion within its limits', () => {
    expect(
      promotionInvariantBreaches({
        lines: [
          { lineId: 'kurta', grossPaise: 199800, discountPaise: 30000, paidPaise: 169800, sharesPaise: [10000, 20000] },
        ],
        promotions: [{ promotionId: 'p1', uses: 100, useLimit: 100, spentPaise: 500000, budgetPaise: 500000 }],
      }),
    ).toEqual([]);
  });

  it('name each rule broken', () => {
    expect(
      promotionInvariantBreaches({
        lines: [{ lineId: 'kurta', grossPaise: 199800, discountPaise: 30000, paidPaise: 169700, sharesPaise: [30001] }],
        promotions: [{ promotionId: 'p1', uses: 101, useLimit: 100, spentPaise: 500001, budgetPaise: 500000 }],
      }),
    ).toEqual([
      'line kurta: price 199800 is not discount 30000 + paid 169700',
      "line kurta: the promotions' shares 30001 are not the discount 30000",
      'promotion p1: 101 uses, more than its limit 100',
      'promotion p1: spent 500001, more than its budget 500000',
    ]);
  });
});

describe("Haat's promotion cost by month", () => {
  it('sums what was granted less what came back, per promotion and India month', () => {
    expect(
      monthlyPromotionCost([
        { promotionId: 'diwali', on: '2026-11-02', paise: 30000 },
        { promotionId: 'diwali', on: '2026-11-20', paise: -3333 },
        { promotionId: 'welcome', on: '2026-11-05', paise: 10000 },
        { promotionId: 'diwali', on: '2026-12-01', paise: 5000 },
      ]),
    ).toEqual([
      { month: '2026-11', promotionId: 'diwali', paise: 26667 },
      { month: '2026-11', promotionId: 'welcome', paise: 10000 },
      { month: '2026-12', promotionId: 'diwali', paise: 5000 },
    ]);
  });
});
