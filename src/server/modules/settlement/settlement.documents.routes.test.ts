import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInIndia } from '../../../domain/age';
import { gstinFor } from '../../../domain/india-ids';
import { financialYearOf } from '../../../domain/tax-documents';
import { queryRows } from '../../platform/db';
import { freshCode, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { signInFromOwnAddress } from '../../test/factories';
import { createVendorUser } from '../../test/catalog-factories';
import { moveAsVendor, newShopper, onlyPartOf, placeOrder } from '../../test/checkout-fixtures';
import { refusal } from '../../test/db';
import { kurtaShopInMaharashtra, renderDocuments } from '../../test/settlement-fixtures';

// Who downloads which tax invoice. The order's customer, the part's vendor and
// the super admin get the PDF; anyone else is told it does not exist.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signIn = signInFromOwnAddress(() => t, '10.124');

const partIdOf = (orderId: string) => onlyPartOf(t, orderId);
const fy = financialYearOf(todayInIndia()).slice(2);

/** A vendor with a GSTIN (so its documents are tax invoices) selling a ₹600 kurta, its shopper with one order (not shipped yet), and a second vendor. */
async function setup() {
  const { vendor: v, kurta } = await kurtaShopInMaharashtra(t.db, {
    shopName: 'Pune Handlooms',
    upiId: 'pune@okaxis',
    pan: 'ABCPH1234F',
    gstin: gstinFor('27', 'ABCPH1234F'),
  });
  const other = await createVendorUser(t.db);
  const shopper = await newShopper(t);
  const orderId = await placeOrder(shopper, [{ productId: kurta.id, quantity: 2 }]);
  return {
    vendor: await signIn(v.email),
    otherVendor: await signIn(other.email),
    shopper,
    otherShopper: await newShopper(t),
    orderId,
    partId: await partIdOf(orderId),
  };
}

// The super admin signs in once per file (two-factor is set up at the first sign-in).
let adminSession: ReturnType<typeof signInSuperAdmin> | undefined;
const superAdmin = () => (adminSession ??= signInSuperAdmin(t, '10.124.250.1'));

const isPdf = (res: { rawPayload: Buffer }) => res.rawPayload.subarray(0, 5).toString('latin1') === '%PDF-';

describe('tax document downloads', () => {
  it('lists nothing before the part ships, then the invoice, downloadable by its customer, its vendor and the super admin only', async () => {
    const s = await setup();
    expect((await s.shopper.client.get(`/api/orders/${s.orderId}/documents`)).json()).toEqual([]);
    expect((await s.vendor.get(`/api/vendor/orders/parts/${s.partId}/documents`)).json()).toEqual([]);

    await moveAsVendor(s.vendor, s.partId, ['confirmed', 'processing', 'shipped']);
    const list = await s.shopper.client.get(`/api/orders/${s.orderId}/documents`);
    expect(list.statusCode, list.body).toBe(200);
    const [invoice, ...more] = list.json();
    expect(more).toEqual([]);
    // This vendor's first invoice of the financial year.
    expect(invoice).toMatchObject({
      partId: s.partId,
      kind: 'invoice',
      number: `INV/${fy}/000001`,
      issuedOn: todayInIndia(),
    });
    expect((await s.vendor.get(`/api/vendor/orders/parts/${s.partId}/documents`)).json()).toEqual([invoice]);

    // Its PDF is rendered once, by the document PDFs job: until then the download says so (202).
    const preparing = await s.shopper.client.get(`/api/orders/${s.orderId}/documents/${invoice.id}.pdf`);
    expect(preparing.statusCode, preparing.body).toBe(202);
    expect(preparing.headers['retry-after']).toBe('2');
    expect(preparing.json()).toEqual({ status: 'preparing', message: 'Preparing your invoice…', retryAfterSeconds: 2 });
    await renderDocuments(t);

    // The customer's download: a PDF named after the number, without slashes.
    const own = await s.shopper.client.get(`/api/orders/${s.orderId}/documents/${invoice.id}.pdf`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toBe(`attachment; filename="INV-${fy}-000001.pdf"`);
    expect(isPdf(own)).toBe(true);
    expect(own.rawPayload.length).toBeGreaterThan(5000);

    // Another customer: not found, for the list and the PDF alike; a vendor is not a customer.
    expect((await s.otherShopper.client.get(`/api/orders/${s.orderId}/documents`)).statusCode).toBe(404);
    expect((await s.otherShopper.client.get(`/api/orders/${s.orderId}/documents/${invoice.id}.pdf`)).statusCode).toBe(
      404,
    );
    expect((await s.vendor.get(`/api/orders/${s.orderId}/documents/${invoice.id}.pdf`)).statusCode).toBe(403);
    // A document of another order under the customer's own order's address: not found.
    const otherOrder = await placeOrder(s.otherShopper, [
      {
        productId: (
          await queryRows<{ product_id: string }>(
            t.db,
            sql`select product_id from order_items where order_part_id = ${s.partId}`,
          )
        )[0].product_id,
        quantity: 1,
      },
    ]);
    expect((await s.otherShopper.client.get(`/api/orders/${otherOrder}/documents/${invoice.id}.pdf`)).statusCode).toBe(
      404,
    );

    // The part's vendor gets it; another vendor does not, and sees no list.
    const vendorPdf = await s.vendor.get(`/api/vendor/orders/parts/${s.partId}/documents/${invoice.id}.pdf`);
    expect(vendorPdf.statusCode, vendorPdf.body).toBe(200);
    expect(isPdf(vendorPdf)).toBe(true);
    expect(
      (await s.otherVendor.get(`/api/vendor/orders/parts/${s.partId}/documents/${invoice.id}.pdf`)).statusCode,
    ).toBe(404);
    expect((await s.otherVendor.get(`/api/vendor/orders/parts/${s.partId}/documents`)).json()).toEqual([]);

    // The super admin, with the admin session only.
    const admin = await superAdmin();
    const adminPdf = await admin.client.get(`/api/admin/documents/${invoice.id}.pdf`);
    expect(adminPdf.statusCode, adminPdf.body).toBe(200);
    expect(isPdf(adminPdf)).toBe(true);
    expect((await s.shopper.client.get(`/api/admin/documents/${invoice.id}.pdf`)).statusCode).toBe(401);
    expect((await admin.client.get('/api/admin/documents/not-a-uuid.pdf')).statusCode).toBe(404);
  });

  it('lists the credit note after the invoice once a shipped part is cancelled, and downloads it', async () => {
    const s = await setup();
    await moveAsVendor(s.vendor, s.partId, ['confirmed', 'processing', 'shipped']);
    const admin = await superAdmin();
    await renderDocuments(t);
    const cancel = await admin.client.post(`/api/admin/orders/${s.orderId}/status`, {
      status: 'cancelled',
      partId: s.partId,
      code: await freshCode(t, admin.secret),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const docs = (await s.shopper.client.get(`/api/orders/${s.orderId}/documents`)).json();
    expect(docs.map((d: { kind: string; number: string }) => [d.kind, d.number])).toEqual([
      ['invoice', `INV/${fy}/000001`],
      ['credit_note', `CN/${fy}/000001`],
    ]);
    await renderDocuments(t);
    const pdf = await s.vendor.get(`/api/vendor/orders/parts/${s.partId}/documents/${docs[1].id}.pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="CN-${fy}-000001.pdf"`);
    expect(isPdf(pdf)).toBe(true);
  });

  it('serves the bytes whose SHA-256 the document keeps, the same bytes every time, with a strong ETag (304 when unchanged)', async () => {
    const s = await setup();
    await moveAsVendor(s.vendor, s.partId, ['confirmed', 'processing', 'shipped']);
    await renderDocuments(t);
    const [invoice] = (await s.shopper.client.get(`/api/orders/${s.orderId}/documents`)).json();
    const [kept] = await queryRows<{ pdf_sha256: string; pdf_key: string }>(
      t.db,
      sql`select pdf_sha256, pdf_key from tax_documents where id = ${invoice.id}`,
    );
    expect(kept.pdf_sha256).toMatch(/^[0-9a-f]{64}$/);

    const url = `/api/orders/${s.orderId}/documents/${invoice.id}.pdf`;
    const first = await s.shopper.client.get(url);
    expect(first.statusCode, first.body).toBe(200);
    expect(createHash('sha256').update(first.rawPayload).digest('hex')).toBe(kept.pdf_sha256);
    expect(first.headers.etag).toBe(`"${kept.pdf_sha256}"`);
    expect(first.headers['cache-control']).toBe('private');
    // The vendor's and the super admin's downloads are the very same bytes.
    const vendors = await s.vendor.get(`/api/vendor/orders/parts/${s.partId}/documents/${invoice.id}.pdf`);
    expect(vendors.rawPayload.equals(first.rawPayload)).toBe(true);
    const admins = await (await superAdmin()).client.get(`/api/admin/documents/${invoice.id}.pdf`);
    expect(admins.rawPayload.equals(first.rawPayload)).toBe(true);

    const again = await s.shopper.client.get(url, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await s.shopper.client.get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);

    // Rendering again changes nothing: the document keeps its PDF, and the database refuses any other change to it.
    await renderDocuments(t);
    const [still] = await queryRows<{ pdf_sha256: string }>(
      t.db,
      sql`select pdf_sha256 from tax_documents where id = ${invoice.id}`,
    );
    expect(still.pdf_sha256).toBe(kept.pdf_sha256);
    expect(
      await refusal(
        t.db.execute(sql`update tax_documents set pdf_sha256 = 'x', pdf_key = 'y' where id = ${invoice.id}`),
      ),
    ).toMatch(/written once/);
    expect(
      await refusal(t.db.execute(sql`update tax_documents set reason = 'changed' where id = ${invoice.id}`)),
    ).toMatch(/written once/);
    expect(await refusal(t.db.execute(sql`delete from tax_documents where id = ${invoice.id}`))).toMatch(
      /written once/,
    );
  });

  it('never serves a stored file whose bytes no longer match the hash its document keeps, nor one that is gone', async () => {
    const s = await setup();
    await moveAsVendor(s.vendor, s.partId, ['confirmed', 'processing', 'shipped']);
    await renderDocuments(t);
    const [invoice] = (await s.shopper.client.get(`/api/orders/${s.orderId}/documents`)).json();
    const [kept] = await queryRows<{ pdf_key: string }>(
      t.db,
      sql`select pdf_key from tax_documents where id = ${invoice.id}`,
    );
    const file = join(t.dataDir, 'documents', kept.pdf_key);
    const original = readFileSync(file);
    writeFileSync(file, Buffer.concat([original, Buffer.from('%% changed on disk')]));
    const url = `/api/orders/${s.orderId}/documents/${invoice.id}.pdf`;
    const changed = await s.shopper.client.get(url);
    expect(changed.statusCode).toBe(503);
    expect(changed.json().error.message).toMatch(/cannot be downloaded right now/);
    rmSync(file);
    expect((await s.shopper.client.get(url)).statusCode).toBe(503);
    // Put back as rendered, it is served again.
    writeFileSync(file, original);
    const back = await s.shopper.client.get(url);
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(original)).toBe(true);
  });

  it('answers guests 401 and odd ids 404', async () => {
    const guest = new TestClient(t.app, '10.124.251.1');
    expect((await guest.get('/api/orders/00000000-0000-4000-8000-000000000000/documents')).statusCode).toBe(401);
    const s = await setup();
    expect((await s.shopper.client.get('/api/orders/nonsense/documents')).statusCode).toBe(404);
    expect((await s.shopper.client.get(`/api/orders/${s.orderId}/documents/nonsense.pdf`)).statusCode).toBe(404);
    expect((await s.vendor.get('/api/vendor/orders/parts/nonsense/documents/nonsense.pdf')).statusCode).toBe(404);
  });
});
