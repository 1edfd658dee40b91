import { describe, expect, it } from 'vitest';
import {
  COMMISSION_SAC,
  commissionDocumentNumber,
  commissionGst,
  commissionIntraState,
  commissionPlaceOfSupply,
  lastDayOfMonth,
  monthInIndia,
  monthStartInIndia,
  nextMonth,
} from './commission-invoice';

describe("GST on Haat's commission: 18 %, rounded once, split by place of supply", () => {
  it("charges CGST + SGST within Haat's state, CGST taking the odd paisa", () => {
    // ₹84.92 x 18 % = 1528.56 paise -> 1529 = 765 CGST + 764 SGST; total ₹100.21.
    expect(commissionGst(8492, true)).toEqual({
      taxablePaise: 8492,
      taxPaise: 1529,
      cgstPaise: 765,
      sgstPaise: 764,
      igstPaise: 0,
      totalPaise: 10021,
    });
    // ₹149.90 x 18 % = 2698.2 -> 2698 = 1349 + 1349.
    expect(commissionGst(14990, true)).toEqual({
      taxablePaise: 14990,
      taxPaise: 2698,
      cgstPaise: 1349,
      sgstPaise: 1349,
      igstPaise: 0,
      totalPaise: 17688,
    });
  });

  it('charges IGST between states', () => {
    // ₹100 x 18 % = ₹18 IGST.
    expect(commissionGst(10000, false)).toEqual({
      taxablePaise: 10000,
      taxPaise: 1800,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 1800,
      totalPaise: 11800,
    });
  });

  it('rounds half up to the paisa', () => {
    expect(commissionGst(1, true).taxPaise).toBe(0); // 0.18 paisa -> 0
    expect(commissionGst(3, true)).toMatchObject({ taxPaise: 1, cgstPaise: 1, sgstPaise: 0 }); // 0.54 -> 1
    expect(commissionGst(25, false).taxPaise).toBe(5); // 4.5 -> 5
    expect(commissionGst(0, true).totalPaise).toBe(0);
  });

  it('refuses what is not a commission', () => {
    expect(() => commissionGst(-1, true)).toThrow(RangeError);
    expect(() => commissionGst(1.5, true)).toThrow(RangeError);
  });
});

describe('place of supply of the commission (IGST Act section 12(2))', () => {
  it("is the vendor's GSTIN state, else its shop's state", () => {
    expect(commissionPlaceOfSupply('07AAAAA0000A1Z5', 'Rajasthan')).toBe('Delhi');
    expect(commissionPlaceOfSupply(null, 'Rajasthan')).toBe('Rajasthan');
    expect(commissionPlaceOfSupply(null, null)).toBeNull();
  });

  it("is within a state only when it is Haat's registered state", () => {
    expect(commissionIntraState('Delhi', 'Delhi')).toBe(true);
    expect(commissionIntraState('Delhi', 'Rajasthan')).toBe(false);
    expect(commissionIntraState('Delhi', null)).toBe(false);
    expect(COMMISSION_SAC).toBe('998599');
  });
});

describe("Haat's commission series", () => {
  it('numbers invoices HC/yy-yy/nnnnnn and credit notes HCN/yy-yy/nnnnnn, at most 16 characters', () => {
    expect(commissionDocumentNumber('invoice', '2026-27', 1)).toBe('HC/26-27/000001');
    expect(commissionDocumentNumber('credit_note', '2026-27', 999_999)).toBe('HCN/26-27/999999');
    expect(commissionDocumentNumber('credit_note', '2026-27', 999_999).length).toBe(16);
    expect(() => commissionDocumentNumber('invoice', '2026-27', 0)).toThrow(RangeError);
  });
});

describe('months in India', () => {
  it('start at midnight India time', () => {
    expect(monthStartInIndia('2026-11').toISOString()).toBe('2026-10-31T18:30:00.000Z');
    expect(monthInIndia(new Date('2026-10-31T18:30:00Z'))).toBe('2026-11');
    expect(monthInIndia(new Date('2026-10-31T18:29:59Z'))).toBe('2026-10');
  });

  it('follow one another and end on their last day', () => {
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(nextMonth('2026-03')).toBe('2026-04');
    expect(lastDayOfMonth('2026-11')).toBe('2026-11-30');
    expect(lastDayOfMonth('2027-02')).toBe('2027-02-28');
    expect(lastDayOfMonth('2028-02')).toBe('2028-02-29');
    expect(() => monthStartInIndia('2026-13')).toThrow(RangeError);
  });
});
