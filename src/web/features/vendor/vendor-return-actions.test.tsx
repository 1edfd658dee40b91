import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  returnMessages,
  returnStatuses,
  type OrderReturn,
  type ReturnStatus,
} from '../../../contracts/returns.contract';
import { ReceiveReturnDialog, RejectReturnDialog, VendorReturnActions } from './vendor-return-actions';
import { sendReturnChange, vendorReturnsPath } from './vendor-returns-api';
import { vendorReturnTexts } from './vendor-returns';
import { buttonLabels as buttons, visibleText as text } from '../../api/test-markup';

// The vendor's answers to a return in the Returns tab.

// The dialogs render in place of a portal (there is no document on the server).
vi.mock('../../ui/Modal', async () => ({
  Modal: (await import('../../api/test-modal')).modalInPlace({ showClosed: true }),
}));

const orderReturn = (over: Partial<OrderReturn> = {}): OrderReturn => ({
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
  photos: ['/uploads/photo-1.webp'],
  items: [
    {
      orderItemId: '0a1b2c3d-0000-4000-8000-000000000020',
      productName: 'Block Print Kurta',
      variantLabel: 'M / Indigo',
      imageUrl: '/uploads/kurta.webp',
      quantity: 2,
      pricePaise: 60_000,
    },
  ],
  valuePaise: 120_000,
  requestedAt: '2026-11-28T10:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  rejectionReason: null,
  disputedAt: null,
  disputeComment: null,
  receivedAt: null,
  refund: null,
  creditNoteNumber: null,
  ...over,
});
const noop = () => undefined;
const handlers = { onApprove: noop, onReject: noop, onReceive: noop };
const actionsOf = (status: ReturnStatus, busy: 'approve' | 'reject' | 'receive' | null = null) =>
  renderToStaticMarkup(
    <VendorReturnActions ret={orderReturn({ status })} busy={busy} describedBy="card-1" {...handlers} />,
  );

describe('VendorReturnActions', () => {
  it('shows Approve and Reject on a request, Mark received once approved, and no button afterwards', () => {
    const shown = Object.fromEntries(returnStatuses.map((s) => [s, buttons(actionsOf(s))]));
    expect(shown).toEqual({
      requested: ['Approve', 'Reject'],
      approved: ['Mark received'],
      rejected: [],
      disputed: [],
      received: [],
      refunded: [],
    });
    expect(actionsOf('refunded')).toBe('');
  });

  it('keeps the button names short, names the order through the description, and makes each a 44 px target', () => {
    const html = actionsOf('requested');
    const tags = html.match(/<button[^>]*>/g)!;
    expect(tags).toHaveLength(2);
    for (const tag of tags) {
      expect(tag).toContain('aria-describedby="card-1"');
      expect(tag).not.toContain('aria-label');
      expect(tag).toContain('min-h-11');
    }
  });

  it('holds both buttons of a request while one of them is sent, the one sent shown busy', () => {
    const html = actionsOf('requested', 'approve');
    expect(html.match(/disabled=""/g)).toHaveLength(2);
    expect(html).toMatch(/aria-busy="true"[^>]*>.*Approve<\/button>/);
    expect(actionsOf('approved', 'receive')).toMatch(
      /<button[^>]*disabled=""[^>]*aria-busy="true"|<button[^>]*aria-busy="true"[^>]*disabled=""/,
    );
  });
});

describe('RejectReturnDialog', () => {
  it('asks for a required, labelled reason of at most 300 characters, with a hint, and sends it with "Reject return"', () => {
    const html = renderToStaticMarkup(
      <RejectReturnDialog ret={orderReturn()} busy={false} onSubmit={noop} onClose={noop} />,
    );
    expect(html).toContain('aria-label="Reject return"');
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Reason for the customer<span[^>]*>\*<\/span><\/label>/);
    const textarea = /<textarea[^>]*>/.exec(html)![0];
    expect(textarea).toContain('aria-required="true"');
    expect(textarea).toContain('maxLength="300"');
    expect(textarea).not.toContain('aria-invalid');
    const hint = /aria-describedby="([^"]+)"/.exec(textarea)![1];
    expect(html).toContain(`<p id="${hint}" class="text-xs text-slate-500">${vendorReturnTexts.rejectHint}</p>`);
    expect(text(html)).toContain(
      'Order #0A1B2C3D: Block Print Kurta (M / Indigo) × 2 for Asha Rao. Their reason: Wrong size or fit.',
    );
    expect(buttons(html)).toEqual(['Cancel', 'Reject return']);
  });

  it("shows the server's message under the reason, linked to it, and a refusal with no field above the form", () => {
    const html = renderToStaticMarkup(
      <RejectReturnDialog
        ret={orderReturn()}
        busy={false}
        error={returnMessages.rejectionReasonRequired}
        formError="Could not reach Haat."
        onSubmit={noop}
        onClose={noop}
      />,
    );
    const textarea = /<textarea[^>]*>/.exec(html)![0];
    expect(textarea).toContain('aria-invalid="true"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(textarea)![1];
    expect(html).toContain(
      `<p id="${describedBy}" role="alert" class="text-sm text-red-600">${returnMessages.rejectionReasonRequired}</p>`,
    );
    expect(html).toMatch(/<div role="alert"[^>]*>.*Could not reach Haat\./);
  });

  it('shows progress and holds Cancel while the rejection is sent', () => {
    const html = renderToStaticMarkup(<RejectReturnDialog ret={orderReturn()} busy onSubmit={noop} onClose={noop} />);
    expect(buttons(html)).toEqual(['Cancel', 'Saving...']);
    expect(html.match(/disabled=""/g)).toHaveLength(2);
  });
});

describe('ReceiveReturnDialog', () => {
  it('says what receiving the items does before "Yes, received" is pressed', () => {
    const html = renderToStaticMarkup(
      <ReceiveReturnDialog ret={orderReturn({ status: 'approved' })} busy={false} onConfirm={noop} onClose={noop} />,
    );
    expect(html).toContain('aria-label="Mark received"');
    const said = text(html);
    expect(said).toContain('Order #0A1B2C3D: Block Print Kurta (M / Indigo) × 2 from Asha Rao, worth ₹1,200.');
    expect(said).toContain('Their stock goes back to your shop.');
    expect(said).toContain('The customer is refunded the way they paid');
    expect(said).toContain('a credit note is issued');
    expect(said).toContain('It cannot be undone.');
    expect(buttons(html)).toEqual(['Back', 'Yes, received']);
  });

  it('holds both buttons while the receipt is sent, so that it is sent once', () => {
    const html = renderToStaticMarkup(
      <ReceiveReturnDialog ret={orderReturn({ status: 'approved' })} busy onConfirm={noop} onClose={noop} />,
    );
    expect(html.match(/disabled=""/g)).toHaveLength(2);
    expect(html).toMatch(/aria-busy="true"[^>]*>.*Yes, received<\/button>/);
  });
});

describe('the requests each action sends', () => {
  afterEach(() => vi.unstubAllGlobals());
  const id = orderReturn().id;
  const answer = (status: number, body: unknown) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  const sent = (fetch: ReturnType<typeof answer>) => {
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    return { url, method: init.method, body: JSON.parse(String(init.body)) as unknown };
  };

  it("approves, rejects with the reason and marks received by POST to the return, answering the server's message", async () => {
    for (const [change, url, body, message] of [
      [{ returnId: id, action: 'approve' }, `/api/vendor/returns/${id}/approve`, {}, returnMessages.approved],
      [
        { returnId: id, action: 'reject', reason: 'The tag has been removed' },
        `/api/vendor/returns/${id}/reject`,
        { reason: 'The tag has been removed' },
        returnMessages.rejected,
      ],
      [{ returnId: id, action: 'receive' }, `/api/vendor/returns/${id}/received`, {}, returnMessages.received],
    ] as const) {
      const fetch = answer(200, { return: orderReturn(), message });
      vi.stubGlobal('fetch', fetch);
      await expect(sendReturnChange(change)).resolves.toMatchObject({ message });
      expect(sent(fetch)).toEqual({ url, method: 'POST', body });
    }
  });

  it("rejects with the server's refusal: a second receipt's 409 message, a short reason's field message", async () => {
    vi.stubGlobal(
      'fetch',
      answer(409, { error: { code: 'CONFLICT', message: 'This return has already been received' } }),
    );
    await expect(sendReturnChange({ returnId: id, action: 'receive' })).rejects.toMatchObject({
      status: 409,
      message: 'This return has already been received',
    });
    const reason = returnMessages.rejectionReasonRequired;
    vi.stubGlobal('fetch', answer(400, { error: { code: 'VALIDATION_FAILED', message: reason, fields: { reason } } }));
    await expect(sendReturnChange({ returnId: id, action: 'reject', reason: 'nope!' })).rejects.toMatchObject({
      status: 400,
      fields: { reason },
    });
  });

  it('asks for a page of returns by status, leaving out the defaults', () => {
    expect(vendorReturnsPath({ status: 'all', page: 1 })).toBe('/api/vendor/returns?pageSize=10');
    expect(vendorReturnsPath({ status: 'disputed', page: 3 })).toBe(
      '/api/vendor/returns?status=disputed&page=3&pageSize=10',
    );
  });
});
