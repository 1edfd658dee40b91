import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { CheckoutSummary } from '../../../contracts/checkout.contract';
import type { CheckoutPromotions } from '../../../contracts/promotions.contract';
import { addressesQueryKey } from '../../api/addresses';
import { checkoutSummaryQueryKey } from '../../api/cart';
import { meQueryKey } from '../../api/session';
import { signedInAs } from '../../api/test-fixtures';
import { visibleText as text } from '../../api/test-markup';
import { CheckoutPanel, couponOfLink } from './checkout-panel';

// An announcement's 'Apply code SAVE100' opens /cart?coupon=SAVE100, which goes on to checkout with the
// code (cart-page.test.tsx): checkout prices the order with it at once, its field showing it applied or refused.

vi.mock('../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

const promotions = (over: Partial<CheckoutPromotions>): CheckoutPromotions => ({
  couponCode: 'SAVE100',
  couponMessage: null,
  applied: [],
  notApplied: [],
  ...over,
});
const summary = (p: CheckoutPromotions): CheckoutSummary => ({
  lines: [],
  amounts: {
    subtotalPaise: 120_000,
    discountPaise: 10_000,
    shippingPaise: 0,
    pointsUsed: 0,
    totalPaise: 110_000,
    pointsEarned: 0,
  } as CheckoutSummary['amounts'],
  availablePoints: 0,
  maxPointsUsable: 0,
  gateway: 'test',
  cod: { available: false, reasons: [], limitPaise: 1_000_000 },
  promotions: p,
});

function renderWith(seed: (qc: QueryClient) => void, node: ReactNode, path = '/cart') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(meQueryKey, signedInAs({ role: 'customer' }));
  qc.setQueryData(addressesQueryKey, []);
  seed(qc);
  return renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}
const checkout = (couponFromLink: string | null) => (
  <CheckoutPanel
    pointsToUse={0}
    onBack={() => undefined}
    addressFormModal={() => null}
    couponFromLink={couponFromLink}
  />
);
/** The summary the server would answer for this code (the query checkout reads with it). */
const priced = (code: string | null, p: CheckoutPromotions) => (qc: QueryClient) =>
  qc.setQueryData([...checkoutSummaryQueryKey, 0, code], summary(p));

describe('a coupon code from a link', () => {
  it('is read as the field reads a typed one: normalised, or refused with the contract’s message', () => {
    expect(couponOfLink(' save100 ')).toEqual({ code: 'SAVE100', refused: null });
    expect(couponOfLink('AB-1')).toEqual({ code: null, refused: 'A coupon code has 6 to 20 characters' });
    expect(couponOfLink(null)).toEqual({ code: null, refused: null });
  });

  it('prices checkout with the code at once, and the field shows it applied', () => {
    const html = renderWith(priced('SAVE100', promotions({})), checkout('save100'));
    expect(html).toMatch(/<input[^>]*value="SAVE100"/);
    expect(text(html)).toContain('SAVE100 applied');
  });

  it('shows the server’s refusal under the field, and a code that cannot be one without asking the server', () => {
    const refusal = 'SAVE100 has been fully claimed by other shoppers';
    const refused = renderWith(priced('SAVE100', promotions({ couponMessage: refusal })), checkout('SAVE100'));
    expect(refused).toMatch(/role="alert"[^>]*>SAVE100 has been fully claimed by other shoppers</);
    expect(text(refused)).not.toContain('SAVE100 applied');

    const malformed = renderWith(priced(null, promotions({ couponCode: null })), checkout('AB-1'));
    expect(malformed).toMatch(/role="alert"[^>]*>A coupon code has 6 to 20 characters</);
  });
});
