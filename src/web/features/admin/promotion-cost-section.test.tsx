import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PromotionCostReport } from '../../../contracts/promotion-cost.contract';
import { promotionCostKey, PromotionCostSection } from './promotion-cost-section';

// The Promotions tab's monthly promotion cost: the month, each promotion's orders, granted, given
// back and net with the totals, the month's CSV, and its empty, loading and error states.

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const november: PromotionCostReport = {
  month: '2026-11',
  rows: [
    {
      promotionId: '0a1b2c3d-0000-4000-8000-000000000001',
      name: 'Earbuds week',
      code: null,
      orders: 1,
      grantedPaise: 9_000,
      givenBackPaise: 3_000,
      netPaise: 6_000,
    },
    {
      promotionId: '0a1b2c3d-0000-4000-8000-000000000002',
      name: 'Hundred off',
      code: 'HUNDRED100',
      orders: 1,
      grantedPaise: 10_000,
      givenBackPaise: 4_806,
      netPaise: 5_194,
    },
  ],
  totals: { orders: 2, grantedPaise: 19_000, givenBackPaise: 7_806, netPaise: 11_194 },
};

function render(setup: (qc: QueryClient) => void) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  setup(qc);
  return renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <PromotionCostSection initialMonth="2026-11" />
    </QueryClientProvider>,
  );
}

describe('Promotion cost section', () => {
  it('shows each promotion’s orders, granted, given back and net cost, the totals and the CSV of the month', () => {
    const html = render((qc) => qc.setQueryData(promotionCostKey('2026-11'), november));
    const shown = text(html);
    expect(shown).toContain('Promotion cost for November 2026');
    expect(html).toMatch(/<input[^>]*type="month"[^>]*value="2026-11"/);
    expect(shown).toContain('Hundred off HUNDRED100');
    expect(shown).toMatch(/Earbuds week — 1 ₹90(\.00)? ₹30(\.00)? ₹60(\.00)?/);
    expect(shown).toMatch(/Hundred off HUNDRED100 1 ₹100(\.00)? ₹48\.06 ₹51\.94/);
    expect(shown).toMatch(/Total 2 ₹190(\.00)? ₹78\.06 ₹111\.94/);
    expect(html).toContain('href="/api/admin/promotions/cost.csv?month=2026-11"');
    expect(html).toContain('aria-label="Download CSV: Promotion cost, November 2026"');
  });

  it('says so when the month has no cost, shows a loading state, and offers a retry when it fails', () => {
    const empty = { ...november, rows: [], totals: { orders: 0, grantedPaise: 0, givenBackPaise: 0, netPaise: 0 } };
    expect(text(render((qc) => qc.setQueryData(promotionCostKey('2026-11'), empty)))).toContain(
      'No promotion cost in November 2026',
    );
    expect(render(() => undefined)).toContain('Loading the promotion cost');
    const failed = text(
      render((qc) => {
        // A failed first load, as it stands once the retries are spent.
        qc.setQueryDefaults(promotionCostKey('2026-11'), { retryOnMount: false });
        qc.getQueryCache()
          .build(qc, { queryKey: promotionCostKey('2026-11') })
          .setState({ status: 'error', error: new Error('Network down'), fetchStatus: 'idle' });
      }),
    );
    expect(failed).toContain('Failed to load the promotion cost');
    expect(failed).toMatch(/Failed to load the promotion cost.*(Retry|Try again)/);
  });
});
