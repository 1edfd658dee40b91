import { Bell, CheckCircle2, ClipboardList, XCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import type { ErpNotifications } from '../../../contracts/erp-work.contract';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { formatDateTime } from '../../ui/format-date';
import { Modal } from '../../ui/Modal';
import { LoadingRegion, Skeleton } from '../../ui/States';
import { failure } from './erp-feedback';
import { whenText } from '../../ui/erp-format';
import { SM_UP, useMediaQuery } from './use-media-query';
import { useErpNotifications, useMarkNotificationsRead } from './use-erp-header';

type Item = ErpNotifications['items'][number];

const kinds: Record<Item['kind'], { Icon: typeof Bell; tone: string }> = {
  task_assigned: { Icon: ClipboardList, tone: 'text-violet-700' },
  timesheet_approved: { Icon: CheckCircle2, tone: 'text-green-700' },
  timesheet_rejected: { Icon: XCircle, tone: 'text-red-700' },
};

const unreadIds = (data: ErpNotifications | undefined) =>
  data ? data.items.filter((n) => !n.read).map((n) => n.id) : [];

/**
 * The bell: its unread count (polled every minute), and the latest notifications, newest first, in a
 * popover (a dialog on a phone). Opening it marks them all read; the ones that were unread stay
 * highlighted while it is open.
 */
export function ErpNotificationsButton() {
  const notifications = useErpNotifications();
  const markRead = useMarkNotificationsRead();
  const wide = useMediaQuery(SM_UP);
  const [open, setOpen] = useState(false);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const titleId = useId();

  const unread = notifications.data?.unread ?? 0;
  const label = notifications.data ? `Notifications, ${unread} unread` : 'Notifications';

  const show = async () => {
    setOpen(true);
    setFresh(new Set(unreadIds(notifications.data)));
    // The latest list first, so what arrived since the last poll is shown (and highlighted) before it is marked read.
    const { data } = await notifications.refetch();
    const latest = data ?? notifications.data;
    setFresh((before) => new Set([...before, ...unreadIds(latest)]));
    if (latest && latest.unread > 0) markRead.mutate();
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  // The popover: the focus moves into it; Escape or a click elsewhere closes it.
  const popover = open && wide;
  useEffect(() => {
    if (!popover) return;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [popover]);
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (popover && e.relatedTarget && !e.currentTarget.contains(e.relatedTarget as Node)) close(false);
  };

  return (
    <div ref={wrap} className="relative" onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={popover ? panelId : undefined}
        onClick={() => (open ? close(false) : void show())}
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -right-1.5 -top-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {popover && (
        <div
          ref={panel}
          id={panelId}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          className="absolute right-0 top-full z-30 mt-2 w-80 rounded-lg border border-slate-200 bg-white shadow-lg focus:outline-none"
        >
          <h2 id={titleId} className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">
            Notifications
          </h2>
          <div className="max-h-[min(24rem,70vh)] overflow-y-auto">
            <NotificationList query={notifications} fresh={fresh} />
          </div>
        </div>
      )}
      {open && !wide && (
        <Modal open onClose={() => close(false)} title="Notifications">
          <div className="-mx-5 -my-4">
            <NotificationList query={notifications} fresh={fresh} />
          </div>
        </Modal>
      )}
    </div>
  );
}

type ListProps = {
  query: ReturnType<typeof useErpNotifications>;
  /** Unread when the list was opened. */ fresh: ReadonlySet<string>;
};

function NotificationList({ query, fresh }: ListProps) {
  if (query.isPending) {
    return (
      <LoadingRegion label="Loading notifications">
        <div className="space-y-3 p-4">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-10" />
          ))}
        </div>
      </LoadingRegion>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div role="alert" className="space-y-3 p-4 text-sm text-red-800">
        <p>{failure('Failed to load notifications', query.error)}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const items = [...query.data.items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  if (items.length === 0) {
    return (
      <div className="p-4 text-sm">
        <p className="font-medium text-slate-900">No notifications yet</p>
        <p className="mt-1 text-slate-600">
          You will hear here when a task is assigned to you or a timesheet entry of yours is approved or rejected.
        </p>
      </div>
    );
  }
  const now = Date.now();
  return (
    <ul aria-label="Latest notifications" className="divide-y divide-slate-100">
      {items.map((n) => {
        const isNew = !n.read || fresh.has(n.id);
        const { Icon, tone } = kinds[n.kind];
        return (
          <li key={n.id} className={cn('flex gap-3 px-4 py-3 text-sm', isNew ? 'bg-violet-50' : 'bg-white')}>
            <Icon className={cn('mt-0.5 h-4 w-4 shrink-0', tone)} aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className={cn('break-words text-slate-800', isNew && 'font-medium text-slate-900')}>
                {isNew && <span className="sr-only">New: </span>}
                {n.message}
              </p>
              <time
                dateTime={n.createdAt}
                title={formatDateTime(n.createdAt)}
                className="mt-0.5 block text-xs text-slate-600"
              >
                {whenText(n.createdAt, now)}
              </time>
            </div>
            {isNew && <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-violet-700" aria-hidden="true" />}
          </li>
        );
      })}
    </ul>
  );
}
