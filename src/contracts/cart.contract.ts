import { z } from 'zod';
import { cartMessages, MAX_LINE_QUANTITY } from './cart.messages';

// The messages the browser needs without zod (cart.messages.ts), here too for the server and forms.
export * from './cart.messages';

const quantity = z
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(1, cartMessages.quantityMin)
  .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`);

/** One line of the cart, with its product and shop as they are now. */
export const cartLineSchema = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  /** The chosen variant of a product with options, its label ('Size: M · Colour: Indigo') and SKU; null otherwise. */
  variantId: z.uuid().nullable(),
  variantLabel: z.string().nullable(),
  sku: z.string().nullable(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  storeId: z.uuid(),
  storeName: z.string(),
  pricePaise: z.number().int(),
  originalPricePaise: z.number().int().nullable(),
  rewardPercentage: z.number(),
  stockQuantity: z.number().int(),
  quantity: z.number().int(),
  /** False when the shop does not deliver (then the line is not available either). */
  delivers: z.boolean(),
  /** False when the product or its shop went inactive, it is out of stock or the shop does not deliver: such lines are not counted or bought. */
  available: z.boolean(),
  /** The line's share of the automatic promotions' discount (0 for none, and for a line not available). */
  discountPaise: z.number().int(),
  /** The names of the promotions that take from this line. */
  offers: z.array(z.string()),
  /** The points the line earns on what is paid for it after that discount (0 for a line not available). */
  pointsEarned: z.number().int(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/**
 * The amounts of the available lines after the automatic promotions, with no points used
 * (`totalsAfterPromotions`, src/domain/promotions-apply.ts): the subtotal at full price, the
 * discount, delivery on what the items cost after it, the total and the points earned after it.
 */
export const cartTotalsSchema = z.object({
  subtotalPaise: z.number().int(),
  discountPaise: z.number().int(),
  shippingPaise: z.number().int(),
  pointsUsed: z.number().int(),
  totalPaise: z.number().int(),
  pointsEarned: z.number().int(),
});

/** `GET /api/cart`. */
export const cartSchema = z.object({
  items: z.array(cartLineSchema),
  /** The customer's available (spendable) points. */
  availablePoints: z.number().int(),
  totals: cartTotalsSchema,
  /** The automatic promotions the available lines get now (a coupon is typed at checkout). */
  promotions: z.array(z.object({ name: z.string(), savedPaise: z.number().int(), explanation: z.string() })),
});
export type Cart = z.infer<typeof cartSchema>;

/** `POST /api/cart/items`: adds the product, or increases the quantity already in the cart. */
export const addCartItemSchema = z.object({
  productId: z.uuid({ error: cartMessages.productNotFound }),
  /** Required for a product with options (Size, Colour): the chosen variant. */
  variantId: z.uuid({ error: cartMessages.productNotFound }).nullish(),
  quantity: quantity.default(1),
});
export type AddCartItemInput = z.input<typeof addCartItemSchema>;

/** `PATCH /api/cart/items/:id`. */
export const updateCartItemSchema = z.object({ quantity });
export type UpdateCartItemInput = z.input<typeof updateCartItemSchema>;

/** The answer of an add or an update: the line's id and its new quantity. */
export const cartItemRefSchema = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  variantId: z.uuid().nullable(),
  quantity: z.number().int(),
});
export type CartItemRef = z.infer<typeof cartItemRefSchema>;
