import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { newsMessages, newsSchema } from '../../../contracts/notifications.contract';
import { NewsPreview, SendNewsSection, characterCount } from './send-news-section';

// Send news on the admin panel's Notifications tab: the form (who, title, message with its count),
// checked by the server's own contract, and what the fresh-code dialog shows before it goes out.

vi.mock('../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/ ([:.,])/g, '$1')
    .trim();

function renderSection() {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <SendNewsSection />
    </QueryClientProvider>,
  );
}

describe('Send news', () => {
  it('asks who receives it, a title and a message with its character count, one column on a phone', () => {
    const html = renderSection();
    expect(html).toContain('aria-labelledby="admin-send-news"');
    expect(text(html)).toContain('Send news An announcement from Haat');
    const options = [...html.matchAll(/<option value="([^"]*)"[^>]*>(.*?)<\/option>/g)].map((m) => [m[1], m[2]]);
    expect(options).toEqual([
      ['', 'Choose who receives it'],
      ['customers', 'Customers'],
      ['vendors', 'Vendors'],
      ['merchants', 'Merchants'],
      ['everyone', 'Everyone'],
    ]);
    expect(html).toMatch(/<input[^>]*maxLength="120"[^>]*name="title"/);
    expect(html).toMatch(/<textarea[^>]*maxLength="2000"[^>]*name="message"/);
    expect(text(html)).toContain('Message * 0 / 2,000 characters');
    expect(html).toContain('grid-cols-1 gap-4 sm:grid-cols-3');
    expect(text(html)).toContain('Review and send');
  });

  it('counts characters as the hint does', () => {
    expect(characterCount('x'.repeat(1234))).toBe('1,234 / 2,000 characters');
  });

  it('is checked by the contract the server uses', () => {
    const bad = newsSchema.safeParse({ audience: '', title: ' ', message: 'x'.repeat(2001) });
    expect(bad.success).toBe(false);
    expect(Object.fromEntries(bad.error!.issues.map((i) => [i.path[0], i.message]))).toEqual({
      audience: 'Choose who receives it',
      title: 'Enter a title',
      message: 'Must be at most 2000 characters',
    });
    expect(newsSchema.parse({ audience: 'vendors', title: ' Payout dates ', message: 'Monday.' })).toEqual({
      audience: 'vendors',
      title: 'Payout dates',
      message: 'Monday.',
    });
    expect(newsMessages.sent(1234)).toBe('News sent to 1,234 accounts');
    expect(newsMessages.sent(1)).toBe('News sent to 1 account');
    expect(newsMessages.sent(0)).toBe('Nobody to send to: no active account is in this audience');
  });

  it('has an optional coupon code field, checked and normalised by the same contract', () => {
    const html = renderSection();
    expect(text(html)).toContain('Coupon code (optional)');
    expect(html).toMatch(/<input[^>]*name="couponCode"/);
    const base = { audience: 'customers', title: 'Weekend offer', message: 'Save ₹100.' };
    expect(newsSchema.parse({ ...base, couponCode: ' save100 ' }).couponCode).toBe('SAVE100');
    expect(newsSchema.parse({ ...base, couponCode: '' }).couponCode).toBeUndefined();
    const bad = newsSchema.safeParse({ ...base, couponCode: 'AB-1' });
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['couponCode', 'A coupon code has 6 to 20 characters'],
    ]);
    expect(newsMessages.couponNotOffered('SAVE100')).toContain('SAVE100');
  });

  it('shows the code dialog the coupon button the news will carry', () => {
    const html = renderToStaticMarkup(
      <NewsPreview news={{ audience: 'customers', title: 'Weekend', message: 'Save.', couponCode: 'SAVE100' }} />,
    );
    expect(text(html)).toContain('With the button Apply code SAVE100');
    expect(
      text(renderToStaticMarkup(<NewsPreview news={{ audience: 'customers', title: 'W', message: 'S' }} />)),
    ).not.toContain('Apply code');
  });

  it('shows the code dialog who it goes to and what, as typed (not as HTML), before it is sent', () => {
    const html = renderToStaticMarkup(
      <NewsPreview news={{ audience: 'merchants', title: 'Tea & <b>spices</b>', message: 'Line one\n\nLine two' }} />,
    );
    expect(text(html)).toContain(
      'To merchants: each active account gets it in the inbox, and by email if News is on. It cannot be taken back.',
    );
    expect(html).toContain('Tea &amp; &lt;b&gt;spices&lt;/b&gt;');
    expect(html).toContain('whitespace-pre-line');
    expect(html).toContain('Line one\n\nLine two');
  });
});
