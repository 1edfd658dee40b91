import { inboxKey } from '../../api/notifications';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type {
  FailedEmail,
  FailedEmailPage,
  Notification,
  NotificationPage,
} from '../../../contracts/notifications.contract';
import { api, toQuery } from '../../api/client';
import { Button } from '../../ui/Button';
import { DataTable, type Column } from '../../ui/DataTable';
import { formatDateTime } from '../../ui/format-date';
import { notify } from '../../ui/notify';
import { Pagination } from '../../ui/Pagination';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { cn } from '../../ui/cn';
import { SendNewsSection } from './send-news-section';
import { StepUpDialog } from './step-up-dialog';
import { ADMIN_PAGE_SIZE } from './use-admin-list';
import { useAdminAction } from './use-admin-action';

/**
 * Every query of the super admin's notifications starts with this key (the inbox, the failed emails,
 * and the header bell's unread count, under the bell's inboxKey('admin')): invalidating it refreshes them all.
 */
export const adminNotificationsKey = inboxKey('admin');

export const adminNotificationMessages = {
  retried: 'The email is queued to be sent again',
  retryFailed: 'Failed to send the email again',
  markReadFailed: 'Failed to mark the notification read',
  markAllFailed: 'Failed to mark the notifications read',
  allSent: 'Every email was sent.',
} as const;

/** The Notifications tab: the super admin's own inbox, news to send, then the emails that could not be sent (Retry with a fresh code). */
export function NotificationsTab() {
  return (
    <div className="space-y-10">
      <AdminInbox />
      <SendNewsSection />
      <FailedEmails />
    </div>
  );
}

function AdminInbox() {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [markingAll, setMarkingAll] = useState(false);
  const inbox = useQuery({
    queryKey: [...adminNotificationsKey, 'inbox', page],
    queryFn: () => api.get<NotificationPage>(`/api/admin/notifications${toQuery({ page, pageSize: ADMIN_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: adminNotificationsKey });

  /** Opening a notification marks it read; its link takes the admin to the page it is about. */
  const open = (n: Notification) => {
    if (n.readAt) return;
    api
      .post(`/api/admin/notifications/${n.id}/read`)
      .then(refresh, () =>
        notify.error(adminNotificationMessages.markReadFailed, { action: 'admin-notification-read' }),
      );
  };
  const markAll = async () => {
    setMarkingAll(true);
    try {
      await api.post('/api/admin/notifications/read-all');
      refresh();
    } catch {
      notify.error(adminNotificationMessages.markAllFailed, { action: 'admin-notification-read' });
    } finally {
      setMarkingAll(false);
    }
  };

  const data = inbox.data;
  const unread = data?.unread ?? 0;
  return (
    <section aria-labelledby="admin-inbox-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="admin-inbox-heading" className="text-lg font-semibold text-slate-900">
            Your notifications
          </h2>
          <p className="text-sm text-slate-600" aria-live="polite">
            {data ? (unread === 0 ? 'Nothing unread' : `${unread.toLocaleString('en-IN')} unread`) : '\u00a0'}
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void markAll()}
          loading={markingAll}
          disabled={unread === 0}
        >
          Mark all read
        </Button>
      </div>
      {inbox.isPending ? (
        <LoadingRegion label="Loading your notifications">
          <div className="space-y-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-20 w-full" />
            ))}
          </div>
        </LoadingRegion>
      ) : inbox.isError ? (
        <ErrorState
          message={`Failed to load notifications: ${inbox.error.message}`}
          onRetry={() => void inbox.refetch()}
        />
      ) : inbox.data.items.length === 0 ? (
        <EmptyState title="No notifications yet">
          New vendors, merchants and withdrawal requests that need you appear here, newest first.
        </EmptyState>
      ) : (
        <div
          aria-busy={inbox.isPlaceholderData}
          className={cn('transition-opacity', inbox.isPlaceholderData && 'opacity-60')}
        >
          <ul aria-label="Your notifications" className="space-y-2">
            {inbox.data.items.map((n) => (
              <li key={n.id}>
                <InboxItem n={n} onOpen={() => open(n)} />
              </li>
            ))}
          </ul>
          <Pagination page={page} pageSize={inbox.data.pageSize} total={inbox.data.total} onPage={setPage} />
        </div>
      )}
    </section>
  );
}

/** One notification: a link to what it is about; an unread one is marked 'New' with a dot. */
function InboxItem({ n, onOpen }: { n: Notification; onOpen: () => void }) {
  const unread = n.readAt === null;
  return (
    <Link
      to={n.link}
      onClick={onOpen}
      className={cn(
        'flex items-start gap-3 rounded-lg border p-4 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600',
        unread ? 'border-violet-200 bg-violet-50/60' : 'border-slate-200 bg-white',
      )}
    >
      <span
        aria-hidden="true"
        className={cn('mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full', unread ? 'bg-violet-600' : 'bg-transparent')}
      />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <span className={cn('break-words', unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-800')}>
            {n.title}
            {unread && (
              <span className="ml-2 rounded-full bg-violet-100 px-2 py-0.5 text-xs font-medium text-violet-800">
                New
              </span>
            )}
          </span>
          <time dateTime={n.createdAt} className="text-xs text-slate-500">
            {formatDateTime(n.createdAt)}
          </time>
        </span>
        <span className="mt-1 block break-words text-sm text-slate-600">{n.body}</span>
      </span>
    </Link>
  );
}

const failureColumns: Column<FailedEmail>[] = [
  { key: 'subject', header: 'Subject', render: (e) => <span className="font-medium text-slate-900">{e.subject}</span> },
  {
    key: 'to',
    header: 'To',
    render: (e) =>
      e.to ? <span className="break-all">{e.to}</span> : <span className="text-slate-500">No address</span>,
  },
  { key: 'attempts', header: 'Attempts', numeric: true, render: (e) => e.attempts.toLocaleString('en-IN') },
  {
    key: 'error',
    header: 'Last error',
    render: (e) =>
      e.lastError ? (
        <span className="break-words text-red-800">{e.lastError}</span>
      ) : (
        <span className="text-slate-500">None recorded</span>
      ),
  },
  { key: 'lastAttempt', header: 'Last attempt', render: (e) => formatDateTime(e.lastAttemptAt) },
];

function FailedEmails() {
  const [page, setPage] = useState(1);
  const [retrying, setRetrying] = useState<FailedEmail | null>(null);
  const failures = useQuery({
    queryKey: [...adminNotificationsKey, 'failures', page],
    queryFn: () =>
      api.get<FailedEmailPage>(`/api/admin/notification-failures${toQuery({ page, pageSize: ADMIN_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="failed-emails-heading" className="space-y-3">
      <div>
        <h2 id="failed-emails-heading" className="text-lg font-semibold text-slate-900">
          Emails that could not be sent
        </h2>
        <p className="text-sm text-slate-600">
          Each one was tried again and again. Fix what the error names (an address, the mail server), then Retry.
        </p>
      </div>
      <DataTable
        label="Emails that could not be sent"
        columns={failureColumns}
        rows={failures.data?.items}
        rowKey={(e) => e.id}
        total={failures.data?.total ?? 0}
        page={page}
        pageSize={failures.data?.pageSize ?? ADMIN_PAGE_SIZE}
        onPage={setPage}
        sort=""
        dir="desc"
        onSort={() => undefined}
        loading={failures.isPending}
        refreshing={failures.isPlaceholderData}
        error={failures.isError ? `Failed to load the emails that could not be sent: ${failures.error.message}` : null}
        onRetry={() => void failures.refetch()}
        emptyTitle={adminNotificationMessages.allSent}
        emptyText="An email that still fails after every retry appears here, with the error."
        actions={(e) => (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setRetrying(e)}
            aria-label={`Retry: ${e.subject}${e.to ? ` to ${e.to}` : ''}`}
          >
            Retry
          </Button>
        )}
      />
      <RetryEmailDialog email={retrying} onClose={() => setRetrying(null)} />
    </section>
  );
}

/** 'Retry' on an email that could not be sent: back to the queue, with a fresh code. */
export function RetryEmailDialog({ email, onClose }: { email: FailedEmail | null; onClose: () => void }) {
  const qc = useQueryClient();
  const perform = useAdminAction();
  const confirm = async (code: string): Promise<string | null> => {
    if (!email) return null;
    const problem = await perform({
      path: `/api/admin/notification-failures/${email.id}/retry`,
      body: { code },
      success: adminNotificationMessages.retried,
      failure: adminNotificationMessages.retryFailed,
      toast: 'admin-notification-retry',
      onDone: onClose,
    });
    // Sent back to the queue, or already gone from the list (another admin retried it): the list shows which.
    void qc.invalidateQueries({ queryKey: adminNotificationsKey });
    return problem;
  };
  return (
    <StepUpDialog
      open={email !== null}
      title="Send the email again"
      actionLabel="Send again"
      description={
        email && (
          <div className="space-y-2">
            <p>
              “{email.subject}”{email.to ? <> to {email.to}</> : null} goes back to the queue and is sent again in a few
              seconds, with its retries counted afresh.
            </p>
            {email.lastError && (
              <p className="rounded-lg bg-red-50 px-3 py-2 text-red-800">
                <span className="font-medium">Last error:</span> {email.lastError}
              </p>
            )}
          </div>
        )
      }
      onCancel={onClose}
      onConfirm={confirm}
    />
  );
}
