import { z } from 'zod';
import {
  blankToUndefined,
  pageQuerySchema,
  pageSchema,
  searchTextSchema,
  UPI_REFERENCE_PATTERN,
} from './common.contract';

/** Every admin list: paged, searched and sorted on the server. `sort` is one of the tab's sort keys. */
export const adminListQuerySchema = pageQuerySchema.extend({
  q: searchTextSchema,
  sort: z.preprocess(blankToUndefined, z.string().max(40).optional()),
  dir: z.preprocess(
    blankToUndefined,
    z.enum(['asc', 'desc'], { error: 'Direction must be asc or desc' }).default('desc'),
  ),
});
export type AdminListQuery = z.output<typeof adminListQuerySchema>;
export type AdminListInput = z.input<typeof adminListQuerySchema>;

/**
 * Matches the long admin lists (products, orders, users) count at most. Among a million products a common
 * word matches tens of thousands, and counting them all reads each one; past this a list says
 * "1,000+" (and Next stays enabled while there are more).
 */
export const ADMIN_COUNT_CAP = 1_000;

/** A page of a long admin list: `totalCapped` says there are more matches than `total` (the cap, or the end of the page asked for when further). */
export const cappedPageSchema = <T extends z.ZodType>(item: T) => pageSchema(item).extend({ totalCapped: z.boolean() });

/**
 * A fresh two-factor code: every sensitive admin action carries one (SPEC.md section 6); without it the server answers 401.
 * Its shape (two-factor.contract.ts) is checked by the step-up guard, not here: a code of another shape answers 403 and
 * counts as a wrong code, as any wrong code does.
 */
export const stepUpCodeSchema = z.string().trim().max(12).optional();

/** The reason an admin gives for a rejection, which the customer or vendor sees. */
export const ADMIN_REASON_MIN = 3;
export const ADMIN_REASON_MAX = 300;
export const adminReasonSchema = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(ADMIN_REASON_MIN, required)
    .max(ADMIN_REASON_MAX, `Reason must be at most ${ADMIN_REASON_MAX} characters`);

// ---- Withdrawals

export const withdrawalStatuses = ['pending', 'paid', 'rejected'] as const;
export const adminWithdrawalsQuerySchema = adminListQuerySchema.extend({
  status: z.preprocess(blankToUndefined, z.enum(withdrawalStatuses, { error: 'Unknown status' }).default('pending')),
});
export type AdminWithdrawalsQuery = z.output<typeof adminWithdrawalsQuerySchema>;
export const adminWithdrawalSorts = ['createdAt', 'points', 'customer'] as const;

export const adminWithdrawalSchema = z.object({
  id: z.uuid(),
  customerName: z.string(),
  customerEmail: z.string(),
  upiId: z.string(),
  points: z.number().int(),
  /** 1 point = ₹1. */
  amountPaise: z.number().int(),
  status: z.enum(withdrawalStatuses),
  upiReference: z.string().nullable(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export const adminWithdrawalPageSchema = pageSchema(adminWithdrawalSchema);
export type AdminWithdrawalPage = z.infer<typeof adminWithdrawalPageSchema>;

export const withdrawalMessages = {
  paid: 'Withdrawal marked as paid',
  rejected: 'Withdrawal rejected; the points are back in the customer’s wallet',
  payFailed: 'Failed to mark the withdrawal as paid',
  rejectFailed: 'Failed to reject the withdrawal',
  referenceFormat: 'Enter the UPI transaction reference (12 digits)',
  reasonRequired: 'Please give a reason (the customer sees it)',
} as const;

export const payWithdrawalSchema = z.object({
  upiReference: z
    .string({ error: withdrawalMessages.referenceFormat })
    .trim()
    .regex(UPI_REFERENCE_PATTERN, withdrawalMessages.referenceFormat),
  code: stepUpCodeSchema,
});
export const rejectWithdrawalSchema = z.object({
  reason: adminReasonSchema(withdrawalMessages.reasonRequired),
  code: stepUpCodeSchema,
});

// ---- Messages

export const adminMessageSorts = ['createdAt', 'name', 'type'] as const;
export const adminMessagesQuerySchema = adminListQuerySchema.extend({
  read: z.preprocess(blankToUndefined, z.enum(['all', 'unread', 'read']).default('all')),
});
export type AdminMessagesQuery = z.output<typeof adminMessagesQuerySchema>;
export const adminMessageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  type: z.string(),
  subject: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;
export const adminMessagePageSchema = pageSchema(adminMessageSchema).extend({ unread: z.number().int() });
export type AdminMessagePage = z.infer<typeof adminMessagePageSchema>;
export const markMessageSchema = z.object({ isRead: z.boolean() });

// ---- Audit log

export const adminAuditSorts = ['createdAt', 'action', 'resourceType'] as const;
const isoDate = z.preprocess(blankToUndefined, z.iso.date({ error: 'Use a date like 2026-11-24' }).optional());
export const adminAuditQuerySchema = adminListQuerySchema.extend({
  action: z.preprocess(blankToUndefined, z.string().trim().max(60).optional()),
  resource: z.preprocess(blankToUndefined, z.string().trim().max(60).optional()),
  /** One staff member's activity: what they did (their account id). */
  actor: z.preprocess(blankToUndefined, z.uuid('Unknown staff member').optional()),
  /** India dates, both included. */
  from: isoDate,
  to: isoDate,
});
export type AdminAuditQuery = z.output<typeof adminAuditQuerySchema>;
export const adminAuditEntrySchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  action: z.string(),
  description: z.string(),
  resourceType: z.string(),
  resourceId: z.string().nullable(),
  actor: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  newData: z.string().nullable(),
  origin: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditPageSchema = pageSchema(adminAuditEntrySchema).extend({
  actions: z.array(z.string()),
  resources: z.array(z.string()),
});
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;

// ---- Deleting (users, vendors, merchants, products, employees)

/**
 * What a delete did: 'removed' when nothing referred to the row; 'anonymised' (people) or
 * 'withdrawn' (products) when orders, points, payouts or timesheets do, so history stays whole.
 */
export const adminDeletionSchema = z.object({
  id: z.uuid(),
  /** hidden: an order, its open parts cancelled and refunded, gone from every list with its rows kept. */
  outcome: z.enum(['removed', 'anonymised', 'withdrawn', 'hidden']),
  message: z.string(),
  detail: z.string(),
});
export type AdminDeletion = z.infer<typeof adminDeletionSchema>;
export const deleteBodySchema = z.object({ code: stepUpCodeSchema });

export const deletionMessages = {
  user: { done: 'User deleted successfully', failed: 'Failed to delete user' },
  vendor: { done: 'Vendor deleted successfully', failed: 'Failed to delete vendor' },
  merchant: { done: 'Merchant deleted successfully', failed: 'Failed to delete merchant' },
  product: { done: 'Product deleted successfully', failed: 'Failed to delete product' },
  employee: { done: 'Employee deleted successfully', failed: 'Failed to delete employee' },
  order: { done: 'Order deleted successfully', failed: 'Failed to delete order' },
  referral: { done: 'Referral deleted successfully', failed: 'Failed to delete referral' },
  anonymised:
    'Their orders, points and payouts stay on record; every personal detail was removed and they can no longer sign in.',
  removed: 'Nothing referred to them, so they were removed completely.',
  productWithdrawn:
    'It was ordered before, so it stays on those orders; it is off the storefront and every list for good.',
  productRemoved: 'Nobody ever ordered it, so it was removed completely.',
  employeeAnonymised:
    'Their timesheets, tasks and projects stay on record; every personal detail was removed and they can no longer sign in.',
  orderCancelled: 'Its open parts were cancelled and refunded; its history and ledger are kept.',
  orderHidden: 'Nothing in it was open, so nothing was refunded; its history and ledger are kept.',
  referralRemoved: 'It had paid no reward, so it was removed completely.',
} as const;

/** An order with a part on its way cannot be deleted: this names the shop and what to do. */
export const orderInTransitMessage = (shop: string) =>
  `${shop}’s part of this order has been shipped, so the order cannot be deleted now. Wait until it is delivered, or cancel that part with Change status first.`;
/** An order with a return under way cannot be deleted: this names the shop. */
export const orderReturnOpenMessage = (shop: string) =>
  `${shop}’s part of this order has a return under way. Settle the return first, then delete the order.`;

/** A vendor whose orders are still on their way cannot be deleted: this names them. */
export const openPartsMessage = (refs: string[], total: number) =>
  `This vendor has ${total} open order ${total === 1 ? 'part' : 'parts'} (${refs.join(', ')}${total > refs.length ? ', …' : ''}). Deliver or cancel ${total === 1 ? 'it' : 'them'} first.`;
