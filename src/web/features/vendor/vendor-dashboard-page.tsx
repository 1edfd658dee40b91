import { Suspense, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/States';
import { Tabs, type TabItem } from '../../ui/Tabs';
import { useMe } from '../../api/session';
import { useActingVendor } from '../../api/vendors';
import { vendorPromotions, type PromotionWorkspace } from '../../api/promotion-workspaces';
import { vendorPermissions, type VendorPermission } from '../../../contracts/vendor-team.contract';
import { EarningsTab } from './earnings-tab';
import { OverviewTab } from './overview-tab';
import { PayoutDetailsSection } from './payout-details-section';
import { ProductsTab } from './products-tab';
import { ShopsTab } from './shops-tab';
import { VendorOrdersTab } from './vendor-orders-tab';
import { TeamTab } from './team-tab';
import { VendorReturnsTab } from './vendor-returns-tab';

type TabKey = 'overview' | 'products' | 'orders' | 'returns' | 'promotions' | 'earnings' | 'payouts' | 'shops' | 'team';
const allTabs: (TabItem<TabKey> & { needs: VendorPermission })[] = [
  { key: 'overview', label: 'Overview', needs: 'overview' },
  { key: 'products', label: 'Products', needs: 'catalog' },
  { key: 'orders', label: 'Orders', needs: 'orders' },
  { key: 'returns', label: 'Returns', needs: 'orders' },
  { key: 'promotions', label: 'Promotions', needs: 'promotions' },
  { key: 'earnings', label: 'Earnings', needs: 'earnings' },
  // Read only, for a member that may see them (the owner changes them in its profile's Payouts & tax).
  { key: 'payouts', label: 'Payout details', needs: 'payout.view' },
  { key: 'shops', label: 'Shops', needs: 'shops.view' },
  { key: 'team', label: 'Team', needs: 'team' },
];

/** The tabs the acting vendor's role opens (a member sees only its sections; the owner every one). */
export const dashboardTabsFor = (permissions: readonly VendorPermission[]) =>
  allTabs
    .filter((t) => permissions.includes(t.needs) && !(t.key === 'payouts' && permissions.includes('payout.edit')))
    .map(({ key, label }) => ({ key, label }));

/**
 * /vendor/dashboard (the vendor and its team's members, guarded in the router): Overview, Products, Orders, Returns,
 * Promotions, Earnings, Shops and (the owner's) Team, each shown only when the acting vendor's role allows it.
 * The open tab lives in `?tab=` so a tab can be linked and survives a reload. The Promotions tab is the super
 * admin's list and form in the vendor's workspace, given by the router.
 */
export function VendorDashboardPage({
  promotionsTab: PromotionsTab,
}: {
  promotionsTab?: ComponentType<{ workspace: PromotionWorkspace }>;
}) {
  const me = useMe();
  const acting = useActingVendor();
  // The vendor acted for pays for its promotions: the account's own vendor, or the one chosen in the header.
  const vendorId = acting?.vendorUserId ?? (me.data?.role === 'vendor' ? me.data.id : null);
  const [params, setParams] = useSearchParams();
  // A vendor's owner may do everything, before its list of vendors has loaded too.
  const permissions: readonly VendorPermission[] =
    acting?.permissions ?? (me.data?.role === 'vendor' ? vendorPermissions : []);
  const tabs = dashboardTabsFor(permissions);
  const raw = params.get('tab');
  const first = tabs[0]?.key ?? 'overview';
  const active: TabKey = tabs.find((t) => t.key === raw)?.key ?? first;
  // Switching tabs drops the other tab's filters.
  const open = (tab: TabKey) => setParams(tab === first ? {} : { tab }, { replace: true });
  const name = acting && acting.role !== 'owner' ? acting.businessName : me.data?.businessName || me.data?.displayName;
  const can = (p: VendorPermission) => permissions.includes(p);

  return (
    <Page
      title="Vendor Dashboard"
      lead={
        name
          ? `Welcome back, ${name}. Manage your products, orders, returns, promotions, earnings and shops.`
          : 'Manage your products, orders, returns, promotions, earnings and shops.'
      }
    >
      <Tabs tabs={tabs} active={active} onChange={open} label="Vendor dashboard" />
      <div role="tabpanel" aria-label={tabs.find((t) => t.key === active)?.label} className="pt-6">
        {active === 'overview' && can('overview') && <OverviewTab onOpenProducts={() => open('products')} />}
        {active === 'products' && can('catalog') && <ProductsTab />}
        {active === 'orders' && can('orders') && <VendorOrdersTab />}
        {active === 'returns' && can('orders') && <VendorReturnsTab />}
        {active === 'promotions' && can('promotions') && PromotionsTab && vendorId && (
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <PromotionsTab workspace={vendorPromotions(vendorId)} />
          </Suspense>
        )}
        {active === 'earnings' && can('earnings') && <EarningsTab />}
        {active === 'payouts' && can('payout.view') && <PayoutDetailsSection readOnly />}
        {active === 'shops' && can('shops.view') && <ShopsTab />}
        {active === 'team' && can('team') && <TeamTab />}
      </div>
    </Page>
  );
}
