import { describe, expect, it } from 'vitest';
import { BASIS_POINTS } from './money';
import { pickCommissionRate, rateInForce, settleLine, type CommissionRule, type SettlementLineInput, type TcsRate, type TdsRate } from './settlement';

// The rates in law, as migration 0017 seeds them into tax_rates.
const TCS_RATES: readonly TcsRate[] = [{ from: '2024-07-10', bp: 50 }];
const TDS_RATES: readonly TdsRate[] = [{ from: '2024-10-01', withPanBp: 10, withoutPanBp: 500 }];

const base: SettlementLineInput = {
  unitPricePaise: 105_000,
  quantity: 1,
  gstRateBp: 500,
  intraState: true,
  commissionBp: 1000,
  tcsBp: 50,
  tds: { withPanBp: 10, withoutPanBp: 500 },
  vendorHasGstin: true,
  vendorHasPan: true,
};

describe('settleLine: known answers worked out by hand', () => {
  it('an intra-state item at 5 %', () => {
    // ₹1,050 at 5 %: taxable ₹1,000, GST ₹50 = ₹25 CGST + ₹25 SGST. Commission 10 % of ₹1,050 = ₹105.
    // TCS 0.5 % of ₹1,000 = ₹5 = ₹2.50 + ₹2.50. TDS 0.1 % of ₹1,050 = ₹1.05. Net 105000 - 10500 - 500 - 105 = 93895.
    expect(settleLine(base)).toEqual({
      grossPaise: 105_000,
      taxablePaise: 100_000,
      gst: { cgstPaise: 2_500, sgstPaise: 2_500, igstPaise: 0, totalPaise: 5_000 },
      commissionPaise: 10_500,
      tcs: { cgstPaise: 250, sgstPaise: 250, igstPaise: 0, totalPaise: 500 },
      tdsBp: 10,
      tdsPaise: 105,
      vendorNetPaise: 93_895,
    });
  });

  it('an inter-state item at 18 %, two of them', () => {
    // 2 x ₹1,180 = ₹2,360 at 18 %: taxable ₹2,000, IGST ₹360. Commission 12 % of ₹2,360 = ₹283.20.
    // TCS 0.5 % of ₹2,000 = ₹10 IGST. TDS 0.1 % of ₹2,360 = ₹2.36. Net 236000 - 28320 - 1000 - 236 = 206444.
    expect(settleLine({ ...base, unitPricePaise: 118_000, quantity: 2, gstRateBp: 1800, intraState: false, commissionBp: 1200 })).toEqual({
      grossPaise: 236_000,
      taxablePaise: 200_000,
      gst: { cgstPaise: 0, sgstPaise: 0, igstPaise: 36_000, totalPaise: 36_000 },
      commissionPaise: 28_320,
      tcs: { cgstPaise: 0, sgstPaise: 0, igstPaise: 1_000, totalPaise: 1_000 },
      tdsBp: 10,
      tdsPaise: 236,
      vendorNetPaise: 206_444,
    });
  });

  it('an intra-state item at 18 %, rounding to the paisa', () => {
    // ₹999 at 18 %: taxable 99900 x 100 / 118 = 84661.02 -> 84661; GST 15239 = 7620 CGST (the odd paisa) + 7619 SGST.
    // Commission 8.5 % of 99900 = 8491.5 -> 8492 (half up). TCS 0.5 % of 84661 = 423.305 -> 423 = 212 + 211.
    // TDS 0.1 % of 99900 = 99.9 -> 100. Net 99900 - 8492 - 423 - 100 = 90885.
    expect(settleLine({ ...base, unitPricePaise: 99_900, gstRateBp: 1800, commissionBp: 850 })).toEqual({
      grossPaise: 99_900,
      taxablePaise: 84_661,
      gst: { cgstPaise: 7_620, sgstPaise: 7_619, igstPaise: 0, totalPaise: 15_239 },
      commissionPaise: 8_492,
      tcs: { cgstPaise: 212, sgstPaise: 211, igstPaise: 0, totalPaise: 423 },
      tdsBp: 10,
      tdsPaise: 100,
      vendorNetPaise: 90_885,
    });
  });

  it('an inter-state item at 5 % from a vendor without a PAN: TDS at 5 %', () => {
    // ₹499 at 5 %: taxable 49900 x 100 / 105 = 47523.81 -> 47524; IGST 2376. Commission 10 % = 4990.
    // TCS 0.5 % of 47524 = 237.62 -> 238 IGST. TDS 5 % of 49900 = 2495. Net 49900 - 4990 - 238 - 2495 = 42177.
    expect(settleLine({ ...base, unitPricePaise: 49_900, intraState: false, vendorHasPan: false })).toEqual({
      grossPaise: 49_900,
      taxablePaise: 47_524,
      gst: { cgstPaise: 0, sgstPaise: 0, igstPaise: 2_376, totalPaise: 2_376 },
      commissionPaise: 4_990,
      tcs: { cgstPaise: 0, sgstPaise: 0, igstPaise: 238, totalPaise: 238 },
      tdsBp: 500,
      tdsPaise: 2_495,
      vendorNetPaise: 42_177,
    });
  });

  it('a vendor without a GSTIN: no TCS', () => {
    // ₹1,050: commission ₹105, no TCS, TDS ₹1.05. Net 105000 - 10500 - 105 = 94395.
    const line = settleLine({ ...base, vendorHasGstin: false });
    expect(line.tcs).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 });
    expect(line.commissionPaise).toBe(10_500);
    expect(line.tdsPaise).toBe(105);
    expect(line.vendorNetPaise).toBe(94_395);
    // Neither GSTIN nor PAN: no TCS, TDS 5 % of ₹1,050 = ₹52.50. Net 105000 - 10500 - 5250 = 89250.
    expect(settleLine({ ...base, vendorHasGstin: false, vendorHasPan: false }).vendorNetPaise).toBe(89_250);
  });

  it('refuses a line it cannot settle', () => {
    expect(() => settleLine({ ...base, quantity: 0 })).toThrow(RangeError);
    expect(() => settleLine({ ...base, unitPricePaise: 10.5 })).toThrow(RangeError);
    expect(() => settleLine({ ...base, commissionBp: BASIS_POINTS + 1 })).toThrow(RangeError);
    // 100 % commission leaves nothing for TCS and TDS.
    expect(() => settleLine({ ...base, commissionBp: BASIS_POINTS })).toThrow(/deductions exceed/);
  });
});

describe('settleLine: gross = commission + TCS + TDS + vendor net, exactly', () => {
  it('holds over many prices, quantities and rates', () => {
    let seed = 22;
    const next = (n: number): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let i = 0; i < 5_000; i++) {
      const input: SettlementLineInput = {
        unitPricePaise: next(i % 10 === 0 ? 100 : 10_000_000),
        quantity: 1 + next(5),
        gstRateBp: [0, 500, 1800, 4000][next(4)],
        intraState: next(2) === 0,
        commissionBp: next(3_001),
        tcsBp: [50, 100][next(2)],
        tds: { withPanBp: 10, withoutPanBp: 500 },
        vendorHasGstin: next(2) === 0,
        vendorHasPan: next(2) === 0,
      };
      const l = settleLine(input);
      const where = JSON.stringify(input);
      expect(l.commissionPaise + l.tcs.totalPaise + l.tdsPaise + l.vendorNetPaise, where).toBe(l.grossPaise);
      expect(l.grossPaise, where).toBe(input.unitPricePaise * input.quantity);
      expect(l.taxablePaise + l.gst.totalPaise, where).toBe(l.grossPaise);
      expect(l.gst.cgstPaise + l.gst.sgstPaise + l.gst.igstPaise, where).toBe(l.gst.totalPaise);
      expect(l.tcs.cgstPaise + l.tcs.sgstPaise + l.tcs.igstPaise, where).toBe(l.tcs.totalPaise);
      expect(Math.min(l.taxablePaise, l.gst.totalPaise, l.commissionPaise, l.tcs.totalPaise, l.tdsPaise, l.vendorNetPaise), where).toBeGreaterThanOrEqual(0);
      // The taxable value is within half a paisa of price x 100 / (100 + rate).
      const error = Math.abs(l.taxablePaise * (BASIS_POINTS + input.gstRateBp) - l.grossPaise * BASIS_POINTS);
      expect(2 * error, where).toBeLessThanOrEqual(BASIS_POINTS + input.gstRateBp);
    }
  });
});

describe('rateInForce: TCS and TDS by date', () => {
  it('picks the rate from its effective date on', () => {
    expect(rateInForce(TCS_RATES, '2024-07-09')).toBeNull();
    expect(rateInForce(TCS_RATES, '2024-07-10')).toEqual({ from: '2024-07-10', bp: 50 });
    expect(rateInForce(TDS_RATES, '2024-09-30')).toBeNull();
    expect(rateInForce(TDS_RATES, '2026-11-26')).toEqual({ from: '2024-10-01', withPanBp: 10, withoutPanBp: 500 });
  });

  it('takes the latest row on or before the date, whatever the order of the rows', () => {
    const rates = [{ from: '2027-04-01', bp: 25 }, { from: '2024-07-10', bp: 50 }, { from: '2018-10-01', bp: 100 }];
    expect(rateInForce(rates, '2020-01-01')?.bp).toBe(100);
    expect(rateInForce(rates, '2027-03-31')?.bp).toBe(50);
    expect(rateInForce(rates, '2027-04-01')?.bp).toBe(25);
    expect(() => rateInForce(rates, '1 April 2027')).toThrow(RangeError);
  });
});

describe('pickCommissionRate', () => {
  const rules: CommissionRule[] = [
    { scope: 'global', targetId: null, rateBp: 1000, effectiveFrom: '2026-01-01' },
    { scope: 'global', targetId: null, rateBp: 1100, effectiveFrom: '2026-07-01' },
    { scope: 'category', targetId: 'sarees', rateBp: 800, effectiveFrom: '2026-03-01' },
    { scope: 'vendor', targetId: 'v-kavya', rateBp: 600, effectiveFrom: '2026-05-01' },
    { scope: 'vendor', targetId: 'v-kavya', rateBp: 700, effectiveFrom: '2026-09-01' },
    { scope: 'vendor', targetId: 'v-other', rateBp: 100, effectiveFrom: '2026-01-01' },
  ];
  const rate = (vendorId: string, categoryId: string | null, on: string) => pickCommissionRate(rules, { vendorId, categoryId, on })?.rateBp ?? null;

  it('takes the global default, the latest in force', () => {
    expect(rate('v-ravi', 'spices', '2025-12-31')).toBeNull();
    expect(rate('v-ravi', 'spices', '2026-01-01')).toBe(1000);
    expect(rate('v-ravi', null, '2026-06-30')).toBe(1000);
    expect(rate('v-ravi', 'spices', '2026-07-01')).toBe(1100);
  });

  it('prefers a category rule to the default, and a vendor rule to both', () => {
    expect(rate('v-ravi', 'sarees', '2026-02-28')).toBe(1000); // the category rule is not yet in force
    expect(rate('v-ravi', 'sarees', '2026-03-01')).toBe(800);
    expect(rate('v-ravi', 'sarees', '2026-08-01')).toBe(800); // a newer global default does not beat it
    expect(rate('v-kavya', 'sarees', '2026-04-30')).toBe(800);
    expect(rate('v-kavya', 'sarees', '2026-05-01')).toBe(600); // vendor and category both apply: the vendor wins
    expect(rate('v-kavya', 'spices', '2026-05-01')).toBe(600);
    expect(rate('v-kavya', 'sarees', '2026-09-01')).toBe(700);
  });

  it('takes the later in the list of two rules of one scope from the same day', () => {
    const twice: CommissionRule[] = [...rules, { scope: 'category', targetId: 'sarees', rateBp: 850, effectiveFrom: '2026-03-01' }];
    expect(pickCommissionRate(twice, { vendorId: 'v-ravi', categoryId: 'sarees', on: '2026-03-01' })?.rateBp).toBe(850);
  });
});
