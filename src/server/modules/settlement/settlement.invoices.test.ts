import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinFor } from '../../../domain/india-ids';
import { financialYearOf } from '../../../domain/tax-documents';
import { todayInIndia } from '../../../domain/age';
import { queryRows } from '../../platform/db';
import { buildTestApp, type TestApp } from '../../test/app';
import { signInFromOwnAddress } from '../../test/factories';
import { moveAsVendor, newShopper, onlyPartOf, placeOrder } from '../../test/checkout-fixtures';
import { refusal } from '../../test/db';
import { moneyInvariantViolations } from '../../test/invariants';
import { kurtaShopInMaharashtra, renderDocuments } from '../../test/settlement-fixtures';
import { freshCode, signInSuperAdmin } from '../../test/admin';
import { documentsOfPart, issuePartInvoice } from '.';
import { orderItemSettlements, taxDocumentLines, taxDocuments } from './settlement.tables';

// A part's GST tax invoice is issued when it ships, numbered from its vendor's
// own gap-free series per financial year; a cancel after that issues a credit note.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signIn = signInFromOwnAddress(() => t, '10.123');

// One super admin session for the whole file, signed in by whichever test needs it first.
let adminSession: ReturnType<typeof signInSuperAdmin> | undefined;
const superAdmin = () => (adminSession ??= signInSuperAdmin(t, '10.123.250.1'));

const partIdOf = (orderId: string) => onlyPartOf(t, orderId);
const fy = financialYearOf(todayInIndia()).slice(2);

/** A vendor in Maharashtra with a GSTIN selling a ₹600 kurta at 5 %, and a shopper in Pune. */
async function setup() {
  const { vendor: v, kurta } = await kurtaShopInMaharashtra(t.db, {
    businessName: 'Handloom Weavers LLP',
    shopName: 'Pune Handlooms',
    upiId: 'pune@okaxis',
    pan: 'ABCPH1234F',
    gstin: gstinFor('27', 'ABCPH1234F'),
  });
  return { v, kurta, vendor: await signIn(v.email), shopper: await newShopper(t) };
}

describe('tax invoices and credit notes', () => {
  it('issues the invoice when the part ships, numbered 1, 2… per vendor, with the placed figures, once', async () => {
    const s = await setup();
    const first = await partIdOf(await placeOrder(s.shopper, [{ productId: s.kurta.id, quantity: 2 }]));
    const second = await partIdOf(await placeOrder(s.shopper, [{ productId: s.kurta.id, quantity: 1 }]));
    await moveAsVendor(s.vendor, first, ['confirmed', 'processing']);
    expect(await documentsOfPart(t.db, first)).toEqual([]);

    await moveAsVendor(s.vendor, second, ['confirmed', 'processing', 'shipped']);
    await moveAsVendor(s.vendor, first, ['shipped', 'delivered']);
    const [inv2] = await documentsOfPart(t.db, second);
    const [inv1, ...more] = await documentsOfPart(t.db, first);
    expect(more).toEqual([]); // delivered after shipping: still one invoice
    expect(inv2.number).toBe(`INV/${fy}/000001`);
    expect(inv1.number).toBe(`INV/${fy}/000002`);

    const [doc] = await t.db.select().from(taxDocuments).where(eq(taxDocuments.id, inv1.id));
    // 2 × ₹600 at 5 % within Maharashtra: taxable 114286, CGST 2857 + SGST 2857 (as placed).
    expect(doc).toMatchObject({
      kind: 'invoice',
      intraState: true,
      placeOfSupplyState: 'Maharashtra',
      taxablePaise: 114286,
      cgstPaise: 2857,
      sgstPaise: 2857,
      igstPaise: 0,
      totalPaise: 120000,
    });
    expect(doc.parties.seller).toMatchObject({
      name: 'Handloom Weavers LLP (Pune Handlooms)',
      gstin: expect.stringMatching(/^27ABCPH1234F1Z/),
    });
    expect(doc.parties.buyer.deliveryAddress).toBe('12 MG Road, Pune, Maharashtra - 411001');
    const lines = await t.db.select().from(taxDocumentLines).where(eq(taxDocumentLines.documentId, inv1.id));
    expect(lines).toMatchObject([
      {
        description: 'Block Print Kurta',
        hsnCode: '6204',
        quantity: 2,
        unitPricePaise: 60000,
        gstRateBp: 500,
        grossPaise: 120000,
      },
    ]);

    // Issuing again answers the same invoice and takes no number.
    const again = await t.db.transaction((tx) => issuePartInvoice(tx, { orderPartId: first }));
    expect(again?.id).toBe(inv1.id);
    // An issue rolled back gives its number back: the series stays gap-free.
    const third = await partIdOf(await placeOrder(s.shopper, [{ productId: s.kurta.id, quantity: 1 }]));
    await t.db
      .transaction(async (tx) => {
        await issuePartInvoice(tx, { orderPartId: third });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await moveAsVendor(s.vendor, third, ['confirmed', 'processing', 'shipped']);
    expect((await documentsOfPart(t.db, third))[0].number).toBe(`INV/${fy}/000003`);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('issues a credit note when the super admin cancels a shipped part, and none for a part cancelled before shipping', async () => {
    const s = await setup();
    const shipped = await partIdOf(await placeOrder(s.shopper, [{ productId: s.kurta.id, quantity: 1 }]));
    const unshipped = await partIdOf(await placeOrder(s.shopper, [{ productId: s.kurta.id, quantity: 1 }]));
    await moveAsVendor(s.vendor, shipped, ['confirmed', 'processing', 'shipped']);
    const admin = await superAdmin();
    for (const partId of [shipped, unshipped]) {
      const [{ order_id: orderId }] = await queryRows<{ order_id: string }>(
        t.db,
        sql`select order_id from order_parts where id = ${partId}`,
      );
      const res = await admin.client.post(`/api/admin/orders/${orderId}/status`, {
        status: 'cancelled',
        partId,
        code: await freshCode(t, admin.secret),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await documentsOfPart(t.db, unshipped)).toEqual([]);
    const [invoice, credit] = await documentsOfPart(t.db, shipped);
    expect(invoice.kind).toBe('invoice');
    expect(credit).toMatchObject({ kind: 'credit_note', number: `CN/${fy}/000001` });
    const [cn] = await t.db.select().from(taxDocuments).where(eq(taxDocuments.id, credit.id));
    expect(cn).toMatchObject({
      invoiceId: invoice.id,
      taxablePaise: 57143,
      cgstPaise: 1429,
      sgstPaise: 1428,
      totalPaise: 60000,
    });
    expect(cn.reason).toMatch(/cancelled/);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('gives a vendor without a GSTIN lines without GST and bills of supply from its own series, and credit notes without GST (rule 49)', async () => {
    const { vendor: v, kurta } = await kurtaShopInMaharashtra(t.db, {
      businessName: 'Pune Crafts',
      shopName: 'Pune Crafts',
      upiId: 'crafts@okaxis',
      pan: 'ABCPC1234F',
      enrolmentNumber: '27ABCPC1234F1E5',
    });
    const vendor = await signIn(v.email);
    const shopper = await newShopper(t);
    const orderId = await placeOrder(shopper, [{ productId: kurta.id, quantity: 2 }]);
    const partId = await partIdOf(orderId);
    // The HSN code's 5 % is not charged: ₹1,200 is the whole value; TDS 0.1 % of ₹1,200 = ₹1.20.
    const [line] = await t.db.select().from(orderItemSettlements).where(eq(orderItemSettlements.orderPartId, partId));
    expect(line).toMatchObject({
      hsnCode: '6204',
      gstRateBp: 0,
      grossPaise: 120000,
      taxablePaise: 120000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      tcsBp: 0,
      tdsPaise: 120,
      vendorGstin: null,
    });

    await moveAsVendor(vendor, partId, ['confirmed', 'processing', 'shipped']);
    const [bill] = await documentsOfPart(t.db, partId);
    expect(bill).toMatchObject({ kind: 'bill_of_supply', number: `BOS/${fy}/000001` });
    const [doc] = await t.db.select().from(taxDocuments).where(eq(taxDocuments.id, bill.id));
    expect(doc).toMatchObject({ taxablePaise: 120000, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 120000 });
    expect(doc.parties.seller).toMatchObject({ gstin: null, pan: 'ABCPC1234F', enrolmentNumber: '27ABCPC1234F1E5' });
    await renderDocuments(t);
    const pdf = await shopper.client.get(`/api/orders/${orderId}/documents/${bill.id}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(`BOS-${fy}-000001.pdf`);

    const admin = await superAdmin();
    const res = await admin.client.post(`/api/admin/orders/${orderId}/status`, {
      status: 'cancelled',
      partId,
      code: await freshCode(t, admin.secret),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [, credit] = await documentsOfPart(t.db, partId);
    expect(credit).toMatchObject({ kind: 'credit_note', number: `CN/${fy}/000001` });
    const [cn] = await t.db.select().from(taxDocuments).where(eq(taxDocuments.id, credit.id));
    expect(cn).toMatchObject({
      invoiceId: bill.id,
      taxablePaise: 120000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      totalPaise: 120000,
    });
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('refuses to change or remove an issued document', async () => {
    const s = await setup();
    const partId = await partIdOf(await placeOrder(s.shopper, [{ productId: s.kurta.id, quantity: 1 }]));
    await moveAsVendor(s.vendor, partId, ['confirmed', 'processing', 'shipped']);
    const [inv] = await documentsOfPart(t.db, partId);
    expect(await refusal(t.db.update(taxDocuments).set({ totalPaise: 1 }).where(eq(taxDocuments.id, inv.id)))).toMatch(
      /written once/,
    );
    expect(await refusal(t.db.delete(taxDocumentLines).where(eq(taxDocumentLines.documentId, inv.id)))).toMatch(
      /written once/,
    );
  });
});
