import { z } from 'zod';
import { returnReasons, returnStatuses, type ReturnStatus } from '../domain/returns';
import { blankToUndefined, pageQuerySchema, pageSchema } from './common.contract';
import { stepUpCodeSchema } from './admin-lists.contract';

// Returns and refunds. A customer asks to return some or all items of a
// delivered part within the return window; its shop approves (then marks it received back) or
// rejects it with a reason; a rejection may go to the super admin, who decides with a fresh code.
// Receiving it back returns the stock, takes back the points it earned, reverses the vendor's
// credit with a credit note, and refunds the customer the way they paid.

export { returnReasons, returnStatuses, type ReturnReason, type ReturnStatus } from '../domain/returns';

/** At most this many photos with a return request (uploaded through POST /api/media, imageType 'return', entityId the order part). */
export const MAX_RETURN_PHOTOS = 3;

export const returnMessages = {
  notFound: 'Return not found',
  partNotFound: 'Order not found',
  notDelivered: 'Only delivered items can be returned',
  windowClosed: (closedOn: string) => `The return window for this order closed on ${closedOn}`,
  chooseItems: 'Please choose at least one item to return',
  tooMany: (name: string, left: number) =>
    left === 0 ? `${name} has already been returned` : `You can return at most ${left} of ${name}`,
  unknownItem: 'This item is not part of this order',
  reasonRequired: 'Please choose a reason for the return',
  commentTooLong: 'The comment must be at most 1000 characters',
  tooManyPhotos: `Please add at most ${MAX_RETURN_PHOTOS} photos`,
  photoNotYours: 'Please add photos with the uploader',
  rejectionReasonRequired: 'Please give the customer a reason (at least 5 characters)',
  rejectionReasonTooLong: 'The reason must be at most 300 characters',
  disputeTooLong: 'Your note must be at most 1000 characters',
  requested: 'Return requested. The shop will reply soon.',
  approved: 'Return approved: collect the item, then mark it received',
  rejected: 'Return rejected: the customer sees your reason',
  received: 'Item received back: the customer is refunded',
  disputed: 'Sent to the Haat team. They will decide and let you know.',
  decided: 'Decision saved',
  refundRetried: 'Refund sent again',
  // A move the return's status does not allow (answered 409 with the status it is in).
  notRequested: 'This return has already been answered',
  notApproved: (status: ReturnStatus) =>
    status === 'received' || status === 'refunded'
      ? 'This return has already been received'
      : 'Only an approved return can be marked received',
  notDisputable: 'Only a return rejected by the shop can be sent to the Haat team, once',
  notDecidable: 'Only a requested or disputed return can be decided',
  noRefundToRetry: 'This return has no failed refund to send again',
  refundFailed: 'The refund could not be sent to the payment gateway. The Haat team can send it again from Returns.',
} as const;

/** How each status reads to the customer (and in the vendor's and admin's lists). */
export const returnStatusLabels: Record<ReturnStatus, string> = {
  requested: 'Return requested',
  approved: 'Return approved',
  rejected: 'Return rejected',
  disputed: 'With the Haat team for review',
  received: 'Received by the shop',
  refunded: 'Refunded',
};

const returnItemInputSchema = z.object({
  orderItemId: z.uuid({ error: returnMessages.unknownItem }),
  quantity: z.coerce
    .number({ error: 'Quantity must be a whole number of at least 1' })
    .int('Quantity must be a whole number of at least 1')
    .min(1, 'Quantity must be a whole number of at least 1'),
});

/** `POST /api/orders/parts/:partId/returns`: the items and quantities, a reason from the list, a comment and up to 3 photos. */
export const newReturnSchema = z.object({
  items: z
    .array(returnItemInputSchema, { error: returnMessages.chooseItems })
    .min(1, returnMessages.chooseItems)
    .max(100, returnMessages.chooseItems),
  reason: z.enum(returnReasons, { error: returnMessages.reasonRequired }),
  comment: z
    .string({ error: returnMessages.commentTooLong })
    .trim()
    .max(1000, returnMessages.commentTooLong)
    .default(''),
  photos: z
    .array(z.string().regex(/^\/uploads\/[A-Za-z0-9_-]+\.webp$/, returnMessages.photoNotYours), {
      error: returnMessages.photoNotYours,
    })
    .max(MAX_RETURN_PHOTOS, returnMessages.tooManyPhotos)
    .default([]),
});
export type NewReturnInput = z.input<typeof newReturnSchema>;
export type NewReturn = z.output<typeof newReturnSchema>;

/** `POST /api/vendor/returns/:id/reject`: the reason the customer reads. */
export const rejectReturnSchema = z.object({
  reason: z
    .string({ error: returnMessages.rejectionReasonRequired })
    .trim()
    .min(5, returnMessages.rejectionReasonRequired)
    .max(300, returnMessages.rejectionReasonTooLong),
});
export type RejectReturnInput = z.input<typeof rejectReturnSchema>;

/** `POST /api/returns/:id/dispute`: the customer asks the Haat team to review the shop's rejection. */
export const disputeReturnSchema = z.object({
  comment: z
    .string({ error: returnMessages.disputeTooLong })
    .trim()
    .max(1000, returnMessages.disputeTooLong)
    .default(''),
});
export type DisputeReturnInput = z.input<typeof disputeReturnSchema>;

/** `POST /api/admin/returns/:id/decide`: approve (the shop then collects it) or reject with a reason, with a fresh code. */
export const adminDecideReturnSchema = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: 'Please choose approve or reject' }),
    reason: z.preprocess(
      blankToUndefined,
      z.string().trim().max(300, returnMessages.rejectionReasonTooLong).optional(),
    ),
    code: stepUpCodeSchema,
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'reject' && (!v.reason || v.reason.length < 5))
      ctx.addIssue({ code: 'custom', path: ['reason'], message: returnMessages.rejectionReasonRequired });
  });
export type AdminDecideReturnInput = z.input<typeof adminDecideReturnSchema>;

/** `POST /api/admin/returns/:id/retry-refund`: send a failed gateway refund again, with a fresh code. */
export const adminRetryRefundSchema = z.object({ code: stepUpCodeSchema });

export const refundMethods = ['razorpay', 'test', 'points'] as const;
export type RefundMethod = (typeof refundMethods)[number];
export const refundStatuses = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** What receiving a return gave back, and where the money went. */
export const returnRefundSchema = z.object({
  /** Where the money went: the Razorpay payment, the test gateway's record, or points (cash on delivery). */
  method: z.enum(refundMethods),
  status: z.enum(refundStatuses),
  /** Money refunded to the payment method (0 for points). */
  amountPaise: z.number().int(),
  /** Cash on delivery: the refund paid as points (1 point = ₹1). */
  refundPoints: z.number().int(),
  /** Points used on the order that came back for these items. */
  pointsReturned: z.number().int(),
  /** Points the items had earned: still pending and voided, or available and taken back. */
  pointsVoided: z.number().int(),
  pointsTakenBack: z.number().int(),
  /** Earned points already spent: their value was kept from the refund. */
  keptForSpentPointsPaise: z.number().int(),
  /** The gateway's refund id (rfnd_… or test_rfnd_…), once sent. */
  reference: z.string().nullable(),
  failureReason: z.string().nullable(),
  processedAt: z.string().nullable(),
});
export type ReturnRefund = z.infer<typeof returnRefundSchema>;

export const returnItemSchema = z.object({
  orderItemId: z.uuid(),
  productName: z.string(),
  variantLabel: z.string().nullable(),
  imageUrl: z.string().nullable(),
  quantity: z.number().int(),
  pricePaise: z.number().int(),
});

/** A return as its customer, its shop and the super admin see it. */
export const returnSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  /** `#1A2B3C4D` */
  orderRef: z.string(),
  partId: z.uuid(),
  storeName: z.string(),
  customerName: z.string(),
  status: z.enum(returnStatuses),
  statusLabel: z.string(),
  reason: z.enum(returnReasons),
  comment: z.string(),
  photos: z.array(z.string()),
  items: z.array(returnItemSchema),
  /** The items' value at the price paid. */
  valuePaise: z.number().int(),
  requestedAt: z.string(),
  /** Who answered: the shop, or the Haat team (a dispute, or deciding for the shop). */
  decidedBy: z.enum(['vendor', 'admin']).nullable(),
  decidedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  disputedAt: z.string().nullable(),
  disputeComment: z.string().nullable(),
  receivedAt: z.string().nullable(),
  refund: returnRefundSchema.nullable(),
  /** The credit note issued against the part's tax invoice, if it had one. */
  creditNoteNumber: z.string().nullable(),
});
export type OrderReturn = z.infer<typeof returnSchema>;

/** What may still be returned from one delivered part of an order. */
export const returnablePartSchema = z.object({
  partId: z.uuid(),
  storeName: z.string(),
  deliveredAt: z.string(),
  /** The last moment a return can be requested. */
  windowEndsAt: z.string(),
  /** The window is open and something is left to return. */
  canReturn: z.boolean(),
  /** Why not, when it cannot ('The return window for this order closed on 3 Dec 2026'). */
  refusal: z.string().nullable(),
  items: z.array(returnItemSchema.extend({ returnableQuantity: z.number().int() })),
});
export type ReturnablePart = z.infer<typeof returnablePartSchema>;

/** `GET /api/orders/:orderId/returns`: the order's returns and what can still be returned. */
export const orderReturnsSchema = z.object({
  returnable: z.array(returnablePartSchema),
  returns: z.array(returnSchema),
});
export type OrderReturns = z.infer<typeof orderReturnsSchema>;

export const returnChangedSchema = z.object({ return: returnSchema, message: z.string() });
export type ReturnChanged = z.infer<typeof returnChangedSchema>;

export const returnFilters = ['all', ...returnStatuses] as const;
export type ReturnFilter = (typeof returnFilters)[number];
/** `GET /api/vendor/returns` and `GET /api/admin/returns`: newest first, by status. */
export const returnListQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(
    blankToUndefined,
    z.enum(returnFilters, { error: `Status must be one of ${returnFilters.join(', ')}` }).default('all'),
  ),
});
export type ReturnListQuery = z.output<typeof returnListQuerySchema>;
export const returnPageSchema = pageSchema(returnSchema);
export type ReturnPage = z.infer<typeof returnPageSchema>;
