import { z } from 'zod';
import { adminListQuerySchema, stepUpCodeSchema } from './admin-lists.contract';
import { blankToUndefined, pageSchema, UPI_REFERENCE_PATTERN } from './common.contract';
import { payoutStatuses } from './earnings.contract';
import { payoutDetailsSchema, type PayoutMethod } from './payout-details.contract';

// The super admin's Payouts tab. "Settle" reserves what a vendor may be paid up to
// a day as a payout (created); "Mark paid" records the bank UTR or UPI reference of the transfer
// made outside Haat; "Cancel" returns a created payout's amount to payable. When Razorpay Route is
// enabled (RAZORPAY_ROUTE and the Razorpay keys), "Pay via Razorpay Route" sends a created payout as
// a Route transfer to the vendor's linked account (acc_…), set by the super admin.

/** The longest bank UTR (NEFT 16, RTGS 22 characters). */
export const BANK_UTR_MAX = 22;

export const adminPayoutMessages = {
  settled: 'Payout created: mark it paid once the money is sent',
  paid: 'Payout marked as paid',
  cancelled: 'Payout cancelled: its amount is payable again',
  settleFailed: 'Failed to create the payout',
  payFailed: 'Failed to mark the payout paid',
  cancelFailed: 'Failed to cancel the payout',
  loadFailed: 'Failed to load payouts',
  notFound: 'Payout not found',
  vendorNotFound: 'Vendor not found',
  chooseVendor: 'Please choose a vendor',
  upToFormat: 'Use a date like 2026-11-24',
  upToFuture: 'Settle up to today (India) or an earlier day, not a future one',
  noPayoutDetails: 'This vendor has not given payout details yet',
  openPayout: 'This vendor already has a payout being paid: mark it paid or cancel it first',
  nothingPayable: 'Nothing is payable to this vendor up to that day: the payout would be ₹0 or less',
  alreadySettled: (periodTo: string) => `This vendor is already settled up to ${periodTo}: choose a later day`,
  alreadyPaid: 'This payout is already paid',
  alreadyCancelled: 'This payout is cancelled',
  notOpen: 'Only a payout being paid can be cancelled',
  referenceRequired: 'Please enter the transfer reference',
  bankReference: `A bank UTR has at most ${BANK_UTR_MAX} letters and digits`,
  upiReference: 'A UPI reference has exactly 12 digits',
  routeOff: 'Razorpay Route is not enabled',
  noRouteAccount: 'This vendor has no Razorpay Route account yet: set it first',
  beingTransferred: 'This payout is already being paid',
  transferred: 'Payout sent through Razorpay Route',
  transferFailed: 'Razorpay Route did not make the transfer: the payout is back to being paid, try again later',
  transferUnclear:
    'Razorpay Route answered with a transfer Haat cannot match to this payout: check the Razorpay dashboard before paying again',
  transferNotDone: 'The Razorpay Route transfer did not complete',
  transferUnknown:
    'Razorpay Route did not answer, so Haat cannot tell whether the transfer was made: the payout stays "Being transferred". Try the transfer again in 2 minutes; Razorpay then answers the transfer already made, or makes it',
  transferIdFormat: 'A Razorpay transfer id looks like trf_ followed by 14 letters and digits',
  cancelTransferring:
    'This payout is being transferred through Razorpay Route: mark it paid with its transfer id once Razorpay shows the transfer',
  routeAccountFormat: 'A Route account id looks like acc_ followed by 14 letters and digits',
  routeAccountSet: 'Route account saved',
  routeAccountFailed: 'Failed to save the Route account',
} as const;

/** A Razorpay Route linked account id, as the vendor_route_accounts table checks it. */
export const ROUTE_ACCOUNT_PATTERN = /^acc_[A-Za-z0-9]{14}$/;
/** A Razorpay Route transfer id (trf_…): the reference of a payout paid through Route. */
export const ROUTE_TRANSFER_PATTERN = /^trf_[A-Za-z0-9]{14}$/;

/**
 * What is wrong with a transfer reference for the payout's method (a bank UTR: up to 22 letters and
 * digits; UPI: 12 digits; a payout left 'transferring' by Razorpay Route: its trf_ id); null when fine.
 */
export function payoutReferenceProblem(
  method: PayoutMethod | string | null,
  reference: string,
  transferring = false,
): string | null {
  if (reference === '') return adminPayoutMessages.referenceRequired;
  if (transferring || method === 'route')
    return ROUTE_TRANSFER_PATTERN.test(reference) ? null : adminPayoutMessages.transferIdFormat;
  if (method === 'upi') return UPI_REFERENCE_PATTERN.test(reference) ? null : adminPayoutMessages.upiReference;
  return new RegExp(`^[0-9A-Z]{1,${BANK_UTR_MAX}}$`).test(reference) ? null : adminPayoutMessages.bankReference;
}

const upToSchema = z
  .string({ error: adminPayoutMessages.upToFormat })
  .pipe(z.iso.date({ error: adminPayoutMessages.upToFormat }));
const vendorSchema = z.uuid({ error: adminPayoutMessages.chooseVendor });

/** `GET /api/admin/payouts/preview?vendorUserId&upTo`: what "settle" would pay, before the code is asked. */
export const payoutPreviewQuerySchema = z.object({ vendorUserId: vendorSchema, upTo: upToSchema });
export type PayoutPreviewQuery = z.output<typeof payoutPreviewQuerySchema>;

/** What the server would pay the vendor if settled up to `upTo` now; `refusal` says why it cannot be settled (then the amount is informative). */
export const payoutPreviewSchema = z.object({
  vendorUserId: z.uuid(),
  businessName: z.string(),
  upTo: z.string(),
  periodFrom: z.string().nullable(),
  periodTo: z.string(),
  /** The vendor's payable as of the end of `upTo`, net of every payout so far. */
  payableAsOfPaise: z.number().int(),
  /** The vendor's payable balance now. */
  payableNowPaise: z.number().int(),
  /** The payout's amount: the first capped by the second. */
  amountPaise: z.number().int(),
  payout: payoutDetailsSchema.nullable(),
  refusal: z.string().nullable(),
});
export type PayoutPreview = z.infer<typeof payoutPreviewSchema>;

/** `POST /api/admin/payouts`: settle a vendor up to a day (India), with a fresh code. */
export const settlePayoutSchema = z.object({ vendorUserId: vendorSchema, upTo: upToSchema, code: stepUpCodeSchema });
export type SettlePayoutInput = z.input<typeof settlePayoutSchema>;

/** A reference as typed: upper-cased (UTRs), except a Razorpay transfer id, whose case matters. */
export const normalPayoutReference = (reference: string) =>
  /^trf_/i.test(reference.trim()) ? `trf_${reference.trim().slice(4)}` : reference.trim().toUpperCase();

/** `POST /api/admin/payouts/:id/pay`: the transfer's reference (checked against the payout's method and status on the server). */
export const markPayoutPaidSchema = z.object({
  reference: z
    .string({ error: adminPayoutMessages.referenceRequired })
    .transform(normalPayoutReference)
    .pipe(
      z.string().min(1, adminPayoutMessages.referenceRequired).max(BANK_UTR_MAX, adminPayoutMessages.bankReference),
    ),
  code: stepUpCodeSchema,
});

/** `POST /api/admin/payouts/:id/transfer`: pay a created payout as a Razorpay Route transfer, with a fresh code. */
export const transferPayoutSchema = z.object({ code: stepUpCodeSchema });

/** `GET /api/admin/payouts/route`: whether Razorpay Route transfers are on (RAZORPAY_ROUTE and the Razorpay keys enabled). */
export const payoutRouteSchema = z.object({ enabled: z.boolean() });
export type PayoutRoute = z.infer<typeof payoutRouteSchema>;

/** `PUT /api/admin/vendors/:vendorUserId/route-account`: the vendor's Razorpay Route linked account, with a fresh code. */
export const setRouteAccountSchema = z.object({
  accountId: z
    .string({ error: adminPayoutMessages.routeAccountFormat })
    .trim()
    .regex(ROUTE_ACCOUNT_PATTERN, adminPayoutMessages.routeAccountFormat),
  code: stepUpCodeSchema,
});
export type SetRouteAccountInput = z.input<typeof setRouteAccountSchema>;
export const routeAccountSchema = z.object({ vendorUserId: z.uuid(), accountId: z.string() });
export type RouteAccount = z.infer<typeof routeAccountSchema>;
export const cancelPayoutSchema = z.object({ code: stepUpCodeSchema });

/** One payout as the Payouts tab lists it. */
export const adminPayoutSchema = z.object({
  id: z.uuid(),
  vendorUserId: z.uuid(),
  businessName: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  amountPaise: z.number().int(),
  status: z.enum(payoutStatuses),
  method: z.string().nullable(),
  reference: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;
export const adminPayoutPageSchema = pageSchema(adminPayoutSchema);
export type AdminPayoutPage = z.infer<typeof adminPayoutPageSchema>;

export const payoutStatusFilters = ['all', ...payoutStatuses] as const;
export const adminPayoutSorts = ['createdAt', 'amount', 'vendor'] as const;
/** `GET /api/admin/payouts?status&q&sort&dir&page&pageSize` and its `/export` CSV. */
export const adminPayoutsQuerySchema = adminListQuerySchema.extend({
  status: z.preprocess(blankToUndefined, z.enum(payoutStatusFilters, { error: 'Unknown status' }).default('all')),
});
export type AdminPayoutsQuery = z.output<typeof adminPayoutsQuerySchema>;

/** One vendor's balances as the "Payable per vendor" table shows them, with its payout details (masked) and its open payout. */
export const adminPayableVendorSchema = z.object({
  vendorUserId: z.uuid(),
  businessName: z.string(),
  payout: payoutDetailsSchema.nullable(),
  /** The vendor's Razorpay Route linked account (acc_…), or null when none is set. */
  routeAccountId: z.string().nullable(),
  pendingPaise: z.number().int(),
  payablePaise: z.number().int(),
  paidPaise: z.number().int(),
  openPayout: z.object({ id: z.uuid(), amountPaise: z.number().int(), periodTo: z.string() }).nullable(),
});
export type AdminPayableVendor = z.infer<typeof adminPayableVendorSchema>;
export const adminPayableVendorPageSchema = pageSchema(adminPayableVendorSchema);
export type AdminPayableVendorPage = z.infer<typeof adminPayableVendorPageSchema>;
export const adminPayableSorts = ['payable', 'vendor', 'pending'] as const;
/** `GET /api/admin/payables?q&sort&dir&page&pageSize`: vendors with a ledger, most payable first. */
export const adminPayablesQuerySchema = adminListQuerySchema;
