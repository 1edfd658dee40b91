import { useSearchParams } from 'react-router';
import { Page } from '../../ui/Page';
import { Tabs, type TabItem } from '../../ui/Tabs';
import { useMe } from '../../api/session';
import { EarningsTab } from './earnings-tab';
import { OverviewTab } from './overview-tab';
import { ProductsTab } from './products-tab';
import { ShopsTab } from './shops-tab';
import { VendorOrdersTab } from './vendor-orders-tab';
import { VendorReturnsTab } from './vendor-returns-tab';

type TabKey = 'overview' | 'products' | 'orders' | 'returns' | 'earnings' | 'shops';
const tabs: TabItem<TabKey>[] = [
  { key: 'overview', label: 'Overview' },
  { key: 'products', label: 'Products' },
  { key: 'orders', label: 'Orders' },
  { key: 'returns', label: 'Returns' },
  { key: 'earnings', label: 'Earnings' },
  { key: 'shops', label: 'Shops' },
];
const isTab = (v: string | null): v is TabKey => tabs.some((t) => t.key === v);

/**
 * /vendor/dashboard (vendors only, guarded in the router): Overview, Products, Orders, Returns, Earnings and Shops.
 * The open tab lives in `?tab=` so a tab can be linked and survives a reload.
 */
export function VendorDashboardPage() {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const active: TabKey = isTab(raw) ? raw : 'overview';
  // Switching tabs drops the other tab's filters.
  const open = (tab: TabKey) => setParams(tab === 'overview' ? {} : { tab }, { replace: true });
  const name = me.data?.businessName || me.data?.displayName;

  return (
    <Page
      title="Vendor Dashboard"
      lead={
        name
          ? `Welcome back, ${name}. Manage your products, orders, returns, earnings and shops.`
          : 'Manage your products, orders, returns, earnings and shops.'
      }
    >
      <Tabs tabs={tabs} active={active} onChange={open} label="Vendor dashboard" />
      <div role="tabpanel" aria-label={tabs.find((t) => t.key === active)?.label} className="pt-6">
        {active === 'overview' && <OverviewTab onOpenProducts={() => open('products')} />}
        {active === 'products' && <ProductsTab />}
        {active === 'orders' && <VendorOrdersTab />}
        {active === 'returns' && <VendorReturnsTab />}
        {active === 'earnings' && <EarningsTab />}
        {active === 'shops' && <ShopsTab />}
      </div>
    </Page>
  );
}
