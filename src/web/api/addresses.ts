import { useQuery } from '@tanstack/react-query';
import type { Address } from '../../contracts/profile.contract';
import { api } from './client';

/** The signed-in customer's addresses: invalidate after adding, deleting or changing the default. */
export const addressesQueryKey = ['addresses'] as const;

/** The signed-in customer's delivery addresses, the default first. */
export function useAddresses(enabled = true) {
  return useQuery({
    queryKey: addressesQueryKey,
    queryFn: async () => (await api.get<{ items: Address[] }>('/api/addresses')).items,
    enabled,
  });
}
