import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EarningsStatementPage, EarningsStatementRow, VendorEarnings } from '../../../contracts/earnings.contract';
import { todayInIndia } from '../../../domain/age';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createShop } from '../../test/catalog-factories';
import { customerInput, registerAndLogin, vendorInput } from '../../test/factories';
import { createOrderWithPart, daysAgo } from '../../test/order-factories';
import {
  createSettledPart,
  recordPayout,
  recordRelease,
  recordReversal,
  recordSale,
  type SettledPartInput,
} from '../../test/settlement-fixtures';
import { recordCodCollected } from './settlement.ledger';

let t: TestApp;
let ip = 0;
const newClient = () => new TestClient(t.app, `10.22.7.${++ip}`);
let customerUserId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const customer = newClient();
  customerUserId = (await registerAndLogin(customer, customerInput())).id;
});
afterAll(() => t.close());

async function newVendor(shopName = 'Jaipur Handloom House') {
  const client = newClient();
  const { id } = await registerAndLogin(client, vendorInput());
  const shop = await createShop(t.db, id, { shopName });
  return { client, id, storeId: shop.id };
}
type Vendor = Awaited<ReturnType<typeof newVendor>>;

const part = (v: Vendor, o: Partial<SettledPartInput> = {}) =>
  createSettledPart(t.db, {
    customerUserId,
    vendorUserId: v.id,
    storeId: v.storeId,
    items: [{ unitPricePaise: 99_900 }],
    ...o,
  });

const earnings = async (client: TestClient, query = ''): Promise<VendorEarnings> => {
  const res = await client.get(`/api/vendor/earnings${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const statement = async (client: TestClient, query = ''): Promise<EarningsStatementPage> => {
  const res = await client.get(`/api/vendor/earnings/statement${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const rowOf = (page: EarningsStatementPage, partId: string): EarningsStatementRow => {
  const row = page.items.find((r) => r.partId === partId);
  if (!row) throw new Error(`no statement row for part ${partId}`);
  return row;
};

describe('who may see earnings', () => {
  it('answers 401 to a guest and 403 to a customer on every earnings address', async () => {
    const customer = newClient();
    await registerAndLogin(customer, customerInput());
    for (const url of ['/api/vendor/earnings', '/api/vendor/earnings/statement?page=1', '/api/vendor/earnings.csv']) {
      const guest = await newClient().get(url);
      expect(guest.statusCode, url).toBe(401);
      expect(guest.json().error.code).toBe('UNAUTHENTICATED');
      expect((await customer.get(url)).statusCode, url).toBe(403);
    }
  });

  it('answers 400 with a message for a bad month or page size', async () => {
    const v = await newVendor();
    const month = await v.client.get('/api/vendor/earnings/statement?month=2026-13');
    expect(month.statusCode).toBe(400);
    expect(month.json().error.fields.month).toBe('Month must be written YYYY-MM, e.g. 2026-11');
    expect((await v.client.get('/api/vendor/earnings.csv?month=november')).statusCode).toBe(400);
    expect((await v.client.get('/api/vendor/earnings?pageSize=101')).statusCode).toBe(400);
  });
});

describe('GET /api/vendor/earnings', () => {
  it('shows zeros, an empty statement and no payouts to a new vendor', async () => {
    const v = await newVendor();
    expect(await earnings(v.client)).toEqual({
      totals: { pendingPaise: 0, payablePaise: 0, paidPaise: 0 },
      statement: { items: [], total: 0, page: 1, pageSize: 20 },
      payouts: [],
      returnWindowDays: 7,
    });
  });

  it('shows every deduction of a part, worked out by hand: ₹999 at 18 % GST, 8.5 % commission, TDS 0.1 %, no TCS without a GSTIN', async () => {
    const v = await newVendor();
    const p = await part(v, { items: [{ unitPricePaise: 99_900, gstRateBp: 1800, commissionBp: 850 }] });
    const row = rowOf((await earnings(v.client)).statement, p.orderPartId);
    // Taxable 99900 x 100 / 118 = 84661.02 -> ₹846.61; GST ₹152.39; commission 8491.5 -> ₹84.92;
    // No GSTIN, so TDS on the price: 0.1 % of ₹999 = 99.9 paise -> ₹1.00; net 99900 - 8492 - 100 = ₹913.08.
    expect(row).toEqual({
      orderId: p.orderId,
      orderRef: `#${p.orderId.slice(0, 8).toUpperCase()}`,
      partId: p.orderPartId,
      shopName: 'Jaipur Handloom House',
      orderedAt: expect.any(String),
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
      tcsPaise: 0,
      tdsBp: 10,
      tdsOn: 'gross',
      tdsPaise: 100,
      vendorNetPaise: 91_308,
      cashCollectedPaise: null,
      returnedPaise: 0,
      tdsNotes: [],
    });
  });

  it('sums a part of several items, with TCS for a vendor with a GSTIN, TDS 5 % without a PAN, and a rate that differs between items as null', async () => {
    const v = await newVendor();
    const p = await part(v, {
      vendorGstin: '27ABCPK1234F1Z5',
      vendorPan: null,
      intraState: false,
      items: [
        { unitPricePaise: 99_900, gstRateBp: 1800, commissionBp: 850 },
        { unitPricePaise: 10_500, quantity: 2, gstRateBp: 500, commissionBp: 1000 },
      ],
    });
    const row = rowOf(await statement(v.client), p.orderPartId);
    // A GSTIN: TDS on the taxable value (CBDT Circular 20/2023, Q3).
    // Item 1: taxable 84661, GST 15239, commission 8492, TCS 0.5 % of 84661 = 423.3 -> 423, TDS 5 % of 84661 = 4233.05 -> 4233.
    // Item 2 (₹105 x 2 = ₹210 at 5 %): taxable 21000 x 100 / 105 = 20000, GST 1000, commission 2100,
    // TCS 100, TDS 5 % of 20000 = 1000. Nets: 99900 - 8492 - 423 - 4233 = 86752; 21000 - 2100 - 100 - 1000 = 17800.
    expect(row).toMatchObject({
      itemCount: 2,
      grossPaise: 120_900,
      taxablePaise: 104_661,
      gstPaise: 16_239,
      commissionBp: null,
      commissionPaise: 10_592,
      tcsBp: 50,
      tcsPaise: 523,
      tdsBp: 500,
      tdsOn: 'taxable',
      tdsPaise: 5_233,
      vendorNetPaise: 104_552,
    });
    expect(row.commissionPaise + row.tcsPaise + row.tdsPaise + row.vendorNetPaise).toBe(row.grossPaise);
    expect(row.taxablePaise + row.gstPaise).toBe(row.grossPaise);
  });

  it('makes a sale past its return window payable when the vendor opens Earnings, before the release job runs', async () => {
    const v = await newVendor();
    const due = await part(v, { status: 'delivered', deliveredAt: daysAgo(9), orderedAt: daysAgo(10) });
    await recordSale(t.db, due.orderPartId, daysAgo(9));
    const recent = await part(v, { status: 'delivered', deliveredAt: daysAgo(2), orderedAt: daysAgo(3) });
    await recordSale(t.db, recent.orderPartId, daysAgo(2));
    const e = await earnings(v.client);
    // The window is 7 days: delivered 9 days ago is payable, 2 days ago still pending.
    expect(e.totals).toEqual({ pendingPaise: recent.netPaise, payablePaise: due.netPaise, paidPaise: 0 });
    expect(rowOf(e.statement, due.orderPartId).status).toBe('payable');
    expect(rowOf(e.statement, recent.orderPartId).status).toBe('pending');
    // Opening it again releases nothing twice.
    expect((await earnings(v.client)).totals).toEqual(e.totals);
  });

  it('gives each part the status of its money, totals from the balances, and the payouts, newest first', async () => {
    const v = await newVendor();
    const notDelivered = await part(v, { orderedAt: daysAgo(1) });
    // Delivered at 01:30 on 21 Nov 2026 in India: pending until 28 Nov 2026 with the 7-day window.
    const deliveredAt = new Date('2026-11-20T20:00:00Z');
    const pending = await part(v, { status: 'delivered', deliveredAt, orderedAt: daysAgo(2) });
    await recordSale(t.db, pending.orderPartId);
    const payable = await part(v, {
      status: 'delivered',
      deliveredAt: daysAgo(20),
      orderedAt: daysAgo(25),
      items: [{ unitPricePaise: 200_000 }],
    });
    await recordSale(t.db, payable.orderPartId);
    await recordRelease(t.db, payable.orderPartId);
    const reversedPending = await part(v, { status: 'cancelled', deliveredAt: daysAgo(3), orderedAt: daysAgo(4) });
    await recordSale(t.db, reversedPending.orderPartId);
    await recordReversal(t.db, reversedPending.orderPartId);
    await recordPayout(t.db, {
      vendorUserId: v.id,
      amountPaise: 50_000,
      periodFrom: '2026-10-01',
      periodTo: '2026-10-31',
      method: 'upi',
      reference: '123456789012',
      paidAt: '2026-11-03',
      createdAt: new Date('2026-11-02T06:00:00Z'),
    });
    // Released and then refunded: the net comes back out of payable.
    const reversedPayable = await part(v, {
      status: 'delivered',
      deliveredAt: daysAgo(30),
      orderedAt: daysAgo(31),
      items: [{ unitPricePaise: 30_000 }],
    });
    await recordSale(t.db, reversedPayable.orderPartId);
    await recordRelease(t.db, reversedPayable.orderPartId);
    await recordReversal(t.db, reversedPayable.orderPartId);
    const open = await recordPayout(t.db, {
      vendorUserId: v.id,
      amountPaise: 10_000,
      periodFrom: '2026-11-01',
      periodTo: '2026-11-15',
      status: 'created',
      createdAt: new Date('2026-11-16T06:00:00Z'),
    });

    const e = await earnings(v.client);
    expect(e.totals).toEqual({
      pendingPaise: pending.netPaise,
      payablePaise: payable.netPaise - 50_000 - 10_000,
      paidPaise: 50_000,
    });
    expect(e.statement.total).toBe(5);
    expect(e.statement.items.map((r) => [r.partId, r.statusLabel])).toEqual([
      [notDelivered.orderPartId, 'Not delivered yet'],
      [pending.orderPartId, 'Pending until 28 Nov 2026'],
      [reversedPending.orderPartId, 'Reversed'],
      [payable.orderPartId, 'Payable'],
      [reversedPayable.orderPartId, 'Reversed'],
    ]);
    expect(rowOf(e.statement, pending.orderPartId)).toMatchObject({
      status: 'pending',
      pendingUntil: '2026-11-28',
      deliveredAt: deliveredAt.toISOString(),
    });
    expect(rowOf(e.statement, payable.orderPartId)).toMatchObject({
      status: 'payable',
      pendingUntil: null,
      grossPaise: 200_000,
    });
    expect(e.payouts).toEqual([
      {
        id: open,
        createdAt: '2026-11-16T06:00:00.000Z',
        paidAt: null,
        periodFrom: '2026-11-01',
        periodTo: '2026-11-15',
        amountPaise: 10_000,
        method: 'bank',
        reference: null,
        status: 'created',
      },
      {
        id: expect.any(String),
        createdAt: '2026-11-02T06:00:00.000Z',
        paidAt: '2026-11-03',
        periodFrom: '2026-10-01',
        periodTo: '2026-10-31',
        amountPaise: 50_000,
        method: 'upi',
        reference: '123456789012',
        status: 'paid',
      },
    ]);
  });

  it('shows the cash a shop collected on delivery on its part, deducted from payable (below zero until the sale is released)', async () => {
    const v = await newVendor();
    const p = await part(v, {
      status: 'delivered',
      deliveredAt: daysAgo(1),
      items: [{ unitPricePaise: 99_900, commissionBp: 850 }],
    });
    await recordSale(t.db, p.orderPartId);
    // ₹999 and ₹99 of delivery, collected in cash at the door.
    await t.db.transaction((tx) =>
      recordCodCollected(tx, { orderPartId: p.orderPartId, vendorUserId: v.id, cashPaise: 109_800, orderRef: 'test' }),
    );
    const prepaid = await part(v, { status: 'delivered', deliveredAt: daysAgo(1) });
    await recordSale(t.db, prepaid.orderPartId);

    const e = await earnings(v.client);
    expect(rowOf(e.statement, p.orderPartId)).toMatchObject({
      status: 'pending',
      vendorNetPaise: 91_308,
      cashCollectedPaise: 109_800,
    });
    expect(rowOf(e.statement, prepaid.orderPartId).cashCollectedPaise).toBeNull();
    expect(e.totals).toEqual({ pendingPaise: 91_308 + prepaid.netPaise, payablePaise: -109_800, paidPaise: 0 });
    const csv = (await v.client.get('/api/vendor/earnings.csv')).body;
    expect(csv).toMatch(new RegExp(`${p.orderPartId},.*,913\\.08,1098\\.00,0\\.00,0\\.00,0\\.00\r\n`));
  });

  it("shows a vendor only the parts of its own shops, never another vendor's, even in a shared order", async () => {
    const a = await newVendor('Jaipur Brassware');
    const b = await newVendor('Kolkata Books');
    const ofA = await part(a, { status: 'delivered', deliveredAt: daysAgo(1) });
    await recordSale(t.db, ofA.orderPartId);
    const ofB = await part(b, { orderId: ofA.orderId, items: [{ unitPricePaise: 5_000 }] });
    await recordPayout(t.db, {
      vendorUserId: a.id,
      amountPaise: 1_000,
      periodFrom: '2026-10-01',
      periodTo: '2026-10-31',
    });

    const seenByA = await earnings(a.client);
    const seenByB = await earnings(b.client);
    expect(seenByA.statement.items.map((r) => r.partId)).toEqual([ofA.orderPartId]);
    expect(seenByB.statement.items.map((r) => r.partId)).toEqual([ofB.orderPartId]);
    expect(seenByB.statement.items[0]).toMatchObject({
      orderId: ofA.orderId,
      shopName: 'Kolkata Books',
      grossPaise: 5_000,
    });
    expect(seenByB.totals).toEqual({ pendingPaise: 0, payablePaise: 0, paidPaise: 0 });
    expect(seenByB.payouts).toEqual([]);
    expect(seenByA.payouts).toHaveLength(1);
    const csvOfB = (await b.client.get('/api/vendor/earnings.csv')).body;
    expect(csvOfB).toContain(ofB.orderPartId);
    expect(csvOfB).not.toContain(ofA.orderPartId);
    expect(csvOfB).not.toContain('Jaipur Brassware');
  });
});

describe('GET /api/vendor/earnings/statement', () => {
  it('pages the statement on the server, newest order first, and keeps one month of orders (India time)', async () => {
    const v = await newVendor();
    const parts = [];
    for (let i = 0; i < 5; i++) parts.push(await part(v, { orderedAt: new Date(Date.UTC(2026, 11, 20 - i, 6)) }));
    // 01:30 on 1 Nov 2026 in India is November there, though still 31 October in UTC.
    const november = await part(v, { orderedAt: new Date('2026-10-31T20:00:00Z') });
    const october = await part(v, { orderedAt: new Date('2026-10-31T18:00:00Z') });
    const newestFirst = [...parts.map((p) => p.orderPartId), november.orderPartId, october.orderPartId];

    const first = await statement(v.client, '?pageSize=3');
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    expect(first.items.map((r) => r.partId)).toEqual(newestFirst.slice(0, 3));
    expect((await statement(v.client, '?pageSize=3&page=3')).items.map((r) => r.partId)).toEqual(newestFirst.slice(6));
    expect((await statement(v.client, '?pageSize=3&page=4')).items).toEqual([]);
    expect((await earnings(v.client, '?pageSize=3&page=2')).statement.items.map((r) => r.partId)).toEqual(
      newestFirst.slice(3, 6),
    );

    const inNovember = await statement(v.client, '?month=2026-11');
    expect(inNovember.items.map((r) => r.partId)).toEqual([november.orderPartId]);
    expect(inNovember.total).toBe(1);
    expect((await statement(v.client, '?month=2026-10')).items.map((r) => r.partId)).toEqual([october.orderPartId]);
    expect((await statement(v.client, '?month=2020-01')).total).toBe(0);
  });

  it('leaves out parts with no settlement lines', async () => {
    const v = await newVendor();
    await createOrderWithPart(t.db, { customerUserId, storeId: v.storeId });
    expect((await statement(v.client)).total).toBe(0);
  });
});

describe('GET /api/vendor/earnings.csv', () => {
  it('downloads the statement as CSV with a header, amounts in rupees and the India date in the file name', async () => {
    const v = await newVendor('Pune, "Fine" Cottons');
    const delivered = await part(v, {
      status: 'delivered',
      deliveredAt: new Date('2026-11-20T20:00:00Z'),
      orderedAt: new Date('2026-11-18T05:00:00Z'),
      items: [{ unitPricePaise: 99_900, commissionBp: 850 }],
    });
    await recordSale(t.db, delivered.orderPartId);
    await part(v, { orderedAt: new Date('2026-10-05T05:00:00Z'), items: [{ unitPricePaise: 10_000, gstRateBp: 500 }] });

    const res = await v.client.get('/api/vendor/earnings.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="haat-earnings-all-${todayInIndia()}.csv"`);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      [
        'order,part_id,shop,order_date,delivered_date,status,items,gross_rupees,taxable_rupees,gst_rupees',
        'commission_rate,commission_rupees,tcs_rate,tcs_rupees,tds_rate,tds_rupees,vendor_net_rupees',
        'cash_collected_rupees,returned_rupees,tds_returns_rupees,your_promotion_discount_rupees',
      ].join(','),
    );
    expect(lines).toHaveLength(3);
    const ref = `#${delivered.orderId.slice(0, 8).toUpperCase()}`;
    expect(lines[1]).toBe(
      `${ref},${delivered.orderPartId},"Pune, ""Fine"" Cottons",2026-11-18,2026-11-21,Pending until 28 Nov 2026,` +
        '1,999.00,846.61,152.39,8.5%,84.92,0.5%,0.00,0.1%,1.00,913.08,,0.00,0.00,0.00',
    );
    // ₹100 at 5 %: taxable 95.24, GST 4.76; 10 % commission ₹10.00; TDS ₹0.10; net ₹89.90.
    expect(lines[2]).toMatch(
      /,2026-10-05,,Not delivered yet,1,100\.00,95\.24,4\.76,10%,10\.00,0\.5%,0\.00,0\.1%,0\.10,89\.90,,(0\.00,?){3}$/,
    );

    const october = await v.client.get('/api/vendor/earnings.csv?month=2026-10');
    expect(october.headers['content-disposition']).toBe(
      `attachment; filename="haat-earnings-2026-10-${todayInIndia()}.csv"`,
    );
    expect(october.body.trimEnd().split('\r\n')).toHaveLength(2);
  });
});
