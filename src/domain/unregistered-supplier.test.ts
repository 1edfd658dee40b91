import { describe, expect, it } from 'vitest';
import { priceSplit } from './gst';
import { settleLine } from './settlement';
import {
  deliversTo,
  gstRateCharged,
  isBillOfSupply,
  shipsOnlyWithin,
  shipsOnlyWithinNote,
  shipsOnlyWithinRefusal,
} from './unregistered-supplier';

describe('a seller without a GST registration', () => {
  it('charges the HSN rate with a GSTIN and no GST without one (CGST Act, section 32)', () => {
    expect(gstRateCharged({ hsnRateBp: 500, supplierHasGstin: true })).toBe(500);
    expect(gstRateCharged({ hsnRateBp: 1800, supplierHasGstin: false })).toBe(0);
    expect(gstRateCharged({ hsnRateBp: 0, supplierHasGstin: false })).toBe(0);
  });

  it('bills the whole price as its value: ₹599 at the 18 % HSN rate, unregistered, is ₹599.00 with no tax, TDS 0.1 % of ₹599 = ₹0.60', () => {
    const gstRateBp = gstRateCharged({ hsnRateBp: 1800, supplierHasGstin: false });
    expect(priceSplit(59900, gstRateBp)).toEqual({ taxablePaise: 59900, taxPaise: 0 });
    const line = settleLine({
      unitPricePaise: 59900,
      quantity: 1,
      gstRateBp,
      intraState: true,
      commissionBp: 600,
      tcsBp: 50,
      tds: { withPanBp: 10, withoutPanBp: 500 },
      vendorHasGstin: false,
      vendorHasPan: true,
    });
    // Commission 6 % of ₹599 = ₹35.94; no TCS; TDS 0.1 % of ₹599 = 59.9 paise -> 60; net 59900 - 3594 - 60 = 56246.
    expect(line).toMatchObject({
      grossPaise: 59900,
      taxablePaise: 59900,
      commissionPaise: 3594,
      tdsPaise: 60,
      vendorNetPaise: 56246,
    });
    expect(line.gst).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 });
    expect(line.tcs.totalPaise).toBe(0);
  });

  it('ships only within its shop state, a registered seller anywhere (Notification 34/2023-Central Tax)', () => {
    expect(shipsOnlyWithin({ supplierHasGstin: true, shopState: 'Rajasthan' })).toBeNull();
    expect(shipsOnlyWithin({ supplierHasGstin: false, shopState: 'Rajasthan' })).toBe('Rajasthan');
    expect(shipsOnlyWithin({ supplierHasGstin: false, shopState: null })).toBe('');
    expect(deliversTo(null, 'Delhi')).toBe(true);
    expect(deliversTo('Rajasthan', 'rajasthan ')).toBe(true);
    expect(deliversTo('Rajasthan', 'Delhi')).toBe(false);
    expect(deliversTo('Rajasthan', null)).toBe(false);
    expect(deliversTo('', 'Rajasthan')).toBe(false);
  });

  it('tells the customer where such an item ships, and why it is refused', () => {
    expect(shipsOnlyWithinNote('Rajasthan')).toBe('Ships only within Rajasthan');
    expect(shipsOnlyWithinRefusal('Brass Diya Set', 'Rajasthan', 'Delhi')).toBe(
      '"Brass Diya Set" ships only within Rajasthan: its seller is not registered for GST and may not sell to Delhi. Please choose an address in Rajasthan or remove it from your cart.',
    );
  });

  it('issues a bill of supply (rule 49) for lines without a GSTIN and without GST; older lines with GST keep their tax invoice', () => {
    expect(isBillOfSupply({ supplierGstin: null, taxPaise: 0 })).toBe(true);
    expect(isBillOfSupply({ supplierGstin: null, taxPaise: 9137 })).toBe(false);
    expect(isBillOfSupply({ supplierGstin: '08ABCDE1234F1Z5', taxPaise: 0 })).toBe(false);
  });
});
