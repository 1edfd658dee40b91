import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../contracts/common.contract';
import type { Wallet, Withdrawal, WithdrawalRequest } from '../../../contracts/rewards.contract';
import { api, toQuery } from '../../api/client';

/** Every wallet query starts with this key: invalidate it after anything that moves points. */
export const walletQueryKey = ['wallet'] as const;

/** The signed-in customer's balances and one page of ledger rows. */
export function useWallet(page: number, pageSize = 10) {
  return useQuery({
    queryKey: [...walletQueryKey, 'ledger', page, pageSize],
    queryFn: () => api.get<Wallet>(`/api/wallet${toQuery({ page, pageSize })}`),
    placeholderData: keepPreviousData,
  });
}

/** The signed-in customer's withdrawal requests. */
export function useWithdrawals(page: number, pageSize = 5) {
  return useQuery({
    queryKey: [...walletQueryKey, 'withdrawals', page, pageSize],
    queryFn: () => api.get<Page<Withdrawal>>(`/api/wallet/withdrawals${toQuery({ page, pageSize })}`),
    placeholderData: keepPreviousData,
  });
}

/** Requests a withdrawal to UPI; refreshes the balances and the requests afterwards. */
export function useCreateWithdrawal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: WithdrawalRequest) => api.post<Withdrawal>('/api/wallet/withdrawals', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: walletQueryKey }),
  });
}
