import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Order, OrderPart } from '../../../contracts/orders.contract';
import type { OrderReturn, OrderReturns, ReturnablePart } from '../../../contracts/returns.contract';
import type { WalletTransaction } from '../../../contracts/rewards.contract';
import { TransactionList } from '../../ui/WalletParts';
import { OrderDetailsBody } from './order-details';
import { DisputeReturnModal, ReturnsSection } from './order-returns-section';
import { ReturnRequestModal } from './return-request-modal';
import { orderReturnsKey } from './use-returns';
import { requestedReturn, testUuid as uuid } from '../../api/test-fixtures';
import { buttonLabels as buttons, visibleText as text } from '../../api/test-markup';

// The customer's returns on the order's details: the Return items
// button while the window is open, the form, the returns with their status and steps, the dispute.

// The dialogs render in place of a portal (there is no document on the server).
vi.mock('../../ui/Modal', async () => ({
  Modal: (await import('../../api/test-modal')).modalInPlace({ showClosed: true }),
}));

const orderPart: OrderPart = {
  id: uuid(10),
  storeId: uuid(11),
  storeName: 'Jaipur Handlooms',
  status: 'delivered',
  subtotalPaise: 180_000,
  pointsEarned: 90,
  trackingNote: null,
  deliveredAt: '2026-11-28T10:00:00.000Z',
  codDuePaise: null,
  cashCollectedPaise: null,
  returnedToSeller: false,
  items: [
    {
      id: uuid(201),
      productId: uuid(301),
      productName: 'Block Print Kurta',
      variantId: null,
      variantLabel: 'M',
      imageUrl: null,
      quantity: 3,
      pricePaise: 60_000,
      pointsEarned: 90,
      reviewed: true,
      discountPaise: 0,
    },
  ],
};
const order: Order = {
  id: uuid(1),
  createdAt: '2026-11-26T10:00:00.000Z',
  status: 'delivered',
  paymentStatus: 'paid',
  testPayment: true,
  subtotalPaise: 180_000,
  shippingPaise: 0,
  totalAmountPaise: 180_000,
  pointsUsed: 0,
  pointsEarned: 90,
  shippingAddress: 'Home: 1 MG Road, Pune, Maharashtra - 411001',
  itemCount: 3,
  refundDuePaise: 0,
  cancellable: false,
  discountPaise: 0,
  promotions: [],
  parts: [orderPart],
};
const returnable = (over: Partial<ReturnablePart> = {}): ReturnablePart => ({
  partId: uuid(10),
  storeName: 'Jaipur Handlooms',
  deliveredAt: '2026-11-28T10:00:00.000Z',
  windowEndsAt: '2026-12-05T10:00:00.000Z',
  canReturn: true,
  refusal: null,
  items: [
    {
      orderItemId: uuid(201),
      productName: 'Block Print Kurta',
      variantLabel: 'M',
      imageUrl: null,
      quantity: 3,
      pricePaise: 60_000,
      returnableQuantity: 2,
    },
    {
      orderItemId: uuid(202),
      productName: 'Black Pepper',
      variantLabel: null,
      imageUrl: null,
      quantity: 1,
      pricePaise: 45_000,
      returnableQuantity: 0,
    },
  ],
  ...over,
});
const ret = (over: Partial<OrderReturn> = {}): OrderReturn =>
  requestedReturn({ comment: 'Too tight at the shoulders', photos: ['/uploads/abc.webp'], ...over });

const noop = () => undefined;
function wrap(children: ReactNode, returns?: OrderReturns) {
  const qc = new QueryClient();
  if (returns) qc.setQueryData(orderReturnsKey(order.id), returns);
  return renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}
const details = (returns: OrderReturns | undefined) =>
  wrap(<OrderDetailsBody order={order} onReview={noop} onReturn={noop} onDispute={noop} />, returns);
const section = (returns: OrderReturn[]) =>
  wrap(
    <ReturnsSection
      query={{
        isPending: false,
        isError: false,
        data: { returnable: [returnable()], returns },
        error: null,
        refetch: noop,
      }}
      onDispute={noop}
    />,
  );

describe('a delivered part on the order’s details', () => {
  it('offers "Return items" and says until when while the window is open', () => {
    const html = details({ returnable: [returnable()], returns: [] });
    expect(buttons(html)).toContain('Return items');
    expect(text(html)).toContain('Return by 5 Dec 2026 Return items');
    expect(text(html)).toContain('Returns No returns yet. To return something, use Return items under its shop above.');
  });

  it('hides the button after the window and says when it closed', () => {
    const html = details({
      returnable: [returnable({ canReturn: false, refusal: 'The return window for this order closed on 5 Dec 2026' })],
      returns: [],
    });
    expect(buttons(html)).not.toContain('Return items');
    expect(text(html)).toContain('The return window for this order closed on 5 Dec 2026');
    expect(text(html)).toContain('Returns No returns for this order.');
  });

  it('shows placeholders while the returns load, and nothing of returns for an order not delivered', () => {
    expect(text(details(undefined))).toContain('Returns Loading your returns');
    const html = wrap(
      <OrderDetailsBody
        order={{ ...order, status: 'shipped', parts: [{ ...orderPart, status: 'shipped', deliveredAt: null }] }}
        onReturn={noop}
      />,
    );
    expect(html).not.toContain('Return');
  });
});

describe('the Returns section', () => {
  it('lists each return’s items, reason, date, status and steps, the current step marked', () => {
    const html = section([ret()]);
    const t = text(html);
    expect(t).toContain('Jaipur Handlooms Requested on 30 Nov 2026 Return requested');
    expect(t).toContain('1 × Block Print Kurta (M)');
    expect(t).toContain('Reason: Wrong size or fit “Too tight at the shoulders”');
    expect(t).toContain('Return requested Waiting for the shop to reply');
    expect(html).toMatch(/<ol aria-label="Return progress"[^>]*><li aria-current="step"[^>]*>.*?Requested<\/li>/);
    expect(html).toContain('alt="Photo 1 of your return"');
    expect(buttons(html)).not.toContain('Ask Haat to review');
  });

  it('offers "Ask Haat to review" only on a return the shop rejected, before it was asked', () => {
    const rejected = ret({
      status: 'rejected',
      statusLabel: 'Return rejected',
      decidedBy: 'vendor',
      rejectionReason: 'The tag was removed',
    });
    const html = section([rejected]);
    expect(text(html)).toContain('Return rejected Rejected by the shop: The tag was removed');
    expect(buttons(html)).toContain('Ask Haat to review');
    expect(
      buttons(section([{ ...rejected, status: 'disputed', disputedAt: '2026-12-01T10:00:00.000Z' }])),
    ).not.toContain('Ask Haat to review');
    expect(buttons(section([{ ...rejected, decidedBy: 'admin' }]))).not.toContain('Ask Haat to review');
  });

  it('shows the refund of a received return and its credit note', () => {
    const refunded = ret({
      status: 'refunded',
      decidedBy: 'vendor',
      creditNoteNumber: 'CN/26-27/000001',
      refund: {
        method: 'razorpay',
        status: 'processed',
        amountPaise: 54_000,
        refundPoints: 0,
        pointsReturned: 60,
        pointsVoided: 30,
        pointsTakenBack: 0,
        keptForSpentPointsPaise: 0,
        reference: 'rfnd_Q1w2',
        failureReason: null,
        processedAt: '2026-12-03T10:00:00.000Z',
      },
    });
    const t = text(section([refunded]));
    expect(t).toContain(
      'Refunded ₹540 refunded to your original payment method (reference rfnd_Q1w2) 60 points you used came back to your wallet The 30 points these items would have earned were cancelled Credit note CN/26-27/000001',
    );
  });

  it('has an error state with Retry', () => {
    const html = wrap(
      <ReturnsSection
        query={{ isPending: false, isError: true, error: new Error('Could not reach Haat.'), refetch: noop }}
      />,
    );
    expect(text(html)).toBe('Returns Could not reach Haat. Retry');
  });
});

describe('the Return items dialog', () => {
  const html = wrap(
    <ReturnRequestModal target={{ orderId: order.id, part: returnable() }} onClose={noop} onDone={noop} />,
  );

  it('lists each item with a checkbox, the one with nothing left disabled as "Already in a return" (requested or received back)', () => {
    expect(html).toContain('role="dialog" aria-label="Return items"');
    expect(html.match(/type="checkbox"/g)).toHaveLength(2);
    expect(text(html)).toContain('Block Print Kurta (M) ₹600 each · 2 of 3 can be returned');
    expect(html).toMatch(
      /<input type="checkbox" disabled=""[^>]*\/><span[^>]*><span[^>]*>Black Pepper<\/span><span[^>]*>Already in a return/,
    );
  });

  it('asks for a reason from the list, a comment and photos, and sends with "Request return"', () => {
    expect([...html.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1])).toEqual([
      '',
      'Wrong size or fit',
      'Damaged or defective',
      'Not as described',
      'Wrong item sent',
      'Quality not as expected',
      'No longer needed',
      'Other',
    ]);
    expect(text(html)).toContain('Comment');
    expect(html).toContain('maxLength="1000"');
    expect(text(html)).toContain('Photos (optional) Add photos 0 of 3.');
    expect(html).toContain('accept="image/jpeg,image/png,image/webp,image/gif,image/avif"');
    expect(buttons(html)).toEqual(['Cancel', 'Request return']);
  });
});

describe('the Ask Haat to review dialog', () => {
  it('names the shop’s reason and takes an optional note', () => {
    const html = wrap(
      <DisputeReturnModal
        target={ret({ status: 'rejected', decidedBy: 'vendor', rejectionReason: 'The tag was removed' })}
        onClose={noop}
        onDone={noop}
      />,
    );
    expect(html).toContain('aria-label="Ask Haat to review"');
    expect(text(html)).toContain(
      'Jaipur Handlooms rejected your return: “The tag was removed”. The Haat team will look at it and decide. You can ask once.',
    );
    expect(text(html)).toContain('Note for the Haat team (optional)');
    expect(buttons(html)).toEqual(['Cancel', 'Send for review']);
  });
});

describe('the wallet after a return', () => {
  it('labels a refund paid in points and points taken back', () => {
    const row = (type: WalletTransaction['type'], points: number, description: string): WalletTransaction => ({
      id: uuid(points + 500),
      type,
      points,
      pendingPoints: 0,
      description,
      orderId: order.id,
      createdAt: '2026-12-03T10:00:00.000Z',
    });
    const t = text(
      renderToStaticMarkup(
        <TransactionList
          items={[
            row('return_refund', 543, 'Refund for returned items of order #00000000 (paid in cash on delivery)'),
            row('reversed', -10, 'Points earned on returned items of order #00000000 taken back'),
          ]}
        />,
      ),
    );
    expect(t).toContain(
      'Refund for returned items Refund for returned items of order #00000000 (paid in cash on delivery)',
    );
    expect(t).toContain('+543 pts');
    expect(t).toContain('Points taken back Points earned on returned items of order #00000000 taken back');
    expect(t).toContain('−10 pts');
  });
});
