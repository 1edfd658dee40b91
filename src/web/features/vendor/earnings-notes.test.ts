import { describe, expect, it } from 'vitest';
import { earningStatusLabel, formatRate, type EarningsStatementRow } from '../../../contracts/earnings.contract';
import { cashCollectedNote, deductionNotes } from './earnings-notes';

const row = (over: Partial<EarningsStatementRow> = {}): EarningsStatementRow => ({
  orderId: '1a2b3c4d-0000-4000-8000-000000000000',
  orderRef: '#1A2B3C4D',
  partId: '2a2b3c4d-0000-4000-8000-000000000000',
  shopName: 'Jaipur Handloom House',
  orderedAt: '2026-11-18T05:00:00.000Z',
  deliveredAt: null,
  status: 'not_delivered',
  pendingUntil: null,
  statusLabel: 'Not delivered yet',
  itemCount: 1,
  discountPaise: 0,
  grossPaise: 99_900,
  taxablePaise: 84_661,
  gstPaise: 15_239,
  commissionBp: 850,
  commissionPaise: 8_492,
  tcsBp: 50,
  tcsPaise: 423,
  tdsBp: 10,
  tdsOn: 'taxable',
  tdsPaise: 85,
  vendorNetPaise: 90_900,
  cashCollectedPaise: null,
  returnedPaise: 0,
  tdsNotes: [],
  ...over,
});

describe('the Earnings tab explains each deduction', () => {
  it('says what each deduction is a percentage of, and under which law', () => {
    expect(deductionNotes(row())).toEqual([
      'Commission 8.5% of the price ₹999',
      'TCS 0.5% of the taxable value ₹846.61 (GST section 52)',
      'TDS 0.1% of the taxable value ₹846.61 (Income-tax section 194-O)',
    ]);
  });

  it('says why there is no TCS without a GSTIN, and names mixed rates', () => {
    expect(deductionNotes(row({ tcsPaise: 0, commissionBp: null, tdsBp: 500, tdsOn: 'gross' }))).toEqual([
      "Commission at each item's own rate, on the price ₹999",
      'No TCS: it is collected only from vendors with a GSTIN',
      'TDS 5% of the price ₹999 (Income-tax section 194-O)',
    ]);
  });

  it('explains the cash collected on delivery: deducted from the payout, and what the order does to it', () => {
    expect(deductionNotes(row({ cashCollectedPaise: 99_900 }))[3]).toBe(
      'Cash on delivery: you collected ₹999 and kept it, so it is deducted from your payout; with your net of ₹909, this order takes ₹90 off what Haat pays you',
    );
    // Points paid for part of the order: less cash than the net.
    expect(cashCollectedNote(row({ cashCollectedPaise: 80_000 }))).toMatch(
      /this order adds ₹109 to what Haat pays you$/,
    );
    expect(cashCollectedNote(row())).toBeNull();
    expect(deductionNotes(row())).toHaveLength(3);
  });

  it('writes rates and statuses as people read them', () => {
    expect([850, 1000, 50, 10, 500, 1250].map(formatRate)).toEqual(['8.5%', '10%', '0.5%', '0.1%', '5%', '12.5%']);
    expect(earningStatusLabel('pending', '2026-12-03')).toBe('Pending until 3 Dec 2026');
    expect(earningStatusLabel('not_delivered', null)).toBe('Not delivered yet');
    expect(earningStatusLabel('payable', null)).toBe('Payable');
    expect(earningStatusLabel('reversed', null)).toBe('Reversed');
  });
});
