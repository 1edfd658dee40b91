import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { adminTabLabels, adminTabs } from '../../../contracts/admin.contract';
import { returnMessages, type OrderReturn, type ReturnPage } from '../../../contracts/returns.contract';
import { requestedReturn, testUuid } from '../../api/test-fixtures';
import { decisionBody, decisionErrors, DecideReturnDialog, DecisionFields, RetryRefundDialog } from './return-dialogs';
import { ReturnsTab } from './returns-tab';
import { buttonLabels as buttons, visibleText as text } from '../../api/test-markup';

// The super admin's Returns tab: every return with what a decision needs, and
// the two actions confirmed with a fresh code.

// The dialogs render in place of a portal (there is no document on the server).
vi.mock('../../ui/Modal', async () => ({ Modal: (await import('../../api/test-modal')).modalInPlace() }));

const ret = (n: number, over: Partial<OrderReturn> = {}): OrderReturn =>
  requestedReturn({
    id: testUuid(n),
    orderId: testUuid(100 + n),
    orderRef: `#1A2B3C${n}0`,
    partId: testUuid(200 + n),
    storeName: 'Jaipur Handloom House',
    customerName: 'Priya Nair',
    comment: 'Too tight at the shoulders',
    items: [
      {
        orderItemId: testUuid(300 + n),
        productName: 'Block Print Kurta',
        variantLabel: 'M / Indigo',
        imageUrl: null,
        quantity: 2,
        pricePaise: 60_000,
      },
    ],
    valuePaise: 120_000,
    requestedAt: '2026-11-26T10:00:00.000Z',
    ...over,
  });

const failedRefund = {
  method: 'razorpay' as const,
  status: 'failed' as const,
  amountPaise: 105_000,
  refundPoints: 0,
  pointsReturned: 15,
  pointsVoided: 60,
  pointsTakenBack: 0,
  keptForSpentPointsPaise: 0,
  reference: null,
  failureReason: 'The payment has been fully refunded already',
  processedAt: null,
};

const rows: OrderReturn[] = [
  ret(1, { photos: ['/uploads/abc_1.webp', '/uploads/abc_2.webp'] }),
  ret(2, {
    status: 'disputed',
    statusLabel: 'With the Haat team for review',
    decidedBy: 'vendor',
    decidedAt: '2026-11-27T10:00:00.000Z',
    rejectionReason: 'The tag has been removed',
    disputedAt: '2026-11-28T10:00:00.000Z',
    disputeComment: 'The tag was on; I have photos',
  }),
  ret(3, {
    status: 'received',
    statusLabel: 'Received by the shop',
    decidedBy: 'vendor',
    decidedAt: '2026-11-27T10:00:00.000Z',
    receivedAt: '2026-11-29T10:00:00.000Z',
    refund: failedRefund,
    creditNoteNumber: 'CN/2026-27/000012',
  }),
  ret(4, {
    status: 'refunded',
    statusLabel: 'Refunded',
    decidedBy: 'admin',
    decidedAt: '2026-11-27T10:00:00.000Z',
    receivedAt: '2026-11-29T10:00:00.000Z',
    refund: {
      ...failedRefund,
      method: 'points',
      status: 'processed',
      amountPaise: 0,
      refundPoints: 1050,
      failureReason: null,
      reference: null,
      processedAt: '2026-11-29T10:00:00.000Z',
    },
  }),
];

/** The tab's first page as useAdminList asks for it. */
const listKey = ['admin', '/api/admin/returns', { q: '', sort: 'requestedAt', dir: 'desc', status: 'all' }, 1];

function renderTab(setup: (qc: QueryClient) => void = () => undefined) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  setup(qc);
  return renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <ReturnsTab />
    </QueryClientProvider>,
  );
}
const withPage = (page: ReturnPage) => (qc: QueryClient) => qc.setQueryData(listKey, page);
const inProvider = (node: ReactNode) =>
  renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

describe('Returns tab', () => {
  it('is a tab of the admin panel, after Orders', () => {
    expect(adminTabLabels.returns).toBe('Returns');
    expect(adminTabs.indexOf('returns')).toBe(adminTabs.indexOf('orders') + 1);
  });

  it('lists every return with its order, shop, customer, items, value, reason, comment and photos', () => {
    const html = renderTab(withPage({ items: rows, total: 4, page: 1, pageSize: 20 }));
    const t = text(html);
    expect(t).toContain('4 returns');
    expect(t).toContain('#1A2B3C10');
    expect(t).toContain('Jaipur Handloom House');
    expect(t).toContain('Priya Nair');
    expect(t).toContain('Block Print Kurta (M / Indigo) × 2');
    expect(t).toContain('Value ₹1,200');
    expect(t).toContain('Wrong size or fit');
    expect(t).toContain('“Too tight at the shoulders”');
    // Each photo a thumbnail (size set, lazy) linking to the full picture.
    expect(html).toMatch(
      /<a href="\/uploads\/abc_1.webp" target="_blank" rel="noopener noreferrer"[^>]*><img src="\/uploads\/abc_1.webp" alt="Photo 1 of 2 from the customer \(opens full size\)" width="56" height="56" loading="lazy"/,
    );
    expect(html).toContain('href="/uploads/abc_2.webp"');
  });

  it("shows each status, the shop's rejection reason, the customer's dispute note, the refund and the credit note", () => {
    const t = text(renderTab(withPage({ items: rows, total: 4, page: 1, pageSize: 20 })));
    expect(t).toContain('Return requested');
    expect(t).toContain('With the Haat team for review');
    expect(t).toContain('Rejected by the shop');
    expect(t).toContain('Rejection reason: The tag has been removed');
    expect(t).toContain('Dispute note: The tag was on; I have photos');
    // A failed gateway refund: its amount, method and why it failed; the credit note.
    expect(t).toContain('Refund failed ₹1,050 by Razorpay');
    expect(t).toContain('15 points used on the order given back');
    expect(t).toContain('Failed: The payment has been fully refunded already');
    expect(t).toContain('Credit note CN/2026-27/000012');
    // Cash on delivery: refunded as points.
    expect(t).toContain('Approved by the Haat team');
    expect(t).toContain('Refunded +1,050 pts by Points (cash on delivery)');
  });

  it('offers Decide for a requested or disputed return and Send refund again for a failed refund, nothing once refunded', () => {
    const html = renderTab(withPage({ items: rows, total: 4, page: 1, pageSize: 20 }));
    // Each row shows as a card on a phone and a table row from sm: up.
    expect(buttons(html).filter((b) => b !== 'Retry')).toEqual([
      'Decide',
      'Decide',
      'Send refund again',
      'Decide',
      'Decide',
      'Send refund again',
    ]);
  });

  it('filters by status, "With Haat (disputed)" among them', () => {
    const html = renderTab(withPage({ items: [], total: 0, page: 1, pageSize: 20 }));
    expect(html).toMatch(/<label for="[^"]+"[^>]*>Status<\/label>/);
    const options = [...html.matchAll(/<option value="([^"]+)"[^>]*>([^<]+)<\/option>/g)].map((m) => [m[1], m[2]]);
    expect(options).toEqual([
      ['all', 'All'],
      ['requested', 'Requested'],
      ['approved', 'Approved'],
      ['rejected', 'Rejected'],
      ['disputed', 'With Haat (disputed)'],
      ['received', 'Received'],
      ['refunded', 'Refunded'],
    ]);
  });

  it('shows a skeleton while loading, a sentence when there is none, and the failure with Retry', () => {
    expect(renderTab()).toMatch(/role="status"[^>]*><span class="sr-only">Loading returns<\/span>/);
    expect(text(renderTab(withPage({ items: [], total: 0, page: 1, pageSize: 20 })))).toContain(
      'No returns yet Returns customers ask for appear here, newest first.',
    );
    const failed = renderTab((qc) => {
      // A failed first load, as it stands once the retries are spent.
      qc.setQueryDefaults(['admin', '/api/admin/returns'], { retryOnMount: false });
      qc.getQueryCache()
        .build(qc, { queryKey: listKey })
        .setState({ status: 'error', error: new Error('Network down'), fetchStatus: 'idle' });
    });
    expect(failed).toContain('role="alert"');
    expect(text(failed)).toContain('Failed to load returns data: Network down Retry');
  });
});

describe('Decide return', () => {
  it('asks Approve or Reject, a reason and the code, then "Save decision"', () => {
    const html = inProvider(<DecideReturnDialog ret={rows[1]} onClose={() => undefined} />);
    expect(html).toContain('aria-label="Decide return"');
    // The dispute: what the shop said and what the customer answered.
    expect(text(html)).toContain(
      'The shop rejected it: “The tag has been removed”. The customer’s note: “The tag was on; I have photos”.',
    );
    expect(html).toMatch(/<label[^>]*><input type="radio"[^>]*value="approve"[^>]*\/>Approve<\/label>/);
    expect(html).toMatch(/<label[^>]*><input type="radio"[^>]*value="reject"[^>]*\/>Reject<\/label>/);
    expect(html).toMatch(/<label for="[^"]+"[^>]*>Reason \(the customer sees it\)<\/label>/);
    expect(html).toMatch(/<label for="[^"]+"[^>]*>Authentication code/);
    expect(buttons(html)).toEqual(['Cancel', 'Save decision']);
    expect(inProvider(<DecideReturnDialog ret={null} onClose={() => undefined} />)).toBe('');
  });

  it('validates with the contract the server uses: a rejection needs a reason of 5 characters or more', () => {
    expect(decisionErrors(null, '')).toEqual({ decision: 'Please choose approve or reject' });
    expect(decisionErrors('reject', ' no ')).toEqual({ reason: returnMessages.rejectionReasonRequired });
    expect(decisionErrors('reject', 'x'.repeat(301))).toEqual({ reason: returnMessages.rejectionReasonTooLong });
    expect(decisionErrors('reject', 'The tag was removed')).toEqual({});
    expect(decisionErrors('approve', '')).toEqual({});
    // An approval sends no reason; a rejection its reason, trimmed.
    expect(decisionBody('approve', 'ignored', '123456')).toEqual({ decision: 'approve', code: '123456' });
    expect(decisionBody('reject', '  The tag was removed ', '123456')).toEqual({
      decision: 'reject',
      reason: 'The tag was removed',
      code: '123456',
    });
  });

  it('shows the reason error under the field, linked to it, and marks it required for a rejection', () => {
    const html = renderToStaticMarkup(
      <DecisionFields
        decision="reject"
        reason="no"
        errors={{ reason: returnMessages.rejectionReasonRequired }}
        onDecision={() => undefined}
        onReason={() => undefined}
      />,
    );
    expect(html).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="reject"/);
    const textarea = /<textarea[^>]*>/.exec(html)![0];
    expect(textarea).toContain('aria-invalid="true"');
    expect(textarea).toContain('aria-required="true"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(textarea)![1];
    expect(html).toContain(
      `<p id="${describedBy}" role="alert" class="text-sm text-red-600">${returnMessages.rejectionReasonRequired}</p>`,
    );
    expect(html).toMatch(/<label[^>]*>Reason \(the customer sees it\)<span[^>]*>\*<\/span><\/label>/);
  });

  it('links a missing decision to the choices', () => {
    const html = renderToStaticMarkup(
      <DecisionFields
        decision={null}
        reason=""
        errors={{ decision: 'Please choose approve or reject' }}
        onDecision={() => undefined}
        onReason={() => undefined}
      />,
    );
    const describedBy = /<fieldset aria-describedby="([^"]+)"/.exec(html)![1];
    expect(html).toContain(
      `<p id="${describedBy}" role="alert" class="text-sm text-red-600">Please choose approve or reject</p>`,
    );
    expect(/<textarea[^>]*>/.exec(html)![0]).not.toContain('aria-required');
  });
});

describe('Send refund again', () => {
  it('names the refund, where it goes and why it failed, then asks for the code', () => {
    const html = inProvider(<RetryRefundDialog ret={rows[2]} onClose={() => undefined} />);
    expect(html).toContain('aria-label="Send refund again"');
    const t = text(html);
    expect(t).toContain(
      'The refund of ₹1,050 to Priya Nair for order #1A2B3C30 (Jaipur Handloom House) goes to Razorpay again.',
    );
    expect(t).toContain('Last failure: The payment has been fully refunded already');
    expect(buttons(html)).toEqual(['Cancel', 'Verify & Proceed']);
  });
});
