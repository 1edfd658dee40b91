import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CommissionDocumentKind } from '../../../domain/commission-invoice';
import { queryRows, type Db, type DbOrTx } from '../../platform/db';
import { doublingBackoffSeconds, drainInBatches } from '../../platform/job-batches';
import type { ObjectStorage } from '../../platform/object-storage';
import { startRepeatingJob, type JobLog, type JobMetrics, type StopJob } from '../../platform/repeating-job';
import { commissionInvoiceView } from './settlement.commission-invoice-view';
import { commissionDocuments } from './settlement.commission-invoices.tables';
import { documentForView } from './settlement.documents';
import { renderInvoicePdf } from './settlement.invoice-pdf';
import { invoiceView, type InvoiceView } from './settlement.invoice-view';
import { documentPdfRenders, taxDocuments } from './settlement.tables';

// Tax documents are legal records whose PDF must be the same bytes forever, and rendering one costs
// the CPU of many requests: each PDF is rendered once, after the document is issued. Issuing writes
// a row to the outbox (document_pdf_renders) in its own transaction; the document PDFs job claims
// rows (SKIP LOCKED, a claim that runs out), renders, stores the file in the documents' store under
// a key naming its hash, and sets the document's key and SHA-256 once (the trigger allows nothing
// else); a failed render is retried with backoff. Downloads then serve the stored bytes.

/** Which table a document is in: 'tax' (invoices, bills of supply, credit notes) or Haat's 'commission' documents. */
export type DocumentSource = 'tax' | 'commission';

/** How long a renderer holds a claimed row: past it, another process may take it (the first one died mid-render). */
const CLAIM_SECONDS = 120;
/** Rows claimed at once. */
const BATCH = 10;

/** The wait before attempt n + 1 after n failed ones: 30 seconds, doubling, at most an hour. */
export const renderBackoffSeconds = (failedAttempts: number): number => doublingBackoffSeconds(failedAttempts, 30);

/** Queues a document's PDF to be rendered, in the transaction that issues it (once per document). */
export async function queueDocumentPdf(tx: DbOrTx, source: DocumentSource, documentId: string): Promise<void> {
  await tx.insert(documentPdfRenders).values({ source, documentId }).onConflictDoNothing();
}

/** The view a document's PDF is rendered from (null for an unknown commission document; the caller checked it exists). */
async function viewOf(db: DbOrTx, source: DocumentSource, id: string): Promise<InvoiceView | null> {
  if (source === 'tax') return invoiceView(await documentForView(db, eq(taxDocuments.id, id)));
  const [doc] = await db.select().from(commissionDocuments).where(eq(commissionDocuments.id, id));
  return doc ? commissionInvoiceView({ ...doc, kind: doc.kind as CommissionDocumentKind }) : null;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Renders one document's PDF, stores it and keeps its key and hash on the document, unless it has
 * them already. The key names the hash, so a second renderer that lost the race never overwrites
 * the file of the bytes the document keeps (its own file is removed).
 */
type RenderDeps = { db: Db; storage: ObjectStorage };

async function renderDocumentPdf(deps: RenderDeps, source: DocumentSource, id: string): Promise<void> {
  const { db, storage } = deps;
  const table = source === 'tax' ? taxDocuments : commissionDocuments;
  const [doc] = await db.select({ key: table.pdfKey }).from(table).where(eq(table.id, id));
  if (!doc || doc.key) return;
  const view = await viewOf(db, source, id);
  if (!view) return;
  const pdf = await renderInvoicePdf(view);
  const hash = sha256(pdf);
  const key = `${source}-${id}-${hash.slice(0, 16)}.pdf`;
  await storage.put(key, pdf, 'application/pdf');
  const set = await db
    .update(table)
    .set({ pdfKey: key, pdfSha256: hash })
    .where(and(eq(table.id, id), isNull(table.pdfSha256)))
    .returning({ id: table.id });
  if (set.length === 0) {
    const [now] = await db.select({ key: table.pdfKey }).from(table).where(eq(table.id, id));
    if (now?.key !== key) await storage.delete([key]);
  }
}

type Claimed = { id: string; source: DocumentSource; document_id: string; attempts: number };

/**
 * Renders the PDFs that are due, at most `limit`: claims their outbox rows with one conditional
 * update (SKIP LOCKED, and a claim that runs out), so two processes never render one at once; a
 * rendered one's row goes, a failed one is retried later with backoff. Answers the counts.
 * (Tests and the demo data call it to have every PDF ready at once.)
 */
export async function renderPendingDocuments(
  deps: RenderDeps,
  limit = BATCH,
): Promise<{ rendered: number; retried: number }> {
  const { db } = deps;
  const claimed = await queryRows<Claimed>(
    db,
    sql`update document_pdf_renders
        set attempts = attempts + 1, locked_until = now() + ${CLAIM_SECONDS} * interval '1 second'
        where id in (
          select id from document_pdf_renders
          where next_attempt_at <= now() and (locked_until is null or locked_until < now())
          order by next_attempt_at, id limit ${limit} for update skip locked)
        returning id, source, document_id, attempts`,
  );
  const counts = { rendered: 0, retried: 0 };
  for (const r of claimed) {
    const mine = and(eq(documentPdfRenders.id, r.id), eq(documentPdfRenders.attempts, r.attempts));
    try {
      await renderDocumentPdf(deps, r.source, r.document_id);
      await db.delete(documentPdfRenders).where(mine);
      counts.rendered++;
    } catch (e) {
      const error = (e instanceof Error ? e.message : String(e)).slice(0, 500);
      const next = sql`now() + ${renderBackoffSeconds(r.attempts)} * interval '1 second'`;
      await db.update(documentPdfRenders).set({ lockedUntil: null, lastError: error, nextAttemptAt: next }).where(mine);
      counts.retried++;
    }
  }
  return counts;
}

/** PDFs waiting in the outbox. */
export async function pendingDocumentPdfs(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from document_pdf_renders`);
  return row.n;
}

/**
 * Queues every issued document that has no PDF and is not queued (documents issued before PDFs were
 * kept): idempotent. Answers how many it queued.
 */
export async function queueMissingDocumentPdfs(db: DbOrTx): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into document_pdf_renders (source, document_id)
        select 'tax', id from tax_documents where pdf_sha256 is null
        union all
        select 'commission', id from commission_documents where pdf_sha256 is null
        on conflict (source, document_id) do nothing
        returning id`,
  );
  return rows.length;
}

/**
 * The one-off pass (`npm run documents:render`, and at every start): queues the documents without a
 * PDF, then renders everything queued that is due, telling the log how far it got. Idempotent.
 */
export async function renderMissingDocumentPdfs(
  deps: RenderDeps & { log: JobLog },
): Promise<{ queued: number; rendered: number; retried: number }> {
  const queued = await queueMissingDocumentPdfs(deps.db);
  if (queued > 0) deps.log.info(`Document PDFs: ${queued} document(s) without a PDF queued to render`);
  const { rendered, retried } = await drainInBatches(
    () => renderPendingDocuments(deps, 20),
    20,
    async (t) => deps.log.info(`Document PDFs: ${t.rendered} rendered, ${await pendingDocumentPdfs(deps.db)} waiting`),
  );
  if (rendered || retried) {
    deps.log.info(`Document PDFs: ${rendered} rendered, ${retried} to retry`);
  }
  return { queued, rendered, retried };
}

/** Renders queued PDFs every `intervalMs` (2 s by default), on the process holding the job's lease. */
export function startDocumentPdfsJob(
  deps: RenderDeps & { log: JobLog; metrics?: JobMetrics; intervalMs?: number },
): StopJob {
  return startRepeatingJob({
    db: deps.db,
    name: 'Document PDFs',
    intervalMs: deps.intervalMs ?? 2_000,
    log: deps.log,
    metrics: deps.metrics,
    run: async () => {
      // A backlog is worked through in one pass, a batch at a time, with its progress in the log.
      const { rendered, retried } = await drainInBatches(
        () => renderPendingDocuments(deps),
        BATCH,
        async (t) => {
          const waiting = await pendingDocumentPdfs(deps.db);
          deps.log.info(`Document PDFs: ${t.rendered} rendered so far, ${waiting} waiting`);
        },
      );
      return rendered || retried ? `${rendered} PDF(s) rendered, ${retried} to retry` : null;
    },
  });
}
