import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../contracts/common.contract';
import { shopMessages, type Shop } from '../../../contracts/shops.contract';
import { api, ApiError } from '../../api/client';
import { notify } from '../../ui/notify';

/** The signed-in vendor's shops: invalidate after creating, editing, toggling or changing an image. */
export const vendorShopsQueryKey = ['vendor-shops'] as const;

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
      notify.success(message);
    },
    onError: (e) => notify.error(e instanceof ApiError && e.status === 404 ? e.message : shopMessages.statusFailed),
    onSettled: () => qc.invalidateQueries({ queryKey: vendorShopsQueryKey }),
  });
}
