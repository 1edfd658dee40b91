import { describe, expect, it } from 'vitest';
import { vendorPartStatusSchema } from '../../../contracts/vendor-orders.contract';
import { canReturnToSeller, cashReceivedError, codLine, partStatusText } from './vendor-order-cod';

// The vendor's cash on delivery in the Orders tab: the part's line, and the check of the cash typed
// before "Delivered and cash collected" is sent (the server's contract and messages).

const cod = { codDuePaise: 69_900, cashCollectedPaise: null, status: 'shipped' as const, returnedToSeller: false };

describe('codLine', () => {
  it('says what to collect before delivery, what was collected after, and nothing for a prepaid part', () => {
    expect(codLine(cod)).toBe('Cash on delivery · collect ₹699');
    expect(codLine({ ...cod, codDuePaise: 51_429 })).toBe('Cash on delivery · collect ₹514.29');
    expect(codLine({ ...cod, status: 'delivered', cashCollectedPaise: 69_900 })).toBe('Cash collected ₹699');
    expect(codLine({ ...cod, status: 'cancelled' })).toBe('Cash on delivery');
    expect(codLine({ ...cod, codDuePaise: null })).toBeNull();
  });
});

describe('returned to seller', () => {
  it('is offered for a shipped cash on delivery part only, and then reads instead of "Cancelled"', () => {
    expect(canReturnToSeller(cod)).toBe(true);
    expect(canReturnToSeller({ ...cod, status: 'processing' })).toBe(false);
    expect(canReturnToSeller({ ...cod, codDuePaise: null })).toBe(false);
    expect(canReturnToSeller({ ...cod, status: 'cancelled', returnedToSeller: true })).toBe(false);
    expect(partStatusText({ returnedToSeller: true })).toBe('Returned to seller');
    expect(partStatusText({ returnedToSeller: false })).toBeUndefined();
  });
});

describe('cashReceivedError', () => {
  it('requires the cash received', () => {
    expect(cashReceivedError('', 69_900)).toBe('Enter the cash you received');
    expect(cashReceivedError('   ', 69_900)).toBe('Enter the cash you received');
  });

  it("reads rupees as the server's contract does, with its message for anything else", () => {
    for (const bad of ['six hundred', '699.999', '-699', '1e3'])
      expect(cashReceivedError(bad, 69_900), bad).toBe(
        'Enter the cash received in rupees, for example 1299 or 1299.50',
      );
    expect(cashReceivedError('699', 69_900)).toBeNull();
    expect(cashReceivedError(' 699.00 ', 69_900)).toBeNull();
    expect(cashReceivedError('1,299.50', 129_950)).toBeNull();
    // What is sent is the text as typed: the server reads it to the same paise.
    expect(vendorPartStatusSchema.parse({ status: 'delivered', cashCollected: '1,299.50' }).cashCollected).toBe(
      129_950,
    );
  });

  it('asks for exactly the cash due, in the words of the server', () => {
    expect(cashReceivedError('600', 69_900)).toBe(
      'The cash due for this part is ₹699: record it when the full amount is received',
    );
    expect(cashReceivedError('700', 69_900)).toBe(
      'The cash due for this part is ₹699: record it when the full amount is received',
    );
  });
});
