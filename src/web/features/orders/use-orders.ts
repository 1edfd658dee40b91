import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CancelledOrder,
  CancelPreview,
  NewReviewInput,
  OrderDetail,
  OrderList,
  OrderTab,
} from '../../../contracts/orders.contract';
import type { TaxDocumentSummary } from '../../../contracts/tax-documents.contract';
import { api, toQuery } from '../../api/client';

/** Every orders query starts with this key: invalidate it after anything that changes an order. */
export const ordersQueryKey = ['orders'] as const;

/** One page of the customer's orders for a tab, with the count of every tab. */
export function useOrders(tab: OrderTab, page: number, pageSize = 10) {
  return useQuery({
    queryKey: [...ordersQueryKey, 'list', tab, page, pageSize],
    queryFn: () => api.get<OrderList>(`/api/orders${toQuery({ status: tab, page, pageSize })}`),
    placeholderData: keepPreviousData,
  });
}

/** One order with its parts, items and status history (loaded when a dialog opens). */
export function useOrder(orderId: string | null) {
  return useQuery({
    queryKey: [...ordersQueryKey, 'detail', orderId],
    queryFn: () => api.get<OrderDetail>(`/api/orders/${orderId}`),
    enabled: orderId !== null,
  });
}

/** What cancelling an order would give back now, asked fresh each time the dialog opens. */
export function useCancelPreview(orderId: string | null) {
  return useQuery({
    queryKey: [...ordersQueryKey, 'cancel-preview', orderId],
    queryFn: () => api.get<CancelPreview>(`/api/orders/${orderId}/cancel-preview`),
    enabled: orderId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Cancels an order; refreshes orders, the wallet (points back), the user and products (stock back). */
export function useCancelOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api.post<CancelledOrder>(`/api/orders/${orderId}/cancel`),
    onSuccess: () => {
      for (const key of [ordersQueryKey, ['wallet'], ['me'], ['product'], ['products']])
        void qc.invalidateQueries({ queryKey: key });
    },
  });
}

/** Saves a review of a delivered product. */
export function useReviewProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, review }: { productId: string; review: NewReviewInput }) =>
      api.post<{ id: string; message: string }>(`/api/products/${productId}/reviews`, review),
    onSuccess: (_d, v) => {
      void qc.invalidateQueries({ queryKey: ordersQueryKey });
      void qc.invalidateQueries({ queryKey: ['product', v.productId] });
    },
  });
}

/** The tax invoices and credit notes of one of the customer's orders, by part (loaded when its details open). */
export function useOrderDocuments(orderId: string | null) {
  return useQuery({
    queryKey: [...ordersQueryKey, 'documents', orderId],
    queryFn: () => api.get<TaxDocumentSummary[]>(`/api/orders/${orderId}/documents`),
    enabled: orderId !== null,
  });
}
