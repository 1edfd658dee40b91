import { Check, ShoppingCart } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/Button';
import type { AddToCartButtonProps } from '../../ui/cart-parts';
import { useAddToCart } from './use-add-to-cart';

/**
 * 'Add to Cart', with progress, 'Added to Cart!' for 2 s after success, 'Out of stock' (disabled)
 * when there is none, and 'Not delivered' (disabled) when the shop does not deliver. For a product
 * with options it adds the chosen variant; while the choice is incomplete (`missingChoice`) a press
 * calls `onMissingChoice` (the page shows 'Please choose a size') instead of the API.
 */
export function AddToCartButton({
  productId,
  variantId = null,
  missingChoice = null,
  onMissingChoice,
  describedBy,
  stock,
  delivers = true,
  quantity = 1,
  className,
  size = 'sm',
  onAdded,
}: AddToCartButtonProps) {
  const { addToCart, isAdding } = useAddToCart();
  const [added, setAdded] = useState(false);
  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(false), 2000);
    return () => clearTimeout(timer);
  }, [added]);

  if (!delivers) {
    return (
      <Button variant="secondary" size={size} disabled className={className} aria-describedby={describedBy}>
        Not delivered
      </Button>
    );
  }
  if (stock <= 0) {
    return (
      <Button variant="secondary" size={size} disabled className={className} aria-describedby={describedBy}>
        Out of stock
      </Button>
    );
  }
  const busy = isAdding(productId);
  return (
    <Button
      size={size}
      loading={busy}
      className={className}
      aria-describedby={describedBy}
      onClick={async () => {
        if (missingChoice) {
          onMissingChoice?.();
          return;
        }
        if (await addToCart(productId, quantity, variantId)) {
          setAdded(true);
          onAdded?.();
        }
      }}
    >
      {!busy &&
        (added ? (
          <Check className="h-4 w-4" aria-hidden="true" />
        ) : (
          <ShoppingCart className="h-4 w-4" aria-hidden="true" />
        ))}
      {added ? 'Added to Cart!' : 'Add to Cart'}
    </Button>
  );
}

/**
 * A product card's action: a full-width Add to Cart described by the card's product name; for a
 * product with sizes or colours, 'Choose options', which opens its page (a size must be chosen first).
 */
export function addToCartAction(p: { id: string; stockQuantity: number; delivers: boolean; hasOptions?: boolean }) {
  if (p.hasOptions && p.delivers && p.stockQuantity > 0) {
    return (nameId: string) => (
      <Link
        to={`/product/${p.id}`}
        aria-describedby={nameId}
        className="inline-flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 transition-colors hover:bg-slate-50"
      >
        Choose options
      </Link>
    );
  }
  return (nameId: string) => (
    <AddToCartButton
      productId={p.id}
      describedBy={nameId}
      stock={p.stockQuantity}
      delivers={p.delivers}
      className="w-full"
    />
  );
}
