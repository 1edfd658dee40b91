import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RejectReturnInput, ReturnChanged, ReturnFilter, ReturnPage } from '../../../contracts/returns.contract';
import { api, toQuery } from '../../api/client';
import { vendorEarningsQueryKey } from './vendor-earnings-api';
import { vendorOrdersQueryKey } from './vendor-orders-api';
import { vendorOverviewQueryKey } from './vendor-products-api';

export const vendorReturnsQueryKey = ['vendor-returns'] as const;
export const VENDOR_RETURNS_PAGE_SIZE = 10;

/** The address of a page of the vendor's returns ('all' and the first page are the server's defaults). */
export const vendorReturnsPath = (query: { status: ReturnFilter; page: number }) =>
  `/api/vendor/returns${toQuery({ status: query.status === 'all' ? undefined : query.status, page: query.page > 1 ? query.page : undefined, pageSize: VENDOR_RETURNS_PAGE_SIZE })}`;

/** A page of the returns of the vendor's shops, newest first; the previous page stays while the next loads. */
export function useVendorReturns(query: { status: ReturnFilter; page: number }) {
  const path = vendorReturnsPath(query);
  return useQuery({
    queryKey: [...vendorReturnsQueryKey, path],
    queryFn: () => api.get<ReturnPage>(path),
    placeholderData: keepPreviousData,
  });
}

/** The shop's answers to a return and its receipt back: each answers the return as it is now and the server's message. */
export const vendorReturnRequests = {
  approve: (returnId: string) => api.post<ReturnChanged>(`/api/vendor/returns/${returnId}/approve`),
  reject: (returnId: string, body: RejectReturnInput) =>
    api.post<ReturnChanged>(`/api/vendor/returns/${returnId}/reject`, body),
  receive: (returnId: string) => api.post<ReturnChanged>(`/api/vendor/returns/${returnId}/received`),
};

export type ReturnChange = { returnId: string } & (
  { action: 'approve' } | { action: 'reject'; reason: string } | { action: 'receive' }
);

/** Sends one of the shop's moves on a return. */
export function sendReturnChange(change: ReturnChange): Promise<ReturnChanged> {
  if (change.action === 'approve') return vendorReturnRequests.approve(change.returnId);
  if (change.action === 'reject') return vendorReturnRequests.reject(change.returnId, { reason: change.reason });
  return vendorReturnRequests.receive(change.returnId);
}

/**
 * Approves, rejects or marks a return received; afterwards (done or refused, as a 409 means the
 * list is out of date) the returns reload, and after a receipt the stock, orders and earnings too.
 * The caller shows the toasts.
 */
export function useReturnChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendReturnChange,
    onSettled: (_data, _error, change) => {
      void qc.invalidateQueries({ queryKey: vendorReturnsQueryKey });
      if (change.action !== 'receive') return;
      // The stock comes back, and the vendor's credit for the items is reversed.
      void qc.invalidateQueries({ queryKey: ['vendor-products'] });
      void qc.invalidateQueries({ queryKey: vendorOverviewQueryKey });
      void qc.invalidateQueries({ queryKey: vendorOrdersQueryKey });
      void qc.invalidateQueries({ queryKey: vendorEarningsQueryKey });
    },
  });
}
