import { z } from 'zod';
import { codMessages } from '../domain/cod';
import { parseRupees } from '../domain/money';
import { orderStatuses } from '../domain/order-status';
import { vendorPartStatuses, type VendorPartStatus } from '../domain/vendor-fulfilment';
import { pageQuerySchema, pageSchema } from './common.contract';
import { orderItemSchema } from './orders.contract';

/** Messages of the vendor's Orders tab and its API. */
export const vendorOrderMessages = {
  notFound: 'Order not found',
  loadFailed: 'Failed to load orders',
  updateFailed: 'Failed to update order status',
  badStatus: 'Please choose a status: confirmed, processing, shipped, delivered or cancelled',
  badFilter: 'Status must be all, pending, confirmed, processing, shipped, delivered or cancelled',
  trackingOnlyWhenShipped: 'A tracking note can be added only when the order is marked shipped',
  trackingTooLong: 'The tracking note must be at most 300 characters',
  cancelNote: 'Cancelled by the shop',
  badCash: 'Enter the cash received in rupees, for example 1299 or 1299.50',
  cashOnlyWhenDelivered: 'The cash received is recorded only when the order is marked delivered',
  cashRequired: codMessages.cashRequired,
} as const;

/** The toast after each status change. */
export const vendorStatusChanged: Record<VendorPartStatus, string> = {
  confirmed: 'Order confirmed',
  processing: 'Order is now processing',
  shipped: 'Order marked as shipped',
  delivered: 'Order marked as delivered',
  cancelled: "Order cancelled: the stock is back and the customer's points are adjusted",
};

/** The button that moves a part to each status. */
export const vendorStatusActions: Record<VendorPartStatus, string> = {
  confirmed: 'Confirm',
  processing: 'Start processing',
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
  cancelled: 'Cancel',
};

export const vendorOrderFilters = ['all', ...orderStatuses] as const;
export type VendorOrderFilter = (typeof vendorOrderFilters)[number];

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** `GET /api/vendor/orders?status&page&pageSize`: the caller's parts of orders, newest first. */
export const vendorOrderListQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(
    blankToUndefined,
    z.enum(vendorOrderFilters, { error: vendorOrderMessages.badFilter }).default('all'),
  ),
});
export type VendorOrderListQuery = z.output<typeof vendorOrderListQuerySchema>;

/**
 * An item of a shop's part as its vendor sees it: the customer's item without the points and the
 * review mark, with the size or colour bought and its SKU (null for a product without options).
 */
export const vendorOrderItemSchema = orderItemSchema
  .pick({
    id: true,
    productId: true,
    productName: true,
    variantId: true,
    variantLabel: true,
    imageUrl: true,
    quantity: true,
    pricePaise: true,
  })
  .extend({ sku: z.string().nullable() });
export type VendorOrderItem = z.infer<typeof vendorOrderItemSchema>;

/** One shop's part of an order, as the shop's vendor sees it: only its own items and their amount. */
export const vendorOrderPartSchema = z.object({
  orderId: z.uuid(),
  partId: z.uuid(),
  storeId: z.uuid(),
  storeName: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  shippingAddress: z.string(),
  /** The vendor's own items of the order (the part's subtotal). */
  amountPaise: z.number().int(),
  /** Paid through the built-in test gateway: no money moved. */
  testPayment: z.boolean(),
  status: z.enum(orderStatuses),
  trackingNote: z.string().nullable(),
  /** Cash on delivery: the cash to collect at the door (null for a prepaid order), what was recorded as received, and a refusal at the door. */
  codDuePaise: z.number().int().nullable(),
  cashCollectedPaise: z.number().int().nullable(),
  returnedToSeller: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  items: z.array(vendorOrderItemSchema),
});
export type VendorOrderPart = z.infer<typeof vendorOrderPartSchema>;

/** Parts per status over all the vendor's parts; `pendingOrProcessing` is SPEC.md's vendor 'pending' count. */
export const vendorOrderCountsSchema = z.object({
  all: z.number().int(),
  pending: z.number().int(),
  confirmed: z.number().int(),
  processing: z.number().int(),
  shipped: z.number().int(),
  delivered: z.number().int(),
  cancelled: z.number().int(),
  pendingOrProcessing: z.number().int(),
});
export type VendorOrderCounts = z.infer<typeof vendorOrderCountsSchema>;

export const vendorOrderListSchema = pageSchema(vendorOrderPartSchema).extend({ counts: vendorOrderCountsSchema });
export type VendorOrderList = z.infer<typeof vendorOrderListSchema>;

export const vendorPartParamsSchema = z.object({ partId: z.string().max(64) });

/** `PATCH /api/vendor/orders/parts/:partId/status`: the next status, and an optional tracking note when shipped. */
export const vendorPartStatusSchema = z
  .object({
    status: z.enum(vendorPartStatuses, { error: vendorOrderMessages.badStatus }),
    trackingNote: z
      .string({ error: vendorOrderMessages.trackingTooLong })
      .trim()
      .max(300, vendorOrderMessages.trackingTooLong)
      .nullish()
      .transform((v) => (v ? v : undefined)),
    /** Cash on delivery, with 'delivered': the cash received, in rupees as typed ('1299', '1,299.50'); the output is paise. */
    cashCollected: z
      .string({ error: vendorOrderMessages.badCash })
      .trim()
      .nullish()
      .transform((v, ctx) => {
        if (!v) return undefined;
        const paise = parseRupees(v.replace(/,/g, ''), 9);
        if (paise === null) {
          ctx.addIssue({ code: 'custom', message: vendorOrderMessages.badCash });
          return z.NEVER;
        }
        return paise;
      }),
  })
  .superRefine((v, ctx) => {
    if (v.trackingNote !== undefined && v.status !== 'shipped')
      ctx.addIssue({ code: 'custom', path: ['trackingNote'], message: vendorOrderMessages.trackingOnlyWhenShipped });
    if (v.cashCollected !== undefined && v.status !== 'delivered')
      ctx.addIssue({ code: 'custom', path: ['cashCollected'], message: vendorOrderMessages.cashOnlyWhenDelivered });
  });
export type VendorPartStatusInput = z.input<typeof vendorPartStatusSchema>;

/** The toast after a cash on delivery part is delivered with its cash, and after it comes back refused. */
export const codToasts = {
  collected: 'Order marked delivered and cash collected',
  returned: 'Order marked returned to seller: the stock is back',
} as const;

export const vendorPartUpdatedSchema = z.object({ part: vendorOrderPartSchema, message: z.string() });
export type VendorPartUpdated = z.infer<typeof vendorPartUpdatedSchema>;
