import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Order, OrderPart } from '../../../contracts/orders.contract';
import { codMessages } from '../../../domain/cod';
import { OrderCard } from './order-card';
import { historyStep, OrderDetailsBody } from './order-details';
import { codPartNote, codStillDuePaise } from './order-payment';
import { orderPart, testUuid as uuid } from '../../api/test-fixtures';
import { visibleText as text } from '../../api/test-markup';

// The customer's orders paid cash on delivery: the payment, each part's cash
// to pay at the door or paid, and a part refused at the door 'Returned to seller'.

const part = (n: number, over: Partial<OrderPart> = {}): OrderPart =>
  orderPart(
    {
      id: uuid(n),
      storeId: uuid(100 + n),
      storeName: `Shop ${n}`,
      itemId: uuid(200 + n),
      productId: uuid(300 + n),
      productName: `Product ${n}`,
    },
    over,
  );
const order = (parts: OrderPart[], over: Partial<Order> = {}): Order => ({
  id: uuid(1),
  createdAt: '2026-11-26T10:00:00.000Z',
  status: 'processing',
  paymentStatus: 'cash_on_delivery',
  testPayment: false,
  subtotalPaise: 200_000,
  shippingPaise: 0,
  totalAmountPaise: 200_000,
  pointsUsed: 0,
  pointsEarned: 20,
  shippingAddress: 'Home: 1 MG Road, Pune, Maharashtra - 411001',
  itemCount: parts.length,
  refundDuePaise: 0,
  cancellable: false,
  discountPaise: 0,
  promotions: [],
  parts,
  ...over,
});

const noop = () => undefined;
function wrap(children: ReactNode) {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}
const card = (o: Order) =>
  text(wrap(<OrderCard order={o} onDetails={noop} onTrack={noop} onCancel={noop} onReview={noop} />));
const details = (o: Order) => text(wrap(<OrderDetailsBody order={o} />));

// Shop 1 is on its way (₹750.50 due), Shop 2 delivered and paid ₹1,249.50, Shop 3 refused at the door.
const due = part(1, { status: 'shipped', codDuePaise: 75_050 });
const paid = part(2, {
  status: 'delivered',
  deliveredAt: '2026-11-28T10:00:00.000Z',
  codDuePaise: 124_950,
  cashCollectedPaise: 124_950,
});
const returned = part(3, { status: 'cancelled', codDuePaise: 50_000, returnedToSeller: true });

describe('codPartNote', () => {
  it('says what to pay in cash until delivered, then what was paid, and nothing for a prepaid or cancelled part', () => {
    expect(codPartNote(part(1, { status: 'pending', codDuePaise: 75_050 }))).toBe('Pay ₹750.50 in cash at delivery');
    expect(codPartNote(due)).toBe('Pay ₹750.50 in cash at delivery');
    expect(codPartNote(paid)).toBe('Paid ₹1,249.50 in cash');
    expect(codPartNote(returned)).toBeNull();
    expect(codPartNote(part(4, { status: 'cancelled', codDuePaise: 10_000 }))).toBeNull();
    expect(codPartNote(part(5))).toBeNull();
  });

  it('adds up the cash still to pay at the door', () => {
    expect(codStillDuePaise(order([due, paid, returned, part(4, { codDuePaise: 10_000 })]))).toBe(85_050);
    expect(codStillDuePaise(order([paid, returned]))).toBe(0);
  });
});

describe('OrderCard, cash on delivery', () => {
  it("shows the payment as 'Cash on delivery' and each shop's cash due or paid", () => {
    const t = card(order([due, paid], { status: 'shipped' }));
    expect(t).toContain('Payment Cash on delivery');
    expect(t).toContain('Shop 1 Shipped Pay ₹750.50 in cash at delivery');
    expect(t).toContain('Shop 2 Delivered Paid ₹1,249.50 in cash');
    expect(t).not.toContain('Refund');
  });

  it("shows a part refused at the door as 'Returned to seller', not 'Cancelled', with no cash to pay", () => {
    const t = card(order([due, returned], { status: 'shipped' }));
    expect(t).toContain('Shop 3 Returned to seller');
    expect(t).not.toContain('Cancelled');
    expect(t).not.toContain('₹500');
  });

  it("reads 'Returned to seller' for the whole order when every part was, and 'Cancelled' when one was cancelled otherwise", () => {
    const all = card(
      order([returned, part(4, { status: 'cancelled', codDuePaise: 10_000, returnedToSeller: true })], {
        status: 'cancelled',
      }),
    );
    expect(all).not.toContain('Cancelled');
    expect(all.match(/Returned to seller/g)).toHaveLength(3);
    const mixed = card(
      order([returned, part(4, { status: 'cancelled', codDuePaise: 10_000 })], { status: 'cancelled' }),
    );
    expect(mixed).toMatch(/^Order #00000000 Placed on .+? Cancelled /);
    expect(mixed).toContain('Shop 3 Returned to seller');
    expect(mixed).toContain('Shop 4 Cancelled');
  });

  it('says nothing of cash for a prepaid order', () => {
    const t = card(
      order([part(1, { status: 'cancelled' })], {
        paymentStatus: 'refund_pending',
        refundDuePaise: 100_000,
        status: 'cancelled',
      }),
    );
    expect(t).not.toContain('Cash on delivery');
    expect(t).not.toContain('in cash');
    expect(t).toContain('Shop 1 Cancelled');
    expect(t).toContain('Refund pending: ₹1,000');
  });
});

describe('OrderDetailsBody, cash on delivery', () => {
  it("shows each part's cash due or paid, the cash still due and 'Cash on delivery' as the payment", () => {
    const t = details(order([due, paid, returned], { status: 'shipped' }));
    expect(t).toMatch(/Shop 1 Shipped .*Pay ₹750\.50 in cash at delivery/);
    expect(t).toMatch(/Shop 2 Delivered .*Paid ₹1,249\.50 in cash Delivered on/);
    expect(t).toMatch(/Shop 3 Returned to seller Product 3/);
    expect(t).not.toContain('Cancelled');
    expect(t).toContain('Cash due at delivery ₹750.50');
    expect(t).toContain('Payment Cash on delivery');
    expect(t).not.toContain('Refund');
  });

  it('shows no cash due once every part is delivered or returned', () => {
    const t = details(order([paid, returned], { status: 'delivered' }));
    expect(t).not.toContain('Cash due at delivery');
    expect(t).toContain('Paid ₹1,249.50 in cash');
  });

  it('keeps the refund due of a prepaid order', () => {
    const t = details(
      order([part(1, { status: 'cancelled' })], {
        paymentStatus: 'refund_pending',
        refundDuePaise: 100_000,
        status: 'cancelled',
      }),
    );
    expect(t).toContain('Payment Refund pending');
    expect(t).toContain('Refund due ₹1,000 to your original payment method');
    expect(t).not.toContain('in cash');
  });
});

describe('historyStep', () => {
  it("labels a part refused at the door 'Returned to seller' in Track Order, and other steps as before", () => {
    expect(historyStep({ status: 'cancelled', note: codMessages.returnedNote })).toEqual({
      label: 'Returned to seller',
      status: 'cancelled',
      returnedToSeller: true,
    });
    expect(historyStep({ status: 'cancelled', note: 'Cancelled by the shop' })).toEqual({
      label: 'Cancelled',
      status: 'cancelled',
      returnedToSeller: false,
    });
    expect(historyStep({ status: 'pending', note: 'Order placed' }).label).toBe('Order placed');
    expect(historyStep({ status: 'shipped', note: null }).label).toBe('Shipped');
  });
});
