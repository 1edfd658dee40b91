import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AdminSession } from '../../contracts/admin-auth.contract';
import type { StaffPermission } from '../../domain/staff-permissions';
import { api, ApiError } from './client';

export type { AdminSession };
export const adminSessionKey = ['admin-session'] as const;

// Whether a super admin session was last seen in this browser. The session cookie cannot be read
// from script, so without this every visitor's every page would ask for an admin session that
// only one person ever has. Not a secret and not a permission: the server checks the cookie.
const HINT = 'haat.admin-session-seen';
function seenHere(): boolean {
  try {
    return localStorage.getItem(HINT) === '1';
  } catch {
    return false;
  }
}
function remember(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(HINT, '1');
    else localStorage.removeItem(HINT);
  } catch {
    // Storage refused (private mode): the header asks only on the admin pages.
  }
}

/**
 * The super admin session, or null: the admin pages and the header's super-admin mode follow it.
 * `everywhere: false` (the header outside /admin) asks only when a session was seen in this
 * browser; until then the query stays idle and `data` undefined.
 */
export function useAdminSession({ everywhere = true }: { everywhere?: boolean } = {}) {
  const session = useQuery({
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
    enabled: everywhere || seenHere(),
  });
  useEffect(() => {
    if (session.data !== undefined) remember(session.data !== null);
  }, [session.data]);
  return session;
}

/** Whether the signed-in staff member holds a permission: the panel shows a tab's or a button's door only then. */
export function useStaffCan(): (permission: StaffPermission) => boolean {
  const { data } = useAdminSession();
  return (permission) => data?.permissions.includes(permission) ?? false;
}
