import { describe, expect, it } from 'vitest';
import { financialYearOf, taxDocumentNumber } from './tax-documents';

describe('tax document numbers', () => {
  it('puts a date in its Indian financial year, April to March', () => {
    expect(financialYearOf('2026-03-31')).toBe('2025-26');
    expect(financialYearOf('2026-04-01')).toBe('2026-27');
    expect(financialYearOf('2026-11-26')).toBe('2026-27');
    expect(financialYearOf('2099-12-31')).toBe('2099-00');
  });

  it('numbers invoices and credit notes in their own series, at most 16 characters', () => {
    expect(taxDocumentNumber('invoice', '2026-27', 1)).toBe('INV/26-27/000001');
    expect(taxDocumentNumber('credit_note', '2026-27', 42)).toBe('CN/26-27/000042');
    expect(taxDocumentNumber('invoice', '2026-27', 999_999)).toHaveLength(16);
    expect(taxDocumentNumber('bill_of_supply', '2026-27', 1)).toBe('BOS/26-27/000001');
    expect(taxDocumentNumber('bill_of_supply', '2026-27', 999_999)).toHaveLength(16);
    expect(() => taxDocumentNumber('invoice', '2026-27', 0)).toThrow(RangeError);
  });
});
