import { useSearchParams } from 'react-router';
import { adminTabLabels, tabsFor, type AdminTab } from '../../../contracts/admin.contract';
import { Page } from '../../ui/Page';
import { Tabs, type TabItem } from '../../ui/Tabs';
import type { AdminParts } from './admin-parts';
import { RequireAdmin } from './admin-routes';
import { AuditTab } from './audit-tab';
import { StaffTab } from './staff-tab';
import { EmptyState } from '../../ui/States';
import { MerchantsTab } from './merchants-tab';
import { OrdersTab } from './orders-tab';
import { ReferralsTab } from './referrals-tab';
import { SettingsTab } from './settings-tab';
import { TaxReportsTab } from './tax-reports-tab';
import { EmployeesTab } from './employees-tab';
import { ErpTab } from './erp-tab';
import { MessagesTab } from './messages-tab';
import { NotificationsTab } from './notifications-tab';
import { AdminOverviewTab } from './overview-tab';
import { PayoutsTab } from './payouts-tab';
import { ProductsTab } from './products-tab';
import { PromotionsTab } from './promotions-tab';
import { RatesTab } from './rates-tab';
import { ReturnsTab } from './returns-tab';
import { ReviewTab } from './review-tab';
import { useAdminSession } from '../../api/admin-session';
import { UsersTab } from './users-tab';
import { VendorsTab } from './vendors-tab';
import { WithdrawalsTab } from './withdrawals-tab';

/**
 * /admin/dashboard (and any path below /admin/): the super admin's panel; the open tab lives in `?tab=`.
 * `parts` are the other features' dialogs it edits with, handed in by the router.
 */
export function AdminDashboardPage({ parts }: { parts: AdminParts }) {
  return (
    <RequireAdmin>
      <Dashboard parts={parts} />
    </RequireAdmin>
  );
}

function Dashboard({ parts }: { parts: AdminParts }) {
  const { data: admin } = useAdminSession();
  const [params, setParams] = useSearchParams();
  // Only the tabs the staff member's roles open (the server refuses the rest with 403 anyway).
  const mine = tabsFor(admin?.permissions ?? []);
  const tabs: TabItem<AdminTab>[] = mine.map((key) => ({ key, label: adminTabLabels[key] }));
  const raw = params.get('tab');
  const first = mine[0];
  const active: AdminTab | undefined = mine.find((t) => t === raw) ?? first;
  const open = (tab: AdminTab) => setParams(tab === first ? {} : { tab }, { replace: true });
  if (!active)
    return (
      <Page title="Admin Dashboard" narrow>
        <EmptyState title="No roles yet">
          You are signed in as {admin?.email}, but you hold no role yet. Ask an owner to give you one.
        </EmptyState>
      </Page>
    );

  return (
    <Page
      title="Admin Dashboard"
      lead={
        <>
          Signed in as <span className="font-medium text-slate-900">{admin?.email}</span>, with two-factor
          authentication.
        </>
      }
    >
      <Tabs tabs={tabs} active={active} onChange={open} label="Admin panel" />
      <div role="tabpanel" aria-label={adminTabLabels[active]} className="pt-6">
        {/* Each tab mounts only when open, so its data loads then. */}
        {active === 'overview' ? (
          <AdminOverviewTab />
        ) : active === 'withdrawals' ? (
          <WithdrawalsTab />
        ) : active === 'messages' ? (
          <MessagesTab />
        ) : active === 'notifications' ? (
          <NotificationsTab />
        ) : active === 'audit' ? (
          <AuditTab />
        ) : active === 'users' ? (
          <UsersTab />
        ) : active === 'vendors' ? (
          <VendorsTab />
        ) : active === 'products' ? (
          <ProductsTab parts={parts} />
        ) : active === 'review' ? (
          <ReviewTab />
        ) : active === 'employees' ? (
          <EmployeesTab />
        ) : active === 'erp' ? (
          <ErpTab parts={parts} />
        ) : active === 'orders' ? (
          <OrdersTab />
        ) : active === 'returns' ? (
          <ReturnsTab />
        ) : active === 'merchants' ? (
          <MerchantsTab />
        ) : active === 'referrals' ? (
          <ReferralsTab />
        ) : active === 'promotions' ? (
          <PromotionsTab />
        ) : active === 'rates' ? (
          <RatesTab />
        ) : active === 'payouts' ? (
          <PayoutsTab />
        ) : active === 'tax-reports' ? (
          <TaxReportsTab />
        ) : active === 'staff' ? (
          <StaffTab />
        ) : (
          <SettingsTab />
        )}
      </div>
    </Page>
  );
}
