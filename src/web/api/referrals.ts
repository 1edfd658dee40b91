import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MyReferrals } from '../../contracts/referrals.contract';
import { api, toQuery } from './client';

/** The signed-in user's referrals: code, totals and one page of the list. */
export const useMyReferrals = (page = 1) =>
  useQuery({
    queryKey: ['referrals', 'mine', page],
    queryFn: () => api.get<MyReferrals>(`/api/referrals${toQuery({ page, pageSize: 10 })}`),
    placeholderData: keepPreviousData,
  });
