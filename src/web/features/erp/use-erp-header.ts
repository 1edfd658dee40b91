import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ErpNotifications, ErpSearch } from '../../../contracts/erp-work.contract';
import type { ErpPasswordInput, ErpProfileData, ErpSettings, ErpTwoFaSetup } from '../../../contracts/erp.contract';
import { api, toQuery } from '../../api/client';
import { EMPLOYEE_KEY } from './use-employee';

export const erpHeaderKeys = {
  search: ['erp', 'search'] as const,
  notifications: ['erp', 'notifications'] as const,
  settings: ['erp', 'settings'] as const,
};

/** How often the unread count is asked for while the page is open. */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** Projects by name and my tasks by title; nothing is asked for an empty query. The previous answer stays while the next loads. */
export const useErpSearch = (q: string) =>
  useQuery({
    queryKey: [...erpHeaderKeys.search, q],
    queryFn: () => api.get<ErpSearch>(`/api/erp/search${toQuery({ q })}`),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });

/** The 20 latest notifications, newest first, and the unread count; asked again every minute. */
export const useErpNotifications = () =>
  useQuery({
    queryKey: erpHeaderKeys.notifications,
    queryFn: () => api.get<ErpNotifications>('/api/erp/notifications'),
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });

/** Marks every notification read; the list shows them read at once, then reloads. */
export function useMarkNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ok: true }>('/api/erp/notifications/read'),
    onSuccess: () =>
      qc.setQueryData<ErpNotifications>(
        erpHeaderKeys.notifications,
        (old) => old && { unread: 0, items: old.items.map((n) => ({ ...n, read: true })) },
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: erpHeaderKeys.notifications }),
  });
}

/** The settings dialog's record: contact details and whether two-factor is on. */
export const useErpSettings = () =>
  useQuery({ queryKey: erpHeaderKeys.settings, queryFn: () => api.get<ErpSettings>('/api/erp/settings') });

export function useSaveErpProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: ErpProfileData) => api.put<ErpSettings>('/api/erp/settings/profile', values),
    onSuccess: (settings) => qc.setQueryData(erpHeaderKeys.settings, settings),
  });
}

/** A new two-factor secret to scan; two-factor stays off until a code from it is checked. */
export const useSetUpTwoFa = () =>
  useMutation({ mutationFn: () => api.post<ErpTwoFaSetup>('/api/erp/settings/2fa/setup') });

/** Turns two-factor on or off with a code; then the settings and the signed-in employee reload. */
export function useSwitchTwoFa() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ on, code }: { on: boolean; code: string }) =>
      api.post<{ message: string }>(`/api/erp/settings/2fa/${on ? 'enable' : 'disable'}`, { code }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: erpHeaderKeys.settings }),
        qc.invalidateQueries({ queryKey: EMPLOYEE_KEY }),
      ]),
  });
}

export const useChangeErpPassword = () =>
  useMutation({
    mutationFn: (values: ErpPasswordInput) => api.post<{ message: string }>('/api/erp/settings/password', values),
  });
