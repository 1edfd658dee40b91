import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { CartItemRef } from '../../../contracts/cart.contract';
import { cartMessages } from '../../../contracts/cart.messages';
import { api, ApiError } from '../../api/client';
import { notify } from '../../ui/notify';
import { fetchMe, meQueryKey } from '../../api/session';
import { rememberCartIntent } from '../../api/cart-intent';
import { invalidateCart } from '../../api/cart';

/**
 * Adds products to the signed-in customer's cart from any page. Guests go to /login and come back,
 * and the product is added once they have signed in (useResumeCartIntent);
 * other roles are told that only customers can add items to cart. Answers whether it was added.
 */
export function useAddToCart(): {
  addToCart: (productId: string, quantity?: number, variantId?: string | null) => Promise<boolean>;
  isAdding: (productId: string) => boolean;
} {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [adding, setAdding] = useState<ReadonlySet<string>>(new Set());
  const toLogin = useCallback(
    () => navigate(`/login?next=${encodeURIComponent(location.pathname + location.search)}`),
    [navigate, location.pathname, location.search],
  );

  const addToCart = useCallback(
    async (productId: string, quantity = 1, variantId: string | null = null) => {
      const me = await qc.ensureQueryData({ queryKey: meQueryKey, queryFn: fetchMe }).catch(() => null);
      if (!me) {
        rememberCartIntent(productId, quantity, variantId);
        toLogin();
        return false;
      }
      if (me.role !== 'customer') {
        notify.error(cartMessages.customersOnly);
        return false;
      }
      setAdding((s) => new Set(s).add(productId));
      try {
        await api.post<CartItemRef>('/api/cart/items', { productId, quantity, ...(variantId ? { variantId } : {}) });
        notify.success(cartMessages.added, { action: 'cart-add' });
        return true;
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) {
          qc.setQueryData(meQueryKey, null);
          rememberCartIntent(productId, quantity, variantId);
          toLogin();
        } else if (e instanceof ApiError && e.fields.variantId) {
          // A product with sizes or colours added from a card: its page offers the choice.
          notify.error(e.message, { action: 'cart-add' });
          navigate(`/product/${encodeURIComponent(productId)}`);
        } else {
          // Stock and availability refusals carry a message worth reading; anything else is generic.
          notify.error(
            e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : cartMessages.addFailed,
            { action: 'cart-add' },
          );
        }
        return false;
      } finally {
        setAdding((s) => {
          const next = new Set(s);
          next.delete(productId);
          return next;
        });
        void invalidateCart(qc);
      }
    },
    [qc, toLogin, navigate],
  );

  const isAdding = useCallback((productId: string) => adding.has(productId), [adding]);
  return { addToCart, isAdding };
}
