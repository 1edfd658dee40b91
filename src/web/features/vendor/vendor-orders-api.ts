import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  VendorOrderFilter,
  VendorOrderList,
  VendorPartStatusInput,
  VendorPartUpdated,
} from '../../../contracts/vendor-orders.contract';
import type { TaxDocumentSummary } from '../../../contracts/tax-documents.contract';
import { api, toQuery } from '../../api/client';
import { vendorEarningsQueryKey } from './vendor-earnings-api';
import { vendorOverviewQueryKey } from './vendor-products-api';

export const vendorOrdersQueryKey = ['vendor-orders'] as const;
export const VENDOR_ORDERS_PAGE_SIZE = 10;

/** A page of the vendor's parts of orders with counts per status; the previous page stays while the next loads. */
export function useVendorOrders(query: { status: VendorOrderFilter; page: number }) {
  const qs = toQuery({
    status: query.status === 'all' ? undefined : query.status,
    page: query.page > 1 ? query.page : undefined,
    pageSize: VENDOR_ORDERS_PAGE_SIZE,
  });
  return useQuery({
    queryKey: [...vendorOrdersQueryKey, qs],
    queryFn: () => api.get<VendorOrderList>(`/api/vendor/orders${qs}`),
    placeholderData: keepPreviousData,
  });
}

export type PartStatusChange = { partId: string } & VendorPartStatusInput;

/** Moves one of the vendor's parts to a status; afterwards the orders list and the overview reload. The caller shows the toasts. */
export function useSetPartStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ partId, ...body }: PartStatusChange) =>
      api.patch<VendorPartUpdated>(`/api/vendor/orders/parts/${partId}/status`, body),
    onSettled: () => refreshAfterPartChange(qc),
  });
}

/** Marks a shipped cash on delivery part returned to the seller (refused at the door); afterwards the same lists reload. The caller shows the toasts. */
export function useReturnToSeller() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ partId }: { partId: string }) =>
      api.post<VendorPartUpdated>(`/api/vendor/orders/parts/${partId}/returned-to-seller`),
    onSettled: () => refreshAfterPartChange(qc),
  });
}

function refreshAfterPartChange(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: vendorOrdersQueryKey });
  void qc.invalidateQueries({ queryKey: vendorOverviewQueryKey });
  // A cancel or a return puts stock back: the vendor's product list shows it.
  void qc.invalidateQueries({ queryKey: ['vendor-products'] });
  // A delivery (with its cash on delivery) or a cancel moves money in the vendor's ledger: the Earnings tab shows it.
  void qc.invalidateQueries({ queryKey: vendorEarningsQueryKey });
}

/** The tax invoice and credit note of one of the vendor's parts (asked only once it has shipped: none exist before). */
export function useVendorPartDocuments(partId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...vendorOrdersQueryKey, 'documents', partId],
    queryFn: () => api.get<TaxDocumentSummary[]>(`/api/vendor/orders/parts/${partId}/documents`),
    enabled,
  });
}
