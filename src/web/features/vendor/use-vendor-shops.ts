import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Page } from '../../../contracts/common.contract';
import { shopMessages, type Shop } from '../../../contracts/shops.contract';
import { api, ApiError } from '../../api/client';
import { notify } from '../../ui/notify';
import { refreshAfterProductChange } from './vendor-products-api';

/** The signed-in vendor's shops: invalidate after creating, editing, toggling or changing an image. */
export const vendorShopsQueryKey = ['vendor-shops'] as const;

/**
 * After a shop is created, edited, opened or closed: the vendor's shops, and every product list
 * and page that shows the shop's name or depends on it being open (the vendor's products and
 * overview, the storefront's search and product pages), so none shows the shop as it was.
 */
export function refreshAfterShopChange(qc: QueryClient): Promise<unknown> {
  return Promise.all([
    qc.invalidateQueries({ queryKey: vendorShopsQueryKey }),
    refreshAfterProductChange(qc),
    qc.invalidateQueries({ queryKey: ['product'] }),
  ]);
}

/** The signed-in vendor's shops (all of them, oldest first), from GET /api/vendor/shops. */
export function useVendorShops(enabled = true) {
  return useQuery({
    queryKey: vendorShopsQueryKey,
    queryFn: async () => (await api.get<Page<Shop>>('/api/vendor/shops?pageSize=100')).items,
    enabled,
  });
}

/** Activates or deactivates a shop, with SPEC.md's messages. */
export function useSetShopActive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ shop, isActive }: { shop: Shop; isActive: boolean }) =>
      api.patch<{ shop: Shop; message: string }>(`/api/vendor/shops/${shop.id}/status`, { isActive }),
    onSuccess: ({ shop, message }) => {
      qc.setQueryData<Shop[]>(vendorShopsQueryKey, (list) => list?.map((s) => (s.id === shop.id ? shop : s)));
      notify.success(message, { action: 'shop-status' });
    },
    onError: (e) =>
      notify.error(e instanceof ApiError && e.status === 404 ? e.message : shopMessages.statusFailed, {
        action: 'shop-status',
      }),
    onSettled: () => refreshAfterShopChange(qc),
  });
}
