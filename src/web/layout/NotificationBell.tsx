import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../ui/cn';
import { useUnreadCount, type InboxScope } from '../api/notifications';

/** The badge's text: the count, '99+' past 99. */
export const unreadBadge = (n: number) => (n > 99 ? '99+' : String(n));

/** The bell's accessible name: 'Notifications, 3 unread', or 'Notifications' when none is. */
export const bellLabel = (n: number) =>
  n > 0 ? `Notifications, ${n.toLocaleString('en-IN')} unread` : 'Notifications';

/** Where the bell leads: the user's notifications page, or the admin panel's Notifications tab. */
export const bellHref: Record<InboxScope, string> = {
  user: '/notifications',
  admin: '/admin/dashboard?tab=notifications',
};

/** The header's bell for whoever is signed in, with the count of unread notifications as a badge. */
export function NotificationBell({ scope, className }: { scope: InboxScope; className?: string }) {
  const count = useUnreadCount(scope);
  const unread = count.data ?? 0;
  return (
    <Link
      to={bellHref[scope]}
      aria-label={bellLabel(unread)}
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center rounded-lg p-2 text-slate-700 hover:bg-slate-100',
        className,
      )}
    >
      <Bell className="h-6 w-6 md:h-5 md:w-5" aria-hidden="true" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute right-0 top-0 min-w-[1.25rem] rounded-full bg-red-600 px-1 text-center text-[11px] font-semibold leading-5 text-white"
        >
          {unreadBadge(unread)}
        </span>
      )}
    </Link>
  );
}
