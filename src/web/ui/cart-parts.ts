import type { ComponentType } from 'react';

// The cart's Add to Cart button belongs to the cart feature; the router hands it to the product page
// (a feature imports no other feature), so its props are declared here, once, for both.

export type AddToCartButtonProps = {
  productId: string;
  /** The chosen variant of a product with options. */
  variantId?: string | null;
  /** 'Please choose a size' while a product with options lacks a complete choice. */
  missingChoice?: string | null;
  onMissingChoice?: () => void;
  /** The id of the element naming the product. */
  describedBy?: string;
  stock: number;
  /** False when the product's shop does not deliver. */
  delivers?: boolean;
  quantity?: number;
  className?: string;
  size?: 'sm' | 'md' | 'lg';
  onAdded?: () => void;
};

/** The cart feature's Add to Cart, handed in by the router. */
export type AddToCartButtonPart = ComponentType<AddToCartButtonProps>;
