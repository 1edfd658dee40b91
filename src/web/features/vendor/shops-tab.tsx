import { Store } from 'lucide-react';
import { Link } from 'react-router';
import { shopMessages } from '../../../contracts/shops.contract';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { ShopCard } from './shop-card';
import { useVendorShops } from './use-vendor-shops';

const profileLink =
  'inline-flex rounded-lg bg-violet-700 px-4 py-2 text-sm font-semibold text-white hover:bg-violet-800';

/** Shops: the vendor's shop cards, read-only, and a link to /profile where shops are added and edited. */
export function ShopsTab() {
  const shops = useVendorShops();
  let body;
  if (shops.isPending) {
    body = (
      <LoadingRegion label="Loading your shops">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-64" />
          ))}
        </div>
      </LoadingRegion>
    );
  } else if (shops.isError) {
    body = <ErrorState message={shopMessages.loadFailed} onRetry={() => shops.refetch()} />;
  } else if (shops.data.length === 0) {
    body = (
      <EmptyState
        title="You have no shops yet"
        icon={<Store className="h-10 w-10 text-slate-400" aria-hidden="true" />}
        action={
          <Link to="/profile?tab=shops" className={profileLink}>
            Add a shop in your profile
          </Link>
        }
      >
        Your products are listed through your shops. Create one to start selling.
      </EmptyState>
    );
  } else {
    body = (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {shops.data.map((shop) => (
          <ShopCard key={shop.id} shop={shop} />
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby="vendor-shops-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="vendor-shops-heading" className="text-lg font-semibold text-slate-900">
          Your shops
        </h2>
        {!!shops.data?.length && (
          <Link to="/profile?tab=shops" className="text-sm font-medium text-violet-700 hover:underline">
            Add a shop in your profile
          </Link>
        )}
      </div>
      {body}
    </section>
  );
}
