import { ShieldCheck } from 'lucide-react';
import { Page } from '../../ui/Page';
import { RequireAdmin } from './admin-routes';
import { useAdminSession } from './use-admin-session';

/** /admin/dashboard (and any path below /admin/): the super admin's panel. */
export function AdminDashboardPage() {
  return (
    <RequireAdmin>
      <Dashboard />
    </RequireAdmin>
  );
}

function Dashboard() {
  const { data: admin } = useAdminSession();
  return (
    <Page title="Admin Dashboard" lead={<>Signed in as <span className="font-medium text-slate-900">{admin?.email}</span>, with two-factor authentication.</>}>
      <section aria-labelledby="panel-status" className="rounded-lg border border-amber-200 bg-amber-50 p-5">
        <h2 id="panel-status" className="flex items-center gap-2 font-semibold text-amber-900">
          <ShieldCheck className="h-5 w-5" aria-hidden="true" />
          The panel's tabs are still being built
        </h2>
        <p className="mt-2 text-sm text-amber-900">
          This release has the super admin's sign-in with mandatory two-factor authentication. Overview, Users, Vendors, Merchants, Products, Orders, Referrals, Employees,
          Settings, Withdrawals, Messages and the Audit log come in the next releases; until then they cannot be used from here.
        </p>
      </section>
    </Page>
  );
}
