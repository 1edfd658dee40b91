import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/client';
import { Header } from './Header';
import { adminSessionKey } from '../api/admin-session';
import { meQueryKey } from '../api/session';
import { NotificationBell } from './NotificationBell';
import { markAllNotificationsRead, markNotificationRead, unreadCountKey, type InboxScope } from '../api/notifications';
import { signedInAs } from '../api/test-fixtures';
import { visibleText as text } from '../api/test-markup';

// The header's bell: the unread count for whoever is signed in, on every page.

vi.mock('../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/client')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));
afterEach(() => vi.mocked(api.post).mockReset());

const me = signedInAs();

const client = (seed: (qc: QueryClient) => void) => {
  const qc = new QueryClient();
  seed(qc);
  return qc;
};
const render = (qc: QueryClient, node: React.ReactNode, path = '/') =>
  renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
const bell = (scope: InboxScope, unread?: number) =>
  render(
    client((qc) => unread !== undefined && qc.setQueryData(unreadCountKey(scope), { unread })),
    <NotificationBell scope={scope} />,
  );
const bellLink = (html: string) => /<a [^>]*aria-label="Notifications[^"]*"[^>]*>.*?<\/a>/.exec(html)?.[0];

describe('NotificationBell', () => {
  it('shows the unread count as a badge and names it for screen readers', () => {
    const html = bell('user', 3);
    expect(html).toContain('aria-label="Notifications, 3 unread"');
    expect(html).toContain('href="/notifications"');
    expect(text(html)).toBe('3');
  });

  it("shows '99+' past 99, and the whole count in its name", () => {
    const html = bell('user', 1234);
    expect(text(html)).toBe('99+');
    expect(html).toContain('aria-label="Notifications, 1,234 unread"');
    expect(text(bell('user', 99))).toBe('99');
  });

  it('shows no badge when nothing is unread, or while the count loads', () => {
    for (const html of [bell('user', 0), bell('user')]) {
      expect(html).toContain('aria-label="Notifications"');
      expect(text(html)).toBe('');
    }
  });

  it("leads the super admin to the admin panel's Notifications tab", () => {
    const html = bell('admin', 2);
    expect(html).toContain('href="/admin/dashboard?tab=notifications"');
    expect(html).toContain('aria-label="Notifications, 2 unread"');
  });
});

describe('the header', () => {
  it('shows the bell to a signed-in user, outside the phone menu', () => {
    const html = render(
      client((qc) => {
        qc.setQueryData(meQueryKey, me);
        qc.setQueryData(unreadCountKey('user'), { unread: 5 });
      }),
      <Header />,
    );
    const link = bellLink(html);
    expect(link).toContain('href="/notifications"');
    expect(link).toContain('aria-label="Notifications, 5 unread"');
    // Not hidden at any width (no 'hidden' nor 'md:hidden').
    expect(link).not.toMatch(/class="[^"]*\bhidden\b/);
    // Only once, in the bar itself (the menu panel is closed and the bell is not in it).
    expect(html.match(/aria-label="Notifications/g)).toHaveLength(1);
    expect(html.indexOf('aria-label="Notifications')).toBeLessThan(html.indexOf('aria-label="Open menu"'));
  });

  it('shows the super admin their own count', () => {
    const html = render(
      client((qc) => {
        qc.setQueryData(meQueryKey, null);
        qc.setQueryData(adminSessionKey, { email: 'admin@haat.in', name: null, permissions: ['overview'] });
        qc.setQueryData(unreadCountKey('admin'), { unread: 120 });
      }),
      <Header />,
      '/admin/dashboard',
    );
    const link = bellLink(html);
    expect(link).toContain('href="/admin/dashboard?tab=notifications"');
    expect(link).toContain('aria-label="Notifications, 120 unread"');
    expect(text(link!)).toBe('99+');
  });

  it('shows no bell to a guest', () => {
    const html = render(
      client((qc) => qc.setQueryData(meQueryKey, null)),
      <Header />,
    );
    expect(bellLink(html)).toBeUndefined();
    expect(text(html)).toContain('Login');
  });
});

describe('reading notifications updates the bell', () => {
  it('takes the count the server answers after one is read', async () => {
    const qc = client((c) => c.setQueryData(unreadCountKey('user'), { unread: 3 }));
    vi.mocked(api.post).mockResolvedValue({ unread: 2 });
    await markNotificationRead(qc, 'user', 'n1');
    expect(api.post).toHaveBeenCalledWith('/api/notifications/n1/read');
    expect(bellLink(render(qc, <NotificationBell scope="user" />))).toContain('aria-label="Notifications, 2 unread"');
  });

  it("marks all of the super admin's read through the admin API", async () => {
    const qc = client((c) => c.setQueryData(unreadCountKey('admin'), { unread: 7 }));
    vi.mocked(api.post).mockResolvedValue({ unread: 0 });
    await markAllNotificationsRead(qc, 'admin');
    expect(api.post).toHaveBeenCalledWith('/api/admin/notifications/read-all');
    expect(bellLink(render(qc, <NotificationBell scope="admin" />))).toContain('aria-label="Notifications"');
  });
});
