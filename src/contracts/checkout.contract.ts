import { z } from 'zod';
import { formatRupees } from '../domain/money';
import {
  amountsDiscountFields,
  checkoutPromotionsSchema,
  couponCodeFields,
  lineDiscountFields,
} from './promotions.contract';

/** SPEC.md section 8 (payment) and section 5 (checkout), verbatim, plus the few messages of our own. */
export const checkoutMessages = {
  selectAddress: 'Please select a delivery address',
  addressNotFound: 'Selected address not found',
  tooManyPoints: 'You cannot use more points than you have',
  emptyCart: 'Your cart is empty',
  authRequired: 'Authentication required',
  gatewayLoadFailed: 'Failed to load payment gateway',
  gatewayNotConfigured: 'Payment gateway not configured. Please contact support.',
  paymentsNotConfigured: 'Payments are not configured yet. Please try again later.',
  testMode: 'Test mode: no money moves',
  createOrderFailed: 'Failed to create payment order',
  verificationFailed: 'Payment verification failed',
  cancelledByUser: 'Payment cancelled by user',
  orderPlaced: 'Order placed successfully!',
  paymentNotFound: 'Payment not found',
  alreadyPaid: 'This payment has already been completed',
  reviewSaved: 'Thank you for your review!',
  reviewNotAllowed: 'You can review a product only after it has been delivered to you',
} as const;

/** 'Payment failed: {detail}. Please try again.' */
export const paymentFailedMessage = (detail: string) =>
  `Payment failed: ${detail.replace(/[.\s]+$/, '')}. Please try again.`;
/** 'Order processing failed: {msg}. Please contact support.' */
export const orderProcessingFailedMessage = (msg: string) =>
  `Order processing failed: ${msg.replace(/[.\s]+$/, '')}. Please contact support.`;
/** Points above what the order costs. */
export const pointsAboveTotalMessage = (max: number) => `You can use at most ${max} points on this order`;
/** A product that is gone, inactive, or whose shop is closed. */
export const unavailableMessage = (name: string) => `"${name}" is no longer available`;
/** Checkout refused because the amount to pay is no longer the one the customer saw (the cart, a price or the points changed). */
export const amountChangedMessage = (totalPaise: number) =>
  `The amount to pay has changed to ${formatRupees(totalPaise)}. Please check the new total and pay again.`;
/** A checkout request without the amount the customer saw. */
export const expectedTotalMissingMessage = 'The amount to pay is missing. Please reload checkout and try again.';
/** Not enough stock for a cart line. */
export const notEnoughStockMessage = (name: string, left: number) =>
  left <= 0 ? `"${name}" is out of stock` : `Only ${left} left of "${name}"`;

/** How a checkout is paid: online (the gateway, or points alone) or cash on delivery. */
export const paymentMethods = ['online', 'cod'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** POST /api/checkout: the browser sends only what the customer chose; the server prices everything. */
export const checkoutSchema = z.object({
  addressId: z.string({ error: checkoutMessages.selectAddress }).trim().min(1, checkoutMessages.selectAddress),
  pointsToUse: z.coerce
    .number({ error: 'Points must be a whole number' })
    .int('Points must be a whole number')
    .min(0, 'Points cannot be negative')
    .max(100_000_000, checkoutMessages.tooManyPoints)
    .default(0),
  /** 'online' pays through the gateway (or points alone); 'cod' places the order at once, paid in cash at the door. */
  paymentMethod: z.enum(paymentMethods, { error: 'Choose how to pay' }).default('online'),
  /**
   * The total (paise, after points) the customer saw on Pay or Place Order. The server charges only
   * this amount: when its own pricing differs (another tab, a price change) it answers 409 with the
   * new total and nothing is charged, reserved or spent.
   */
  expectedTotalPaise: z
    .number({ error: expectedTotalMissingMessage })
    .int(expectedTotalMissingMessage)
    .min(0, expectedTotalMissingMessage),
  /** The coupon code typed, if any: checked again at placement (409 with its message when it no longer applies). */
  ...couponCodeFields,
});
export type CheckoutInput = z.input<typeof checkoutSchema>;

export const checkoutSummaryQuerySchema = z.object({
  pointsToUse: z.coerce.number().int().min(0).default(0),
  ...couponCodeFields,
});

/** One cart line as the server priced it. */
export const pricedLineSchema = z.object({
  productId: z.uuid(),
  /** The chosen variant of a product with options, and its label ('Size: M · Colour: Indigo'); null otherwise. */
  variantId: z.uuid().nullable(),
  variantLabel: z.string().nullable(),
  name: z.string(),
  storeId: z.uuid(),
  storeName: z.string(),
  quantity: z.number().int(),
  pricePaise: z.number().int(),
  pointsEarned: z.number().int(),
  /** The line's share of the promotions' discount (all its units). */
  ...lineDiscountFields,
  /**
   * The one state this line may be delivered to, or null (anywhere): a seller without a GSTIN may
   * supply through Haat only within its shop's state (Notification 34/2023-Central Tax); '' when
   * that shop has no state, so it cannot be delivered at all.
   */
  shipsOnlyWithin: z.string().nullable(),
});
export type PricedLine = z.infer<typeof pricedLineSchema>;

export const amountsSchema = z.object({
  /** The items at full price; totalPaise = subtotal - discount + shipping - points. */
  subtotalPaise: z.number().int(),
  ...amountsDiscountFields,
  shippingPaise: z.number().int(),
  pointsUsed: z.number().int(),
  totalPaise: z.number().int(),
  pointsEarned: z.number().int(),
});
export type Amounts = z.infer<typeof amountsSchema>;

export const gateways = ['test', 'razorpay'] as const;
export type GatewayName = (typeof gateways)[number];

/** GET /api/checkout/summary: the amounts the server will charge, for the checkout panel. */
export const checkoutSummarySchema = z.object({
  lines: z.array(pricedLineSchema),
  amounts: amountsSchema,
  availablePoints: z.number().int(),
  maxPointsUsable: z.number().int(),
  /** The gateway a payment would go through now: 'test' moves no money; 'none' means payments are off (checkout answers 503). */
  gateway: z.enum([...gateways, 'none']),
  /** Whether this cart may be paid in cash on delivery now, and if not, every reason why. */
  cod: z.object({ available: z.boolean(), reasons: z.array(z.string()), limitPaise: z.number().int() }),
  /** The coupon typed and the promotions applied or not, each with its explanation. */
  promotions: checkoutPromotionsSchema,
});
export type CheckoutSummary = z.infer<typeof checkoutSummarySchema>;

export const placedSchema = z.object({
  status: z.literal('placed'),
  orderId: z.uuid(),
  message: z.string(),
  amounts: amountsSchema.optional(),
});
export type Placed = z.infer<typeof placedSchema>;

export const paymentRequiredSchema = z.object({
  status: z.literal('payment_required'),
  gateway: z.enum(gateways),
  paymentId: z.uuid(),
  providerOrderId: z.string(),
  amountPaise: z.number().int(),
  currency: z.string(),
  /** Razorpay only: the public key id for its checkout script. */
  keyId: z.string().optional(),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  amounts: amountsSchema,
});
export type PaymentRequired = z.infer<typeof paymentRequiredSchema>;

export const checkoutResultSchema = z.discriminatedUnion('status', [placedSchema, paymentRequiredSchema]);
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** POST /api/payments/verify: the provider's signed checkout response (the test gateway signs the same way). */
export const verifyPaymentSchema = z.object({
  paymentId: z.uuid({ error: checkoutMessages.paymentNotFound }),
  providerOrderId: z.string().trim().min(1, checkoutMessages.verificationFailed).max(100),
  providerPaymentId: z.string().trim().min(1, checkoutMessages.verificationFailed).max(100),
  signature: z.string().trim().min(1, checkoutMessages.verificationFailed).max(200),
});
export type VerifyPaymentInput = z.infer<typeof verifyPaymentSchema>;

/** POST /api/payments/:id/fail: the customer's payment failed or was dismissed. */
export const failPaymentSchema = z.object({
  reason: z.enum(['failed', 'cancelled']).default('failed'),
  detail: z.string().trim().max(300).optional(),
});
export type FailPaymentInput = z.input<typeof failPaymentSchema>;
export const failedPaymentSchema = z.object({ status: z.literal('failed'), message: z.string() });

/** POST /api/payments/:id/test-pay: what the built-in test gateway hands back, like Razorpay's checkout does. */
export const testPaymentSchema = z.object({
  providerOrderId: z.string(),
  providerPaymentId: z.string(),
  signature: z.string(),
});
export type TestPayment = z.infer<typeof testPaymentSchema>;

/** A path id; anything that is not a UUID is simply not found. */
export const idParamSchema = z.object({ id: z.string().max(64) });
