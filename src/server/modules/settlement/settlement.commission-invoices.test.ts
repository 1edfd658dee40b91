import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthInIndia, monthStartInIndia, nextMonth } from '../../../domain/commission-invoice';
import { gstinFor } from '../../../domain/india-ids';
import { signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createShop } from '../../test/catalog-factories';
import { customerInput, registerAndLogin, vendorInput } from '../../test/factories';
import { moneyInvariantViolations } from '../../test/invariants';
import { createSettledPart, recordSale, renderDocuments, type SettledPartInput } from '../../test/settlement-fixtures';
import {
  commissionOfMonth,
  issueCommissionDocuments,
  issueDueCommissionDocuments,
  listCommissionDocuments,
  saveHaatTaxIdentity,
} from './settlement.commission-invoices';
import { haatTaxIdentity } from './settlement.commission-invoices.tables';
import { vendorBalancesOf } from './settlement.ledger';
import { settleReturnReceived } from './settlement.returns';
import { orderItemSettlements, vendorLedger, vendorPayoutDetails } from './settlement.tables';

// Haat's own commission invoice: each month's commission of a vendor billed with 18 % GST from
// Haat's series, its GST debited from the vendor's payable balance, and a credit note for the
// commission that later returns give back. Figures worked out by hand.

let t: TestApp;
let ip = 0;
let customerUserId: string;
const newClient = () => new TestClient(t.app, `10.31.9.${++ip}`);
let adminClient: Promise<TestClient> | undefined;
/** The super admin, signed in once for the file (its two-factor set-up happens once). */
const superAdmin = () => (adminClient ??= signInSuperAdmin(t, '10.31.10.1').then((a) => a.client));
beforeAll(async () => {
  t = await buildTestApp();
  customerUserId = (await registerAndLogin(newClient(), customerInput())).id;
});
afterAll(() => t.close());

const HAAT = {
  legalName: 'Haat Marketplace Private Limited',
  address: '12 Linking Road, Bandra West, Mumbai, Maharashtra - 400050',
  state: 'Maharashtra',
  gstin: gstinFor('27', 'AABCH1234K'),
};

const thisMonth = monthInIndia(new Date());
const lastMonth = monthInIndia(new Date(monthStartInIndia(thisMonth).getTime() - 86_400_000));
/** Two hours into a month, when the month before it is billed. */
const earlyIn = (month: string) => new Date(monthStartInIndia(month).getTime() + 2 * 3600_000);
const midOf = (month: string) => new Date(monthStartInIndia(month).getTime() + 14 * 86_400_000);

async function newVendor(o: { state?: string; gstin?: string } = {}) {
  const client = newClient();
  const { id } = await registerAndLogin(client, vendorInput());
  const shop = await createShop(t.db, id, {
    shopName: 'Kolhapur Chappals',
    state: o.state ?? 'Maharashtra',
    city: 'Kolhapur',
    address: '4 Mahadwar Road',
    postalCode: '416012',
  });
  if (o.gstin)
    await t.db
      .insert(vendorPayoutDetails)
      .values({ vendorUserId: id, method: 'upi', upiId: 'kolhapur@okaxis', pan: o.gstin.slice(2, 12), gstin: o.gstin });
  return { id, storeId: shop.id, client };
}
type Vendor = Awaited<ReturnType<typeof newVendor>>;

/** A delivered part (invoiced) of ₹1,000 items at 10 % commission, credited to its vendor at `at`. */
async function soldAt(v: Vendor, at: Date | undefined, o: Partial<SettledPartInput> = {}) {
  const part = await createSettledPart(t.db, {
    customerUserId,
    vendorUserId: v.id,
    storeId: v.storeId,
    status: 'delivered',
    items: [{ unitPricePaise: 100_000 }],
    ...o,
  });
  await recordSale(t.db, part.orderPartId, at);
  return part;
}

/** Units of a part's first item received back: the vendor's net and the commission on them given back, with a credit note. */
async function returnUnits(partId: string, quantity: number, returning: number) {
  const [line] = await t.db.select().from(orderItemSettlements).where(eq(orderItemSettlements.orderPartId, partId));
  await t.db.transaction((tx) =>
    settleReturnReceived(tx, {
      orderPartId: partId,
      returnId: randomUUID(),
      orderRef: 'TEST',
      reason: 'Returned by the customer',
      lines: [
        {
          orderItemId: line.orderItemId,
          quantity,
          returnedBefore: 0,
          returning,
          description: 'Item',
          unitPricePaise: 100_000,
          vendorFundedPaise: 0,
        },
      ],
    }),
  );
}

const documentsOf = async (vendorUserId: string) =>
  (await listCommissionDocuments(t.db, vendorUserId)).sort(
    (a, b) => a.month.localeCompare(b.month) || a.kind.localeCompare(b.kind),
  );
const gstRowsOf = (vendorUserId: string) =>
  t.db
    .select({
      type: vendorLedger.entryType,
      payable: vendorLedger.payablePaise,
      pending: vendorLedger.pendingPaise,
      reference: vendorLedger.reference,
    })
    .from(vendorLedger)
    .where(and(eq(vendorLedger.vendorUserId, vendorUserId)))
    .then((rows) => rows.filter((r) => r.type.startsWith('commission_gst')));

describe("Haat's monthly commission invoice", () => {
  it("bills last month's commission with CGST + SGST within Haat's state, once, and debits the GST from the payable balance", async () => {
    await saveHaatTaxIdentity(t.db, HAAT);
    const v = await newVendor();
    // Last month: ₹1,000 and 2 x ₹1,000 at 10 % = ₹100 + ₹200 commission. This month's ₹1,000 waits for next month.
    await soldAt(v, midOf(lastMonth));
    await soldAt(v, midOf(lastMonth), { items: [{ unitPricePaise: 100_000, quantity: 2 }] });
    await soldAt(v, undefined);
    const before = await vendorBalancesOf(t.db, v.id);

    // The month is not over (nor its hour of grace): nothing yet.
    expect(await issueCommissionDocuments(t.db, { vendorUserId: v.id, month: thisMonth, now: new Date() })).toEqual([]);
    const issued = await issueCommissionDocuments(t.db, {
      vendorUserId: v.id,
      month: lastMonth,
      now: earlyIn(thisMonth),
    });
    // ₹300 commission; 18 % = ₹54 = ₹27 CGST + ₹27 SGST; total ₹354.
    expect(issued).toHaveLength(1);
    const [doc] = await documentsOf(v.id);
    expect(doc).toMatchObject({
      kind: 'invoice',
      month: lastMonth,
      sacCode: '998599',
      gstRateBp: 1800,
      placeOfSupplyState: 'Maharashtra',
      intraState: true,
      taxablePaise: 30_000,
      cgstPaise: 2_700,
      sgstPaise: 2_700,
      igstPaise: 0,
      totalPaise: 35_400,
    });
    expect(doc.number).toMatch(/^HC\/\d\d-\d\d\/\d{6}$/);
    expect(doc.parties).toEqual({
      supplier: { name: HAAT.legalName, address: HAAT.address, state: HAAT.state, gstin: HAAT.gstin },
      recipient: expect.objectContaining({
        address: '4 Mahadwar Road, Kolhapur, Maharashtra - 416012',
        state: 'Maharashtra',
        gstin: null,
      }),
    });
    expect(await gstRowsOf(v.id)).toEqual([
      { type: 'commission_gst', payable: -5_400, pending: 0, reference: `commission-gst:${doc.id}` },
    ]);
    expect(await vendorBalancesOf(t.db, v.id)).toEqual({ ...before, payablePaise: before.payablePaise - 5_400 });

    // Again, and by the job: still one invoice, one debit.
    expect(
      await issueCommissionDocuments(t.db, { vendorUserId: v.id, month: lastMonth, now: earlyIn(thisMonth) }),
    ).toEqual([]);
    await issueDueCommissionDocuments(t.db, { now: earlyIn(thisMonth) });
    expect(await documentsOf(v.id)).toHaveLength(1);
    expect(await gstRowsOf(v.id)).toHaveLength(1);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it("charges IGST to a vendor whose GSTIN is of another state, and prints the vendor's GSTIN", async () => {
    await saveHaatTaxIdentity(t.db, HAAT);
    const gstin = gstinFor('29', 'ABCPK1234F');
    // The shop is in Maharashtra, but the GSTIN (Karnataka) decides the place of supply.
    const v = await newVendor({ state: 'Maharashtra', gstin });
    await soldAt(v, midOf(lastMonth), { vendorGstin: gstin });
    await issueDueCommissionDocuments(t.db, { now: earlyIn(thisMonth) });
    const [doc] = await documentsOf(v.id);
    // ₹100 commission, ₹18 IGST.
    expect(doc).toMatchObject({
      kind: 'invoice',
      placeOfSupplyState: 'Karnataka',
      intraState: false,
      taxablePaise: 10_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 1_800,
      totalPaise: 11_800,
    });
    expect(doc.parties.recipient.gstin).toBe(gstin);
    expect(await gstRowsOf(v.id)).toEqual([expect.objectContaining({ payable: -1_800 })]);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it("nets a month's own returns in its invoice, and credits the commission returns give back on a month already billed", async () => {
    await saveHaatTaxIdentity(t.db, HAAT);
    const v = await newVendor();
    const earlier = await soldAt(v, midOf(lastMonth), { items: [{ unitPricePaise: 100_000, quantity: 2 }] });
    await issueCommissionDocuments(t.db, { vendorUserId: v.id, month: lastMonth, now: earlyIn(thisMonth) });
    // This month: one of last month's two units comes back (₹100 commission given back), and a sale of
    // 2 x ₹1,000 of this month (₹200) has one unit back too (₹100): this month's invoice is ₹100.
    await returnUnits(earlier.orderPartId, 2, 1);
    const current = await soldAt(v, undefined, { items: [{ unitPricePaise: 100_000, quantity: 2 }] });
    await returnUnits(current.orderPartId, 2, 1);
    expect(await commissionOfMonth(t.db, { vendorUserId: v.id, month: thisMonth })).toEqual({
      invoicePaise: 10_000,
      creditPaise: 10_000,
    });

    await issueDueCommissionDocuments(t.db, { now: earlyIn(nextMonth(thisMonth)) });
    const docs = await documentsOf(v.id);
    expect(docs.map((d) => [d.month, d.kind, d.taxablePaise, d.cgstPaise, d.sgstPaise, d.totalPaise])).toEqual([
      [lastMonth, 'invoice', 20_000, 1_800, 1_800, 23_600],
      [thisMonth, 'credit_note', 10_000, 900, 900, 11_800],
      [thisMonth, 'invoice', 10_000, 900, 900, 11_800],
    ]);
    expect(docs[1].number).toMatch(/^HCN\/\d\d-\d\d\/\d{6}$/);
    // The GST: ₹36 debited, ₹18 credited back, ₹18 debited.
    expect((await gstRowsOf(v.id)).map((r) => [r.type, r.payable]).sort()).toEqual([
      ['commission_gst', -1_800],
      ['commission_gst', -3_600],
      ['commission_gst_credit', 1_800],
    ]);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it("issues nothing while Haat's GST registration is not set, and catches up once it is", async () => {
    await t.db.delete(haatTaxIdentity);
    const v = await newVendor();
    await soldAt(v, midOf(lastMonth));
    expect(await issueDueCommissionDocuments(t.db, { now: earlyIn(thisMonth) })).toEqual({
      issued: [],
      notConfigured: true,
    });
    expect(
      await issueCommissionDocuments(t.db, { vendorUserId: v.id, month: lastMonth, now: earlyIn(thisMonth) }),
    ).toEqual([]);
    expect(await documentsOf(v.id)).toEqual([]);
    await saveHaatTaxIdentity(t.db, HAAT);
    const { issued } = await issueDueCommissionDocuments(t.db, { now: earlyIn(thisMonth) });
    expect(issued.filter((d) => d.taxablePaise === 10_000).length).toBeGreaterThanOrEqual(1);
    expect(await documentsOf(v.id)).toEqual([
      expect.objectContaining({ kind: 'invoice', taxablePaise: 10_000, totalPaise: 11_800 }),
    ]);
  });

  it('issues one invoice when two issuers settle the same month at once', async () => {
    await saveHaatTaxIdentity(t.db, HAAT);
    const v = await newVendor();
    await soldAt(v, midOf(lastMonth));
    const both = await Promise.all(
      [0, 1].map(() =>
        issueCommissionDocuments(t.db, { vendorUserId: v.id, month: lastMonth, now: earlyIn(thisMonth) }),
      ),
    );
    expect(both.flat()).toHaveLength(1);
    expect(await documentsOf(v.id)).toHaveLength(1);
    expect(await gstRowsOf(v.id)).toHaveLength(1);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});

describe("the vendor's commission invoices on its Earnings tab", () => {
  it('lists them with their GST and downloads each as a PDF; another vendor and a guest cannot', async () => {
    await saveHaatTaxIdentity(t.db, HAAT);
    const v = await newVendor();
    await soldAt(v, midOf(lastMonth), { items: [{ unitPricePaise: 100_000, quantity: 3 }] });
    await issueDueCommissionDocuments(t.db, { now: earlyIn(thisMonth) });

    const res = await v.client.get('/api/vendor/earnings/commission-invoices');
    expect(res.statusCode, res.body).toBe(200);
    // ₹300 commission, ₹54 GST, ₹354.
    const [doc] = res.json();
    expect(doc).toMatchObject({
      kind: 'invoice',
      month: lastMonth,
      taxablePaise: 30_000,
      gstPaise: 5_400,
      totalPaise: 35_400,
    });
    expect(doc.number).toMatch(/^HC\//);

    // Its PDF is rendered once by the document PDFs job: until then, 202.
    const preparing = await v.client.get(`/api/vendor/earnings/commission-invoices/${doc.id}.pdf`);
    expect(preparing.statusCode, preparing.body).toBe(202);
    expect(preparing.headers['retry-after']).toBeDefined();
    await renderDocuments(t);
    const pdf = await v.client.get(`/api/vendor/earnings/commission-invoices/${doc.id}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${doc.number.replaceAll('/', '-')}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const other = await newVendor();
    expect((await other.client.get('/api/vendor/earnings/commission-invoices')).json()).toEqual([]);
    const refused = await other.client.get(`/api/vendor/earnings/commission-invoices/${doc.id}.pdf`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe('Document not found');
    expect((await other.client.get('/api/vendor/earnings/commission-invoices/not-an-id.pdf')).statusCode).toBe(404);
    expect((await newClient().get('/api/vendor/earnings/commission-invoices')).statusCode).toBe(401);

    const admin = await superAdmin();
    const asAdmin = await admin.get(`/api/admin/commission-documents/${doc.id}.pdf`);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers['content-type']).toBe('application/pdf');
  });
});

describe("the admin's report of Haat's output GST on commission", () => {
  it("lists the month's commission invoices and credit notes (credit notes below zero) with totals, on screen and as CSV", async () => {
    await saveHaatTaxIdentity(t.db, HAAT);
    const v = await newVendor({ state: 'Karnataka' });
    const part = await soldAt(v, midOf(lastMonth), { items: [{ unitPricePaise: 100_000, quantity: 2 }] });
    await issueCommissionDocuments(t.db, { vendorUserId: v.id, month: lastMonth, now: earlyIn(thisMonth) });
    await returnUnits(part.orderPartId, 2, 1);
    await issueCommissionDocuments(t.db, { vendorUserId: v.id, month: thisMonth, now: earlyIn(nextMonth(thisMonth)) });
    const admin = await superAdmin();

    // Issued on the 1st of this month: the invoice for last month, ₹200 commission, ₹36 IGST (Karnataka, Haat in Maharashtra).
    const res = await admin.get(`/api/admin/reports/commission-gst?month=${thisMonth}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    const mine = report.rows.filter((r: { vendorUserId: string }) => r.vendorUserId === v.id);
    expect(mine).toEqual([
      expect.objectContaining({
        kind: 'invoice',
        month: lastMonth,
        placeOfSupplyState: 'Karnataka',
        gstin: null,
        taxablePaise: 20_000,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 3_600,
        totalPaise: 23_600,
      }),
    ]);
    const sum = (k: string) => report.rows.reduce((s: number, r: Record<string, number>) => s + r[k], 0);
    expect(report.totals).toMatchObject({
      taxablePaise: sum('taxablePaise'),
      igstPaise: sum('igstPaise'),
      totalPaise: sum('totalPaise'),
    });
    expect(report.notice).toBeNull();

    // Issued next month: the credit note for this month's return, ₹100 and ₹18 IGST given back.
    const next = (await admin.get(`/api/admin/reports/commission-gst?month=${nextMonth(thisMonth)}`)).json();
    expect(next.rows.filter((r: { vendorUserId: string }) => r.vendorUserId === v.id)).toEqual([
      expect.objectContaining({
        kind: 'credit_note',
        month: thisMonth,
        taxablePaise: -10_000,
        igstPaise: -1_800,
        totalPaise: -11_800,
      }),
    ]);

    const csv = await admin.get(`/api/admin/reports/commission-gst/export?month=${nextMonth(thisMonth)}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'document,number,issued_on,for_month,vendor,vendor_gstin,place_of_supply,taxable_value_rupees,cgst_rupees,sgst_rupees,igst_rupees,total_rupees',
    );
    expect(
      lines.some(
        (l) =>
          l.startsWith('Credit note,HCN/') &&
          l.endsWith(`,${thisMonth},${mine[0].vendorName},Unregistered,Karnataka,-100.00,0.00,0.00,-18.00,-118.00`),
      ),
    ).toBe(true);
    expect(lines.at(-1)).toMatch(/^Total,/);

    expect((await admin.get('/api/admin/reports/commission-gst?month=2026-13')).statusCode).toBe(400);
    expect((await newClient().get('/api/admin/reports/commission-gst')).statusCode).toBe(401);
  });
});
