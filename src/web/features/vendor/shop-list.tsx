import { Plus, Store } from 'lucide-react';
import { useState } from 'react';
import { shopMessages, type Shop } from '../../../contracts/shops.contract';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/Modal';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { ShopCard } from './shop-card';
import { ShopFormModal } from './shop-form-modal';
import { useSetShopActive, useVendorShops } from './use-vendor-shops';

/** My Shops: the vendor's shop cards with Edit Shop and the Active/Inactive toggle, and Create New Shop. */
export function ShopList() {
  const shops = useVendorShops();
  const setActive = useSetShopActive();
  // The form holds its own copy of the shop being edited, so a list refresh never resets typed input.
  const [form, setForm] = useState<{ open: boolean; shop: Shop | null }>({ open: false, shop: null });
  const [closing, setClosing] = useState<Shop | null>(null);

  const toggle = (shop: Shop) => {
    if (shop.isActive) setClosing(shop);
    else setActive.mutate({ shop, isActive: true });
  };
  const busyId = setActive.isPending ? setActive.variables?.shop.id : undefined;
  const create = (
    <Button onClick={() => setForm({ open: true, shop: null })}>
      <Plus className="h-4 w-4" aria-hidden="true" />
      Create New Shop
    </Button>
  );

  let body;
  if (shops.isPending) {
    body = (
      <LoadingRegion label="Loading your shops">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-72" />
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
        action={create}
      >
        Create your first shop to start listing products on Haat.
      </EmptyState>
    );
  } else {
    body = (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {shops.data.map((shop) => (
          <ShopCard
            key={shop.id}
            shop={shop}
            onEdit={(s) => setForm({ open: true, shop: s })}
            onToggle={toggle}
            toggling={busyId === shop.id}
          />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="shops-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="shops-heading" className="text-lg font-semibold text-slate-900">
            My Shops
          </h2>
          <p className="text-sm text-slate-600">
            Your products are listed through your shops. Only active shops show in the storefront.
          </p>
        </div>
        {shops.data && shops.data.length > 0 && create}
      </div>
      {body}
      <ShopFormModal open={form.open} shop={form.shop} onClose={() => setForm((f) => ({ ...f, open: false }))} />
      <ConfirmDialog
        open={closing !== null}
        title={`Deactivate ${closing?.shopName ?? 'shop'}?`}
        confirmLabel="Deactivate"
        busy={setActive.isPending}
        onCancel={() => setClosing(null)}
        onConfirm={() =>
          closing && setActive.mutate({ shop: closing, isActive: false }, { onSettled: () => setClosing(null) })
        }
      >
        Its products will disappear from the storefront and search until you activate the shop again. Orders already
        placed are not affected.
      </ConfirmDialog>
    </section>
  );
}
