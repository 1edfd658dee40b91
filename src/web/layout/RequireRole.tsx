import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '../../contracts/auth.contract';
import { useMe } from '../api/session';
import { useMyVendors } from '../api/vendors';
import { ErrorState, LoadingRegion, Skeleton } from '../ui/States';

/**
 * Shows its children to signed-in users with one of the roles; guests go to /login (and come back
 * after signing in), other roles go to `otherwise`.
 */
export function RequireRole({
  roles,
  otherwise = '/',
  children,
}: {
  roles: Role[];
  otherwise?: string;
  children: ReactNode;
}) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) {
    return (
      <LoadingRegion label="Loading">
        <div className="mx-auto max-w-7xl space-y-4 px-4 py-8 sm:px-6">
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-40 w-full" />
        </div>
      </LoadingRegion>
    );
  }
  if (me.isError)
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <ErrorState message="We could not check your session." onRetry={() => me.refetch()} />
      </div>
    );
  if (!me.data)
    return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (!roles.includes(me.data.role)) return <Navigate to={otherwise} replace />;
  return <>{children}</>;
}

/**
 * Shows its children to an account that may act for a vendor: its own (a vendor) or a team's (a
 * member); guests go to /login and come back, any other account goes to `otherwise`.
 */
export function RequireVendorAccess({ otherwise = '/login', children }: { otherwise?: string; children: ReactNode }) {
  const vendors = useMyVendors();
  const me = useMe();
  if (me.data?.role === 'vendor') return <RequireRole roles={['vendor']}>{children}</RequireRole>;
  if (!me.data || me.isPending)
    return (
      <RequireRole roles={['vendor']} otherwise={otherwise}>
        {children}
      </RequireRole>
    );
  if (vendors.isPending)
    return (
      <LoadingRegion label="Loading">
        <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
          <Skeleton className="h-40 w-full" />
        </div>
      </LoadingRegion>
    );
  if (!vendors.data?.length) return <Navigate to={otherwise} replace />;
  return <>{children}</>;
}
