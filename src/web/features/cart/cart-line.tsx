import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ImageOff, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Cart, CartItemRef, CartLine } from '../../../contracts/cart.contract';
import { cartMessages } from '../../../contracts/cart.messages';
import { formatRupees } from '../../../domain/money';
import { noDeliveryMessage } from '../../../domain/pricing';
import { api, ApiError } from '../../api/client';
import { Button } from '../../ui/Button';
import { Money } from '../../ui/Money';
import { notify } from '../../ui/notify';
import { QuantityStepper } from '../../ui/QuantityStepper';
import { cancelCartSave, flushCartSave, scheduleCartSave, useCartLineSaving } from '../../api/cart-saves';
import { cartQueryKey, invalidateCart } from '../../api/cart';

const QUANTITY_DELAY_MS = 400;

/** The product's picture, or the placeholder when it has none. */
export function LineImage({ src, alt }: { src: string | null; alt: string }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    return (
      <div className="flex h-20 w-20 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400 sm:h-24 sm:w-24">
        <ImageOff className="h-6 w-6" aria-hidden="true" />
        <span className="sr-only">{alt}</span>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={96}
      height={96}
      loading="lazy"
      onError={() => setBroken(true)}
      className="h-20 w-20 shrink-0 rounded-lg bg-slate-100 object-cover sm:h-24 sm:w-24"
    />
  );
}

/** Why a line cannot be bought now, or null. */
function lineProblem(line: CartLine): string | null {
  if (!line.delivers) return `${noDeliveryMessage(line.storeName)}. Remove it to continue.`;
  if (!line.available)
    return line.stockQuantity <= 0
      ? 'Out of stock. Remove it to continue.'
      : 'No longer available. Remove it to continue.';
  if (line.quantity > line.stockQuantity)
    return `Only ${line.stockQuantity} left in stock. Lower the quantity to continue.`;
  return null;
}

/** True when every line can be bought as it is. */
export const cartIsBuyable = (items: CartLine[]) => items.length > 0 && items.every((l) => lineProblem(l) === null);

/** One cart line: picture, name, size or colour, shop, price, quantity stepper (1 to the stock) and remove. */
export function CartLineRow({ line }: { line: CartLine }) {
  const qc = useQueryClient();
  // The size or colour is part of what is named ('Kurta (Size: M)') and of the link back to the product page.
  const fullName = line.variantLabel ? `${line.name} (${line.variantLabel})` : line.name;
  const productHref = `/product/${line.productId}${line.variantId ? `?variant=${line.variantId}` : ''}`;
  // The quantity tapped but not yet saved; once every save of the line has landed, the server's.
  const [draft, setDraft] = useState(line.quantity);
  const saving = useCartLineSaving(line.id);
  const quantity = saving ? draft : line.quantity;

  const update = useMutation({
    mutationFn: (q: number) => api.patch<CartItemRef>(`/api/cart/items/${line.id}`, { quantity: q }),
    onSuccess: (ref) =>
      qc.setQueryData<Cart>(
        cartQueryKey,
        (c) => c && { ...c, items: c.items.map((i) => (i.id === ref.id ? { ...i, quantity: ref.quantity } : i)) },
      ),
    onError: (e) =>
      notify.error(e instanceof ApiError && e.status === 409 ? e.message : cartMessages.updateFailed, {
        action: `cart-line-${line.id}`,
      }),
    // Returned, so the save counts as landed only once the cart and checkout's amounts are read again.
    onSettled: () => invalidateCart(qc),
  });
  const remove = useMutation({
    mutationFn: () => api.delete<void>(`/api/cart/items/${line.id}`),
    onSuccess: () => {
      qc.setQueryData<Cart>(cartQueryKey, (c) => c && { ...c, items: c.items.filter((i) => i.id !== line.id) });
      notify.success(`${fullName} removed from your cart`, { action: `cart-line-${line.id}` });
    },
    onError: () => notify.error(cartMessages.removeFailed, { action: `cart-line-${line.id}` }),
    onSettled: () => invalidateCart(qc),
  });

  // Typing "12" or pressing + several times sends one request, after a short pause; checkout waits for it.
  const { mutateAsync } = update;
  const changeQuantity = (q: number) => {
    setDraft(q);
    scheduleCartSave(line.id, () => mutateAsync(q), QUANTITY_DELAY_MS);
  };
  // Leaving the page (or opening checkout) during the pause saves the last change at once.
  useEffect(() => () => flushCartSave(line.id), [line.id]);

  const problem = lineProblem({ ...line, quantity });
  const discountText = `−${formatRupees(line.discountPaise)} off`;
  const max = Math.max(1, line.stockQuantity);
  return (
    <li className={`flex gap-3 py-4 sm:gap-4 ${line.available ? '' : 'opacity-80'}`}>
      <Link
        to={productHref}
        className="shrink-0 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
      >
        <LineImage src={line.imageUrl} alt={fullName} />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <Link
              to={productHref}
              className="line-clamp-2 font-medium text-slate-900 hover:text-violet-700 hover:underline"
            >
              {line.name}
            </Link>
            {line.variantLabel && <p className="text-sm text-slate-700">{line.variantLabel}</p>}
            {line.offers.length > 0 && (
              <p className="text-sm font-medium text-green-700">Offer: {line.offers.join(', ')}</p>
            )}
            <p className="text-sm text-slate-600">
              Sold by{' '}
              <Link to={`/shop/${line.storeId}`} className="hover:text-violet-700 hover:underline">
                {line.storeName}
              </Link>
            </p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              cancelCartSave(line.id);
              remove.mutate();
            }}
            loading={remove.isPending}
            aria-label={`Remove ${fullName} from cart`}
            className="-mr-2 shrink-0 text-red-700 hover:bg-red-50"
          >
            {!remove.isPending && <Trash2 className="h-4 w-4" aria-hidden="true" />}
            <span className="hidden sm:inline">Remove</span>
          </Button>
        </div>
        <div className="mt-1 flex flex-wrap items-baseline gap-x-2">
          <Money paise={line.pricePaise} className="font-semibold text-slate-900" />
          {line.originalPricePaise !== null && line.originalPricePaise > line.pricePaise && (
            <Money paise={line.originalPricePaise} original className="text-sm" />
          )}
        </div>
        {problem && (
          <p className="mt-1 flex items-center gap-1 text-sm font-medium text-red-700">
            <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
            {problem}
          </p>
        )}
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <QuantityStepper
            value={quantity}
            onChange={changeQuantity}
            min={1}
            max={max}
            label={`Quantity of ${fullName}`}
            hideLabel
            size="sm"
            disabled={!line.available}
          />
          <p className="text-right text-sm text-slate-700">
            <span className="sr-only">Line total </span>
            <Money paise={line.pricePaise * quantity} className="font-semibold" />
            {/* The discount is the saved quantity's: not shown while a new one is on its way. */}
            {!saving && line.discountPaise > 0 && (
              <span className="block text-xs font-medium text-green-700">{discountText}</span>
            )}
          </p>
        </div>
      </div>
    </li>
  );
}
