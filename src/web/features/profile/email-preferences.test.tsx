import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmailPreferences } from '../../../contracts/notifications.contract';
import { api, ApiError } from '../../api/client';
import { notify } from '../../ui/notify';
import { EmailPreferencesSection, useEmailPreferences } from './email-preferences-section';
import { visibleText as text } from '../../api/test-markup';

// Email notifications on the profile: one switch per group, saved as switched;
// security messages and the in-app inbox are never turned off.

vi.mock('../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));
vi.mock('../../ui/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), dismissErrors: vi.fn() } }));

const key = ['notification-preferences'];
const saved: EmailPreferences = { orders: true, wallet: true, news: false };

function client(prefs?: EmailPreferences) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (prefs) qc.setQueryData(key, prefs);
  return qc;
}
const render = (qc: QueryClient, node: ReactNode) =>
  renderToStaticMarkup(<QueryClientProvider client={qc}>{node}</QueryClientProvider>);

/** What the section's switches run: the hook as the section uses it, kept after rendering. */
function switches(qc: QueryClient) {
  let hook: ReturnType<typeof useEmailPreferences> | undefined;
  function Probe() {
    hook = useEmailPreferences();
    return null;
  }
  render(qc, <Probe />);
  return hook!;
}

beforeEach(() => vi.clearAllMocks());

describe('Email notifications', () => {
  it('shows one labelled switch per group with its hint, as saved', () => {
    const html = render(client(saved), <EmailPreferencesSection />);
    const t = text(html);
    expect(t).toContain('Email notifications');
    const inputs = [
      ...html.matchAll(
        /<label[^>]*><input ([^>]*)\/><span[^>]*><span[^>]*>([^<]+)<\/span><span id="([^"]+)"[^>]*>([^<]+)<\/span>/g,
      ),
    ].map((m) => ({
      label: m[2],
      checked: m[1].includes('checked=""'),
      hintLinked: m[1].includes(`aria-describedby="${m[3]}"`),
      hint: m[4],
    }));
    expect(inputs.map((i) => [i.label, i.checked, i.hintLinked])).toEqual([
      ['Orders', true, true],
      ['Wallet and referrals', true, true],
      ['News', false, true],
    ]);
    expect(inputs[2].hint).toBe('Announcements from Haat: new features, offers and events');
    expect(t).toContain('Security messages (password resets, password changes) are always sent.');
    expect(t).toContain('Every notification still reaches your in-app notifications, whichever emails you turn off.');
  });

  it('shows a skeleton while loading and the failure with Retry', () => {
    expect(render(client(), <EmailPreferencesSection />)).toContain(
      '<span class="sr-only">Loading your email preferences</span>',
    );
    const qc = client();
    qc.setQueryDefaults(key, { retryOnMount: false });
    qc.getQueryCache()
      .build(qc, { queryKey: key })
      .setState({ status: 'error', error: new Error('Network down'), fetchStatus: 'idle' });
    const failed = render(qc, <EmailPreferencesSection />);
    expect(failed).toContain('role="alert"');
    expect(text(failed)).toContain('Failed to load your email preferences: Network down Retry');
  });

  it('saves the switched group with the others as they were, then says so', async () => {
    vi.mocked(api.put).mockResolvedValue({ orders: false, wallet: true, news: false });
    const qc = client(saved);
    switches(qc).toggle('orders', false);
    await vi.waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Your email preferences are saved', expect.anything()),
    );
    expect(api.put).toHaveBeenCalledWith('/api/notifications/preferences', {
      orders: false,
      wallet: true,
      news: false,
    });
    // The switch now reads as saved.
    expect(qc.getQueryData(key)).toEqual({ orders: false, wallet: true, news: false });
    expect(render(qc, <EmailPreferencesSection />)).toMatch(
      /<input type="checkbox" role="switch"(?![^>]*checked)[^>]*\/><span[^>]*><span[^>]*>Orders</,
    );
  });

  it('keeps the saved value and says why when saving fails', async () => {
    vi.mocked(api.put).mockRejectedValue(new ApiError(400, 'VALIDATION_FAILED', 'Choose on or off'));
    const qc = client(saved);
    switches(qc).toggle('news', true);
    await vi.waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'Failed to save your email preferences: Choose on or off',
        expect.anything(),
      ),
    );
    expect(api.put).toHaveBeenCalledWith('/api/notifications/preferences', { orders: true, wallet: true, news: true });
    expect(qc.getQueryData(key)).toEqual(saved);
    expect(notify.success).not.toHaveBeenCalled();
  });
});
