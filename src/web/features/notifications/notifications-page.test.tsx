import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification, NotificationPage } from '../../../contracts/notifications.contract';
import { api } from '../../api/client';
import { meQueryKey } from '../../api/session';
import { NOTIFICATIONS_PAGE_SIZE, NotificationsPage } from './notifications-page';
import { unreadCountKey } from '../../api/notifications';
import { signedInAs, testUuid as uuid } from '../../api/test-fixtures';
import { visibleText as text } from '../../api/test-markup';

// The notifications page: the user's notifications newest first; opening one
// marks it read and goes to its page; Mark all read.

vi.mock('../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

// Where a button went (useNavigate).
const navigated = vi.hoisted(() => vi.fn());
// There is no document to click in: links and buttons keep what a click would run, by their text.
const clicks = new Map<string, () => unknown>();
const words = (node: ReactNode): string =>
  typeof node === 'string' || typeof node === 'number'
    ? String(node)
    : Array.isArray(node)
      ? node.map(words).join(' ')
      : node && typeof node === 'object' && 'props' in node
        ? words((node.props as { children?: ReactNode }).children)
        : '';
const label = (node: ReactNode) => words(node).replace(/\s+/g, ' ').trim();
vi.mock('react-router', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-router')>();
  return {
    ...actual,
    useNavigate: () => navigated,
    Link: ({
      to,
      onClick,
      children,
      className,
    }: {
      to: string;
      onClick?: () => void;
      children: ReactNode;
      className?: string;
    }) => {
      if (onClick) clicks.set(label(children), onClick);
      return (
        <a href={to} className={className}>
          {children}
        </a>
      );
    },
  };
});
vi.mock('../../ui/Button', () => ({
  Button: ({
    onClick,
    children,
    disabled,
    loading,
  }: {
    onClick?: () => void;
    children: ReactNode;
    disabled?: boolean;
    loading?: boolean;
  }) => {
    if (onClick) clicks.set(label(children), onClick);
    return (
      <button type="button" disabled={disabled || loading}>
        {children}
      </button>
    );
  },
}));
vi.mock('../../ui/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), dismissErrors: vi.fn() } }));

const vendor = signedInAs({ role: 'vendor', referralCode: 'VENDABCDEF', businessName: 'Jaipur Handlooms' });
let me = vendor;
const note = (n: number, over: Partial<Notification> = {}): Notification => ({
  id: uuid(n),
  kind: 'order.shipped',
  title: `Title ${n}`,
  body: `Body ${n}`,
  link: `/orders?order=${uuid(100 + n)}`,
  couponCode: null,
  readAt: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  ...over,
});
const listKey = (page = 1, unreadOnly = false) => ['notifications', 'list', page, NOTIFICATIONS_PAGE_SIZE, unreadOnly];

function render(seed: (qc: QueryClient) => void, path = '/notifications') {
  const qc = new QueryClient();
  qc.setQueryData(meQueryKey, me);
  seed(qc);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>
        <NotificationsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { html, qc };
}
const withPage =
  (page: NotificationPage, key = listKey()) =>
  (qc: QueryClient) =>
    qc.setQueryData(key, page);

const inbox: NotificationPage = {
  items: [
    note(1, {
      title: 'Your order has shipped',
      body: 'Order #00000000 from Jaipur Handlooms is on its way.',
      createdAt: '2026-11-26T10:00:00.000Z',
    }),
    note(2, {
      kind: 'wallet.available',
      title: '45 points are ready',
      body: 'Points from order #00000000 can be spent.',
      link: '/wallet',
      readAt: '2026-11-25T12:00:00.000Z',
      createdAt: '2026-11-25T09:00:00.000Z',
    }),
  ],
  total: 2,
  page: 1,
  pageSize: NOTIFICATIONS_PAGE_SIZE,
  unread: 1,
};

beforeEach(() => {
  clicks.clear();
  me = vendor;
  navigated.mockReset();
  vi.mocked(api.post).mockReset();
});

describe('the notifications page', () => {
  it('lists the notifications in the order the server gives (newest first), each with its text, India time and link', () => {
    const { html } = render(withPage(inbox));
    const t = text(html);
    expect(t).toContain(
      'Your order has shipped New Order #00000000 from Jaipur Handlooms is on its way. 26 Nov 2026, 3:30 pm',
    );
    expect(t).toContain('45 points are ready Points from order #00000000 can be spent. 25 Nov 2026, 2:30 pm');
    expect(t.indexOf('Your order has shipped')).toBeLessThan(t.indexOf('45 points are ready'));
    expect(html).toContain(`href="/orders?order=${uuid(101)}"`);
    expect(html).toContain('href="/wallet"');
    expect(html).toContain('<time dateTime="2026-11-26T10:00:00.000Z"');
    // Only the unread one is marked New.
    expect(t.match(/\bNew\b/g)).toHaveLength(1);
    expect(t).toContain('1 unread');
  });

  it('marks a notification read when it is opened, and the bell takes the new count', async () => {
    const { qc } = render(withPage(inbox));
    vi.mocked(api.post).mockResolvedValue({ unread: 0 });
    await clicks.get(
      'Your order has shipped New Order #00000000 from Jaipur Handlooms is on its way. 26 Nov 2026, 3:30 pm',
    )!();
    await vi.waitFor(() => expect(qc.getQueryData(unreadCountKey('user'))).toEqual({ unread: 0 }));
    expect(api.post).toHaveBeenCalledWith(`/api/notifications/${uuid(1)}/read`);
    // Its list is asked for again (now read).
    expect(qc.getQueryState(listKey())?.isInvalidated).toBe(true);
  });

  it('does not mark again one already read', () => {
    render(withPage(inbox));
    clicks.get('45 points are ready Points from order #00000000 can be spent. 25 Nov 2026, 2:30 pm')!();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('marks all read with one button, disabled when none is unread', async () => {
    const { html, qc } = render(withPage(inbox));
    expect(html).toMatch(/<button type="button">.*Mark all read<\/button>/);
    vi.mocked(api.post).mockResolvedValue({ unread: 0 });
    await clicks.get('Mark all read')!();
    expect(api.post).toHaveBeenCalledWith('/api/notifications/read-all');
    expect(qc.getQueryData(unreadCountKey('user'))).toEqual({ unread: 0 });

    const allRead = render(withPage({ ...inbox, items: [inbox.items[1]], total: 1, unread: 0 })).html;
    expect(allRead).toMatch(/<button type="button" disabled="">.*Mark all read<\/button>/);
    expect(text(allRead)).toContain('All read');
  });

  it('pages on the server with ?page= and filters the unread ones with ?unread=1', () => {
    const many = { ...inbox, total: 45, page: 2 };
    const { html } = render(withPage(many, listKey(2, true)), '/notifications?page=2&unread=1');
    expect(text(html)).toContain('Page 2 of 3');
    expect(html).toMatch(/<input type="checkbox"[^>]*checked=""[^>]*\/>Unread only/);
  });

  it('says so when there is none, and shows loading and failure as other pages do', () => {
    expect(
      text(render(withPage({ items: [], total: 0, page: 1, pageSize: NOTIFICATIONS_PAGE_SIZE, unread: 0 })).html),
    ).toContain('No notifications yet');
    expect(
      text(
        render(
          withPage({ items: [], total: 0, page: 1, pageSize: NOTIFICATIONS_PAGE_SIZE, unread: 0 }, listKey(1, true)),
          '/notifications?unread=1',
        ).html,
      ),
    ).toContain('No unread notifications');
    expect(render(() => undefined).html).toMatch(
      /role="status"[^>]*><span class="sr-only">Loading your notifications<\/span>/,
    );
    const failed = render((qc) => {
      qc.setQueryDefaults(['notifications', 'list'], { retryOnMount: false });
      qc.getQueryCache()
        .build(qc, { queryKey: listKey() })
        .setState({ status: 'error', error: new Error('Network down'), fetchStatus: 'idle' });
    }).html;
    expect(failed).toContain('role="alert"');
    expect(text(failed)).toContain('Failed to load your notifications: Network down Retry');
  });

  it("gives a customer an announcement's coupon as a button, Apply code SAVE100, opening checkout with it", () => {
    me = signedInAs({ role: 'customer' });
    const offer = note(3, {
      kind: 'news-coupon',
      title: 'Weekend offer',
      body: 'Save ₹100 this weekend.',
      link: '/cart?coupon=SAVE100',
      couponCode: 'SAVE100',
    });
    const { html } = render(withPage({ ...inbox, items: [offer, ...inbox.items], total: 3, unread: 2 }));
    expect(html).toMatch(/<button type="button">.*Apply code SAVE100<\/button>/);
    expect(html.match(/Apply code/g)).toHaveLength(1);
    vi.mocked(api.post).mockResolvedValue({ unread: 1 });
    clicks.get('Apply code SAVE100')!();
    expect(navigated).toHaveBeenCalledWith('/cart?coupon=SAVE100');
    expect(api.post).toHaveBeenCalledWith(`/api/notifications/${uuid(3)}/read`);
  });

  it('gives no coupon button to an account that cannot shop', () => {
    const offer = note(3, { kind: 'news-coupon', link: '/cart?coupon=SAVE100', couponCode: 'SAVE100' });
    const { html } = render(withPage({ ...inbox, items: [offer], total: 1, unread: 1 }));
    expect(html).not.toContain('Apply code');
  });
});
