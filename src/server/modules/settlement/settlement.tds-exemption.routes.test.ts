import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EarningsStatementPage } from '../../../contracts/earnings.contract';
import {
  payoutMessages,
  type MyPayoutDetails,
  type PayoutDetailsInput,
} from '../../../contracts/payout-details.contract';
import type { ReturnChanged } from '../../../contracts/returns.contract';
import type { TdsReport } from '../../../contracts/tax-reports.contract';
import { verhoeffCheckDigit } from '../../../domain/aadhaar';
import { todayInIndia } from '../../../domain/age';
import { queryRows } from '../../platform/db';
import { signInSuperAdmin } from '../../test/admin';
import { buildTestApp, type TestApp, type TestClient } from '../../test/app';
import { newShopper, placeAndDeliver, signInAs, twoShops } from '../../test/checkout-fixtures';
import { moneyInvariantViolations } from '../../test/invariants';

// The ₹5 lakh exemption of income tax section 194-O(2): declared on the payout details form by an
// individual or HUF with its PAN or Aadhaar; no TDS while the year's gross sales through Haat stay
// within ₹5,00,000; the credit that passes it carries the TDS of the year's earlier exempt sales.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const AADHAAR = `49927360181${verhoeffCheckDigit('49927360181')}`;
const upi = (over: Partial<PayoutDetailsInput> = {}): PayoutDetailsInput => ({
  method: 'upi',
  upiId: 'ravi@okhdfcbank',
  currentPassword: 'secret123',
  ...over,
});

async function vendorClient(price = 60_000) {
  const shops = await twoShops(t, { stockA: 10, priceA: price });
  return { shops, vendor: await signInAs(t, shops.vendorA.email) };
}

const refusedOn = async (client: TestClient, body: PayoutDetailsInput, field: string, message: string) => {
  const res = await client.put('/api/vendor/payout-details', body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().error.fields?.[field]).toBe(message);
};

describe('declaring the exemption on the payout details form', () => {
  it('takes an individual with an Aadhaar number (spaces allowed) and shows it masked', async () => {
    const { vendor } = await vendorClient();
    const spaced = `${AADHAAR.slice(0, 4)} ${AADHAAR.slice(4, 8)} ${AADHAAR.slice(8)}`;
    const res = await vendor.put('/api/vendor/payout-details', upi({ tdsExemption: 'individual', aadhaar: spaced }));
    expect(res.statusCode, res.body).toBe(200);
    const mine = (await vendor.get('/api/vendor/payout-details')).json() as MyPayoutDetails;
    expect(mine.details).toMatchObject({
      tdsExemption: 'individual',
      aadhaarMasked: `XXXXXXXX${AADHAAR.slice(-4)}`,
      pan: null,
    });
    expect(JSON.stringify(mine)).not.toContain(AADHAAR);
  });

  it('refuses a wrong Aadhaar, a declaration with neither PAN nor Aadhaar, a HUF without a PAN and a PAN of another kind, each on its field', async () => {
    const { vendor } = await vendorClient();
    const typo = `${AADHAAR.slice(0, 11)}${(Number(AADHAAR.at(-1)) + 1) % 10}`;
    await refusedOn(vendor, upi({ tdsExemption: 'individual', aadhaar: typo }), 'aadhaar', payoutMessages.aadhaar);
    await refusedOn(vendor, upi({ tdsExemption: 'individual' }), 'aadhaar', payoutMessages.exemptionNeedsId);
    await refusedOn(vendor, upi({ tdsExemption: 'huf', aadhaar: AADHAAR }), 'pan', payoutMessages.exemptionHufNeedsPan);
    await refusedOn(
      vendor,
      upi({ tdsExemption: 'individual', pan: 'AAPFU0939F' }),
      'pan',
      payoutMessages.exemptionPanKind('individual'),
    );
    await refusedOn(
      vendor,
      upi({ tdsExemption: 'huf', pan: 'ABCPK9876Q' }),
      'pan',
      payoutMessages.exemptionPanKind('huf'),
    );
  });
});

const tdsRows = async (partId: string) =>
  (
    await queryRows<{ entry_type: string; payable_paise: string }>(
      t.db,
      sql`select entry_type, payable_paise from vendor_ledger where order_part_id = ${partId} and entry_type like 'tds_%' order by created_at, id`,
    )
  ).map((r) => [r.entry_type, Number(r.payable_paise)]);

describe('no TDS within ₹5,00,000 a year, and the catch-up past it', () => {
  it('credits back the TDS of sales within the limit, takes a return off the year, and charges the earlier exempt TDS with the sale that passes it', async () => {
    // An individual with an Aadhaar and no PAN (TDS 5 % of the gross without a PAN): ₹2,00,000 a kurta, TDS ₹10,000.00.
    const { shops, vendor } = await vendorClient(20_000_000);
    expect(
      (await vendor.put('/api/vendor/payout-details', upi({ tdsExemption: 'individual', aadhaar: AADHAAR })))
        .statusCode,
    ).toBe(200);
    const shopper = await newShopper(t);

    // ₹2,00,000 then ₹4,00,000 this year: both within the limit, their TDS credited back.
    const one = await placeAndDeliver(shopper, vendor, shops.a.id);
    expect(await tdsRows(one.partId)).toEqual([['tds_exempt', 1_000_000]]);
    const two = await placeAndDeliver(shopper, vendor, shops.a.id);
    expect(await tdsRows(two.partId)).toEqual([['tds_exempt', 1_000_000]]);

    // The second kurta comes back: the year is at ₹2,00,000 again, and the TDS credited back on it is given back.
    const asked = await shopper.client.post(`/api/orders/parts/${two.partId}/returns`, {
      items: [{ orderItemId: two.itemId, quantity: 1 }],
      reason: 'Wrong size or fit',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const returnId = (asked.json() as ReturnChanged).return.id;
    expect((await vendor.post(`/api/vendor/returns/${returnId}/approve`)).statusCode).toBe(200);
    expect((await vendor.post(`/api/vendor/returns/${returnId}/received`)).statusCode).toBe(200);
    expect(await tdsRows(two.partId)).toEqual([
      ['tds_exempt', 1_000_000],
      ['tds_exempt', -1_000_000],
    ]);

    // ₹4,00,000: exempt. Then ₹6,00,000: past the limit, so this sale keeps its TDS and carries the
    // ₹20,000.00 not taken on the two exempt sales that stand.
    const three = await placeAndDeliver(shopper, vendor, shops.a.id);
    expect(await tdsRows(three.partId)).toEqual([['tds_exempt', 1_000_000]]);
    const four = await placeAndDeliver(shopper, vendor, shops.a.id);
    expect(await tdsRows(four.partId)).toEqual([['tds_catch_up', -2_000_000]]);
    // And the next sale simply keeps its TDS.
    const five = await placeAndDeliver(shopper, vendor, shops.a.id);
    expect(await tdsRows(five.partId)).toEqual([]);

    const statement = (await vendor.get('/api/vendor/earnings/statement?pageSize=100')).json() as EarningsStatementPage;
    const notesOf = (partId: string) => statement.items.find((r) => r.partId === partId)!.tdsNotes.map((n) => n.text);
    expect(notesOf(one.partId)).toEqual([
      'No TDS under section 194-O(2) (your sales this financial year are within ₹5,00,000): +₹10,000.00',
    ]);
    expect(notesOf(four.partId)).toEqual([
      "TDS on this financial year's earlier exempt sales (your sales passed ₹5,00,000): -₹20,000.00",
    ]);

    // The month's TDS report: sales of ₹8,00,000 net (5 invoices, 1 credit note) with their TDS; the
    // exempt sales (₹6,00,000 credited exempt, ₹20,000.00 net not taken) and the catch-up on their own
    // rows: ₹40,000.00 deposited, 5 % of every sale that stands, as the year passed the limit.
    const { client: admin } = await signInSuperAdmin(t);
    const month = todayInIndia().slice(0, 7);
    const report = (await admin.get(`/api/admin/reports/tds?month=${month}`)).json() as TdsReport;
    const rows = report.rows
      .filter((r) => r.vendorUserId === shops.vendorA.userId)
      .map((r) => ({ line: r.line, pan: r.pan, netPaise: r.netPaise, tdsPaise: r.tdsPaise }));
    expect(rows).toEqual([
      { line: 'sales', pan: null, netPaise: 80_000_000, tdsPaise: 4_000_000 },
      { line: 'exempt', pan: null, netPaise: 60_000_000, tdsPaise: -2_000_000 },
      { line: 'catch_up', pan: null, netPaise: 0, tdsPaise: 2_000_000 },
    ]);
    expect((await admin.get(`/api/admin/reports/tds/export?month=${month}`)).body).toContain('Exempt under 194-O(2)');
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});
