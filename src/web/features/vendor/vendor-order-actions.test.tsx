import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { VendorOrderPart } from '../../../contracts/vendor-orders.contract';
import { CodBadge, CollectCashDialog, ReturnToSellerDialog, VendorOrderActions } from './vendor-order-actions';
import { buttonLabels as buttons, visibleText as text } from '../../api/test-markup';

// The vendor's cash on delivery actions in the Orders tab.

// The dialogs render in place of a portal (there is no document on the server).
vi.mock('../../ui/Modal', async () => ({
  Modal: (await import('../../api/test-modal')).modalInPlace({ showClosed: true }),
  ConfirmDialog: ({
    open,
    title,
    children,
    confirmLabel,
  }: {
    open: boolean;
    title: string;
    children: ReactNode;
    confirmLabel: string;
  }) =>
    open ? (
      <div role="dialog" aria-label={title}>
        {children}
        <button type="button">{confirmLabel}</button>
      </div>
    ) : null,
}));

const part = (over: Partial<VendorOrderPart> = {}): VendorOrderPart => ({
  orderId: '0a1b2c3d-0000-4000-8000-000000000001',
  partId: '0a1b2c3d-0000-4000-8000-000000000002',
  storeId: '0a1b2c3d-0000-4000-8000-000000000003',
  storeName: 'Jaipur Handlooms',
  customerName: 'Asha Rao',
  customerEmail: 'asha@example.in',
  shippingAddress: '12 MG Road, Pune',
  amountPaise: 60_000,
  testPayment: false,
  status: 'shipped',
  trackingNote: null,
  codDuePaise: 69_900,
  cashCollectedPaise: null,
  returnedToSeller: false,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  items: [
    {
      id: 'i1',
      productId: 'p1',
      productName: 'Block Print Kurta',
      variantId: null,
      variantLabel: null,
      imageUrl: null,
      quantity: 1,
      pricePaise: 60_000,
      sku: null,
    },
  ],
  ...over,
});
const noop = () => undefined;
const handlers = { onMove: noop, onShip: noop, onCancel: noop, onCollect: noop, onReturn: noop };

describe('VendorOrderActions', () => {
  it('offers "Delivered and cash collected" and "Returned to seller" for a shipped cash on delivery part', () => {
    const html = renderToStaticMarkup(<VendorOrderActions part={part()} busy={null} {...handlers} />);
    expect(buttons(html)).toEqual(['Delivered and cash collected', 'Returned to seller']);
    expect(html).toContain('aria-label="Delivered and cash collected order #0a1b2c3d"');
    expect(html).toContain('aria-label="Returned to seller order #0a1b2c3d"');
  });

  it('keeps "Mark delivered" for a prepaid part, with no return, and no return before shipping', () => {
    expect(
      buttons(
        renderToStaticMarkup(<VendorOrderActions part={part({ codDuePaise: null })} busy={null} {...handlers} />),
      ),
    ).toEqual(['Mark delivered']);
    expect(
      buttons(
        renderToStaticMarkup(<VendorOrderActions part={part({ status: 'processing' })} busy={null} {...handlers} />),
      ),
    ).toEqual(['Mark shipped', 'Cancel']);
  });

  it('shows the return as busy and holds the other buttons while it is sent', () => {
    const html = renderToStaticMarkup(<VendorOrderActions part={part()} busy="returned" {...handlers} />);
    expect(html.match(/disabled=""/g)).toHaveLength(2);
    expect(html).toMatch(/aria-busy="true"[^>]*aria-label="Returned to seller order/);
  });

  it('has nothing more to do after a return to the seller', () => {
    expect(
      text(
        renderToStaticMarkup(
          <VendorOrderActions part={part({ status: 'cancelled', returnedToSeller: true })} busy={null} {...handlers} />,
        ),
      ),
    ).toBe('No further action');
  });
});

describe('CodBadge', () => {
  it('shows the cash to collect, then the cash collected, and nothing for a prepaid part', () => {
    expect(text(renderToStaticMarkup(<CodBadge part={part()} />))).toBe('Cash on delivery · collect ₹699');
    expect(
      text(renderToStaticMarkup(<CodBadge part={part({ status: 'delivered', cashCollectedPaise: 69_900 })} />)),
    ).toBe('Cash collected ₹699');
    expect(renderToStaticMarkup(<CodBadge part={part({ codDuePaise: null })} />)).toBe('');
  });
});

describe('CollectCashDialog', () => {
  it('shows the cash due and a required, labelled decimal input for the cash received', () => {
    const html = renderToStaticMarkup(<CollectCashDialog part={part()} busy={false} onSubmit={noop} onClose={noop} />);
    expect(text(html)).toContain('Cash due: ₹699');
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Cash received \(₹\)<span[^>]*>\*<\/span><\/label>/);
    const input = /<input[^>]*>/.exec(html)![0];
    expect(input).toContain('inputMode="decimal"');
    expect(input).toContain('aria-required="true"');
    expect(input).not.toContain('aria-invalid');
    expect(buttons(html)).toEqual(['Back', 'Delivered and cash collected']);
  });

  it("shows the server's error next to the input, and the busy state while it is sent", () => {
    const error = 'The cash due for this part is ₹699: record it when the full amount is received';
    const html = renderToStaticMarkup(
      <CollectCashDialog part={part()} busy error={error} onSubmit={noop} onClose={noop} />,
    );
    const input = /<input[^>]*>/.exec(html)![0];
    expect(input).toContain('aria-invalid="true"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(input)![1];
    expect(html).toContain(`<p id="${describedBy}" role="alert" class="text-sm text-red-600">${error}</p>`);
    expect(buttons(html)).toEqual(['Back', 'Saving...']);
    expect(html).toMatch(
      /aria-busy="true"[^>]*form="vendor-collect-form"|form="vendor-collect-form"[^>]*aria-busy="true"/,
    );
  });
});

describe('ReturnToSellerDialog', () => {
  it('explains what a return does before it is confirmed', () => {
    const html = renderToStaticMarkup(
      <ReturnToSellerDialog part={part()} busy={false} onConfirm={noop} onClose={noop} />,
    );
    expect(html).toContain('aria-label="Order #0a1b2c3d: returned to seller?"');
    expect(text(html)).toContain(
      'The customer refused the parcel. The part is cancelled and its stock comes back; there is nothing to refund.',
    );
    expect(buttons(html)).toEqual(['Mark returned to seller']);
    expect(
      renderToStaticMarkup(<ReturnToSellerDialog part={null} busy={false} onConfirm={noop} onClose={noop} />),
    ).toBe('');
  });
});
