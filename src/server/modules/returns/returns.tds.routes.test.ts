import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EarningsStatementPage } from '../../../contracts/earnings.contract';
import type { ReturnChanged } from '../../../contracts/returns.contract';
import type { TdsReport } from '../../../contracts/tax-reports.contract';
import { todayInIndia } from '../../../domain/age';
import { queryRows } from '../../platform/db';
import { signInSuperAdmin } from '../../test/admin';
import { buildTestApp, type TestApp } from '../../test/app';
import { newShopper, placeAndDeliver, signInAs, twoShops } from '../../test/checkout-fixtures';
import { moneyInvariantViolations } from '../../test/invariants';
import { vendorBalancesOf } from '../settlement';

// TDS under section 194-O and returns (CBDT Circular 20/2023, question 4): the TDS on items returned
// stays deposited in the vendor's name and reduces the TDS of its next sales in the financial year;
// the vendor's statement and the TDS report show both.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const tdsLedger = async (partId: string) =>
  (
    await queryRows<{ entry_type: string; payable_paise: string }>(
      t.db,
      sql`select entry_type, payable_paise from vendor_ledger where order_part_id = ${partId} and entry_type like 'tds_%' order by created_at, id`,
    )
  ).map((r) => ({
    entry_type: r.entry_type,
    payable_paise: Number(r.payable_paise),
  }));

describe('a return keeps its TDS deposited and the next sales adjust it', () => {
  it('debits the TDS of the returned kurtas, credits it back on the next two sales up to their own TDS, and the report and statement show it', async () => {
    // The vendor gave no PAN: TDS 5 % of the gross (no GSTIN: its invoices show no GST), ₹30.00 a kurta.
    const shops = await twoShops(t, { stockA: 20 });
    const vendor = await signInAs(t, shops.vendorA.email);
    const shopper = await newShopper(t);
    const first = await placeAndDeliver(shopper, vendor, shops.a.id, 2);

    // Both kurtas come back: the vendor gives back their net and their ₹60.00 TDS, which stays deposited in its name.
    const asked = await shopper.client.post(`/api/orders/parts/${first.partId}/returns`, {
      items: [{ orderItemId: first.itemId, quantity: 2 }],
      reason: 'Wrong size or fit',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const returnId = (asked.json() as ReturnChanged).return.id;
    expect((await vendor.post(`/api/vendor/returns/${returnId}/approve`)).statusCode).toBe(200);
    expect((await vendor.post(`/api/vendor/returns/${returnId}/received`)).statusCode).toBe(200);
    expect(await tdsLedger(first.partId)).toEqual([{ entry_type: 'tds_kept', payable_paise: -6_000 }]);
    expect((await vendorBalancesOf(t.db, shops.vendorA.userId)).payablePaise).toBe(-6_000);

    // The next sale (one kurta, TDS ₹30.00) has its whole TDS adjusted; so has the one after; ₹0 is left.
    const second = await placeAndDeliver(shopper, vendor, shops.a.id, 1);
    expect(await tdsLedger(second.partId)).toEqual([{ entry_type: 'tds_adjusted', payable_paise: 3_000 }]);
    const third = await placeAndDeliver(shopper, vendor, shops.a.id, 1);
    expect(await tdsLedger(third.partId)).toEqual([{ entry_type: 'tds_adjusted', payable_paise: 3_000 }]);
    const fourth = await placeAndDeliver(shopper, vendor, shops.a.id, 1);
    expect(await tdsLedger(fourth.partId)).toEqual([]);
    expect((await vendorBalancesOf(t.db, shops.vendorA.userId)).payablePaise).toBe(0);

    // The vendor's statement says what happened to the TDS on each part.
    const statement = (await vendor.get('/api/vendor/earnings/statement?pageSize=100')).json() as EarningsStatementPage;
    const notesOf = (partId: string) => statement.items.find((r) => r.partId === partId)!.tdsNotes;
    expect(notesOf(first.partId)).toEqual([
      {
        text: 'TDS of ₹60.00 on returned items kept deposited in your name; it will reduce the TDS on your next sales this financial year',
        paise: -6_000,
      },
    ]);
    expect(notesOf(second.partId)).toEqual([{ text: 'TDS adjusted for returns: +₹30.00', paise: 3_000 }]);
    expect(notesOf(fourth.partId)).toEqual([]);
    const csv = (await vendor.get('/api/vendor/earnings.csv')).body;
    expect(csv.split('\n')[0]).toContain('tds_returns_rupees');
    expect(csv).toContain('-60.00');

    // The month's TDS report: the sales net of the return (₹60.00 + ₹30.00 × 3 − ₹60.00 = ₹90.00), the
    // ₹60.00 kept added back, the ₹60.00 adjusted taken off: ₹90.00 deposited, 5 % of the ₹1,800 of sales that stand.
    const { client: admin } = await signInSuperAdmin(t);
    const month = todayInIndia().slice(0, 7);
    const report = (await admin.get(`/api/admin/reports/tds?month=${month}`)).json() as TdsReport;
    const rows = report.rows
      .filter((r) => r.vendorUserId === shops.vendorA.userId)
      .map((r) => ({ line: r.line, tdsBp: r.tdsBp, tdsOn: r.tdsOn, netPaise: r.netPaise, tdsPaise: r.tdsPaise }));
    expect(rows).toEqual([
      { line: 'sales', tdsBp: 500, tdsOn: 'gross', netPaise: 180_000, tdsPaise: 9_000 },
      { line: 'tds_kept', tdsBp: 500, tdsOn: 'gross', netPaise: 0, tdsPaise: 6_000 },
      { line: 'tds_adjusted', tdsBp: 500, tdsOn: 'gross', netPaise: 0, tdsPaise: -6_000 },
    ]);
    const exported = (await admin.get(`/api/admin/reports/tds/export?month=${month}`)).body;
    expect(exported).toContain('TDS kept on returns');
    expect(exported).toContain('TDS adjusted for returns');
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});
