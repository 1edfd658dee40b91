import { z } from 'zod';
import { orderStatuses } from '../domain/order-status';
import { adminListQuerySchema, cappedPageSchema, stepUpCodeSchema } from './admin-lists.contract';
import { blankToUndefined } from './common.contract';
import { paymentStatuses } from './orders.contract';

// ---- Orders tab of the super admin panel: one row per shop's part of an order

export const adminOrderStatusFilters = ['all', ...orderStatuses] as const;
export const adminOrderSorts = ['createdAt', 'amount', 'status'] as const;

export const adminOrdersQuerySchema = adminListQuerySchema.extend({
  /** The part's status. */
  status: z.preprocess(blankToUndefined, z.enum(adminOrderStatusFilters, { error: 'Unknown status' }).default('all')),
});
export type AdminOrdersQuery = z.output<typeof adminOrdersQuerySchema>;

/** SPEC.md's order row, for one shop's part of an order: amounts, points and status are the part's; points used and payment are the order's. */
export const adminOrderSchema = z.object({
  /** The order's id. */
  id: z.uuid(),
  partId: z.uuid(),
  customerName: z.string(),
  customerEmail: z.string(),
  shopName: z.string(),
  /** The business name of the shop's vendor; null when the owner has no vendor record. */
  vendorName: z.string().nullable(),
  /** The part's first item (by name). */
  productName: z.string(),
  /** The first item's size or colour ('Size: M · Colour: Indigo') and SKU; null for a product without options. */
  variantLabel: z.string().nullable(),
  sku: z.string().nullable(),
  /** How many different items the part holds (the rest show as '+N more'). */
  itemCount: z.number().int(),
  /** Units of every item of the part. */
  quantity: z.number().int(),
  /** The part's subtotal. */
  amountPaise: z.number().int(),
  status: z.enum(orderStatuses),
  orderStatus: z.enum(orderStatuses),
  /** Points the part earns. */
  pointsEarned: z.number().int(),
  /** Points used on the whole order. */
  pointsUsed: z.number().int(),
  paymentStatus: z.enum(paymentStatuses),
  /** Paid through the built-in test gateway: no money moved. */
  testPayment: z.boolean(),
  /** Cash on delivery (the order's paymentStatus 'cash_on_delivery'): the cash this part collects at the door; null for a prepaid order. */
  codDuePaise: z.number().int().nullable(),
  /** The cash the shop recorded as received when it marked the part delivered; null until then. */
  cashCollectedPaise: z.number().int().nullable(),
  /** Cash on delivery refused at the door: the part is cancelled and shows as "Returned to seller". */
  returnedToSeller: z.boolean(),
  createdAt: z.string(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
/** A page of order parts, counted up to ADMIN_COUNT_CAP. */
export const adminOrderPageSchema = cappedPageSchema(adminOrderSchema);
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

export const adminOrderMessages = {
  updated: 'Order status updated successfully',
  updateFailed: 'Failed to update order status',
  notFound: 'Order not found',
  nothingOpen: 'Every part of this order is already delivered or cancelled; its status can no longer change',
  badStatus: 'Please choose a status: pending, confirmed, processing, shipped, delivered or cancelled',
  noteTooLong: 'The note must be at most 300 characters',
  cancelNote: 'Cancelled by the Haat team',
} as const;

/** `POST /api/admin/orders/:orderId/status`: one part (`partId`) or every open part of the order, an optional note, and a fresh code. */
export const adminOrderStatusSchema = z.object({
  status: z.enum(orderStatuses, { error: adminOrderMessages.badStatus }),
  partId: z.preprocess(blankToUndefined, z.uuid({ error: adminOrderMessages.notFound }).optional()),
  note: z
    .string({ error: adminOrderMessages.noteTooLong })
    .trim()
    .max(300, adminOrderMessages.noteTooLong)
    .nullish()
    .transform((v) => (v ? v : undefined)),
  code: stepUpCodeSchema,
});
export type AdminOrderStatusInput = z.input<typeof adminOrderStatusSchema>;

export const adminOrderStatusChangedSchema = z.object({
  message: z.string(),
  /** The parts that changed, as rows of the tab. */
  items: z.array(adminOrderSchema),
});
export type AdminOrderStatusChanged = z.infer<typeof adminOrderStatusChangedSchema>;
