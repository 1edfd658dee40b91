import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentIndiaMonth,
  taxReportMessages,
  type CommissionReport,
  type TcsReport,
  type TdsReport,
} from '../../../contracts/tax-reports.contract';
import { gstinCheckChar } from '../../../domain/india-ids';
import { queryRows } from '../../platform/db';
import { freshCode, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { signInFromOwnAddress } from '../../test/factories';
import { createCategory, createProduct, createShop, createVendorUser } from '../../test/catalog-factories';
import { newShopper, placeOrder, type Shopper } from '../../test/checkout-fixtures';
import { issuePartCreditNote, issuePartInvoice, settleReturnReceived } from '../settlement';
import { commissionRules, vendorPayoutDetails } from '../settlement/settlement.tables';

// The super admin's monthly tax reports. A month counts the documents issued in it
// (India date): invoices add, credit notes subtract. Figures worked out by hand from the placed lines
// (TCS 0.5 % of the taxable value; TDS 0.1 % with a PAN, 5 % without, of the taxable value when the
// vendor has a GSTIN (its invoice shows GST, CBDT Circular 20/2023 Q3), else of the gross):
// - a ₹600 kurta at 5 % GST, Maharashtra to Maharashtra, vendor with a GSTIN, 10 % commission:
//   ×2 = 120 000 gross, taxable 120 000 / 1.05 = 114 285.7 -> 114 286; TCS 571.43 -> 571, CGST 286 +
//   SGST 285; TDS 0.1 % of 114 286 = 114; commission 12 000. ×1 = 60 000, taxable 57 143, commission
//   6 000, TDS 57.
// - a ₹450 item with no HSN code, within Maharashtra (a vendor without a GSTIN sells only within its
//   state), vendor with no GSTIN, so no GST (taxable 45 000), 8 % commission: no TCS; TDS on the gross: without a PAN 5 % = 2 250, with one 0.1 % = 45; commission 3 600.

let t: TestApp;
let admin: TestClient;
let secret: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t, '10.124.0.1'));
});
afterAll(() => t.close());

const signIn = signInFromOwnAddress(() => t, '10.124', 1);

async function ship(vendor: TestClient, partId: string) {
  for (const status of ['confirmed', 'processing', 'shipped']) {
    const res = await vendor.patch(`/api/vendor/orders/parts/${partId}/status`, { status });
    expect(res.statusCode, res.body).toBe(200);
  }
}

const partOf = async (orderId: string) =>
  (await queryRows<{ id: string }>(t.db, sql`select id from order_parts where order_id = ${orderId}`))[0].id;

async function cancelAsAdmin(partId: string) {
  const [{ order_id: orderId }] = await queryRows<{ order_id: string }>(
    t.db,
    sql`select order_id from order_parts where id = ${partId}`,
  );
  const res = await admin.post(`/api/admin/orders/${orderId}/status`, {
    status: 'cancelled',
    partId,
    code: await freshCode(t, secret),
  });
  expect(res.statusCode, res.body).toBe(200);
}

const gstinFor = (stateCode: string, pan: string) => `${stateCode}${pan}1Z` + gstinCheckChar(`${stateCode}${pan}1Z`);

/** A vendor with one shop in a state, one product, optional PAN and GSTIN, and a vendor commission rule. */
async function vendor(o: {
  businessName: string;
  state: string;
  pricePaise: number;
  hsnCode?: string;
  pan?: string;
  gstinState?: string;
  commissionBp: number;
}) {
  const category = await createCategory(t.db);
  const v = await createVendorUser(t.db, { businessName: o.businessName });
  const shop = await createShop(t.db, v.userId, { shopName: `${o.businessName} Shop`, state: o.state });
  const product = await createProduct(t.db, {
    storeId: shop.id,
    categoryId: category.id,
    pricePaise: o.pricePaise,
    stockQuantity: 50,
    hsnCode: o.hsnCode ?? null,
  });
  if (o.pan) await addPan(v.userId, o.pan, o.gstinState ? gstinFor(o.gstinState, o.pan) : null);
  await t.db
    .insert(commissionRules)
    .values({ scope: 'vendor', vendorUserId: v.userId, rateBp: o.commissionBp, effectiveFrom: '2025-01-01' });
  return { userId: v.userId, productId: product.id, client: await signIn(v.email) };
}
const addPan = (vendorUserId: string, pan: string, gstin: string | null = null) =>
  t.db.insert(vendorPayoutDetails).values({ vendorUserId, method: 'upi', upiId: 'shop@okaxis', pan, gstin });

const report = async <T>(kind: string, month?: string): Promise<T> => {
  const res = await admin.get(`/api/admin/reports/${kind}${month ? `?month=${month}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const csvLines = async (path: string) => {
  const res = await admin.get(path);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  return res.body
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');
};

describe('monthly tax reports', () => {
  it("adds this month's invoices and takes off its credit notes: TCS per GSTIN, TDS per vendor and rate, commission per vendor, totals and CSV", async () => {
    const month = currentIndiaMonth();
    const shopper: Shopper = await newShopper(t); // Pune, Maharashtra
    const weavers = await vendor({
      businessName: 'Handloom Weavers LLP',
      state: 'Maharashtra',
      pricePaise: 60_000,
      hsnCode: '6204',
      pan: 'ABCPH1234F',
      gstinState: '27',
      commissionBp: 1000,
    });
    const crafts = await vendor({
      businessName: 'Pune Crafts',
      state: 'Maharashtra',
      pricePaise: 45_000,
      commissionBp: 800,
    });

    await ship(
      weavers.client,
      await partOf(await placeOrder(shopper, [{ productId: weavers.productId, quantity: 2 }])),
    );
    // Shipped and cancelled in the same month: its invoice and credit note net to zero.
    const cancelled = await partOf(await placeOrder(shopper, [{ productId: weavers.productId, quantity: 1 }]));
    await ship(weavers.client, cancelled);
    await cancelAsAdmin(cancelled);
    // Pune Crafts sells once without a PAN (5 %), then gives its PAN and sells again (0.1 %).
    await ship(crafts.client, await partOf(await placeOrder(shopper, [{ productId: crafts.productId }])));
    await addPan(crafts.userId, 'ABCPK9876Q');
    await ship(crafts.client, await partOf(await placeOrder(shopper, [{ productId: crafts.productId }])));

    const tcs = await report<TcsReport>('tcs', month);
    // Only the vendor with a GSTIN; gross 114 286 + 57 143, returned 57 143, net 114 286.
    const weaversGstin = gstinFor('27', 'ABCPH1234F');
    const tcsRow = {
      grossPaise: 171_429,
      returnedPaise: 57_143,
      netPaise: 114_286,
      tcsIgstPaise: 0,
      tcsCgstPaise: 286,
      tcsSgstPaise: 285,
    };
    expect(tcs.suppliers).toEqual([
      {
        vendorUserId: weavers.userId,
        vendorName: 'Handloom Weavers LLP',
        gstin: weaversGstin,
        supplierState: 'Maharashtra',
        placeOfSupplyState: 'Maharashtra',
        ...tcsRow,
      },
    ]);
    expect(tcs.byStateAndRate).toEqual([
      {
        placeOfSupplyState: 'Maharashtra',
        tcsBp: 50,
        netPaise: 114_286,
        tcsIgstPaise: 0,
        tcsCgstPaise: 286,
        tcsSgstPaise: 285,
      },
    ]);
    expect(tcs.totals).toEqual(tcsRow);

    const tds = await report<TdsReport>('tds', month);
    expect(tds.rows.map(({ vendorUserId: _id, ...r }) => r)).toEqual([
      // 114 + 57 - 57 on the taxable values 114 286 + 57 143 - 57 143.
      {
        line: 'sales',
        vendorName: 'Handloom Weavers LLP',
        pan: 'ABCPH1234F',
        tdsBp: 10,
        tdsOn: 'taxable',
        grossPaise: 171_429,
        returnedPaise: 57_143,
        netPaise: 114_286,
        tdsPaise: 114,
      },
      {
        line: 'sales',
        vendorName: 'Pune Crafts',
        pan: 'ABCPK9876Q',
        tdsBp: 10,
        tdsOn: 'gross',
        grossPaise: 45_000,
        returnedPaise: 0,
        netPaise: 45_000,
        tdsPaise: 45,
      },
      {
        line: 'sales',
        vendorName: 'Pune Crafts',
        pan: null,
        tdsBp: 500,
        tdsOn: 'gross',
        grossPaise: 45_000,
        returnedPaise: 0,
        netPaise: 45_000,
        tdsPaise: 2_250,
      },
    ]);
    expect(tds.totals).toEqual({ grossPaise: 261_429, returnedPaise: 57_143, netPaise: 204_286, tdsPaise: 2_409 });

    const commission = await report<CommissionReport>('commission', month);
    expect(commission.rows.map(({ vendorUserId: _id, ...r }) => r)).toEqual([
      {
        vendorName: 'Handloom Weavers LLP',
        grossPaise: 180_000,
        returnedPaise: 60_000,
        netPaise: 120_000,
        commissionPaise: 12_000,
        effectiveRateBp: 1000,
      },
      {
        vendorName: 'Pune Crafts',
        grossPaise: 90_000,
        returnedPaise: 0,
        netPaise: 90_000,
        commissionPaise: 7_200,
        effectiveRateBp: 800,
      },
    ]);
    // 19 200 / 210 000 = 9.1428 % -> 914 basis points.
    expect(commission.totals).toEqual({
      grossPaise: 270_000,
      returnedPaise: 60_000,
      netPaise: 210_000,
      commissionPaise: 19_200,
      effectiveRateBp: 914,
    });

    // No month given: this month in India.
    expect((await report<TdsReport>('tds')).totals).toEqual(tds.totals);

    expect(await csvLines(`/api/admin/reports/tcs/export?month=${month}`)).toEqual([
      'supplier_gstin,vendor,supplier_state,place_of_supply,gross_value_rupees,supplies_returned_rupees,net_taxable_value_rupees,tcs_igst_rupees,tcs_cgst_rupees,tcs_sgst_rupees',
      `${weaversGstin},Handloom Weavers LLP,Maharashtra,Maharashtra,1714.29,571.43,1142.86,0.00,2.86,2.85`,
      'Total,,,,1714.29,571.43,1142.86,0.00,2.86,2.85',
    ]);
    expect(await csvLines(`/api/admin/reports/tcs/states/export?month=${month}`)).toEqual([
      'place_of_supply,tcs_rate_percent,net_taxable_value_rupees,tcs_igst_rupees,tcs_cgst_rupees,tcs_sgst_rupees',
      'Maharashtra,0.5,1142.86,0.00,2.86,2.85',
      'Total,,1142.86,0.00,2.86,2.85',
    ]);
    expect(await csvLines(`/api/admin/reports/tds/export?month=${month}`)).toEqual([
      'vendor,line,pan,tds_rate_percent,tds_on,amount_rupees,returned_rupees,net_amount_rupees,tds_rupees',
      'Handloom Weavers LLP,Sales,ABCPH1234F,0.1,taxable value,1714.29,571.43,1142.86,1.14',
      'Pune Crafts,Sales,ABCPK9876Q,0.1,gross amount,450.00,0.00,450.00,0.45',
      'Pune Crafts,Sales,No PAN,5,gross amount,450.00,0.00,450.00,22.50',
      'Total,,,,,2614.29,571.43,2042.86,24.09',
    ]);
    const commissionCsv = await csvLines(`/api/admin/reports/commission/export?month=${month}`);
    expect(commissionCsv.at(-1)).toBe('Total,2700.00,600.00,2100.00,192.00,9.14');
  });

  it('counts a document in the month of its India date: an earlier invoice is not in this month, its credit note a month later subtracts there', async () => {
    const shopper = await newShopper(t);
    // Jaipur to Pune: inter-state, IGST. ₹1,000 at 5 %: taxable 95 238; TCS 0.5 % = 476.19 -> 476 IGST; TDS 0.1 % of 95 238 = 95; no commission.
    const jaipur = await vendor({
      businessName: 'Jaipur Block Prints',
      state: 'Rajasthan',
      pricePaise: 100_000,
      hsnCode: '6204',
      pan: 'ABCPJ4321K',
      gstinState: '08',
      commissionBp: 0,
    });
    const partId = await partOf(await placeOrder(shopper, [{ productId: jaipur.productId }]));
    // 30 September 19:00 UTC is 1 October 00:30 in India: an October invoice; its credit note in November.
    await t.db.transaction((tx) =>
      issuePartInvoice(tx, { orderPartId: partId, now: new Date('2025-09-30T19:00:00Z') }),
    );
    await t.db.transaction((tx) =>
      issuePartCreditNote(tx, {
        orderPartId: partId,
        reason: 'Cancelled by the customer',
        now: new Date('2025-11-03T06:00:00Z'),
      }),
    );

    const row = {
      vendorUserId: jaipur.userId,
      vendorName: 'Jaipur Block Prints',
      gstin: gstinFor('08', 'ABCPJ4321K'),
      supplierState: 'Rajasthan',
      placeOfSupplyState: 'Maharashtra',
    };
    expect((await report<TcsReport>('tcs', '2025-09')).suppliers).toEqual([]);
    const october = await report<TcsReport>('tcs', '2025-10');
    expect(october.suppliers).toEqual([
      {
        ...row,
        grossPaise: 95_238,
        returnedPaise: 0,
        netPaise: 95_238,
        tcsIgstPaise: 476,
        tcsCgstPaise: 0,
        tcsSgstPaise: 0,
      },
    ]);
    const november = await report<TcsReport>('tcs', '2025-11');
    expect(november.suppliers).toEqual([
      {
        ...row,
        grossPaise: 0,
        returnedPaise: 95_238,
        netPaise: -95_238,
        tcsIgstPaise: -476,
        tcsCgstPaise: 0,
        tcsSgstPaise: 0,
      },
    ]);
    expect(november.byStateAndRate).toEqual([
      {
        placeOfSupplyState: 'Maharashtra',
        tcsBp: 50,
        netPaise: -95_238,
        tcsIgstPaise: -476,
        tcsCgstPaise: 0,
        tcsSgstPaise: 0,
      },
    ]);
    expect((await report<TdsReport>('tds', '2025-11')).totals).toEqual({
      grossPaise: 0,
      returnedPaise: 95_238,
      netPaise: -95_238,
      tdsPaise: -95,
    });
    expect((await report<CommissionReport>('commission', '2025-10')).rows).toMatchObject([
      { vendorName: 'Jaipur Block Prints', netPaise: 100_000, commissionPaise: 0, effectiveRateBp: 0 },
    ]);
    expect((await report<CommissionReport>('commission', '2025-11')).rows).toMatchObject([
      { netPaise: -100_000, effectiveRateBp: null },
    ]);
    // Neither document is in this month's reports.
    for (const kind of ['tcs', 'tds', 'commission']) {
      expect(JSON.stringify(await report(kind))).not.toContain(jaipur.userId);
    }
    // A negative amount stays a number in the CSV (not a defused text).
    expect(await csvLines('/api/admin/reports/tds/export?month=2025-11')).toContain(
      'Jaipur Block Prints,Sales,ABCPJ4321K,0.1,taxable value,0.00,952.38,-952.38,-0.95',
    );
  });

  it('takes a return of 1 of 2 kurtas off at the figures of its credit note, which are those of invoicing one kurta', async () => {
    const shopper = await newShopper(t); // Pune, Maharashtra
    // Jaipur to Pune, IGST; 2 × ₹1,299 at 5 %, 10 % commission, a PAN and a GSTIN. The invoice: taxable 259 800 / 1.05 =
    // 247 428.57 -> 247 429, IGST 12 371; TCS 0.5 % = 1 237.145 -> 1 237; TDS 0.1 % of 247 429 = 247.
    // One kurta invoiced alone: taxable 129 900 / 1.05 = 123 714.29 -> 123 714 (₹1,237.14), IGST 6 186 (₹61.86);
    // TCS 618.57 -> 619; TDS 123.71 -> 124. A half of the invoice would have been ₹1,237.15 and ₹61.85.
    const house = await vendor({
      businessName: 'Jaipur Kurta House',
      state: 'Rajasthan',
      pricePaise: 129_900,
      hsnCode: '6204',
      pan: 'ABCPJ5678L',
      gstinState: '08',
      commissionBp: 1000,
    });
    const orderId = await placeOrder(shopper, [{ productId: house.productId, quantity: 2 }]);
    const partId = await partOf(orderId);
    const [item] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from order_items where order_part_id = ${partId}`,
    );
    await t.db.transaction((tx) =>
      issuePartInvoice(tx, { orderPartId: partId, now: new Date('2025-08-04T06:00:00Z') }),
    );
    const returned = await t.db.transaction((tx) =>
      settleReturnReceived(tx, {
        orderPartId: partId,
        returnId: crypto.randomUUID(),
        orderRef: 'TEST',
        reason: 'Wrong size or fit',
        now: new Date('2025-08-20T06:00:00Z'),
        lines: [
          {
            orderItemId: item.id,
            quantity: 2,
            returnedBefore: 0,
            returning: 1,
            description: 'Kurta',
            unitPricePaise: 129_900,
            vendorFundedPaise: 0,
          },
        ],
      }),
    );
    const [note] = await queryRows<{ taxable_paise: string; igst_paise: string; total_paise: string }>(
      t.db,
      sql`select taxable_paise, igst_paise, total_paise from tax_documents where id = ${returned.creditNote!.id}`,
    );
    expect({
      taxable: Number(note.taxable_paise),
      igst: Number(note.igst_paise),
      total: Number(note.total_paise),
    }).toEqual({ taxable: 123_714, igst: 6_186, total: 129_900 });

    const gstin = gstinFor('08', 'ABCPJ5678L');
    const tcs = await report<TcsReport>('tcs', '2025-08');
    expect(tcs.suppliers).toEqual([
      {
        vendorUserId: house.userId,
        vendorName: 'Jaipur Kurta House',
        gstin,
        supplierState: 'Rajasthan',
        placeOfSupplyState: 'Maharashtra',
        grossPaise: 247_429,
        returnedPaise: 123_714,
        netPaise: 123_715,
        tcsIgstPaise: 618,
        tcsCgstPaise: 0,
        tcsSgstPaise: 0,
      },
    ]);
    const tds = await report<TdsReport>('tds', '2025-08');
    expect(tds.rows).toEqual([
      {
        line: 'sales',
        vendorUserId: house.userId,
        vendorName: 'Jaipur Kurta House',
        pan: 'ABCPJ5678L',
        tdsBp: 10,
        tdsOn: 'taxable',
        grossPaise: 247_429,
        returnedPaise: 123_714,
        netPaise: 123_715,
        tdsPaise: 123,
      },
    ]);
    expect(await csvLines('/api/admin/reports/tcs/export?month=2025-08')).toContain(
      `${gstin},Jaipur Kurta House,Rajasthan,Maharashtra,2474.29,1237.14,1237.15,6.18,0.00,0.00`,
    );
    expect(await csvLines('/api/admin/reports/tds/export?month=2025-08')).toContain(
      'Jaipur Kurta House,Sales,ABCPJ5678L,0.1,taxable value,2474.29,1237.14,1237.15,1.23',
    );
  });

  it('answers an empty month with no rows and zero totals', async () => {
    const tcs = await report<TcsReport>('tcs', '2024-01');
    expect(tcs).toEqual({
      month: '2024-01',
      suppliers: [],
      byStateAndRate: [],
      totals: { grossPaise: 0, returnedPaise: 0, netPaise: 0, tcsIgstPaise: 0, tcsCgstPaise: 0, tcsSgstPaise: 0 },
    });
    expect(await report<CommissionReport>('commission', '2024-01')).toMatchObject({
      rows: [],
      totals: { commissionPaise: 0, effectiveRateBp: null },
    });
    expect(await csvLines('/api/admin/reports/tds/export?month=2024-01')).toEqual([
      'vendor,line,pan,tds_rate_percent,tds_on,amount_rupees,returned_rupees,net_amount_rupees,tds_rupees',
      'Total,,,,,0.00,0.00,0.00,0.00',
    ]);
  });

  it('refuses a month not written YYYY-MM, and anyone but the super admin', async () => {
    for (const month of ['2026-13', '2026-1', 'November', '2026-11-01']) {
      const res = await admin.get(`/api/admin/reports/tcs?month=${month}`);
      expect(res.statusCode, month).toBe(400);
      expect(res.json().error.message).toBe(taxReportMessages.badMonth);
    }
    expect((await admin.get('/api/admin/reports/tds/export?month=bad')).statusCode).toBe(400);
    const stranger = new TestClient(t.app, '10.124.200.1');
    for (const path of ['/api/admin/reports/tcs', '/api/admin/reports/tds/export', '/api/admin/reports/commission']) {
      expect((await stranger.get(path)).statusCode, path).toBe(401);
    }
    const shopper = await newShopper(t);
    expect((await shopper.client.get('/api/admin/reports/commission')).statusCode).toBe(401);
  });
});
