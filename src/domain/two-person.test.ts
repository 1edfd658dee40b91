import { describe, expect, it } from 'vitest';
import { needsSecondPerson, secondPersonStep } from './two-person';

describe('two people for money out', () => {
  it('needs a second person only above the amount, and never when the rule is off', () => {
    expect(needsSecondPerson(500_00, null)).toBe(false);
    expect(needsSecondPerson(10_000_00, 10_000_00)).toBe(false);
    expect(needsSecondPerson(10_000_01, 10_000_00)).toBe(true);
    expect(needsSecondPerson(1, 0)).toBe(true);
  });

  it('prepares, then approves with another person, never the same one', () => {
    const above = { amountPaise: 20_000_00, abovePaise: 10_000_00 };
    expect(secondPersonStep({ ...above, record: null, staffId: 'a' })).toEqual({ step: 'prepare' });
    const prepared = { preparedBy: 'a', approvedBy: null };
    expect(secondPersonStep({ ...above, record: prepared, staffId: 'a' })).toEqual({
      step: 'refuse',
      reason: 'same-person',
    });
    expect(secondPersonStep({ ...above, record: prepared, staffId: 'b' })).toEqual({ step: 'approve-and-pay' });
    expect(secondPersonStep({ ...above, record: { preparedBy: 'a', approvedBy: 'b' }, staffId: 'a' })).toEqual({
      step: 'pay',
    });
  });

  it('pays at once below the amount, whatever is on record', () => {
    expect(secondPersonStep({ amountPaise: 5_000_00, abovePaise: 10_000_00, record: null, staffId: 'a' })).toEqual({
      step: 'pay',
    });
  });
});
