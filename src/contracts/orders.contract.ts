import { z } from 'zod';
import { lineDiscountFields, orderDiscountFields } from './promotions.contract';
import { orderStatuses } from '../domain/order-status';
import { pageQuerySchema, pageSchema } from './common.contract';

export const orderMessages = {
  notFound: 'Order not found',
  notCancellable: 'This order can no longer be cancelled',
  cancelled: 'Your order has been cancelled',
  reviewDuplicate: 'You have already reviewed this product',
  ratingRequired: 'Please choose a rating from 1 to 5 stars',
} as const;

/** The tabs of /orders; 'processing' covers pending, confirmed and processing. */
export const orderTabs = ['all', 'processing', 'shipped', 'delivered'] as const;
export type OrderTab = (typeof orderTabs)[number];

export const paymentStatuses = ['not_required', 'paid', 'refund_pending', 'refunded', 'cash_on_delivery'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  not_required: 'Paid with points',
  paid: 'Paid',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
  cash_on_delivery: 'Cash on delivery',
};
/** The badge of an order paid through the built-in test gateway (customer, vendor and admin views). */
export const testPaymentLabel = 'Test payment: no money moved';

export const listOrdersQuerySchema = pageQuerySchema.extend({ status: z.enum(orderTabs).default('all') });
export type ListOrdersQuery = z.infer<typeof listOrdersQuerySchema>;

const status = z.enum(orderStatuses);

export const orderItemSchema = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  productName: z.string(),
  /** The size or colour bought ('Size: M · Colour: Indigo') and its variant; null for a product without options. */
  variantId: z.uuid().nullable(),
  variantLabel: z.string().nullable(),
  imageUrl: z.string().nullable(),
  quantity: z.number().int(),
  pricePaise: z.number().int(),
  pointsEarned: z.number().int(),
  /** The line's share of the promotions' discount (all its units): paid = price x quantity - discount. */
  ...lineDiscountFields,
  /** The customer has already reviewed this product. */
  reviewed: z.boolean(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** One shop's part of an order, fulfilled by that shop. */
export const orderPartSchema = z.object({
  id: z.uuid(),
  storeId: z.uuid(),
  storeName: z.string(),
  status,
  subtotalPaise: z.number().int(),
  pointsEarned: z.number().int(),
  trackingNote: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** Cash on delivery: the cash this shop collects at the door (null for a prepaid order), what it recorded as received, and a refusal at the door. */
  codDuePaise: z.number().int().nullable(),
  cashCollectedPaise: z.number().int().nullable(),
  returnedToSeller: z.boolean(),
  items: z.array(orderItemSchema),
});
export type OrderPart = z.infer<typeof orderPartSchema>;

export const orderSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  status,
  paymentStatus: z.enum(paymentStatuses),
  /** Paid through the built-in test gateway: no money moved. */
  testPayment: z.boolean(),
  subtotalPaise: z.number().int(),
  shippingPaise: z.number().int(),
  totalAmountPaise: z.number().int(),
  pointsUsed: z.number().int(),
  pointsEarned: z.number().int(),
  shippingAddress: z.string(),
  itemCount: z.number().int(),
  /** Money owed back to the payment method by cancellations. */
  refundDuePaise: z.number().int(),
  cancellable: z.boolean(),
  /** The promotions' discount on the items and the promotions applied (name, code, what each saved). */
  ...orderDiscountFields,
  parts: z.array(orderPartSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const orderHistoryEntrySchema = z.object({
  id: z.uuid(),
  status,
  note: z.string().nullable(),
  /** Null for a change of the whole order. */
  storeName: z.string().nullable(),
  actorRole: z.string(),
  createdAt: z.string(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

export const orderDetailSchema = orderSchema.extend({ history: z.array(orderHistoryEntrySchema) });
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderCountsSchema = z.object({
  all: z.number().int(),
  processing: z.number().int(),
  shipped: z.number().int(),
  delivered: z.number().int(),
});
export type OrderCounts = z.infer<typeof orderCountsSchema>;

export const orderListSchema = pageSchema(orderSchema).extend({ counts: orderCountsSchema });
export type OrderList = z.infer<typeof orderListSchema>;

/** What a cancel gives back, as planned before it runs and as done. */
const cancelEffects = {
  stockReturned: z.number().int(),
  /** Points used on the order that come back to the wallet. */
  pointsRefunded: z.number().int(),
  /** Pending points that the cancelled parts would have earned, removed. */
  pointsVoided: z.number().int(),
  /** Money that comes back to the original payment method. */
  refundPaise: z.number().int(),
};

export const cancelledOrderSchema = z.object({ order: orderDetailSchema, message: z.string(), ...cancelEffects });
export type CancelledOrder = z.infer<typeof cancelledOrderSchema>;

/** GET /api/orders/:id/cancel-preview: exactly what Cancel Order would do now, for the confirmation dialog. */
export const cancelPreviewSchema = z.object({
  parts: z.array(z.object({ id: z.uuid(), storeName: z.string(), subtotalPaise: z.number().int() })),
  /** Some parts have moved on (shipped or delivered) and stay. */
  partial: z.boolean(),
  ...cancelEffects,
});
export type CancelPreview = z.infer<typeof cancelPreviewSchema>;

/** POST /api/products/:id/reviews: 1 to 5 stars and a comment. */
export const newReviewSchema = z.object({
  rating: z.coerce
    .number({ error: orderMessages.ratingRequired })
    .int(orderMessages.ratingRequired)
    .min(1, orderMessages.ratingRequired)
    .max(5, orderMessages.ratingRequired),
  comment: z.string().trim().max(2000, 'Your review must be at most 2000 characters').default(''),
});
export type NewReviewInput = z.input<typeof newReviewSchema>;
export const reviewCreatedSchema = z.object({ id: z.uuid(), message: z.string() });
