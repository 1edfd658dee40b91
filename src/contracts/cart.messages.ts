// The cart's plain constants apart from its zod schemas (cart.contract.ts re-exports them): every
// page's layout needs them, and must not bring zod into the browser's first download.

/** The cart's messages (SPEC.md sections 5 and 8). */
export const cartMessages = {
  added: 'Product added to cart!',
  addedShort: 'Added to Cart!',
  addFailed: 'Failed to add product to cart',
  customersOnly: 'Only customers can add items to cart',
  productNotFound: 'Product not found',
  itemNotFound: 'This item is no longer in your cart',
  quantityMin: 'Quantity must be at least 1',
  updateFailed: 'Failed to update quantity',
  removeFailed: 'Failed to remove item',
  removed: 'Item removed from cart',
  empty: 'Your cart is empty',
} as const;

/** The largest quantity one request may ask for; stock limits it further. */
export const MAX_LINE_QUANTITY = 10_000;
