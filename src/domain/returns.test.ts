import { describe, expect, it } from 'vitest';
import {
  cumulativeShare,
  inProgress,
  moneyAfterSpentPoints,
  planReturnRefund,
  returnMoveAllowed,
  returnStatuses,
  returnWindowEnds,
} from './returns';

const line = (o: Partial<Parameters<typeof planReturnRefund>[1][number]> = {}) => ({
  orderItemId: 'i1',
  pricePaise: 60_000,
  quantity: 2,
  returnedBefore: 0,
  returning: 1,
  pointsEarned: 60,
  ...o,
});
const order = (o: Partial<Parameters<typeof planReturnRefund>[0]> = {}) => ({
  subtotalPaise: 165_000,
  pointsUsed: 165,
  returnedBeforePaise: 0,
  moneyLeftPaise: 148_500,
  paidBy: 'gateway' as const,
  ...o,
});

describe('cumulativeShare', () => {
  it('rounds down cumulatively, so the shares of any split add up to the whole', () => {
    expect([cumulativeShare(100, 0, 1, 3), cumulativeShare(100, 1, 2, 3), cumulativeShare(100, 2, 3, 3)]).toEqual([
      33, 33, 34,
    ]);
    expect(cumulativeShare(100, 0, 1, 3) + cumulativeShare(100, 1, 3, 3)).toBe(100);
    expect(cumulativeShare(7, 0, 5, 0)).toBe(0);
  });
});

describe('inProgress', () => {
  it('counts a return as under way until it is rejected or refunded', () => {
    expect(returnStatuses.filter(inProgress)).toEqual(['requested', 'approved', 'disputed', 'received']);
  });
});

describe('planReturnRefund', () => {
  it('one of two kurtas (₹600) of a ₹1,650 order that used 165 points: 60 points back, ₹540 back, 30 earned points back', () => {
    expect(planReturnRefund(order(), [line()])).toEqual({
      valuePaise: 60_000,
      pointsReturned: 60,
      pointsEarnedBack: 30,
      moneyPaise: 54_000,
    });
  });

  it('the second return of the same order takes the rest of the points share, never more than is left of the money', () => {
    const second = planReturnRefund(order({ returnedBeforePaise: 60_000, moneyLeftPaise: 10_000 }), [
      line({ returnedBefore: 1 }),
    ]);
    expect(second).toEqual({ valuePaise: 60_000, pointsReturned: 60, pointsEarnedBack: 30, moneyPaise: 10_000 });
  });

  it('nothing in money for an order paid only with points', () => {
    expect(planReturnRefund(order({ paidBy: 'none', pointsUsed: 1650, moneyLeftPaise: 0 }), [line()]).moneyPaise).toBe(
      0,
    );
  });

  it('cash on delivery: ₹600 of ₹1,050 with 100 points used gives 57 points back and ₹543 owed', () => {
    expect(
      planReturnRefund(order({ subtotalPaise: 105_000, pointsUsed: 100, moneyLeftPaise: 95_000, paidBy: 'points' }), [
        line({ quantity: 1, pointsEarned: 30 }),
      ]),
    ).toEqual({
      valuePaise: 60_000,
      pointsReturned: 57,
      pointsEarnedBack: 30,
      moneyPaise: 54_300,
    });
  });
});

describe('moneyAfterSpentPoints', () => {
  it('keeps the value of earned points that were spent, never more than the refund', () => {
    expect(moneyAfterSpentPoints(120_000, 50)).toEqual({ moneyPaise: 115_000, keptPaise: 5_000 });
    expect(moneyAfterSpentPoints(1_000, 50)).toEqual({ moneyPaise: 0, keptPaise: 1_000 });
  });
});

describe('returns', () => {
  it('close their window the given days after delivery', () => {
    expect(returnWindowEnds(new Date('2026-11-01T10:00:00Z'), 7).toISOString()).toBe('2026-11-08T10:00:00.000Z');
  });

  it('move only as the shop, the customer and the super admin may', () => {
    expect(returnMoveAllowed('approve', 'requested', null)).toBe(true);
    expect(returnMoveAllowed('approve', 'approved', 'vendor')).toBe(false);
    expect(returnMoveAllowed('receive', 'approved', 'admin')).toBe(true);
    expect(returnMoveAllowed('receive', 'received', 'vendor')).toBe(false);
    expect(returnMoveAllowed('dispute', 'rejected', 'vendor')).toBe(true);
    expect(returnMoveAllowed('dispute', 'rejected', 'admin')).toBe(false);
    expect(returnMoveAllowed('admin_reject', 'disputed', 'vendor')).toBe(true);
    expect(returnMoveAllowed('admin_approve', 'refunded', 'vendor')).toBe(false);
  });
});
