import { Construction } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { adminTabLabels, adminTabs, type AdminTab } from '../../../contracts/admin.contract';
import { Page } from '../../ui/Page';
import { Tabs, type TabItem } from '../../ui/Tabs';
import { RequireAdmin } from './admin-routes';
import { AuditTab } from './audit-tab';
import { EmployeesTab } from './employees-tab';
import { MessagesTab } from './messages-tab';
import { AdminOverviewTab } from './overview-tab';
import { ProductsTab } from './products-tab';
import { useAdminSession } from './use-admin-session';
import { UsersTab } from './users-tab';
import { VendorsTab } from './vendors-tab';
import { WithdrawalsTab } from './withdrawals-tab';

const tabs: TabItem<AdminTab>[] = adminTabs.map((key) => ({ key, label: adminTabLabels[key] }));
const isTab = (v: string | null): v is AdminTab => adminTabs.some((t) => t === v);

/** /admin/dashboard (and any path below /admin/): the super admin's panel; the open tab lives in `?tab=`. */
export function AdminDashboardPage() {
  return (
    <RequireAdmin>
      <Dashboard />
    </RequireAdmin>
  );
}

function Dashboard() {
  const { data: admin } = useAdminSession();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const active: AdminTab = isTab(raw) ? raw : 'overview';
  const open = (tab: AdminTab) => setParams(tab === 'overview' ? {} : { tab }, { replace: true });

  return (
    <Page title="Admin Dashboard" lead={<>Signed in as <span className="font-medium text-slate-900">{admin?.email}</span>, with two-factor authentication.</>}>
      <Tabs tabs={tabs} active={active} onChange={open} label="Admin panel" />
      <div role="tabpanel" aria-label={adminTabLabels[active]} className="pt-6">
        {/* Each tab mounts only when open, so its data loads then. */}
        {active === 'overview' ? (
          <AdminOverviewTab />
        ) : active === 'withdrawals' ? (
          <WithdrawalsTab />
        ) : active === 'messages' ? (
          <MessagesTab />
        ) : active === 'audit' ? (
          <AuditTab />
        ) : active === 'users' ? (
          <UsersTab />
        ) : active === 'vendors' ? (
          <VendorsTab />
        ) : active === 'products' ? (
          <ProductsTab />
        ) : active === 'employees' ? (
          <EmployeesTab />
        ) : (
          <NotBuiltYet tab={active} />
        )}
      </div>
    </Page>
  );
}

/** A tab of a later release: says so plainly, and offers nothing that pretends to work. */
function NotBuiltYet({ tab }: { tab: AdminTab }) {
  return (
    <section className="rounded-lg border border-amber-200 bg-amber-50 p-5" aria-labelledby="not-built">
      <h2 id="not-built" className="flex items-center gap-2 font-semibold text-amber-900">
        <Construction className="h-5 w-5" aria-hidden="true" />
        {adminTabLabels[tab]}: not built yet
      </h2>
      <p className="mt-2 text-sm text-amber-900">This tab comes in the next release of the admin panel. Until then it cannot be used from here.</p>
    </section>
  );
}
