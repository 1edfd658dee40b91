import { useQuery } from '@tanstack/react-query';
import type { AdminSession } from '../../../contracts/admin-auth.contract';
import { api, ApiError } from '../../api/client';

export type { AdminSession };
export const adminSessionKey = ['admin-session'] as const;

/** The super admin session, or null: the header's super-admin mode follows it. */
export function useAdminSession() {
  return useQuery({
    queryKey: adminSessionKey,
    queryFn: async (): Promise<AdminSession | null> => {
      try {
        return await api.get<AdminSession>('/api/admin/session');
      } catch (e) {
        if (e instanceof ApiError && (e.status === 401 || e.status === 404)) return null;
        throw e;
      }
    },
    staleTime: 60_000,
  });
}
