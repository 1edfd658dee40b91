import { describe, expect, it } from 'vitest';
import { isCancellable, isOpen, orderStatuses } from './order-status';

describe('order part states', () => {
  it('a part is open until it is delivered or cancelled, and cancellable until it ships', () => {
    expect(orderStatuses.filter(isOpen)).toEqual(['pending', 'confirmed', 'processing', 'shipped']);
    expect(orderStatuses.filter(isCancellable)).toEqual(['pending', 'confirmed', 'processing']);
  });
});
