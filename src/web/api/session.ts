import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me } from '../../contracts/auth.contract';
import { api, ApiError } from './client';

export const meQueryKey = ['me'] as const;

/** Fetches the signed-in user; null when signed out. */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await api.get<Me>('/api/me');
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
}

/** The signed-in user (null when signed out), shared by the header, guards and pages. */
export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000, retry: 1 });
}

/** Stores a user the server just answered (after sign-in) so every part of the page updates. */
export function useSetMe() {
  const qc = useQueryClient();
  return (me: Me | null) => qc.setQueryData(meQueryKey, me);
}
