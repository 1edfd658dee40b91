import { describe, expect, it } from 'vitest';
import {
  returnFilters,
  returnMessages,
  returnStatuses,
  type OrderReturn,
  type ReturnRefund,
} from '../../../contracts/returns.contract';
import {
  emptyFilterTitle,
  receiptLines,
  refundNotSent,
  rejectReasonError,
  returnBadgeTone,
  returnFilterLabels,
  vendorReturnActions,
} from './vendor-returns';

// The vendor's Returns tab: its pure rules.

const refund = (over: Partial<ReturnRefund> = {}): ReturnRefund => ({
  method: 'test',
  status: 'processed',
  amountPaise: 54_000,
  refundPoints: 0,
  pointsReturned: 0,
  pointsVoided: 0,
  pointsTakenBack: 0,
  keptForSpentPointsPaise: 0,
  reference: 'test_rfnd_1',
  failureReason: null,
  processedAt: '2026-11-30T10:00:00.000Z',
  ...over,
});
const received = (
  r: Partial<ReturnRefund>,
  creditNoteNumber: string | null = 'CN/26-27/000001',
): Pick<OrderReturn, 'refund' | 'creditNoteNumber'> => ({ refund: refund(r), creditNoteNumber });

describe('vendorReturnActions', () => {
  it('offers Approve and Reject on a request, Mark received once approved, and nothing in any other status', () => {
    expect(Object.fromEntries(returnStatuses.map((s) => [s, vendorReturnActions(s)]))).toEqual({
      requested: ['approve', 'reject'],
      approved: ['receive'],
      rejected: [],
      disputed: [],
      received: [],
      refunded: [],
    });
  });
});

describe('the status filter', () => {
  it('labels every filter the server takes, the disputed ones as "With Haat", and names each empty list', () => {
    expect(returnFilters.map((f) => returnFilterLabels[f])).toEqual([
      'All',
      'Requested',
      'Approved',
      'Rejected',
      'With Haat',
      'Received',
      'Refunded',
    ]);
    expect(emptyFilterTitle('all')).toBe('No returns yet');
    expect(emptyFilterTitle('requested')).toBe('No requested returns');
    expect(emptyFilterTitle('disputed')).toBe('No returns with Haat');
  });

  it('gives every status a badge colour of the shared palette', () => {
    expect(returnStatuses.map((s) => returnBadgeTone[s])).toEqual([
      'pending',
      'approved',
      'rejected',
      'review',
      'processing',
      'completed',
    ]);
  });
});

describe('rejectReasonError', () => {
  it("refuses a reason shorter than 5 characters (after trimming) or longer than 300, with the server's messages", () => {
    expect(rejectReasonError('')).toBe(returnMessages.rejectionReasonRequired);
    expect(rejectReasonError('   no   ')).toBe(returnMessages.rejectionReasonRequired);
    expect(rejectReasonError('x'.repeat(301))).toBe(returnMessages.rejectionReasonTooLong);
  });

  it('accepts 5 to 300 characters', () => {
    expect(rejectReasonError('Worn')).not.toBeNull();
    expect(rejectReasonError('Tag removed')).toBeNull();
    expect(rejectReasonError('x'.repeat(300))).toBeNull();
  });
});

describe('receiptLines', () => {
  it('says nothing before the return is received', () => {
    expect(receiptLines({ refund: null, creditNoteNumber: null })).toEqual([]);
  });

  it('tells a gateway refund, the points that moved and the credit note', () => {
    expect(receiptLines(received({ pointsReturned: 60, pointsVoided: 30 }))).toEqual([
      "₹540 refunded to the customer's test payment",
      '60 points the customer used on the order given back',
      '30 points the items would have earned cancelled',
      'Credit note CN/26-27/000001 issued',
    ]);
    expect(
      receiptLines(
        received(
          { method: 'razorpay', amountPaise: 115_000, pointsTakenBack: 10, keptForSpentPointsPaise: 5_000 },
          null,
        ),
      ),
    ).toEqual([
      "₹1,150 refunded to the customer's original payment (Razorpay)",
      '10 points the items had earned taken back',
      '₹50 kept from the refund for earned points already spent',
    ]);
  });

  it('tells a cash on delivery refund as points, and an order paid with points only', () => {
    expect(
      receiptLines(
        received({ method: 'points', amountPaise: 0, refundPoints: 543, pointsReturned: 57, pointsVoided: 30 }),
      ),
    ).toEqual([
      "543 points refunded to the customer's wallet (cash on delivery)",
      '57 points the customer used on the order given back',
      '30 points the items would have earned cancelled',
      'Credit note CN/26-27/000001 issued',
    ]);
    expect(
      receiptLines(received({ method: 'points', amountPaise: 0, refundPoints: 0, pointsReturned: 1 }, null)),
    ).toEqual([
      'No money to refund: the items were paid for with points',
      '1 point the customer used on the order given back',
    ]);
  });

  it('says when a gateway refund is on its way or could not be sent yet', () => {
    expect(receiptLines(received({ method: 'razorpay', status: 'pending', amountPaise: 60_000 }, null))).toEqual([
      "₹600 being refunded to the customer's original payment (Razorpay)",
    ]);
    const failed = received(
      { method: 'razorpay', status: 'failed', amountPaise: 60_000, failureReason: 'Gateway timeout' },
      null,
    );
    expect(receiptLines(failed)).toEqual([
      "₹600 refund to the customer's original payment (Razorpay) could not be sent yet: the Haat team will send it again",
      'Gateway said: Gateway timeout',
    ]);
    expect(refundNotSent(failed)).toBe(true);
    expect(refundNotSent(received({}))).toBe(false);
    expect(refundNotSent({ refund: null })).toBe(false);
  });
});
