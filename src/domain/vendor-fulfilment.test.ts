import { describe, expect, it } from 'vitest';
import { orderStatuses } from './order-status';
import { nextPartStatus, partTransitionRefusal } from './vendor-fulfilment';

describe('a vendor moving its part of an order', () => {
  it('steps along pending → confirmed → processing → shipped → delivered', () => {
    expect(orderStatuses.map(nextPartStatus)).toEqual(['confirmed', 'processing', 'shipped', 'delivered', null, null]);
  });

  it('may go forward (skipping steps) and cancel before shipping, never back, never after delivered or cancelled', () => {
    const allowed = (from: (typeof orderStatuses)[number]) =>
      orderStatuses.filter((to) => partTransitionRefusal(from, to) === null);
    expect(allowed('pending')).toEqual(['confirmed', 'processing', 'shipped', 'delivered', 'cancelled']);
    expect(allowed('confirmed')).toEqual(['processing', 'shipped', 'delivered', 'cancelled']);
    expect(allowed('processing')).toEqual(['shipped', 'delivered', 'cancelled']);
    expect(allowed('shipped')).toEqual(['delivered']);
    expect(allowed('delivered')).toEqual([]);
    expect(allowed('cancelled')).toEqual([]);
    expect(partTransitionRefusal('confirmed', 'pending')).toBe(
      'This order is already confirmed; it cannot go back to pending',
    );
  });
});
