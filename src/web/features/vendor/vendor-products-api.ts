import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  VendorOverview,
  VendorProduct,
  ProductPayload,
  VendorProductDeleted,
  VendorProductPage,
  VendorProductSaved,
  VendorProductStatusFilter,
} from '../../../contracts/vendor-products.contract';
import type { HsnCodeList } from '../../../contracts/settlement-rates.contract';
import { api, toQuery } from '../../api/client';

export const vendorProductsQueryKey = ['vendor-products'] as const;
export const vendorOverviewQueryKey = ['vendor-overview'] as const;
export const VENDOR_PRODUCTS_PAGE_SIZE = 12;

/** A page of the vendor's own products, filtered on the server; the previous page stays while the next loads. */
export function useVendorProducts(query: {
  q?: string;
  categoryId?: string;
  status: VendorProductStatusFilter;
  page: number;
  pageSize: number;
}) {
  const qs = toQuery({ ...query, status: query.status === 'all' ? undefined : query.status });
  return useQuery({
    queryKey: [...vendorProductsQueryKey, qs],
    queryFn: () => api.get<VendorProductPage>(`/api/vendor/products${qs}`),
    placeholderData: keepPreviousData,
  });
}

/** The dashboard's overview figures: products, orders and revenue of the vendor's own parts, recent orders. */
export function useVendorOverview() {
  return useQuery({ queryKey: vendorOverviewQueryKey, queryFn: () => api.get<VendorOverview>('/api/vendor/overview') });
}

/**
 * After any product change: the vendor's lists and overview, and the storefront's lists and the
 * product's page, so a new, edited or deactivated product shows as it is now everywhere.
 */
export function refreshAfterProductChange(qc: QueryClient, productId?: string): Promise<unknown> {
  return Promise.all([
    qc.invalidateQueries({ queryKey: vendorProductsQueryKey }),
    qc.invalidateQueries({ queryKey: vendorOverviewQueryKey }),
    qc.invalidateQueries({ queryKey: ['products'] }),
    ...(productId ? [qc.invalidateQueries({ queryKey: ['product', productId] })] : []),
  ]);
}

/** POST /api/vendor/products. */
export const createProduct = (payload: ProductPayload) => api.post<VendorProductSaved>('/api/vendor/products', payload);
/** PUT /api/vendor/products/:id. */
export const updateProduct = (id: string, payload: ProductPayload) =>
  api.put<VendorProductSaved>(`/api/vendor/products/${id}`, payload);

/** DELETE /api/vendor/products/:id. */
export const deleteProduct = (id: string) => api.delete<VendorProductDeleted>(`/api/vendor/products/${id}`);

/** Activate or deactivate a product; the caller shows the toasts. */
export function useSetProductActive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ product, isActive }: { product: VendorProduct; isActive: boolean }) =>
      api.patch<VendorProductSaved>(`/api/vendor/products/${product.id}/status`, { isActive }),
    onSettled: (_d, _e, v) => void refreshAfterProductChange(qc, v.product.id),
  });
}

/** Delete a product (the server deactivates it instead when it was ordered); the caller shows the toasts. */
export function useDeleteProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (product: VendorProduct) => api.delete<VendorProductDeleted>(`/api/vendor/products/${product.id}`),
    onSettled: (_d, _e, product) => void refreshAfterProductChange(qc, product.id),
  });
}

/** The HSN list for the product form, with today's GST rates and the rate while no code is chosen; it rarely changes. */
export function useHsnCodes(enabled: boolean) {
  return useQuery({
    queryKey: ['vendor-hsn-codes'],
    queryFn: () => api.get<HsnCodeList>('/api/vendor/hsn-codes'),
    staleTime: 10 * 60_000,
    enabled,
  });
}
