import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CartItemRef } from '../../contracts/cart.contract';
import { cartMessages } from '../../contracts/cart.messages';
import { api, ApiError } from './client';
import { notify } from '../ui/notify';
import { useMe } from './session';
import { invalidateCart } from './cart';

// A guest's Add to Cart survives the sign-in it leads to: remembered in this tab, added once a customer is signed in.
const KEY = 'haat.cartIntent';
const MAX_AGE_MS = 60 * 60_000;

type CartIntent = { productId: string; variantId?: string | null; quantity: number; at: number };

/** Remembers the product (and chosen size or colour) a guest wanted to add, for after they sign in (in this tab, for an hour). */
export function rememberCartIntent(productId: string, quantity: number, variantId: string | null = null): void {
  try {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ productId, variantId, quantity, at: Date.now() } satisfies CartIntent),
    );
  } catch {
    // Storage may be off (private mode); the guest then adds the item again after signing in.
  }
}

/** The remembered product, once: it is forgotten as it is read. */
function takeCartIntent(): CartIntent | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    const intent = raw ? (JSON.parse(raw) as Partial<CartIntent>) : null;
    if (
      !intent ||
      typeof intent.productId !== 'string' ||
      !Number.isInteger(intent.quantity) ||
      typeof intent.at !== 'number'
    )
      return null;
    return Date.now() - intent.at <= MAX_AGE_MS ? (intent as CartIntent) : null;
  } catch {
    return null;
  }
}

/** Mounted once by the layout: when someone signs in with a remembered Add to Cart, it is added (customers) or explained (other roles). */
export function useResumeCartIntent(): void {
  const { data: me } = useMe();
  const qc = useQueryClient();
  useEffect(() => {
    if (!me) return;
    const intent = takeCartIntent();
    if (!intent) return;
    if (me.role !== 'customer') {
      notify.error(cartMessages.customersOnly);
      return;
    }
    api
      .post<CartItemRef>('/api/cart/items', {
        productId: intent.productId,
        quantity: intent.quantity,
        ...(typeof intent.variantId === 'string' ? { variantId: intent.variantId } : {}),
      })
      .then(() => notify.success(cartMessages.added, { action: 'cart-add' }))
      .catch((e: unknown) =>
        notify.error(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : cartMessages.addFailed, {
          action: 'cart-add',
        }),
      )
      .finally(() => void invalidateCart(qc));
  }, [me, qc]);
}
