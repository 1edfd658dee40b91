import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NotificationPage } from '../../contracts/notifications.contract';
import { api, toQuery } from './client';

/** Whose inbox: a signed-in user's (any role), or the super admin's (admin session cookie). */
export type InboxScope = 'user' | 'admin';

const paths: Record<InboxScope, string> = { user: '/api/notifications', admin: '/api/admin/notifications' };

/**
 * Every query of an inbox starts with this key. The super admin's sits under ['admin'], so the
 * admin panel's actions (which refresh every ['admin'] query) refresh the bell too.
 */
export const inboxKey = (scope: InboxScope) =>
  scope === 'user' ? (['notifications'] as const) : (['admin', 'notifications'] as const);
export const unreadCountKey = (scope: InboxScope) => [...inboxKey(scope), 'unread-count'] as const;
const listKey = (scope: InboxScope) => [...inboxKey(scope), 'list'] as const;

type UnreadCount = { unread: number };

/** How often the bell asks for its count while the page is open. */
export const UNREAD_REFRESH_MS = 30_000;

/**
 * The bell's count of unread notifications (null scope: nobody signed in, nothing asked). Asked
 * again every 30 seconds and when the window regains focus.
 */
export function useUnreadCount(scope: InboxScope | null) {
  return useQuery({
    queryKey: unreadCountKey(scope ?? 'user'),
    queryFn: () => api.get<UnreadCount>(`${paths[scope ?? 'user']}/unread-count`),
    enabled: scope !== null,
    refetchInterval: UNREAD_REFRESH_MS,
    refetchOnWindowFocus: true,
    select: (d) => d.unread,
  });
}

/** One page of an inbox, newest first; its unread count (all pages) also sets the bell's. */
export function useNotifications(scope: InboxScope, page: number, pageSize: number, unreadOnly: boolean) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: [...listKey(scope), page, pageSize, unreadOnly],
    queryFn: async () => {
      const data = await api.get<NotificationPage>(
        `${paths[scope]}${toQuery({ page, pageSize, unreadOnly: unreadOnly || undefined })}`,
      );
      qc.setQueryData<UnreadCount>(unreadCountKey(scope), { unread: data.unread });
      return data;
    },
    placeholderData: keepPreviousData,
  });
}

/** Marks one notification read: the bell takes the count the server answers, the lists load again. */
export async function markNotificationRead(qc: QueryClient, scope: InboxScope, id: string): Promise<void> {
  const { unread } = await api.post<UnreadCount>(`${paths[scope]}/${id}/read`);
  qc.setQueryData<UnreadCount>(unreadCountKey(scope), { unread });
  await qc.invalidateQueries({ queryKey: listKey(scope) });
}

/** Marks every notification of the inbox read. */
export async function markAllNotificationsRead(qc: QueryClient, scope: InboxScope): Promise<void> {
  const { unread } = await api.post<UnreadCount>(`${paths[scope]}/read-all`);
  qc.setQueryData<UnreadCount>(unreadCountKey(scope), { unread });
  await qc.invalidateQueries({ queryKey: listKey(scope) });
}

/** Where a notification leads: a path inside the app, never another site. */
export function notificationHref(link: string): string {
  return link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\') ? link : '/notifications';
}
