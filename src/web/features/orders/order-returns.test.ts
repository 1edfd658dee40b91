import { describe, expect, it } from 'vitest';
import type { OrderReturn, ReturnablePart, ReturnRefund } from '../../../contracts/returns.contract';
import { ApiError } from '../../api/client';
import {
  canDispute,
  checkReturnRequest,
  emptyReturnForm,
  refundLines,
  returnFieldErrors,
  returnRequestPayload,
  returnStatusLine,
  returnSteps,
  returnWindowNote,
  type ReturnFormState,
} from './order-returns';
import { requestedReturn, testUuid as uuid } from '../../api/test-fixtures';

// The customer's returns: what the form sends and refuses, and how each
// status and refund reads on the order page.

const item = (n: number, quantity: number, returnableQuantity: number) => ({
  orderItemId: uuid(200 + n),
  productName: n === 1 ? 'Block Print Kurta' : 'Black Pepper',
  variantLabel: n === 1 ? 'M' : null,
  imageUrl: null,
  quantity,
  pricePaise: 60_000,
  returnableQuantity,
});
const part = (over: Partial<ReturnablePart> = {}): ReturnablePart => ({
  partId: uuid(10),
  storeName: 'Jaipur Handlooms',
  deliveredAt: '2026-11-28T10:00:00.000Z',
  windowEndsAt: '2026-12-05T10:00:00.000Z',
  canReturn: true,
  refusal: null,
  items: [item(1, 3, 2), item(2, 1, 0)],
  ...over,
});
const form = (over: Partial<ReturnFormState> = {}): ReturnFormState => ({
  ...emptyReturnForm(part()),
  reason: 'Wrong size or fit',
  ...over,
});
const pick = (quantity: number) => ({
  [uuid(201)]: { selected: true, quantity },
  [uuid(202)]: { selected: false, quantity: 0 },
});

const refund = (over: Partial<ReturnRefund> = {}): ReturnRefund => ({
  method: 'test',
  status: 'processed',
  amountPaise: 54_000,
  refundPoints: 0,
  pointsReturned: 0,
  pointsVoided: 0,
  pointsTakenBack: 0,
  keptForSpentPointsPaise: 0,
  reference: 'test_rfnd_ABC123',
  failureReason: null,
  processedAt: '2026-12-03T10:00:00.000Z',
  ...over,
});
const ret = (over: Partial<OrderReturn> = {}): OrderReturn => requestedReturn(over);
const current = (r: OrderReturn) => returnSteps(r).find((s) => s.state === 'current')?.label;
const labels = (r: OrderReturn) => returnSteps(r).map((s) => s.label);

describe('returnWindowNote', () => {
  it('says until when a part can be returned, or the server’s reason why not', () => {
    expect(returnWindowNote(part())).toBe('Return by 5 Dec 2026');
    expect(
      returnWindowNote(part({ canReturn: false, refusal: 'The return window for this order closed on 5 Dec 2026' })),
    ).toBe('The return window for this order closed on 5 Dec 2026');
    expect(
      returnWindowNote(part({ canReturn: false, refusal: 'Every item of this delivery has a return already' })),
    ).toBe('Every item of this delivery has a return already');
  });
});

describe('the return request form', () => {
  it('opens with nothing ticked, one of each item that is left', () => {
    expect(emptyReturnForm(part())).toEqual({
      items: { [uuid(201)]: { selected: false, quantity: 1 }, [uuid(202)]: { selected: false, quantity: 0 } },
      reason: '',
      comment: '',
      photos: [],
    });
  });

  it('sends the ticked items with their quantities, the reason, the comment and the photos’ URLs', () => {
    const f = form({ items: pick(2), comment: '  Too tight at the shoulders ', photos: ['/uploads/abc_123.webp'] });
    expect(returnRequestPayload(part(), f)).toEqual({
      items: [{ orderItemId: uuid(201), quantity: 2 }],
      reason: 'Wrong size or fit',
      comment: '  Too tight at the shoulders ',
      photos: ['/uploads/abc_123.webp'],
    });
    expect(checkReturnRequest(part(), f)).toEqual({
      ok: true,
      body: {
        items: [{ orderItemId: uuid(201), quantity: 2 }],
        reason: 'Wrong size or fit',
        comment: 'Too tight at the shoulders',
        photos: ['/uploads/abc_123.webp'],
      },
    });
  });

  it('never sends an item with nothing left to return, even ticked', () => {
    const f = form({
      items: { [uuid(201)]: { selected: true, quantity: 1 }, [uuid(202)]: { selected: true, quantity: 1 } },
    });
    expect(returnRequestPayload(part(), f).items).toEqual([{ orderItemId: uuid(201), quantity: 1 }]);
  });

  it('puts each problem under its field with the server’s words, all at once', () => {
    expect(
      checkReturnRequest(
        part(),
        form({
          reason: '',
          comment: 'x'.repeat(1001),
          photos: ['/uploads/a.webp', '/uploads/b.webp', '/uploads/c.webp', '/uploads/d.webp'],
        }),
      ),
    ).toEqual({
      ok: false,
      errors: {
        items: 'Please choose at least one item to return',
        reason: 'Please choose a reason for the return',
        comment: 'The comment must be at most 1000 characters',
        photos: 'Please add at most 3 photos',
      },
    });
  });

  it('refuses more than is left of an item', () => {
    expect(checkReturnRequest(part(), form({ items: pick(3) }))).toEqual({
      ok: false,
      errors: { items: 'You can return at most 2 of Block Print Kurta' },
    });
  });

  it('places the server’s field messages under the fields, and none for a refusal without fields', () => {
    expect(
      returnFieldErrors(
        new ApiError(400, 'VALIDATION_FAILED', 'Invalid', {
          items: 'You can return at most 1 of Block Print Kurta',
          'photos.0': 'Please add photos with the uploader',
        }),
      ),
    ).toEqual({
      items: 'You can return at most 1 of Block Print Kurta',
      photos: 'Please add photos with the uploader',
    });
    expect(
      returnFieldErrors(new ApiError(409, 'CONFLICT', 'The return window for this order closed on 5 Dec 2026')),
    ).toBeNull();
    expect(returnFieldErrors(new Error('offline'))).toBeNull();
  });
});

describe('returnStatusLine', () => {
  it('reads each status the way the customer follows it', () => {
    expect(returnStatusLine(ret())).toEqual({ title: 'Return requested', lines: ['Waiting for the shop to reply'] });
    expect(returnStatusLine(ret({ status: 'approved', decidedBy: 'vendor' }))).toEqual({
      title: 'Return approved',
      lines: ['The shop will collect the item'],
    });
    expect(returnStatusLine(ret({ status: 'approved', decidedBy: 'admin' }))).toEqual({
      title: 'Return approved',
      lines: ['Approved by the Haat team: the shop will collect the item'],
    });
    expect(
      returnStatusLine(ret({ status: 'rejected', decidedBy: 'vendor', rejectionReason: 'The tag was removed' })),
    ).toEqual({ title: 'Return rejected', lines: ['Rejected by the shop: The tag was removed'] });
    expect(
      returnStatusLine(
        ret({
          status: 'rejected',
          decidedBy: 'admin',
          rejectionReason: 'Worn before returning',
          disputedAt: '2026-12-01T10:00:00.000Z',
        }),
      ),
    ).toEqual({
      title: 'Return rejected',
      lines: ['Rejected by the Haat team: Worn before returning'],
    });
    expect(
      returnStatusLine(
        ret({
          status: 'disputed',
          decidedBy: 'vendor',
          rejectionReason: 'The tag was removed',
          disputedAt: '2026-12-01T10:00:00.000Z',
        }),
      ),
    ).toEqual({
      title: 'With the Haat team for review',
      lines: [
        "You asked the Haat team to review the shop's rejection on 1 Dec 2026. They will decide and let you know",
      ],
    });
  });

  it('reads a refund to the payment method, with its reference, for the test gateway and Razorpay', () => {
    expect(returnStatusLine(ret({ status: 'refunded', refund: refund() }))).toEqual({
      title: 'Refunded',
      lines: ['₹540 refunded to your original payment method (reference test_rfnd_ABC123)'],
    });
    expect(refundLines(refund({ method: 'razorpay', amountPaise: 120_050, reference: 'rfnd_Q1w2E3' }))).toEqual([
      '₹1,200.50 refunded to your original payment method (reference rfnd_Q1w2E3)',
    ]);
  });

  it('reads a cash on delivery refund as points, and the points used that came back', () => {
    expect(
      refundLines(
        refund({
          method: 'points',
          amountPaise: 0,
          refundPoints: 543,
          pointsReturned: 57,
          pointsVoided: 30,
          reference: null,
        }),
      ),
    ).toEqual([
      '₹543 refunded as 543 points to your wallet',
      '57 points you used came back to your wallet',
      'The 30 points these items would have earned were cancelled',
    ]);
    expect(
      refundLines(refund({ method: 'points', amountPaise: 0, refundPoints: 1, pointsReturned: 1, reference: null })),
    ).toEqual(['₹1 refunded as 1 point to your wallet', '1 point you used came back to your wallet']);
  });

  it('says plainly when earned points were taken back or their value kept from the refund', () => {
    expect(refundLines(refund({ amountPaise: 115_000, pointsTakenBack: 10, keptForSpentPointsPaise: 5_000 }))).toEqual([
      '₹1,150 refunded to your original payment method (reference test_rfnd_ABC123)',
      '10 points these items had earned were taken back from your wallet',
      '₹50 was kept from the refund for points these items earned that you had already spent',
    ]);
  });

  it('reads a refund still pending or failed as being processed', () => {
    expect(
      returnStatusLine(
        ret({ status: 'received', refund: refund({ status: 'pending', reference: null, processedAt: null }) }),
      ),
    ).toEqual({ title: 'Received by the shop', lines: ['Refund of ₹540 is being processed'] });
    expect(
      returnStatusLine(
        ret({
          status: 'received',
          refund: refund({ status: 'failed', reference: null, failureReason: 'Gateway down', processedAt: null }),
        }),
      ),
    ).toEqual({
      title: 'Received by the shop',
      lines: ['Refund of ₹540 is being processed'],
    });
  });

  it('says so when nothing was left to refund', () => {
    expect(refundLines(refund({ method: 'points', amountPaise: 0, reference: null }))).toEqual([
      'Nothing more was due back for these items',
    ]);
  });
});

describe('returnSteps', () => {
  it('follows Requested, Approved, Received by the shop, Refunded with the current step marked', () => {
    expect(labels(ret())).toEqual(['Requested', 'Approved', 'Received by the shop', 'Refunded']);
    expect(returnSteps(ret()).map((s) => s.state)).toEqual(['current', 'upcoming', 'upcoming', 'upcoming']);
    expect(current(ret({ status: 'approved', decidedBy: 'vendor' }))).toBe('Approved');
    expect(current(ret({ status: 'received', decidedBy: 'vendor' }))).toBe('Received by the shop');
    expect(returnSteps(ret({ status: 'refunded', decidedBy: 'vendor' })).map((s) => s.state)).toEqual([
      'done',
      'done',
      'done',
      'current',
    ]);
  });

  it('ends at a rejection, and goes through the Haat team after a dispute', () => {
    expect(returnSteps(ret({ status: 'rejected', decidedBy: 'vendor' }))).toEqual([
      { label: 'Requested', state: 'done' },
      { label: 'Rejected by the shop', state: 'current' },
    ]);
    const disputedAt = '2026-12-01T10:00:00.000Z';
    expect(labels(ret({ status: 'disputed', decidedBy: 'vendor', disputedAt }))).toEqual([
      'Requested',
      'Rejected by the shop',
      'With the Haat team',
      'Approved',
      'Received by the shop',
      'Refunded',
    ]);
    expect(current(ret({ status: 'disputed', decidedBy: 'vendor', disputedAt }))).toBe('With the Haat team');
    expect(labels(ret({ status: 'rejected', decidedBy: 'admin', disputedAt }))).toEqual([
      'Requested',
      'Rejected by the shop',
      'With the Haat team',
      'Rejected by the Haat team',
    ]);
    expect(current(ret({ status: 'refunded', decidedBy: 'admin', disputedAt }))).toBe('Refunded');
    expect(labels(ret({ status: 'approved', decidedBy: 'admin', disputedAt }))).toEqual([
      'Requested',
      'Rejected by the shop',
      'With the Haat team',
      'Approved by the Haat team',
      'Received by the shop',
      'Refunded',
    ]);
  });
});

describe('canDispute', () => {
  it('lets the customer ask once about a return the shop rejected', () => {
    expect(canDispute(ret({ status: 'rejected', decidedBy: 'vendor' }))).toBe(true);
    expect(canDispute(ret({ status: 'rejected', decidedBy: 'admin' }))).toBe(false);
    expect(canDispute(ret({ status: 'rejected', decidedBy: 'vendor', disputedAt: '2026-12-01T10:00:00.000Z' }))).toBe(
      false,
    );
    expect(canDispute(ret({ status: 'disputed', decidedBy: 'vendor', disputedAt: '2026-12-01T10:00:00.000Z' }))).toBe(
      false,
    );
    expect(canDispute(ret({ status: 'approved', decidedBy: 'vendor' }))).toBe(false);
  });
});
