import { z } from 'zod';
import { todayInIndia } from '../domain/age';
import { toPaise } from '../domain/money';
import { INDIAN_MOBILE_PATTERN, merchantBusinessFields } from './auth.contract';
import { pageSchema, typedRupees, UPI_REFERENCE_PATTERN } from './common.contract';

// ---- The merchant's own workspace (/merchant/dashboard)

export const merchantMessages = {
  paymentRecorded: 'Payment recorded successfully!',
  profileUpdated: 'Profile updated successfully!',
  customerRequired: "Enter the customer's phone number or email",
  customerInvalid: 'Enter a 10-digit mobile number or an email address',
  customerNotFound: 'No customer account has this phone number or email. Ask the customer to register on Haat first.',
  customerAmbiguous: 'More than one customer account has this phone number. Use the customer’s email instead.',
  amountRequired: 'Enter the amount received',
  amountInvalid: 'Enter the amount in rupees, for example 499 or 499.50',
  amountRange: 'The amount must be between ₹1 and ₹5,00,000',
  referenceInvalid: 'The UPI transaction reference is the 12-digit number shown in the payment app',
  referenceDuplicate: 'You already recorded a payment with this UPI transaction reference',
  referenceTaken:
    'This UPI transaction reference has already been recorded on Haat. Each UPI payment can be recorded once.',
  dateRequired: 'Enter the date of the payment',
  dateInFuture: 'The payment date cannot be in the future',
  dateTooOld: 'Payments older than a year cannot be recorded',
  notMerchant: 'Merchant profile not found',
} as const;

/** Past the daily cap of pending cashback an unverified merchant may give (UNVERIFIED_CASHBACK_DAILY_POINTS). */
export const unverifiedCashbackCapMessage = (cap: number, left: number) =>
  `Until Haat verifies your business, the payments you record can give at most ${cap.toLocaleString('en-IN')} cashback points a day; ${left.toLocaleString('en-IN')} are left today. Record the payment again after verification, or tomorrow.`;

/** The largest single payment a merchant may record, in rupees (UPI's per-payment ceiling for merchants). */
export const MERCHANT_PAYMENT_MAX_RUPEES = 500_000;

const emailLike = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The customer who paid: a 10-digit Indian mobile number (spaces, dashes, +91 allowed) or an email. */
export const customerContactSchema = z
  .string({ error: merchantMessages.customerRequired })
  .trim()
  .min(1, merchantMessages.customerRequired)
  .transform((v, ctx) => {
    if (v.includes('@')) {
      if (!emailLike.test(v)) ctx.addIssue({ code: 'custom', message: merchantMessages.customerInvalid });
      return { kind: 'email' as const, value: v.toLowerCase() };
    }
    const digits = v.replace(/[\s()-]/g, '');
    if (!INDIAN_MOBILE_PATTERN.test(digits))
      ctx.addIssue({ code: 'custom', message: merchantMessages.customerInvalid });
    return { kind: 'phone' as const, value: digits.slice(-10) };
  });

/** Rupees as typed ('499', '499.5', '1,499.50') to paise; at most two decimals. */
const rupeesSchema = z
  .union([z.string(), z.number()], { error: merchantMessages.amountRequired })
  .transform(typedRupees({ invalid: merchantMessages.amountInvalid, required: merchantMessages.amountRequired }))
  .refine(
    (paise) => paise >= toPaise(1) && paise <= toPaise(MERCHANT_PAYMENT_MAX_RUPEES),
    merchantMessages.amountRange,
  );

/** `POST /api/merchant/payments`: a UPI payment the merchant received. */
export const recordPaymentSchema = z.object({
  customer: customerContactSchema,
  amount: rupeesSchema,
  upiReference: z
    .string({ error: merchantMessages.referenceInvalid })
    .trim()
    .transform((v) => v.replace(/\s/g, ''))
    .refine((v) => UPI_REFERENCE_PATTERN.test(v), merchantMessages.referenceInvalid),
  paidOn: z
    .string({ error: merchantMessages.dateRequired })
    .trim()
    .min(1, merchantMessages.dateRequired)
    .regex(/^\d{4}-\d{2}-\d{2}$/, merchantMessages.dateRequired)
    .refine((d) => d <= todayInIndia(), merchantMessages.dateInFuture)
    .refine((d) => d >= todayInIndia(new Date(Date.now() - 366 * 24 * 3600_000)), merchantMessages.dateTooOld),
});
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;
export type RecordPaymentData = z.output<typeof recordPaymentSchema>;

/** Where a payment's cashback stands in the customer's wallet ('none': the payment earned 0 points). */
export const cashbackStatuses = ['pending', 'available', 'voided', 'none'] as const;
export type CashbackStatus = (typeof cashbackStatuses)[number];
export const cashbackStatusLabels: Record<CashbackStatus, string> = {
  pending: 'Pending',
  available: 'Available',
  voided: 'Voided',
  none: 'No cashback',
};

/** One recorded payment, the customer shown masked. */
export const merchantPaymentSchema = z.object({
  id: z.uuid(),
  /** 'R*** S***' */
  customerName: z.string(),
  /** The last 4 digits of the customer's phone, or null when the account has none. */
  customerPhoneLast4: z.string().nullable(),
  amountPaise: z.number().int(),
  cashbackPoints: z.number().int(),
  cashbackStatus: z.enum(cashbackStatuses),
  upiReference: z.string().nullable(),
  /** YYYY-MM-DD, as the merchant entered it. */
  paidOn: z.string(),
  createdAt: z.string(),
});
export type MerchantPayment = z.infer<typeof merchantPaymentSchema>;
export const merchantPaymentPageSchema = pageSchema(merchantPaymentSchema);
export type MerchantPaymentPage = z.infer<typeof merchantPaymentPageSchema>;

/** The merchant's profile as the dashboard shows and edits it. */
export const merchantProfileSchema = z.object({
  businessName: z.string(),
  email: z.string(),
  mobileNumber: z.string(),
  whatsappNumber: z.string().nullable(),
  website: z.string().nullable(),
  upiId: z.string(),
  cashbackPercentage: z.number(),
  isVerified: z.boolean(),
  /** When the super admin took the verification away (null unless unverified after being verified). */
  unverifiedAt: z.string().nullable(),
  /** The pending cashback that unverifying voided, in paise (null with no unverify). */
  cashbackVoidedPaise: z.number().int().nullable(),
  referralCode: z.string(),
});
export type MerchantProfile = z.infer<typeof merchantProfileSchema>;

/** `GET /api/merchant/dashboard`: the profile and the totals of the recorded payments. */
export const merchantDashboardSchema = z.object({
  profile: merchantProfileSchema,
  totals: z.object({
    payments: z.number().int(),
    volumePaise: z.number().int(),
    cashbackPoints: z.number().int(),
    pendingCashbackPoints: z.number().int(),
  }),
  /** The server's return window: cashback stays pending at least this many days. */
  returnWindowDays: z.number().int(),
});
export type MerchantDashboard = z.infer<typeof merchantDashboardSchema>;

/** `PUT /api/merchant/profile`: the business fields (the sign-in email is changed in account settings). */
export const merchantProfileUpdateSchema = z.object(merchantBusinessFields);
export type MerchantProfileUpdateInput = z.input<typeof merchantProfileUpdateSchema>;
export type MerchantProfileUpdate = z.output<typeof merchantProfileUpdateSchema>;

/** A UPI deep link any UPI app opens to pay the merchant (payee address, payee name, rupees). */
export function upiPayUri({ upiId, businessName }: { upiId: string; businessName: string }): string {
  return `upi://pay?pa=${encodeURIComponent(upiId)}&pn=${encodeURIComponent(businessName)}&cu=INR`;
}
