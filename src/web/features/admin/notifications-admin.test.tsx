import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminAuthMessages } from '../../../contracts/admin-auth.contract';
import { adminTabLabels, adminTabs } from '../../../contracts/admin.contract';
import type { FailedEmail, FailedEmailPage, NotificationPage } from '../../../contracts/notifications.contract';
import { api, ApiError } from '../../api/client';
import { notify } from '../../ui/notify';
import { inboxKey, unreadCountKey } from '../../api/notifications';
import { NotificationsTab, RetryEmailDialog } from './notifications-tab';
import type { StepUpDialog } from './step-up-dialog';
import { buttonLabels as buttons, visibleText as text } from '../../api/test-markup';
import { testUuid as uuid } from '../../api/test-fixtures';

// The super admin's Notifications tab: the inbox, and the emails that could not
// be sent with Retry behind a fresh code.

vi.mock('../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));
vi.mock('../../ui/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), dismissErrors: vi.fn() } }));
// The step-up dialog as the admin meets it: its title and text; the test keeps what it would run with a code.
const dialog: { props: ComponentProps<typeof StepUpDialog> | null } = { props: null };
vi.mock('./step-up-dialog', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./step-up-dialog')>()),
  StepUpDialog: (props: ComponentProps<typeof StepUpDialog>) => {
    dialog.props = props;
    return props.open ? (
      <div role="dialog" aria-label={props.title}>
        {props.description}
      </div>
    ) : null;
  },
}));

const inbox: NotificationPage = {
  items: [
    {
      id: uuid(1),
      kind: 'withdrawal_requested',
      title: 'A withdrawal is waiting',
      body: 'Priya Nair asked for ₹500 to priya@upi.',
      link: '/admin/dashboard?tab=withdrawals',
      couponCode: null,
      readAt: null,
      createdAt: '2026-11-26T09:05:00.000Z',
    },
    {
      id: uuid(2),
      kind: 'vendor_registered',
      title: 'A new vendor signed up',
      body: 'Jaipur Handloom House waits for approval.',
      link: '/admin/dashboard?tab=vendors',
      couponCode: null,
      readAt: '2026-11-25T12:00:00.000Z',
      createdAt: '2026-11-25T11:00:00.000Z',
    },
  ],
  total: 2,
  page: 1,
  pageSize: 20,
  unread: 1,
};

const failed = (n: number, over: Partial<FailedEmail> = {}): FailedEmail => ({
  id: uuid(10 + n),
  kind: 'order_shipped',
  subject: 'Your order #1A2B3C is on its way',
  to: 'priya@example.com',
  attempts: 8,
  lastError: '550 Mailbox unavailable',
  createdAt: '2026-11-26T08:00:00.000Z',
  lastAttemptAt: '2026-11-26T10:30:00.000Z',
  ...over,
});
const failures: FailedEmailPage = {
  items: [failed(1), failed(2, { subject: 'Welcome to Haat', to: null, attempts: 3, lastError: null })],
  total: 2,
  page: 1,
  pageSize: 20,
};
const empty = { items: [], total: 0, page: 1, pageSize: 20 };

function renderTab(pages: { inbox?: NotificationPage; failures?: FailedEmailPage }) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (pages.inbox) qc.setQueryData([...inboxKey('admin'), 'inbox', 1], pages.inbox);
  if (pages.failures) qc.setQueryData([...inboxKey('admin'), 'failures', 1], pages.failures);
  return renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/admin/dashboard?tab=notifications']}>
        <NotificationsTab />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  dialog.props = null;
});

describe('Notifications tab', () => {
  it('is a tab of the admin panel', () => {
    expect(adminTabs).toContain('notifications');
    expect(adminTabLabels.notifications).toBe('Notifications');
  });

  it("lists the super admin's notifications, newest first, in India time, the unread one marked New, each a link to its page", () => {
    const html = renderTab({ inbox, failures: empty });
    const t = text(html);
    expect(t).toContain('Your notifications 1 unread');
    const items = [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g)].map((m) => [m[1], text(m[2])]);
    expect(items).toEqual([
      [
        '/admin/dashboard?tab=withdrawals',
        'A withdrawal is waiting New 26 Nov 2026, 2:35 pm Priya Nair asked for ₹500 to priya@upi.',
      ],
      [
        '/admin/dashboard?tab=vendors',
        'A new vendor signed up 25 Nov 2026, 4:30 pm Jaipur Handloom House waits for approval.',
      ],
    ]);
    expect(buttons(html)).toContain('Mark all read');
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*>Mark all read/);
  });

  it('has the Send news form between the inbox and the failed emails', () => {
    const t = text(renderTab({ inbox, failures: empty }));
    expect(t.indexOf('Your notifications')).toBeLessThan(t.indexOf('Send news'));
    expect(t.indexOf('Send news')).toBeLessThan(t.indexOf('Emails that could not be sent'));
  });

  it('says when there is nothing, and offers no "Mark all read" with nothing unread', () => {
    const html = renderTab({ inbox: { ...empty, unread: 0 }, failures: empty });
    expect(text(html)).toContain('No notifications yet');
    expect(text(html)).toContain('Nothing unread');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Mark all read<\/button>/);
  });

  it('lists the emails that could not be sent: subject, to, attempts, last error and last attempt, each with Retry', () => {
    const html = renderTab({ inbox, failures });
    const table = /<table[^>]*>.*<\/table>/.exec(html)![0];
    const rows = [...table.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((m) =>
      [...m[1].matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((c) => text(c[1])),
    );
    expect(rows).toEqual([
      ['Subject', 'To', 'Attempts', 'Last error', 'Last attempt', 'Actions'],
      [
        'Your order #1A2B3C is on its way',
        'priya@example.com',
        '8',
        '550 Mailbox unavailable',
        '26 Nov 2026, 4:00 pm',
        'Retry',
      ],
      ['Welcome to Haat', 'No address', '3', 'None recorded', '26 Nov 2026, 4:00 pm', 'Retry'],
    ]);
    expect(html).toContain('aria-label="Retry: Your order #1A2B3C is on its way to priya@example.com"');
  });

  it('says "Every email was sent." when none failed', () => {
    expect(text(renderTab({ inbox, failures: empty }))).toContain(
      'Emails that could not be sent Each one was tried again and again. Fix what the error names (an address, the mail server), then Retry. Every email was sent.',
    );
  });
});

describe('Retry a failed email', () => {
  const email = failed(1);

  function openDialog(onClose = vi.fn()) {
    const qc = new QueryClient();
    qc.setQueryData([...inboxKey('admin'), 'failures', 1], failures);
    qc.setQueryData(unreadCountKey('admin'), { unread: 1 });
    const html = renderToStaticMarkup(
      <QueryClientProvider client={qc}>
        <RetryEmailDialog email={email} onClose={onClose} />
      </QueryClientProvider>,
    );
    return { html, qc, onClose, confirm: dialog.props!.onConfirm };
  }

  it('names the email, where it goes and its last error', () => {
    const { html } = openDialog();
    expect(html).toContain('aria-label="Send the email again"');
    expect(text(html)).toContain('“Your order #1A2B3C is on its way” to priya@example.com goes back to the queue');
    expect(text(html)).toContain('Last error: 550 Mailbox unavailable');
  });

  it('sends the code with the retry, says the email is queued, closes and refreshes the list', async () => {
    vi.mocked(api.post).mockResolvedValue(undefined);
    const { qc, onClose, confirm } = openDialog();
    expect(await confirm('123456')).toBeNull();
    expect(api.post).toHaveBeenCalledWith(`/api/admin/notification-failures/${email.id}/retry`, { code: '123456' });
    expect(notify.success).toHaveBeenCalledWith('The email is queued to be sent again', expect.anything());
    expect(onClose).toHaveBeenCalled();
    // The list and the bell's count load again.
    expect(qc.getQueryState([...inboxKey('admin'), 'failures', 1])?.isInvalidated).toBe(true);
    expect(qc.getQueryState(unreadCountKey('admin'))?.isInvalidated).toBe(true);
  });

  it('shows a refused code in the dialog and stays open', async () => {
    vi.mocked(api.post).mockRejectedValue(new ApiError(401, 'TWO_FA_REQUIRED', adminAuthMessages.codeInvalid));
    const { onClose, confirm } = openDialog();
    expect(await confirm('654321')).toBe(`Failed to send the email again: ${adminAuthMessages.codeInvalid}`);
    expect(onClose).not.toHaveBeenCalled();
    expect(notify.success).not.toHaveBeenCalled();
  });
});
