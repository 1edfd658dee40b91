import { describe, expect, it } from 'vitest';
import { BASIS_POINTS } from './money';
import {
  lineAmounts,
  pickCommissionRate,
  rateInForce,
  settleLine,
  settleReturnedUnits,
  settleUnits,
  type CommissionRule,
  type LineAmounts,
  type LineRates,
  type SettlementLineInput,
  type TcsRate,
  type TdsRate,
} from './settlement';

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
  // Each case: what it is, the line (changes to `base`), and its settlement worked out by hand in the comment.
  it.each<[string, Partial<SettlementLineInput>, ReturnType<typeof settleLine>]>([
    [
      // ₹1,050 at 5 %: taxable ₹1,000, GST ₹50 = ₹25 CGST + ₹25 SGST. Commission 10 % of ₹1,050 = ₹105.
      // TCS 0.5 % of ₹1,000 = ₹5 = ₹2.50 + ₹2.50. The invoice shows GST (the vendor has a GSTIN), so TDS is
      // 0.1 % of ₹1,000 (CBDT Circular 20/2023, Q3) = ₹1.00, not ₹1.05. Net 105000 - 10500 - 500 - 100 = 93900.
      'an intra-state item at 5 %',
      {},
      {
        grossPaise: 105_000,
        taxablePaise: 100_000,
        gst: { cgstPaise: 2_500, sgstPaise: 2_500, igstPaise: 0, totalPaise: 5_000 },
        commissionPaise: 10_500,
        tcs: { cgstPaise: 250, sgstPaise: 250, igstPaise: 0, totalPaise: 500 },
        tdsBp: 10,
        tdsPaise: 100,
        vendorNetPaise: 93_900,
      },
    ],
    [
      // 2 x ₹1,180 = ₹2,360 at 18 %: taxable ₹2,000, IGST ₹360. Commission 12 % of ₹2,360 = ₹283.20.
      // TCS 0.5 % of ₹2,000 = ₹10 IGST. TDS 0.1 % of ₹2,000 = ₹2.00. Net 236000 - 28320 - 1000 - 200 = 206480.
      'an inter-state item at 18 %, two of them',
      { unitPricePaise: 118_000, quantity: 2, gstRateBp: 1800, intraState: false, commissionBp: 1200 },
      {
        grossPaise: 236_000,
        taxablePaise: 200_000,
        gst: { cgstPaise: 0, sgstPaise: 0, igstPaise: 36_000, totalPaise: 36_000 },
        commissionPaise: 28_320,
        tcs: { cgstPaise: 0, sgstPaise: 0, igstPaise: 1_000, totalPaise: 1_000 },
        tdsBp: 10,
        tdsPaise: 200,
        vendorNetPaise: 206_480,
      },
    ],
    [
      // ₹999 at 18 %: taxable 99900 x 100 / 118 = 84661.02 -> 84661; GST 15239 = 7620 CGST (the odd paisa) + 7619 SGST.
      // Commission 8.5 % of 99900 = 8491.5 -> 8492 (half up). TCS 0.5 % of 84661 = 423.305 -> 423 = 212 + 211.
      // TDS 0.1 % of 84661 = 84.661 -> 85. Net 99900 - 8492 - 423 - 85 = 90900.
      'an intra-state item at 18 %, rounding to the paisa',
      { unitPricePaise: 99_900, gstRateBp: 1800, commissionBp: 850 },
      {
        grossPaise: 99_900,
        taxablePaise: 84_661,
        gst: { cgstPaise: 7_620, sgstPaise: 7_619, igstPaise: 0, totalPaise: 15_239 },
        commissionPaise: 8_492,
        tcs: { cgstPaise: 212, sgstPaise: 211, igstPaise: 0, totalPaise: 423 },
        tdsBp: 10,
        tdsPaise: 85,
        vendorNetPaise: 90_900,
      },
    ],
    [
      // ₹499 at 5 %: taxable 49900 x 100 / 105 = 47523.81 -> 47524; IGST 2376. Commission 10 % = 4990.
      // TCS 0.5 % of 47524 = 237.62 -> 238 IGST. TDS 5 % of 47524 = 2376.2 -> 2376.
      // Net 49900 - 4990 - 238 - 2376 = 42296.
      'an inter-state item at 5 % from a vendor with a GSTIN but no PAN on record: TDS at 5 % of the taxable value',
      { unitPricePaise: 49_900, intraState: false, vendorHasPan: false },
      {
        grossPaise: 49_900,
        taxablePaise: 47_524,
        gst: { cgstPaise: 0, sgstPaise: 0, igstPaise: 2_376, totalPaise: 2_376 },
        commissionPaise: 4_990,
        tcs: { cgstPaise: 0, sgstPaise: 0, igstPaise: 238, totalPaise: 238 },
        tdsBp: 500,
        tdsPaise: 2_376,
        vendorNetPaise: 42_296,
      },
    ],
  ])('%s', (_name, line, settled) => {
    expect(settleLine({ ...base, ...line })).toEqual(settled);
  });

  it('a vendor without a GSTIN: no TCS, and TDS on the gross (its document shows no GST)', () => {
    // ₹1,050: commission ₹105, no TCS, TDS 0.1 % of ₹1,050 = ₹1.05. Net 105000 - 10500 - 105 = 94395.
    const line = settleLine({ ...base, vendorHasGstin: false });
    expect(line.tcs).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 });
    expect(line.commissionPaise).toBe(10_500);
    expect(line.tdsPaise).toBe(105);
    expect(line.vendorNetPaise).toBe(94_395);
    // Neither GSTIN nor PAN: no TCS, TDS 5 % of ₹1,050 = ₹52.50. Net 105000 - 10500 - 5250 = 89250.
    expect(settleLine({ ...base, vendorHasGstin: false, vendorHasPan: false })).toMatchObject({
      tdsBp: 500,
      tdsPaise: 5_250,
      vendorNetPaise: 89_250,
    });
  });

  it('TDS at another rate follows the same base: 1 % of ₹1,000 taxable is ₹10.00 with a GSTIN, 1 % of ₹1,050 is ₹10.50 without', () => {
    const onePercent = { withPanBp: 100, withoutPanBp: 500 };
    expect(settleLine({ ...base, tds: onePercent }).tdsPaise).toBe(1_000);
    expect(settleLine({ ...base, tds: onePercent, vendorHasGstin: false }).tdsPaise).toBe(1_050);
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
      expect(
        Math.min(l.taxablePaise, l.gst.totalPaise, l.commissionPaise, l.tcs.totalPaise, l.tdsPaise, l.vendorNetPaise),
        where,
      ).toBeGreaterThanOrEqual(0);
      // The taxable value is within half a paisa of price x 100 / (100 + rate).
      const error = Math.abs(l.taxablePaise * (BASIS_POINTS + input.gstRateBp) - l.grossPaise * BASIS_POINTS);
      expect(2 * error, where).toBeLessThanOrEqual(BASIS_POINTS + input.gstRateBp);
    }
  });
});

describe('settleReturnedUnits: a credit note follows the invoice rule', () => {
  // Two kurtas at ₹1,299, 5 %, Jaipur to Pune (IGST), 10 % commission, vendor with a GSTIN and a PAN.
  const rates: LineRates = {
    gstRateBp: 500,
    intraState: false,
    commissionBp: 1000,
    tcsBp: 50,
    tdsBp: 10,
    vendorHasGstin: true,
  };
  const kurtas = { unitPricePaise: 129_900, quantity: 2, rates };
  // The invoice line: ₹2,598, taxable 259800 x 100 / 105 = 247428.57 -> 247429, IGST 12371; commission 25980;
  // TCS 0.5 % of 247429 = 1237.145 -> 1237; TDS 0.1 % of 247429 = 247.429 -> 247; net 259800 - 25980 - 1237 - 247 = 232336.
  const line = lineAmounts(settleUnits(129_900, 2, rates));
  const sum = (a: LineAmounts, b: LineAmounts) =>
    Object.fromEntries(Object.keys(a).map((k) => [k, a[k as keyof LineAmounts] + b[k as keyof LineAmounts]]));

  it('a credit note for 1 of 2 kurtas carries what an invoice for one kurta would', () => {
    expect(line).toMatchObject({
      grossPaise: 259_800,
      taxablePaise: 247_429,
      igstPaise: 12_371,
      commissionPaise: 25_980,
      tcsIgstPaise: 1_237,
      tdsPaise: 247,
      vendorNetPaise: 232_336,
    });
    // One kurta: taxable 129900 x 100 / 105 = 123714.29 -> ₹1,237.14, IGST ₹61.86 (a share of the line would give ₹1,237.15 and ₹61.85);
    // commission 12990; TCS 0.5 % of 123714 = 618.57 -> 619; TDS 0.1 % of 123714 = 123.71 -> 124; net 129900 - 12990 - 619 - 124 = 116167.
    const first = settleReturnedUnits(line, { ...kurtas, from: 0, to: 1 });
    expect(first).toEqual({
      grossPaise: 129_900,
      taxablePaise: 123_714,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 6_186,
      commissionPaise: 12_990,
      tcsCgstPaise: 0,
      tcsSgstPaise: 0,
      tcsIgstPaise: 619,
      tdsPaise: 124,
      vendorNetPaise: 116_167,
    });
    expect(first).toEqual(lineAmounts(settleUnits(129_900, 1, rates)));
  });

  it('the second kurta credits the rest of the invoice, so the two credit notes are the invoice exactly', () => {
    const second = settleReturnedUnits(line, { ...kurtas, from: 1, to: 2 });
    // 247429 - 123714 = 123715 taxable, IGST 12371 - 6186 = 6185; TCS 1237 - 619 = 618; TDS 247 - 124 = 123; net 232336 - 116167 = 116169.
    expect(second).toMatchObject({
      grossPaise: 129_900,
      taxablePaise: 123_715,
      igstPaise: 6_185,
      tcsIgstPaise: 618,
      tdsPaise: 123,
      vendorNetPaise: 116_169,
    });
    expect(sum(settleReturnedUnits(line, { ...kurtas, from: 0, to: 1 }), second)).toEqual(line);
    expect(settleReturnedUnits(line, { ...kurtas, from: 0, to: 2 })).toEqual(line);
  });

  it('returns of every unit add up to the line as written, even one written under an earlier rule', () => {
    // The same line with TDS taken on the gross (0.1 % of ₹2,598 = 259.8 -> 260), as lines placed before Circular 20/2023's rule read.
    const earlier = { ...line, tdsPaise: 260, vendorNetPaise: 232_323 };
    const first = settleReturnedUnits(earlier, { ...kurtas, from: 0, to: 1 });
    const second = settleReturnedUnits(earlier, { ...kurtas, from: 1, to: 2 });
    expect([first.tdsPaise, second.tdsPaise]).toEqual([124, 136]);
    expect(sum(first, second)).toEqual(earlier);
  });

  it('refuses units the line does not have', () => {
    expect(() => settleReturnedUnits(line, { ...kurtas, from: 1, to: 3 })).toThrow(RangeError);
    expect(() => settleReturnedUnits(line, { ...kurtas, from: 2, to: 1 })).toThrow(RangeError);
  });

  it('over many lines and splits: each return adds up, none is negative, all of them are the line', () => {
    let seed = 23;
    const next = (n: number): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let i = 0; i < 2_000; i++) {
      const quantity = 1 + next(6);
      const r: LineRates = {
        gstRateBp: [0, 500, 1800, 4000][next(4)],
        intraState: next(2) === 0,
        commissionBp: next(3_001),
        tcsBp: [0, 50][next(2)],
        tdsBp: [10, 500][next(2)],
        vendorHasGstin: next(2) === 0,
      };
      const unitPricePaise = 1 + next(i % 10 === 0 ? 100 : 1_000_000);
      const whole = lineAmounts(settleUnits(unitPricePaise, quantity, r));
      let from = 0;
      let total: Record<string, number> = Object.fromEntries(Object.keys(whole).map((k) => [k, 0]));
      while (from < quantity) {
        const to = from + 1 + next(quantity - from);
        const part = settleReturnedUnits(whole, { unitPricePaise, quantity, rates: r, from, to });
        const where = JSON.stringify({ unitPricePaise, quantity, r, from, to });
        expect(Math.min(...Object.values(part)), where).toBeGreaterThanOrEqual(0);
        expect(part.taxablePaise + part.cgstPaise + part.sgstPaise + part.igstPaise, where).toBe(part.grossPaise);
        expect(
          part.commissionPaise +
            part.tcsCgstPaise +
            part.tcsSgstPaise +
            part.tcsIgstPaise +
            part.tdsPaise +
            part.vendorNetPaise,
          where,
        ).toBe(part.grossPaise);
        if (from === 0) expect(part, where).toEqual(lineAmounts(settleUnits(unitPricePaise, to, r)));
        total = sum(total as LineAmounts, part);
        from = to;
      }
      expect(total).toEqual(whole);
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
    const rates = [
      { from: '2027-04-01', bp: 25 },
      { from: '2024-07-10', bp: 50 },
      { from: '2018-10-01', bp: 100 },
    ];
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
  const rate = (vendorId: string, categoryId: string | null, on: string) =>
    pickCommissionRate(rules, { vendorId, categoryId, on })?.rateBp ?? null;

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
    const twice: CommissionRule[] = [
      ...rules,
      { scope: 'category', targetId: 'sarees', rateBp: 850, effectiveFrom: '2026-03-01' },
    ];
    expect(pickCommissionRate(twice, { vendorId: 'v-ravi', categoryId: 'sarees', on: '2026-03-01' })?.rateBp).toBe(850);
  });
});
