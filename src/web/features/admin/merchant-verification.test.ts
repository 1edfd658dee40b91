import { describe, expect, it } from 'vitest';
import { cashbackAtStakeText } from './merchants-tab';

// The Verify and Unverify dialogs state what happens to the customers' pending
// cashback, with the amounts (they used to say "Only the mark changes").

const stake = { releasePayments: 1, releasePaise: 1000, voidPayments: 3, voidPaise: 8000, returnWindowDays: 7 };

describe('the cashback a verification changes', () => {
  it('Verify: what is released now and what follows when due', () => {
    expect(cashbackAtStakeText('verify', stake)).toBe(
      "Verifying releases ₹10 of pending cashback (1 payment older than 7 days) to the merchant's customers now. The other ₹70 follows as each payment passes the 7-day return window.",
    );
    expect(
      cashbackAtStakeText('verify', { ...stake, releasePayments: 0, releasePaise: 0, voidPayments: 0, voidPaise: 0 }),
    ).toBe('No pending cashback is old enough to be released now.');
  });

  it('Unverify: what is voided, and that the dashboard says so', () => {
    expect(cashbackAtStakeText('unverify', stake)).toMatch(
      /^Unverifying voids ₹80 of pending cashback \(3 payments\): those customers will not receive it\./,
    );
    expect(cashbackAtStakeText('unverify', { ...stake, voidPayments: 0, voidPaise: 0 })).toMatch(
      /^No cashback is pending, so none is voided\./,
    );
    expect(cashbackAtStakeText('unverify', stake)).toContain("the merchant's dashboard says so");
  });
});
