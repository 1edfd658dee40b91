import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DisputeReturnInput, NewReturn, OrderReturns, ReturnChanged } from '../../../contracts/returns.contract';
import { api } from '../../api/client';
import { ordersQueryKey } from './use-orders';

/** The key of one order's returns (under the orders key: refreshing orders refreshes them). */
export const orderReturnsKey = (orderId: string) => [...ordersQueryKey, 'returns', orderId] as const;

/** One order's returns and what each delivered part can still return; asked only when a part was delivered. */
export function useOrderReturns(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: orderReturnsKey(orderId),
    queryFn: () => api.get<OrderReturns>(`/api/orders/${orderId}/returns`),
    enabled,
  });
}

/** Asks to return items of a delivered part; refreshes the order's returns (a refusal too: the window may have closed). */
export function useRequestReturn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ partId, body }: { orderId: string; partId: string; body: NewReturn }) =>
      api.post<ReturnChanged>(`/api/orders/parts/${partId}/returns`, body),
    onSettled: (_d, _e, v) => void qc.invalidateQueries({ queryKey: orderReturnsKey(v.orderId) }),
  });
}

/** Sends a return the shop rejected to the Haat team; refreshes the order's returns. */
export function useDisputeReturn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ returnId, body }: { returnId: string; body: DisputeReturnInput }) =>
      api.post<ReturnChanged>(`/api/returns/${returnId}/dispute`, body),
    onSuccess: (d) => void qc.invalidateQueries({ queryKey: orderReturnsKey(d.return.orderId) }),
  });
}
