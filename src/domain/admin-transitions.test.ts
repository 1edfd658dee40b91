import { describe, expect, it } from 'vitest';
import { adminNextStatuses, adminPartTransitionRefusal, partTransitionRefusal } from './vendor-fulfilment';

describe("the super admin's order part moves", () => {
  it("are the vendor's, plus cancelling a shipped part", () => {
    expect(partTransitionRefusal('shipped', 'cancelled')).not.toBeNull();
    expect(adminPartTransitionRefusal('shipped', 'cancelled')).toBeNull();
    expect(adminNextStatuses('shipped')).toEqual(['delivered', 'cancelled']);
    expect(adminNextStatuses('pending')).toEqual(expect.arrayContaining(['confirmed', 'cancelled']));
  });

  it('stop once a part is delivered or cancelled', () => {
    expect(adminNextStatuses('delivered')).toEqual([]);
    expect(adminNextStatuses('cancelled')).toEqual([]);
    expect(adminPartTransitionRefusal('delivered', 'cancelled')).not.toBeNull();
  });
});
