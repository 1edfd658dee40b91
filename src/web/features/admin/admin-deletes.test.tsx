import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { AdminReferral, AdminReferralPage } from '../../../contracts/admin-merchants.contract';
import type { AdminOrder, AdminOrderPage } from '../../../contracts/admin-orders.contract';
import { visibleText as text } from '../../api/test-markup';
import { testUuid as uuid } from '../../api/test-fixtures';
import { OrdersTab } from './orders-tab';
import { ReferralsTab } from './referrals-tab';

// Delete order on the Orders tab, and Delete on the Referrals tab only for a
// referral that has paid nothing. (The dialog and the call are driven in e2e/admin-delete-order.spec.ts.)

vi.mock('../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

/** The buttons of the wide table (the phone's cards repeat them). */
const buttons = (page: string) =>
  [.../<table[^>]*>.*<\/table>/.exec(page)![0].matchAll(/<button[^>]*aria-label="([^"]*)"[^>]*>(.*?)<\/button>/g)].map(
    (m) => [m[1], text(m[2])],
  );

function render(key: unknown[], page: unknown, tab: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(key, page);
  return renderToStaticMarkup(<QueryClientProvider client={qc}>{tab}</QueryClientProvider>);
}

const referral = (n: number, over: Partial<AdminReferral>): AdminReferral => ({
  id: uuid(n),
  referrerName: 'Meera Nair',
  referrerEmail: 'meera@example.com',
  referredName: 'Dosa Point',
  referredEmail: 'dosa@example.com',
  referredType: 'merchant',
  status: 'active',
  pointsAwarded: 0,
  referralCode: 'CUST12AB34',
  createdAt: '2026-11-20T10:00:00.000Z',
  qualificationDate: null,
  redemptionDate: null,
  rewardPaid: false,
  ...over,
});

describe('Referrals tab: Delete', () => {
  it('offers Delete only for a referral that has paid nothing, and says on each row whether a reward was paid', () => {
    const page: AdminReferralPage = {
      items: [
        referral(1, {}),
        referral(2, {
          referredName: 'Lakshmi Stores',
          status: 'qualified',
          pointsAwarded: 100,
          rewardPaid: true,
          qualificationDate: '2026-11-25T10:00:00.000Z',
        }),
      ],
      total: 2,
      page: 1,
      pageSize: 20,
    };
    const html = render(
      ['admin', '/api/admin/referrals', { q: '', sort: 'createdAt', dir: 'desc', status: '', referredType: '' }, 1],
      page,
      <ReferralsTab />,
    );
    expect(buttons(html).filter(([, label]) => label === 'Delete')).toEqual([
      ['Delete Referral: Meera Nair referred Dosa Point', 'Delete'],
    ]);
    expect(buttons(html).filter(([, label]) => label === 'Change status')).toHaveLength(2);
    expect(text(html)).toContain('0 Nothing paid');
    expect(text(html)).toContain('100 Reward paid');
  });
});

describe('Orders tab: Delete order', () => {
  it('offers Delete order on every row, a delivered one too', () => {
    const row = (n: number, over: Partial<AdminOrder>): AdminOrder => ({
      id: uuid(n),
      partId: uuid(100 + n),
      customerName: 'Priya Nair',
      customerEmail: 'priya@example.com',
      shopName: 'Jaipur Handloom House',
      vendorName: 'Ravi Traders',
      productName: 'Block Print Kurta',
      variantLabel: null,
      sku: null,
      itemCount: 1,
      quantity: 1,
      amountPaise: 60_000,
      status: 'pending',
      orderStatus: 'pending',
      pointsEarned: 30,
      pointsUsed: 0,
      paymentStatus: 'paid',
      testPayment: true,
      codDuePaise: null,
      cashCollectedPaise: null,
      returnedToSeller: false,
      createdAt: '2026-11-26T10:00:00.000Z',
      ...over,
    });
    const page: AdminOrderPage = {
      items: [row(1, {}), row(2, { status: 'delivered', orderStatus: 'delivered' })],
      total: 2,
      totalCapped: false,
      page: 1,
      pageSize: 20,
    };
    const html = render(
      ['admin', '/api/admin/orders', { q: '', sort: 'createdAt', dir: 'desc', status: 'all' }, 1],
      page,
      <OrdersTab />,
    );
    expect(buttons(html).filter(([, label]) => label === 'Delete order')).toEqual([
      ['Delete Order #00000000 for Priya Nair', 'Delete order'],
      ['Delete Order #00000000 for Priya Nair', 'Delete order'],
    ]);
    // The delivered part can no longer change status, but its order can still be deleted.
    expect(buttons(html).filter(([, label]) => label === 'Change status')).toHaveLength(1);
  });
});
