import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Order, OrderDetail, OrderList } from '../../../contracts/orders.contract';
import { meQueryKey } from '../../api/session';
import { OrdersPage } from './orders-page';
import { ordersQueryKey } from './use-orders';
import { orderPart, signedInAs } from '../../api/test-fixtures';
import { visibleText as text } from '../../api/test-markup';

// A notification about an order links to /orders?order=<id>: the page opens
// that order's details, from the loaded page or fetched on its own.

// The dialogs render in place of a portal (there is no document on the server).
vi.mock('../../ui/Modal', () => ({
  Modal: ({ open, title, children }: { open: boolean; title: string; children: ReactNode }) =>
    open ? (
      <div role="dialog" aria-label={title}>
        {children}
      </div>
    ) : null,
  ConfirmDialog: () => null,
}));

const me = signedInAs();
const order = (id: string, storeName: string): Order => ({
  id,
  createdAt: '2026-11-26T10:00:00.000Z',
  status: 'shipped',
  paymentStatus: 'paid',
  testPayment: false,
  subtotalPaise: 100_000,
  shippingPaise: 0,
  totalAmountPaise: 100_000,
  pointsUsed: 0,
  pointsEarned: 10,
  shippingAddress: 'Home: 1 MG Road, Pune, Maharashtra - 411001',
  itemCount: 1,
  refundDuePaise: 0,
  cancellable: false,
  discountPaise: 0,
  promotions: [],
  parts: [
    orderPart(
      {
        id: `${id.slice(0, -3)}900`,
        storeId: `${id.slice(0, -3)}901`,
        storeName,
        itemId: `${id.slice(0, -3)}902`,
        productId: `${id.slice(0, -3)}903`,
        productName: 'Block Print Kurta',
      },
      { status: 'shipped' },
    ),
  ],
});
const onPage = order('1a2b3c4d-0000-4000-8000-000000000001', 'Jaipur Handlooms');
const elsewhere = order('5e6f7a8b-0000-4000-8000-000000000002', 'Kerala Spices');
const list: OrderList = {
  items: [onPage],
  total: 1,
  page: 1,
  pageSize: 10,
  counts: { all: 1, processing: 0, shipped: 1, delivered: 0 },
};
const listKey = [...ordersQueryKey, 'list', 'all', 1, 10];
const detailKey = (id: string) => [...ordersQueryKey, 'detail', id];

const inDialog = (html: string) => text(html.slice(html.indexOf('<div role="dialog"')));
const dialogs = (html: string) => [...html.matchAll(/role="dialog" aria-label="([^"]+)"/g)].map((m) => m[1]);

function render(path: string, seed: (qc: QueryClient) => void = () => undefined) {
  const qc = new QueryClient();
  qc.setQueryData(meQueryKey, me);
  qc.setQueryData(listKey, list);
  seed(qc);
  return renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>
        <OrdersPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/orders?order=<id>', () => {
  it('opens the details of an order on the loaded page', () => {
    const html = render(`/orders?order=${onPage.id}`);
    expect(dialogs(html)).toEqual(['Order #1A2B3C4D']);
    expect(inDialog(html)).toContain('Placed on 26 Nov 2026, 3:30 pm');
    expect(inDialog(html)).toContain('Jaipur Handlooms');
  });

  it('opens the details of an order that is not on the page, as fetched on its own', () => {
    const detail: OrderDetail = { ...elsewhere, history: [] };
    const html = render(`/orders?order=${elsewhere.id}`, (qc) => qc.setQueryData(detailKey(elsewhere.id), detail));
    expect(dialogs(html)).toEqual(['Order #5E6F7A8B']);
    expect(inDialog(html)).toContain('Kerala Spices');
  });

  it("says why when the order cannot be loaded (not the customer's, or gone)", () => {
    const html = render(`/orders?order=${elsewhere.id}`, (qc) => {
      qc.setQueryDefaults([...ordersQueryKey, 'detail'], { retryOnMount: false });
      qc.getQueryCache()
        .build(qc, { queryKey: detailKey(elsewhere.id) })
        .setState({ status: 'error', error: new Error('Order not found'), fetchStatus: 'idle' });
    });
    expect(dialogs(html)).toEqual(['Order #5E6F7A8B']);
    expect(inDialog(html)).toBe('Order not found Retry');
  });

  it('opens no dialog without the parameter', () => {
    expect(dialogs(render('/orders'))).toEqual([]);
  });
});
