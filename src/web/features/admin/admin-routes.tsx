import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { Page } from '../../ui/Page';
import { useAdminSession } from '../../api/admin-session';

function Checking() {
  return (
    <LoadingRegion label="Checking your admin session">
      <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="mt-6 h-40 w-full" />
      </div>
    </LoadingRegion>
  );
}

/** /admin: the dashboard for a signed-in super admin, the sign-in page for everyone else. */
export function AdminIndexPage() {
  const session = useAdminSession();
  if (session.isPending) return <Checking />;
  return <Navigate to={session.data ? '/admin/dashboard' : '/admin/login'} replace />;
}

/** Everything under /admin/ but the sign-in page: only with a super admin session (otherwise /admin/login). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useAdminSession();
  if (session.isPending) return <Checking />;
  if (session.isError) {
    return (
      <Page title="Admin Dashboard" narrow>
        <ErrorState message={session.error.message} onRetry={() => session.refetch()} />
      </Page>
    );
  }
  if (!session.data) return <Navigate to="/admin/login" replace />;
  return <>{children}</>;
}
