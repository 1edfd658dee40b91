import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '../../../contracts/admin-orders.contract';
import type { CodSettingsView } from '../../../contracts/admin-settings.contract';
import { nextStatusesOf, PartCash } from './orders-tab';
import { CodSettingsCard } from './settings-tab';
import { visibleText as text } from '../../api/test-markup';

// The super admin's side of cash on delivery: its settings card and the Orders tab's cash.

const part = (over: Partial<AdminOrder>): AdminOrder => ({
  id: '00000000-0000-4000-8000-000000000001',
  partId: '00000000-0000-4000-8000-000000000002',
  customerName: 'Priya Nair',
  customerEmail: 'priya@example.com',
  shopName: 'Jaipur Handloom House',
  vendorName: 'Jaipur Handloom House',
  productName: 'Block Print Kurta',
  variantLabel: null,
  sku: null,
  itemCount: 1,
  quantity: 1,
  amountPaise: 60_000,
  status: 'shipped',
  orderStatus: 'shipped',
  pointsEarned: 30,
  pointsUsed: 0,
  paymentStatus: 'cash_on_delivery',
  testPayment: false,
  codDuePaise: 60_000,
  cashCollectedPaise: null,
  returnedToSeller: false,
  createdAt: '2026-11-26T10:00:00.000Z',
  ...over,
});

describe('Orders tab, cash on delivery', () => {
  it('never offers "delivered" for a cash on delivery part, as it does for a prepaid one', () => {
    expect(nextStatusesOf(part({ status: 'shipped' }))).toEqual(['cancelled']);
    expect(nextStatusesOf(part({ status: 'pending' }))).not.toContain('delivered');
    expect(nextStatusesOf(part({ status: 'shipped', paymentStatus: 'paid', codDuePaise: null }))).toEqual([
      'delivered',
      'cancelled',
    ]);
  });

  it("shows a part's cash due, and the cash collected once recorded", () => {
    expect(text(renderToStaticMarkup(<PartCash order={part({})} />))).toBe('Cash due ₹600');
    expect(
      text(renderToStaticMarkup(<PartCash order={part({ status: 'delivered', cashCollectedPaise: 60_000 })} />)),
    ).toBe('Cash due ₹600 Collected ₹600');
    expect(renderToStaticMarkup(<PartCash order={part({ paymentStatus: 'paid', codDuePaise: null })} />)).toBe('');
  });
});

describe('Settings tab, cash on delivery', () => {
  it('shows the limit in rupees and every category as a labelled checkbox, the excluded ones ticked', () => {
    const view: CodSettingsView = {
      limit: 10_000,
      excludedCategoryIds: ['c1'],
      categories: [
        { id: 'c1', name: 'Electronics' },
        { id: 'c2', name: 'Fashion' },
      ],
    };
    const qc = new QueryClient();
    qc.setQueryData(['admin', 'settings', 'cod'], view);
    const html = renderToStaticMarkup(
      <QueryClientProvider client={qc}>
        <CodSettingsCard />
      </QueryClientProvider>,
    );
    expect(html).toMatch(/<label[^>]*>Order value limit \(₹\)/);
    expect(html).toContain('value="10000"');
    expect(html).toContain(
      '<legend class="text-sm font-medium text-slate-700">Categories excluded from cash on delivery</legend>',
    );
    expect(html.match(/type="checkbox"/g)).toHaveLength(2);
    expect(html).toMatch(/<input type="checkbox"[^>]*checked=""\/><span[^>]*>Electronics/);
    expect(html).toMatch(/<input type="checkbox" class="[^"]*"\/><span[^>]*>Fashion/);
    expect(text(html)).toContain('Save cash on delivery settings');
  });
});
