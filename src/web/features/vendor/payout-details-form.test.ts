import { describe, expect, it } from 'vitest';
import {
  gstinProblem,
  maskAccountNumber,
  payoutDestination,
  payoutDetailsInputSchema,
  payoutMessages as m,
  type PayoutDetailsInput,
} from '../../../contracts/payout-details.contract';
import { gstinReason, panReason } from './payout-details-form';

// The "Payouts & tax" form validates with the contract the server uses: these are what vendors see.

const errorsOf = (values: PayoutDetailsInput) => {
  const r = payoutDetailsInputSchema.safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};
const bank: PayoutDetailsInput = {
  method: 'bank',
  accountHolderName: 'Ravi Kumar',
  bankAccountNumber: '001234567890',
  ifsc: 'hdfc0001234',
  upiId: '',
  pan: '',
  gstin: '',
  currentPassword: 'secret123',
};

describe('the payout details form', () => {
  it('takes a GST enrolment number of 15 letters and digits, upper-cased, only without a GSTIN', () => {
    expect(payoutDetailsInputSchema.parse({ ...bank, enrolmentNumber: ' 27aapfu0939f1e5 ' }).enrolmentNumber).toBe(
      '27AAPFU0939F1E5',
    );
    expect(errorsOf({ ...bank, enrolmentNumber: '27AAPFU0939' })).toEqual({ enrolmentNumber: m.enrolmentNumber });
    expect(errorsOf({ ...bank, enrolmentNumber: '27AAPFU0939F1E5X' })).toEqual({ enrolmentNumber: m.enrolmentNumber });
    expect(
      errorsOf({ ...bank, pan: 'AAPFU0939F', gstin: '27AAPFU0939F1ZV', enrolmentNumber: '27AAPFU0939F1E5' }),
    ).toEqual({ enrolmentNumber: m.enrolmentWithGstin });
  });

  it('asks only for the chosen method: left-over UPI text does not block a bank account, nor bank fields a UPI ID', () => {
    expect(errorsOf({ ...bank, upiId: 'not a upi id' })).toEqual({});
    expect(errorsOf({ ...bank, method: 'upi', upiId: 'ravi@okhdfcbank', ifsc: 'nonsense' })).toEqual({});
    expect(errorsOf({ ...bank, method: 'upi' })).toEqual({ upiId: m.upiRequired });
  });

  it('puts each problem under its field, with all of them at once', () => {
    expect(
      errorsOf({
        ...bank,
        accountHolderName: '',
        bankAccountNumber: '12ab',
        ifsc: 'HDFC1001234',
        pan: 'ABCDE1234F',
        currentPassword: '',
      }),
    ).toEqual({
      accountHolderName: m.holderRequired,
      bankAccountNumber: m.accountNumber,
      ifsc: m.ifsc,
      pan: m.pan,
      currentPassword: 'Current password is required',
    });
  });

  it('upper-cases IFSC, PAN and GSTIN as typed', () => {
    expect(payoutDetailsInputSchema.parse({ ...bank, pan: ' aapfu0939f', gstin: '27aapfu0939f1zv ' })).toMatchObject({
      ifsc: 'HDFC0001234',
      pan: 'AAPFU0939F',
      gstin: '27AAPFU0939F1ZV',
    });
  });

  it("names a GSTIN's first problem", () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1Z')).toBe(m.gstinLength);
    expect(gstinProblem('27AAPFU0939F-ZV')).toBe(m.gstinCharacters);
    expect(gstinProblem('99AAPFU0939F1ZV')).toBe(m.gstinStateCode('99'));
    expect(gstinProblem('27AAPXU0939F1ZV')).toBe(m.gstinPan);
    expect(gstinProblem('27AAPFU0939F1YV')).toBe(m.gstinFormat);
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe(m.gstinCheck);
  });

  it('says why PAN and GSTIN matter, with the rates in force', () => {
    const rates = { tdsWithPanBp: 10, tdsWithoutPanBp: 500, tcsBp: 50 };
    expect(panReason(rates)).toBe(
      'Haat deducts TDS of 0.1% of each sale under section 194-O of the Income-tax Act, 5% without a PAN.',
    );
    expect(gstinReason(rates)).toMatch(
      /^Haat collects TCS of 0\.5% of each sale's taxable value under section 52 of the CGST Act only from vendors registered under GST/,
    );
  });

  it('masks all but the last 4 digits of an account number', () => {
    expect(maskAccountNumber('001234567890')).toBe('XXXXXXXX7890');
    expect(
      payoutDestination({ method: 'bank', bankAccountMasked: 'XXXXXXXX7890', ifsc: 'HDFC0001234', upiId: null }),
    ).toBe('Bank account XXXXXXXX7890 (HDFC0001234)');
    expect(payoutDestination({ method: 'upi', bankAccountMasked: null, ifsc: null, upiId: 'ravi@okhdfcbank' })).toBe(
      'UPI ravi@okhdfcbank',
    );
  });
});
