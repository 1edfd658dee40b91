import { useQuery } from '@tanstack/react-query';
import type { Cart } from '../../../contracts/cart.contract';
import { api } from '../../api/client';

/** Every cart query starts with this key: invalidate it after anything that changes the cart. */
export const cartQueryKey = ['cart'] as const;

/** The signed-in customer's cart, with totals and available points. */
export function useCart(enabled = true) {
  return useQuery({ queryKey: cartQueryKey, queryFn: () => api.get<Cart>('/api/cart'), enabled });
}
