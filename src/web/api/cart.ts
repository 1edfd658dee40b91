import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Cart } from '../../contracts/cart.contract';
import { api } from './client';

/** Every cart query starts with this key: invalidate it after anything that changes the cart. */
export const cartQueryKey = ['cart'] as const;

/** The checkout summary's queries (one per points choice): priced from the cart, so stale after any cart change. */
export const checkoutSummaryQueryKey = ['checkout', 'summary'] as const;

/** After a cart change lands (or fails): the cart and every checkout summary are read again; resolves once the shown ones are. */
export function invalidateCart(qc: QueryClient): Promise<unknown> {
  return Promise.all([
    qc.invalidateQueries({ queryKey: cartQueryKey }),
    qc.invalidateQueries({ queryKey: checkoutSummaryQueryKey }),
  ]);
}

/** The signed-in customer's cart, with totals and available points. */
export function useCart(enabled = true) {
  return useQuery({ queryKey: cartQueryKey, queryFn: () => api.get<Cart>('/api/cart'), enabled });
}
