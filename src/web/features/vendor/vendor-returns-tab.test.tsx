import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { OrderReturn } from '../../../contracts/returns.contract';
import { ReturnCard } from './vendor-returns-tab';
import { visibleText as text } from '../../api/test-markup';

// One return in the vendor's Returns tab: what the shop reads before it answers, and after.

const base: OrderReturn = {
  id: '0a1b2c3d-0000-4000-8000-000000000010',
  orderId: '0a1b2c3d-0000-4000-8000-000000000001',
  orderRef: '#0A1B2C3D',
  partId: '0a1b2c3d-0000-4000-8000-000000000002',
  storeName: 'Jaipur Handlooms',
  customerName: 'Asha Rao',
  status: 'requested',
  statusLabel: 'Return requested',
  reason: 'Wrong size or fit',
  comment: 'Too tight at the shoulders',
  photos: ['/uploads/photo-1.webp', '/uploads/photo-2.webp'],
  items: [
    {
      orderItemId: '0a1b2c3d-0000-4000-8000-000000000020',
      productName: 'Block Print Kurta',
      variantLabel: 'M / Indigo',
      imageUrl: '/uploads/kurta.webp',
      quantity: 2,
      pricePaise: 60_000,
    },
    {
      orderItemId: '0a1b2c3d-0000-4000-8000-000000000021',
      productName: 'Black Pepper',
      variantLabel: null,
      imageUrl: null,
      quantity: 1,
      pricePaise: 45_000,
    },
  ],
  valuePaise: 165_000,
  requestedAt: '2026-11-28T10:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  rejectionReason: null,
  disputedAt: null,
  disputeComment: null,
  receivedAt: null,
  refund: null,
  creditNoteNumber: null,
};
const noop = () => undefined;
const render = (over: Partial<OrderReturn> = {}) =>
  renderToStaticMarkup(
    <ReturnCard ret={{ ...base, ...over }} busy={null} onApprove={noop} onReject={noop} onReceive={noop} />,
  );

describe('ReturnCard', () => {
  it('shows the order, date, customer, value, status, items with picture, variant, quantity and price, the reason and comment', () => {
    const html = render();
    const said = text(html);
    const heading = /<h3 id="([^"]+)"[^>]*>Order #0A1B2C3D<\/h3>/.exec(html)![1];
    expect(html).toMatch(new RegExp(`^<li aria-labelledby="${heading}"`));
    for (const part of [
      'Asha Rao',
      'Requested 28 Nov 2026 · Jaipur Handlooms',
      '₹1,650',
      'Return requested',
      'Block Print Kurta M / Indigo Qty 2 · ₹600 each',
      'Black Pepper Qty 1 · ₹450 each',
      'Reason Wrong size or fit',
      "Customer's comment Too tight at the shoulders",
    ]) {
      expect(said).toContain(part);
    }
    expect(html).toContain(
      '<img src="/uploads/kurta.webp" alt="Block Print Kurta" width="48" height="48" loading="lazy"',
    );
    // No picture: the placeholder.
    expect(html).toContain('<img src="/placeholder-product.svg" alt="Black Pepper"');
    expect(said).not.toContain('reason for rejecting');
  });

  it("opens each of the customer's photos in a new tab from a described thumbnail", () => {
    const links = [
      ...render().matchAll(
        /<a href="([^"]+)" target="_blank" rel="noopener noreferrer"[^>]*><img src="([^"]+)" alt="([^"]+)"/g,
      ),
    ].map((m) => [m[1], m[2], m[3]]);
    expect(links).toEqual([
      [
        '/uploads/photo-1.webp',
        '/uploads/photo-1.webp',
        'Photo 1 of 2 from the customer, order #0A1B2C3D (opens in a new tab)',
      ],
      [
        '/uploads/photo-2.webp',
        '/uploads/photo-2.webp',
        'Photo 2 of 2 from the customer, order #0A1B2C3D (opens in a new tab)',
      ],
    ]);
    expect(render({ photos: [] })).not.toContain("Customer's photos");
  });

  it('shows the buttons for the status, described by the order', () => {
    const html = render();
    const heading = /<h3 id="([^"]+)"/.exec(html)![1];
    expect(
      [...html.matchAll(/<button[^>]*aria-describedby="([^"]+)"[^>]*>(.*?)<\/button>/g)].map((m) => [
        m[1] === heading,
        text(m[2]),
      ]),
    ).toEqual([
      [true, 'Approve'],
      [true, 'Reject'],
    ]);
    expect(text(render({ status: 'approved', statusLabel: 'Return approved' }))).toContain('Mark received');
    expect(render({ status: 'rejected' })).not.toContain('<button');
  });

  it("shows the shop's rejection reason and the customer's note to the Haat team", () => {
    const said = text(
      render({
        status: 'disputed',
        decidedBy: 'vendor',
        decidedAt: '2026-11-29T10:00:00.000Z',
        rejectionReason: 'The tag has been removed',
        disputedAt: '2026-11-30T10:00:00.000Z',
        disputeComment: 'The tag was on',
      }),
    );
    expect(said).toContain('With the Haat team for review');
    expect(said).toContain('Your reason for rejecting The tag has been removed');
    expect(said).toContain("Sent to the Haat team on 30 Nov 2026 Customer's note: The tag was on");
  });

  it('says when the Haat team approved it, and after receipt what was refunded and the credit note', () => {
    expect(text(render({ status: 'approved', decidedBy: 'admin', decidedAt: '2026-12-01T10:00:00.000Z' }))).toContain(
      'Decided by the Haat team Approved on 1 Dec 2026',
    );
    const said = text(
      render({
        status: 'refunded',
        receivedAt: '2026-12-03T10:00:00.000Z',
        creditNoteNumber: 'CN/26-27/000001',
        refund: {
          method: 'razorpay',
          status: 'processed',
          amountPaise: 148_500,
          refundPoints: 0,
          pointsReturned: 165,
          pointsVoided: 105,
          pointsTakenBack: 0,
          keptForSpentPointsPaise: 0,
          reference: 'rfnd_1',
          failureReason: null,
          processedAt: '2026-12-03T10:00:00.000Z',
        },
      }),
    );
    expect(said).toContain('Refunded');
    expect(said).toContain(
      "Received on 3 Dec 2026 ₹1,485 refunded to the customer's original payment (Razorpay) 165 points the customer used on the order given back 105 points the items would have earned cancelled Credit note CN/26-27/000001 issued",
    );
  });
});
