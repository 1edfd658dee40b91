import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EarningsStatementPage, VendorEarnings } from '../../../contracts/earnings.contract';
import { api, toQuery } from '../../api/client';

export const vendorEarningsQueryKey = ['vendor-earnings'] as const;
export const EARNINGS_PAGE_SIZE = 10;

/** The Earnings tab's totals, payouts and the statement's first page (all months). */
export function useVendorEarnings() {
  return useQuery({
    queryKey: [...vendorEarningsQueryKey, 'summary'],
    queryFn: () => api.get<VendorEarnings>(`/api/vendor/earnings${toQuery({ pageSize: EARNINGS_PAGE_SIZE })}`),
  });
}

/**
 * A page of the statement, for one month or all: the summary already holds the first page of all
 * months, so this asks the server only for the others; the previous page stays while the next loads.
 */
export function useEarningsStatement(query: { page: number; month?: string }) {
  const own = query.page > 1 || Boolean(query.month);
  const qs = toQuery({
    page: query.page > 1 ? query.page : undefined,
    pageSize: EARNINGS_PAGE_SIZE,
    month: query.month,
  });
  return useQuery({
    queryKey: [...vendorEarningsQueryKey, 'statement', qs],
    queryFn: () => api.get<EarningsStatementPage>(`/api/vendor/earnings/statement${qs}`),
    placeholderData: keepPreviousData,
    enabled: own,
  });
}

/** Where the statement as CSV downloads from (the month chosen, or all). */
export const earningsCsvUrl = (month?: string) => `/api/vendor/earnings.csv${toQuery({ month })}`;
