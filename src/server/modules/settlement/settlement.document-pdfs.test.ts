import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMoney } from '../../money-checks';
import { queryRows } from '../../platform/db';
import { LocalDiskStorage, type ObjectStorage } from '../../platform/object-storage';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createShop } from '../../test/catalog-factories';
import { customerInput, registerAndLogin, vendorInput } from '../../test/factories';
import { createSettledPart } from '../../test/settlement-fixtures';
import { issuePartInvoice } from './settlement.invoices';
import {
  queueMissingDocumentPdfs,
  renderMissingDocumentPdfs,
  renderPendingDocuments,
} from './settlement.document-pdfs';

// A tax document's PDF is rendered once, after it is issued, by the document PDFs job; a failed
// render is retried; documents issued before PDFs were kept get theirs by an idempotent pass; and the
// money rules say when a document has neither its PDF nor a recent render queued.

let t: TestApp;
let ip = 0;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const RULE = 'an issued document without its PDF, and no render of it queued in the last 10 minutes';
const brokenBy = async (id: string) =>
  ((await checkMoney(t.db)).find((c) => c.rule === RULE)?.examples ?? []).some((e) => e.id === id);
const quiet = { info: () => {}, error: () => {} };

/** A shipped part's invoice, issued now (its render queued in the same transaction). */
async function issuedInvoice(): Promise<string> {
  const client = new TestClient(t.app, `10.132.0.${(ip++ % 250) + 1}`);
  const customer = await registerAndLogin(client, customerInput());
  const vendor = await registerAndLogin(new TestClient(t.app, `10.132.1.${(ip++ % 250) + 1}`), vendorInput());
  const shop = await createShop(t.db, vendor.id, { shopName: 'Mysore Silks', state: 'Karnataka' });
  const part = await createSettledPart(t.db, {
    customerUserId: customer.id,
    vendorUserId: vendor.id,
    storeId: shop.id,
    items: [{ unitPricePaise: 50_000 }],
    status: 'shipped',
  });
  const doc = await t.db.transaction((tx) => issuePartInvoice(tx, { orderPartId: part.orderPartId }));
  if (!doc) throw new Error('no invoice issued');
  return doc.id;
}

const pdfOf = async (id: string) =>
  (
    await queryRows<{ pdf_key: string | null; pdf_sha256: string | null }>(
      t.db,
      sql`select pdf_key, pdf_sha256 from tax_documents where id = ${id}`,
    )
  )[0];
const renderRowOf = async (id: string) =>
  (
    await queryRows<{ attempts: number; last_error: string | null; waits: boolean }>(
      t.db,
      sql`select attempts, last_error, next_attempt_at > now() as waits from document_pdf_renders where source = 'tax' and document_id = ${id}`,
    )
  )[0];

describe('document PDFs', () => {
  it('renders a document once after it is issued, stores its bytes under their hash, and forgets the queued render', async () => {
    const id = await issuedInvoice();
    expect(await pdfOf(id)).toEqual({ pdf_key: null, pdf_sha256: null });
    expect(await renderRowOf(id)).toMatchObject({ attempts: 0 });
    // Queued a moment ago: the money rule holds.
    expect(await brokenBy(id)).toBe(false);

    const dir = mkdtempSync(join(tmpdir(), 'haat-documents-'));
    const storage = new LocalDiskStorage(dir);
    while ((await renderPendingDocuments({ db: t.app.ctx.db, storage }, 50)).rendered > 0);
    const kept = await pdfOf(id);
    expect(kept.pdf_key).toMatch(new RegExp(`^tax-${id}-[0-9a-f]{16}\\.pdf$`));
    const bytes = readFileSync(join(dir, kept.pdf_key as string));
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(kept.pdf_sha256);
    expect(await renderRowOf(id)).toBeUndefined();
    expect(await brokenBy(id)).toBe(false);
  });

  it('retries a failed render later, and the money rule names a document still without its PDF after 10 minutes', async () => {
    const id = await issuedInvoice();
    const away: ObjectStorage = {
      put: () => Promise.reject(new Error('the store is away')),
      get: async () => null,
      has: async () => false,
      delete: async () => {},
      close: () => {},
    };
    await renderPendingDocuments({ db: t.app.ctx.db, storage: away }, 50);
    expect(await renderRowOf(id)).toMatchObject({ attempts: 1, last_error: 'the store is away', waits: true });
    expect(await pdfOf(id)).toEqual({ pdf_key: null, pdf_sha256: null });

    await t.db.execute(
      sql`update document_pdf_renders set created_at = now() - interval '11 minutes' where source = 'tax' and document_id = ${id}`,
    );
    expect(await brokenBy(id)).toBe(true);

    // Its next attempt comes due: rendered, and the rule holds again.
    await t.db.execute(
      sql`update document_pdf_renders set next_attempt_at = now() where source = 'tax' and document_id = ${id}`,
    );
    const storage = new LocalDiskStorage(mkdtempSync(join(tmpdir(), 'haat-documents-')));
    while ((await renderPendingDocuments({ db: t.app.ctx.db, storage }, 50)).rendered > 0);
    expect((await pdfOf(id)).pdf_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await brokenBy(id)).toBe(false);
  });

  it('gives documents issued without a queued render their PDFs by an idempotent pass', async () => {
    const id = await issuedInvoice();
    // As a document issued before PDFs were kept: no render queued.
    await t.db.execute(sql`delete from document_pdf_renders where source = 'tax' and document_id = ${id}`);
    expect(await brokenBy(id)).toBe(true);
    expect(await queueMissingDocumentPdfs(t.db)).toBeGreaterThanOrEqual(1);
    expect(await renderRowOf(id)).toMatchObject({ attempts: 0 });

    const storage = new LocalDiskStorage(mkdtempSync(join(tmpdir(), 'haat-documents-')));
    const lines: string[] = [];
    await renderMissingDocumentPdfs({ db: t.app.ctx.db, storage, log: { ...quiet, info: (l) => lines.push(l) } });
    const kept = await pdfOf(id);
    expect(kept.pdf_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(lines.at(-1)).toMatch(/^Document PDFs: \d+ rendered, 0 to retry$/);

    // Again: nothing to queue or render, and the PDF stays the same.
    expect(await renderMissingDocumentPdfs({ db: t.app.ctx.db, storage, log: quiet })).toEqual({
      queued: 0,
      rendered: 0,
      retried: 0,
    });
    expect(await pdfOf(id)).toEqual(kept);
  });
});
