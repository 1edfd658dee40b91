import { describe, expect, it } from 'vitest';
import {
  exemptionAtCredit,
  financialYearBounds,
  TDS_194O_EXEMPTION_LIMIT_PAISE,
  tdsAdjustmentAvailable,
  tdsAdjustmentOfCredit,
  tdsNote,
} from './tds';

describe('returns adjust TDS (CBDT Circular 20/2023, question 4): known answers worked by hand', () => {
  it('what is available is what returns kept less what credits already adjusted, never below zero', () => {
    expect(tdsAdjustmentAvailable({ keptOnReturnsPaise: 100, adjustedPaise: 0 })).toBe(100);
    expect(tdsAdjustmentAvailable({ keptOnReturnsPaise: 350, adjustedPaise: 200 })).toBe(150);
    expect(tdsAdjustmentAvailable({ keptOnReturnsPaise: 100, adjustedPaise: 100 })).toBe(0);
    expect(tdsAdjustmentAvailable({ keptOnReturnsPaise: 0, adjustedPaise: 0 })).toBe(0);
  });

  it("a credit's TDS is reduced by what is available, up to the whole of it; the rest waits for the next credit", () => {
    expect(tdsAdjustmentOfCredit({ availablePaise: 100, creditTdsPaise: 200 })).toBe(100);
    expect(tdsAdjustmentOfCredit({ availablePaise: 350, creditTdsPaise: 200 })).toBe(200);
    expect(tdsAdjustmentOfCredit({ availablePaise: 150, creditTdsPaise: 0 })).toBe(0);
    expect(tdsAdjustmentOfCredit({ availablePaise: 0, creditTdsPaise: 200 })).toBe(0);
  });

  it('balances for Haat and the vendor: a ₹1,000 sale returned, then a ₹2,000 sale', () => {
    // A vendor with a PAN and no GSTIN (TDS 0.1 % of the gross, no TCS), commission 10 %.
    // Sale A ₹1,000: commission ₹100, TDS ₹1.00, net 100000 - 10000 - 100 = 89900 paise (₹899.00).
    const a = { gross: 100_000, commission: 10_000, tds: 100 };
    const netA = a.gross - a.commission - a.tds;
    expect(netA).toBe(89_900);
    // A is returned and refunded: the vendor gives back its net and the TDS (which stays deposited
    // in its name), and the ₹1.00 becomes due for adjustment.
    const returnDebit = netA + a.tds;
    const kept = a.tds;
    // Sale B ₹2,000: commission ₹200, TDS ₹2.00, of which ₹1.00 is the return's TDS adjusted.
    const b = { gross: 200_000, commission: 20_000, tds: 200 };
    const netB = b.gross - b.commission - b.tds;
    const adjusted = tdsAdjustmentOfCredit({
      availablePaise: tdsAdjustmentAvailable({ keptOnReturnsPaise: kept, adjustedPaise: 0 }),
      creditTdsPaise: b.tds,
    });
    expect(adjusted).toBe(100);
    // The vendor's ledger: +89900 - 90000 + 179800 + 100 = 179800, and ₹2.00 deposited in its name
    // (₹1.00 for A, ₹1.00 for B): exactly as if A had never been sold.
    const vendorGets = netA - returnDebit + netB + adjusted;
    expect(vendorGets).toBe(179_800);
    const depositedInItsName = a.tds + (b.tds - adjusted);
    expect(depositedInItsName).toBe(b.tds);
    expect(vendorGets + depositedInItsName).toBe(b.gross - b.commission);
    // Haat: took ₹3,000, refunded ₹1,000, paid the vendor, deposited the TDS, kept B's commission.
    const customersPaid = a.gross + b.gross - a.gross;
    expect(customersPaid - vendorGets - depositedInItsName).toBe(b.commission);
  });

  it('financial years run from 1 April to 31 March', () => {
    expect(financialYearBounds('2026-27')).toEqual({ from: '2026-04-01', to: '2027-04-01' });
    expect(financialYearBounds('2099-00')).toEqual({ from: '2099-04-01', to: '2100-04-01' });
    expect(() => financialYearBounds('2026-28')).toThrow(RangeError);
  });
});

describe('the ₹5 lakh exemption of section 194-O(2): known answers worked by hand', () => {
  const base = {
    declared: true,
    exemptionLost: false,
    yearGrossBeforePaise: 0,
    creditGrossPaise: 100_000,
    creditTdsPaise: 100,
    exemptTdsOutstandingPaise: 0,
  };

  it('the limit is ₹5,00,000', () => {
    expect(TDS_194O_EXEMPTION_LIMIT_PAISE).toBe(5_00_000 * 100);
  });

  it('a vendor that did not declare it keeps its TDS, with no catch-up', () => {
    expect(exemptionAtCredit({ ...base, declared: false })).toEqual({
      exempt: false,
      catchUpPaise: 0,
      yearGrossPaise: 100_000,
    });
  });

  it('a vendor that withdrew its declaration keeps its TDS and carries the TDS forgone earlier this year', () => {
    expect(exemptionAtCredit({ ...base, declared: false, exemptTdsOutstandingPaise: 250 })).toEqual({
      exempt: false,
      catchUpPaise: 250,
      yearGrossPaise: 100_000,
    });
  });

  it('within the limit the credit is exempt: its TDS is credited back', () => {
    expect(exemptionAtCredit(base)).toEqual({ exempt: true, tdsBackPaise: 100, yearGrossPaise: 100_000 });
  });

  it('a credit that brings the year to exactly ₹5,00,000 is still exempt ("does not exceed")', () => {
    // ₹4,99,000 before + ₹1,000 = ₹5,00,000.
    expect(exemptionAtCredit({ ...base, yearGrossBeforePaise: 49_900_000 })).toEqual({
      exempt: true,
      tdsBackPaise: 100,
      yearGrossPaise: 50_000_000,
    });
  });

  it('the credit that passes the limit keeps its TDS and carries the TDS forgone on earlier exempt sales', () => {
    // ₹4,99,500 before (TDS forgone ₹499.50 at 0.1 %), then ₹1,000: ₹5,00,500 > ₹5,00,000.
    expect(exemptionAtCredit({ ...base, yearGrossBeforePaise: 49_950_000, exemptTdsOutstandingPaise: 49_950 })).toEqual(
      { exempt: false, catchUpPaise: 49_950, yearGrossPaise: 50_050_000 },
    );
  });

  it('once lost in a year, later credits keep their TDS and carry nothing more', () => {
    expect(exemptionAtCredit({ ...base, exemptionLost: true, yearGrossBeforePaise: 10_000 })).toEqual({
      exempt: false,
      catchUpPaise: 0,
      yearGrossPaise: 110_000,
    });
  });

  it('returns taken off the year’s gross bring a vendor back within the limit', () => {
    // ₹5,10,000 sold, ₹20,000 returned: ₹4,90,000 before, + ₹1,000 = ₹4,91,000.
    expect(exemptionAtCredit({ ...base, yearGrossBeforePaise: 51_000_000 - 2_000_000 })).toEqual({
      exempt: true,
      tdsBackPaise: 100,
      yearGrossPaise: 49_100_000,
    });
  });
});

describe('the statement notes', () => {
  it('say what each TDS entry did, in rupees with paise', () => {
    expect(tdsNote('tds_kept', -100)).toBe(
      'TDS of ₹1.00 on returned items kept deposited in your name; it will reduce the TDS on your next sales this financial year',
    );
    expect(tdsNote('tds_adjusted', 100)).toBe('TDS adjusted for returns: +₹1.00');
    expect(tdsNote('tds_exempt', 100)).toBe(
      'No TDS under section 194-O(2) (your sales this financial year are within ₹5,00,000): +₹1.00',
    );
    expect(tdsNote('tds_exempt', -100)).toBe('TDS not taken on the returned items, given back: -₹1.00');
    expect(tdsNote('tds_catch_up', -49_950)).toBe(
      "TDS on this financial year's earlier exempt sales (your sales passed ₹5,00,000): -₹499.50",
    );
  });
});
