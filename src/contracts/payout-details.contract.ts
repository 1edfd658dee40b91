import { z } from 'zod';
import { isAadhaar, maskAadhaar, normaliseAadhaar } from '../domain/aadhaar';
import { gstinCheckChar, gstinState, isGstin, isIfsc, isPan, isUpiId } from '../domain/india-ids';
import { settingsMessages } from './shops.contract';

// Where Haat pays a vendor (a bank account or a UPI ID) and the PAN and GSTIN its
// TDS and TCS depend on. `PUT /api/vendor/payout-details` and the vendor profile's "Payouts & tax" form.

export const payoutMethods = ['bank', 'upi'] as const;
export type PayoutMethod = (typeof payoutMethods)[number];
export const payoutMethodLabels: Record<PayoutMethod, string> = { bank: 'Bank account', upi: 'UPI' };

/** The ₹5 lakh exemption of income tax section 194-O(2): only an individual or a HUF may declare it. */
export const tdsExemptions = ['none', 'individual', 'huf'] as const;
export type TdsExemption = (typeof tdsExemptions)[number];
export const tdsExemptionLabels: Record<TdsExemption, string> = {
  none: 'Not declared',
  individual: 'Declared: I am an individual',
  huf: 'Declared: we are a Hindu undivided family (HUF)',
};

/** The longest input of each field (the form's maxLength). */
export const PAYOUT_FIELD_MAX = {
  accountHolderName: 100,
  bankAccountNumber: 18,
  ifsc: 11,
  upiId: 100,
  pan: 10,
  gstin: 15,
  enrolmentNumber: 15,
} as const;

export const payoutMessages = {
  methodRequired: 'Please choose how you want to be paid: bank account or UPI',
  holderRequired: "Account holder's name is required",
  holderTooLong: `Account holder's name can be at most ${PAYOUT_FIELD_MAX.accountHolderName} characters`,
  accountNumberRequired: 'Bank account number is required',
  accountNumber: 'A bank account number has 9 to 18 digits, with no spaces or letters',
  ifscRequired: 'IFSC is required',
  ifsc: 'This IFSC is not valid: 4 letters, 0, then 6 letters or digits',
  upiRequired: 'UPI ID is required',
  upi: 'This UPI ID is not valid: it looks like name@bank, for example ravi@okhdfcbank',
  pan: 'This PAN is not valid: 5 letters, 4 digits, then a letter; the fourth letter is P, C, H, F, A, T, B, L, J or G',
  gstinLength: 'A GSTIN has exactly 15 characters',
  gstinCharacters: 'A GSTIN has only letters and digits',
  gstinStateCode: (code: string) => `This GSTIN's first two digits, ${code}, are not a GST state code`,
  gstinPan:
    "This GSTIN is not valid: characters 3 to 12 of a GSTIN are its holder's PAN, and these are not a valid PAN",
  gstinFormat:
    'This GSTIN is not valid: the 2-digit state code, the 10-character PAN, a digit or letter, Z, then a check character',
  gstinCheck: "This GSTIN's check character is wrong: please check it for a typo",
  gstinNotYourPan: "This GSTIN is not of your PAN: characters 3 to 12 of a GSTIN are its holder's PAN",
  gstinShopState: (gstinState: string, shopName: string, shopState: string) =>
    `This GSTIN is registered in ${gstinState}, but your shop ${shopName} is in ${shopState}`,
  enrolmentNumber: 'An enrolment number has 15 letters and digits, as the GST portal gave it',
  enrolmentWithGstin: 'With a GSTIN you need no enrolment number: leave it blank',
  vendorsOnly: 'Only vendors have payout details',
  notApproved: 'Your vendor account is not approved, so its payout details cannot be changed. Please contact support.',
  aadhaar:
    'This Aadhaar number is not valid: 12 digits, not starting with 0 or 1, and its last digit is a check digit (please check for a typo)',
  exemptionNeedsId: 'To declare the ₹5 lakh exemption, give your PAN or your Aadhaar number',
  exemptionHufNeedsPan: 'A HUF declares the ₹5 lakh exemption with its PAN',
  exemptionPanKind: (kind: 'individual' | 'huf') =>
    kind === 'individual'
      ? "This PAN is not an individual's: its fourth letter is P for a person"
      : "This PAN is not a HUF's: its fourth letter is H for a HUF",
  saved: 'Payout details saved',
  unchanged: 'Nothing changed: your payout details are as they were',
  saveFailed: 'Failed to save payout details. Please try again.',
  loadFailed: 'Failed to load payout details',
} as const;

/** Fifteen upper-case letters and digits: the characters and length of a GSTIN (and of an enrolment number). */
const FIFTEEN_UPPER_IDS = /^[0-9A-Z]{15}$/;

/** The GSTIN's first problem, most basic first (length, characters, state code, PAN, format, check character); null when valid. */
export function gstinProblem(gstin: string): string | null {
  if (gstin.length !== 15) return payoutMessages.gstinLength;
  if (!FIFTEEN_UPPER_IDS.test(gstin)) return payoutMessages.gstinCharacters;
  if (gstinState(gstin) === null) return payoutMessages.gstinStateCode(gstin.slice(0, 2));
  if (!isPan(gstin.slice(2, 12))) return payoutMessages.gstinPan;
  // With the right check character, would it be a GSTIN? Then the check character alone is wrong.
  if (!isGstin(gstin.slice(0, 14) + gstinCheckChar(gstin.slice(0, 14)))) return payoutMessages.gstinFormat;
  return isGstin(gstin) ? null : payoutMessages.gstinCheck;
}

/** Text of a field the chosen method does not need: '' when left out. */
const text = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).default('');
const upperId = (max: number, tooLong: string) => z.string().trim().toUpperCase().max(max, tooLong).default('');

/**
 * `PUT /api/vendor/payout-details`: the whole set, replacing what was saved. The chosen method's
 * fields are required and checked; the other method's are ignored. PAN and GSTIN are optional
 * (blank: none), upper-cased. The current password confirms that it is the vendor.
 */
export const payoutDetailsInputSchema = z
  .object({
    method: z.enum(payoutMethods, { error: payoutMessages.methodRequired }),
    accountHolderName: text(PAYOUT_FIELD_MAX.accountHolderName, payoutMessages.holderTooLong),
    bankAccountNumber: text(PAYOUT_FIELD_MAX.bankAccountNumber, payoutMessages.accountNumber),
    ifsc: upperId(PAYOUT_FIELD_MAX.ifsc, payoutMessages.ifsc),
    upiId: text(PAYOUT_FIELD_MAX.upiId, payoutMessages.upi),
    pan: upperId(PAYOUT_FIELD_MAX.pan, payoutMessages.pan).refine((v) => v === '' || isPan(v), payoutMessages.pan),
    gstin: upperId(PAYOUT_FIELD_MAX.gstin, payoutMessages.gstinLength).superRefine((v, ctx) => {
      const problem = v === '' ? null : gstinProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    tdsExemption: z.enum(tdsExemptions).default('none'),
    aadhaar: z
      .string()
      .transform(normaliseAadhaar)
      .refine((v) => v === '' || isAadhaar(v), payoutMessages.aadhaar)
      .default(''),
    // The GST enrolment number of a seller without a GSTIN supplying through an operator
    // (Notification 34/2023-Central Tax). Its official format could not be confirmed here, so any 15
    // upper-case letters and digits are accepted (the length of a GSTIN).
    enrolmentNumber: upperId(PAYOUT_FIELD_MAX.enrolmentNumber, payoutMessages.enrolmentNumber).refine(
      (v) => v === '' || FIFTEEN_UPPER_IDS.test(v),
      payoutMessages.enrolmentNumber,
    ),
    currentPassword: z
      .string({ error: settingsMessages.currentPasswordRequired })
      .min(1, settingsMessages.currentPasswordRequired)
      .max(128),
  })
  .superRefine((v, ctx) => {
    const problem = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.method === 'bank') {
      if (!v.accountHolderName) problem('accountHolderName', payoutMessages.holderRequired);
      if (!v.bankAccountNumber) problem('bankAccountNumber', payoutMessages.accountNumberRequired);
      else if (!/^\d{9,18}$/.test(v.bankAccountNumber)) problem('bankAccountNumber', payoutMessages.accountNumber);
      if (!v.ifsc) problem('ifsc', payoutMessages.ifscRequired);
      else if (!isIfsc(v.ifsc)) problem('ifsc', payoutMessages.ifsc);
    } else {
      if (!v.upiId) problem('upiId', payoutMessages.upiRequired);
      else if (!isUpiId(v.upiId)) problem('upiId', payoutMessages.upi);
    }
    // Characters 3 to 12 of a GSTIN are its holder's PAN: the two must agree.
    if (v.pan && isPan(v.pan) && v.gstin && isGstin(v.gstin) && v.gstin.slice(2, 12) !== v.pan)
      problem('gstin', payoutMessages.gstinNotYourPan);
    // Section 194-O(2): an individual or HUF that gave its PAN or Aadhaar; the PAN's fourth letter says which it is.
    if (v.tdsExemption !== 'none') {
      if (v.tdsExemption === 'huf' && !v.pan) problem('pan', payoutMessages.exemptionHufNeedsPan);
      else if (!v.pan && !v.aadhaar) problem('aadhaar', payoutMessages.exemptionNeedsId);
      if (v.pan && isPan(v.pan) && v.pan[3] !== (v.tdsExemption === 'individual' ? 'P' : 'H'))
        problem('pan', payoutMessages.exemptionPanKind(v.tdsExemption));
    }
    // The enrolment number is for sellers without a GSTIN only.
    if (v.gstin && v.enrolmentNumber) problem('enrolmentNumber', payoutMessages.enrolmentWithGstin);
  });
export type PayoutDetailsInput = z.input<typeof payoutDetailsInputSchema>;
export type PayoutDetailsData = z.output<typeof payoutDetailsInputSchema>;

/** Payout details as shown to the vendor and to the super admin: the account number masked, PAN and GSTIN shown. */
export const payoutDetailsSchema = z.object({
  method: z.enum(payoutMethods),
  accountHolderName: z.string().nullable(),
  /** Every digit but the last 4 hidden: XXXXXXXX1234. */
  bankAccountMasked: z.string().nullable(),
  ifsc: z.string().nullable(),
  upiId: z.string().nullable(),
  pan: z.string().nullable(),
  gstin: z.string().nullable(),
  /** The ₹5 lakh exemption of section 194-O(2), as declared. */
  tdsExemption: z.enum(tdsExemptions),
  /** The Aadhaar number given, every digit but the last 4 hidden. */
  aadhaarMasked: z.string().nullable(),
  /** The GST enrolment number of a seller without a GSTIN (printed on its bills of supply). */
  enrolmentNumber: z.string().nullable(),
  /** When the details were last changed. */
  updatedAt: z.string(),
});
export type PayoutDetails = z.infer<typeof payoutDetailsSchema>;

/** The tax rates in force today, in basis points (10 = 0.1 %), from the tax_rates table; null where none is set. */
export const payoutTaxRatesSchema = z.object({
  tdsWithPanBp: z.number().int().nullable(),
  tdsWithoutPanBp: z.number().int().nullable(),
  tcsBp: z.number().int().nullable(),
});
export type PayoutTaxRates = z.infer<typeof payoutTaxRatesSchema>;

/** `GET /api/vendor/payout-details`: the vendor's own details (null until it saves some) and the rates they decide. */
export const myPayoutDetailsSchema = z.object({ details: payoutDetailsSchema.nullable(), rates: payoutTaxRatesSchema });
export type MyPayoutDetails = z.infer<typeof myPayoutDetailsSchema>;
export const savedPayoutDetailsSchema = z.object({ details: payoutDetailsSchema, message: z.string() });
export type SavedPayoutDetails = z.infer<typeof savedPayoutDetailsSchema>;

/** A bank account number with every digit but the last 4 replaced by X. */
export const maskAccountNumber = (accountNumber: string): string =>
  'X'.repeat(Math.max(0, accountNumber.length - 4)) + accountNumber.slice(-4);

/** The stored row as the vendor and the super admin see it (the full account number never leaves the server). */
export function toPayoutDetails(row: {
  method: string;
  accountHolderName: string | null;
  bankAccountNumber: string | null;
  ifsc: string | null;
  upiId: string | null;
  pan: string | null;
  gstin: string | null;
  tdsExemption?: string;
  aadhaar?: string | null;
  enrolmentNumber?: string | null;
  updatedAt: Date;
}): PayoutDetails {
  return {
    // The database checks the method (bank or upi).
    method: row.method as PayoutMethod,
    accountHolderName: row.accountHolderName,
    bankAccountMasked: row.bankAccountNumber === null ? null : maskAccountNumber(row.bankAccountNumber),
    ifsc: row.ifsc,
    upiId: row.upiId,
    pan: row.pan,
    gstin: row.gstin,
    // The database checks the declaration (none, individual or huf).
    tdsExemption: (row.tdsExemption ?? 'none') as TdsExemption,
    aadhaarMasked: row.aadhaar ? maskAadhaar(row.aadhaar) : null,
    enrolmentNumber: row.enrolmentNumber ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Where the money goes, in one line: "Bank account XXXXXXXX1234 (HDFC0001234)" or "UPI ravi@okhdfcbank". */
export const payoutDestination = (d: Pick<PayoutDetails, 'method' | 'bankAccountMasked' | 'ifsc' | 'upiId'>): string =>
  d.method === 'bank' ? `Bank account ${d.bankAccountMasked ?? ''} (${d.ifsc ?? ''})` : `UPI ${d.upiId ?? ''}`;
