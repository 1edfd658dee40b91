import { useQueryClient } from '@tanstack/react-query';
import { Bell, CheckCheck, Tag } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { roles } from '../../../contracts/auth.contract';
import { newsMessages, type Notification } from '../../../contracts/notifications.contract';
import { RequireRole } from '../../layout/RequireRole';
import { useMe } from '../../api/session';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { formatDateTime } from '../../ui/format-date';
import { notify } from '../../ui/notify';
import { Page } from '../../ui/Page';
import { Pagination } from '../../ui/Pagination';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationHref,
  useNotifications,
} from '../../api/notifications';

export const NOTIFICATIONS_PAGE_SIZE = 20;

function ListSkeleton() {
  return (
    <LoadingRegion label="Loading your notifications">
      <div className="space-y-3">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-20 w-full" />
        ))}
      </div>
    </LoadingRegion>
  );
}

/** The cart with an announcement's coupon code: checkout opens with it applied (after signing in, if need be). */
export const applyCouponHref = (code: string) => `/cart?coupon=${encodeURIComponent(code)}`;

/**
 * One notification: its title, text and time; an unread one marked 'New'. Opening it marks it read.
 * An announcement with a coupon code has, for a customer, 'Apply code SAVE10': checkout with the code.
 */
function NotificationRow({
  n,
  onOpen,
  shopper,
}: {
  n: Notification;
  onOpen: (n: Notification) => void;
  shopper: boolean;
}) {
  const unread = n.readAt === null;
  const navigate = useNavigate();
  const code = shopper ? n.couponCode : null;
  return (
    <li className={cn(unread && 'bg-violet-50/60')}>
      <Link to={notificationHref(n.link)} onClick={() => onOpen(n)} className="flex gap-3 px-4 py-3 hover:bg-slate-50">
        <span
          aria-hidden="true"
          className={cn('mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full', unread ? 'bg-violet-700' : 'bg-transparent')}
        />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className={cn('break-words text-sm text-slate-900', unread ? 'font-semibold' : 'font-medium')}>
              {n.title}
            </span>
            {unread && (
              <span className="rounded-full bg-violet-700 px-2 py-0.5 text-xs font-semibold text-white">New</span>
            )}
          </span>
          <span className="mt-0.5 block whitespace-pre-line break-words text-sm text-slate-600">{n.body}</span>
          <time dateTime={n.createdAt} className="mt-1 block text-xs text-slate-600">
            {formatDateTime(n.createdAt)}
          </time>
        </span>
      </Link>
      {code && (
        <div className="px-4 pb-3 pl-9">
          <Button
            size="sm"
            onClick={() => {
              onOpen(n);
              navigate(applyCouponHref(code));
            }}
          >
            <Tag className="h-4 w-4" aria-hidden="true" />
            {newsMessages.applyCode(code)}
          </Button>
        </div>
      )}
    </li>
  );
}

function Inbox() {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const unreadOnly = params.get('unread') === '1';
  const list = useNotifications('user', page, NOTIFICATIONS_PAGE_SIZE, unreadOnly);
  const me = useMe();
  const [markingAll, setMarkingAll] = useState(false);

  const go = (next: { page?: number; unreadOnly?: boolean }) => {
    const p = new URLSearchParams(params);
    if (next.unreadOnly ?? unreadOnly) p.set('unread', '1');
    else p.delete('unread');
    if ((next.page ?? 1) > 1) p.set('page', String(next.page));
    else p.delete('page');
    setParams(p);
  };

  // The link opens at once; the read mark follows (a failed one leaves it unread, to open again).
  const open = (n: Notification) => {
    if (n.readAt === null) markNotificationRead(qc, 'user', n.id).catch(() => undefined);
  };

  const markAll = async () => {
    setMarkingAll(true);
    try {
      await markAllNotificationsRead(qc, 'user');
      notify.success('All notifications marked read', { action: 'notifications-read-all' });
    } catch (e) {
      notify.error(e instanceof Error ? e.message : 'Could not mark your notifications read', {
        action: 'notifications-read-all',
      });
    } finally {
      setMarkingAll(false);
    }
  };

  const unread = list.data?.unread ?? 0;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="inline-flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={unreadOnly}
            onChange={(e) => go({ unreadOnly: e.target.checked })}
            className="h-4 w-4 rounded border-slate-300 text-violet-700 focus:ring-violet-600"
          />
          Unread only
        </label>
        <div className="flex items-center gap-3">
          {list.data && (
            <p className="text-sm text-slate-600" aria-live="polite">
              {unread === 0 ? 'All read' : `${unread.toLocaleString('en-IN')} unread`}
            </p>
          )}
          <Button variant="secondary" size="sm" onClick={markAll} loading={markingAll} disabled={unread === 0}>
            <CheckCheck className="h-4 w-4" aria-hidden="true" />
            Mark all read
          </Button>
        </div>
      </div>

      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState
          message={`Failed to load your notifications: ${list.error.message}`}
          onRetry={() => list.refetch()}
        />
      ) : list.data.total === 0 ? (
        unreadOnly ? (
          <EmptyState
            title="No unread notifications"
            icon={<Bell className="h-10 w-10 text-slate-400" aria-hidden="true" />}
            action={
              <Button variant="secondary" onClick={() => go({ unreadOnly: false })}>
                Show all notifications
              </Button>
            }
          >
            You have read everything. Older notifications are under all notifications.
          </EmptyState>
        ) : (
          <EmptyState
            title="No notifications yet"
            icon={<Bell className="h-10 w-10 text-slate-400" aria-hidden="true" />}
          >
            News about your orders, wallet and account shows here.
          </EmptyState>
        )
      ) : list.data.items.length === 0 ? (
        <EmptyState
          title="This page is empty"
          action={
            <Button variant="secondary" onClick={() => go({ page: 1 })}>
              Go to the first page
            </Button>
          }
        />
      ) : (
        <div
          aria-busy={list.isPlaceholderData || undefined}
          className={list.isPlaceholderData ? 'opacity-60' : undefined}
        >
          <ul
            aria-label="Notifications"
            className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white"
          >
            {list.data.items.map((n) => (
              <NotificationRow key={n.id} n={n} onOpen={open} shopper={me.data?.role === 'customer'} />
            ))}
          </ul>
          <Pagination
            page={page}
            pageSize={NOTIFICATIONS_PAGE_SIZE}
            total={list.data.total}
            onPage={(p) => go({ page: p })}
          />
        </div>
      )}
    </div>
  );
}

/** /notifications: the signed-in user's in-app notifications, newest first; opening one marks it read. */
export function NotificationsPage() {
  return (
    <RequireRole roles={[...roles]}>
      <Page title="Notifications" lead="What happened to your orders, wallet and account." narrow>
        <Inbox />
      </Page>
    </RequireRole>
  );
}
