import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MerchantDashboard,
  MerchantPayment,
  MerchantPaymentPage,
  MerchantProfile,
  MerchantProfileUpdate,
  RecordPaymentInput,
} from '../../../contracts/merchant.contract';
import { api, toQuery } from '../../api/client';

const DASHBOARD = ['merchant', 'dashboard'] as const;
const PAYMENTS = ['merchant', 'payments'] as const;

/** The signed-in merchant's profile and totals. */
export const useMerchantDashboard = () =>
  useQuery({ queryKey: DASHBOARD, queryFn: () => api.get<MerchantDashboard>('/api/merchant/dashboard') });

/** One page of the merchant's recorded payments, newest first. */
export const useMerchantPayments = (page: number) =>
  useQuery({
    queryKey: [...PAYMENTS, page],
    queryFn: () => api.get<MerchantPaymentPage>(`/api/merchant/payments${toQuery({ page, pageSize: 10 })}`),
    placeholderData: keepPreviousData,
  });

/** Records a UPI payment; the list and the totals refresh. */
export function useRecordPayment() {
  const qc = useQueryClient();
  return useMutation({
    // The form sends what was typed (checked by the same contract); the server parses it again.
    mutationFn: (body: RecordPaymentInput) => api.post<MerchantPayment>('/api/merchant/payments', body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: PAYMENTS });
      void qc.invalidateQueries({ queryKey: DASHBOARD });
    },
  });
}

/** Saves the business profile. */
export function useUpdateMerchantProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MerchantProfileUpdate) => api.put<MerchantProfile>('/api/merchant/profile', body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: DASHBOARD }),
  });
}
