import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { promotionSettingsMessages, savePromotionSettingsSchema } from '../../../contracts/promotions.contract';
import { visibleText as text } from '../../api/test-markup';
import { PromotionSettingsCard, promotionSettingsKey } from './promotion-settings-card';

// The Settings tab's fresh code for large promotions: the amount now and its default, checked with
// the server's own contract before the fresh-code dialog opens.

vi.mock('../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

const render = (freshCodeAbovePaise: number) => {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  qc.setQueryData(promotionSettingsKey, { freshCodeAbovePaise, defaultPaise: 100_000 });
  return renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <PromotionSettingsCard />
    </QueryClientProvider>,
  );
};

describe('the fresh code for large promotions', () => {
  it('shows the amount saved, in rupees, with the default beside it', () => {
    const html = render(250_000);
    expect(text(html)).toContain('Fresh code for large promotions');
    expect(text(html)).toContain('Needs a fresh code above (₹)');
    expect(html).toMatch(/<input[^>]*value="2500"/);
    expect(text(html)).toContain('Now: above ₹2,500. Default: ₹1,000.');
  });

  it('is checked by the contract the server uses', () => {
    expect(savePromotionSettingsSchema.safeParse({ freshCodeAboveRupees: ' 2500.50 ' }).success).toBe(true);
    expect(savePromotionSettingsSchema.safeParse({ freshCodeAboveRupees: '0' }).success).toBe(true);
    for (const typed of ['', '-1', 'ten', '1,000']) {
      const bad = savePromotionSettingsSchema.safeParse({ freshCodeAboveRupees: typed });
      expect(bad.error?.issues.map((i) => i.message)).toEqual([promotionSettingsMessages.amountInvalid]);
    }
  });
});
