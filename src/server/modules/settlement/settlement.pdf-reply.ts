import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { taxDocumentMessages, type DocumentPreparing } from '../../../contracts/tax-documents.contract';
import { AppError } from '../../platform/app-error';
import { StorageUnavailableError, type ObjectStorage } from '../../platform/object-storage';
import type { StoredPdf } from './settlement.documents';

/** When a download of a PDF still being rendered should ask again. */
export const PREPARING_RETRY_SECONDS = 2;

const UNAVAILABLE = 'This document cannot be downloaded right now. Please try again in a few minutes.';

/** How many bytes of issued documents' PDFs one process keeps in memory (the most recently served first). */
export const KEPT_PDF_BYTES = 32 * 1024 * 1024;

/**
 * Issued documents' PDFs in memory, by their SHA-256: a document never changes once issued, so the
 * bytes of a hash are those bytes for ever, and a download served from here costs no file read. The
 * least recently served leave first once KEPT_PDF_BYTES is reached.
 */
const kept = new Map<string, Buffer>();
let keptBytes = 0;

function keep(sha256: string, bytes: Buffer) {
  if (bytes.length > KEPT_PDF_BYTES / 4) return;
  kept.set(sha256, bytes);
  keptBytes += bytes.length;
  for (const [hash, old] of kept) {
    if (keptBytes <= KEPT_PDF_BYTES) break;
    kept.delete(hash);
    keptBytes -= old.length;
  }
}

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * A document's stored bytes: from memory, or read from storage once and checked against the hash the
 * document keeps (a file that is gone or no longer matches is not served: 503, and nothing is kept).
 */
async function storedBytes(storage: ObjectStorage, key: string, sha256: string): Promise<Buffer> {
  const hit = kept.get(sha256);
  if (hit) {
    kept.delete(sha256);
    kept.set(sha256, hit);
    return hit;
  }
  const object = await storage.get(key).catch((e: unknown) => {
    throw e instanceof StorageUnavailableError ? new AppError('UNAVAILABLE', UNAVAILABLE) : e;
  });
  // The document keeps the hash of a file that is gone (a restore without the documents' folder, say).
  if (!object) throw new AppError('UNAVAILABLE', UNAVAILABLE);
  const bytes = await bytesOf(object.body);
  if (createHash('sha256').update(bytes).digest('hex') !== sha256) throw new AppError('UNAVAILABLE', UNAVAILABLE);
  keep(sha256, bytes);
  return bytes;
}

/** Whether an If-None-Match header names this ETag (or is '*'). */
const matches = (header: string | undefined, etag: string): boolean =>
  !!header && header.split(',').some((tag) => ['*', etag, `W/${etag}`].includes(tag.trim()));

/**
 * Answers a tax document's PDF as the file stored when it was rendered (kept in memory once served): named after its number,
 * with a strong ETag of its SHA-256 (304 when the caller has it), kept by the caller's browser only.
 * While it is still being rendered: 202, a message, and Retry-After.
 */
export async function sendStoredPdf(req: FastifyRequest, reply: FastifyReply, storage: ObjectStorage, pdf: StoredPdf) {
  if (!pdf.key || !pdf.sha256) {
    const body: DocumentPreparing = {
      status: 'preparing',
      message: taxDocumentMessages.preparing,
      retryAfterSeconds: PREPARING_RETRY_SECONDS,
    };
    reply.header('retry-after', String(PREPARING_RETRY_SECONDS)).header('cache-control', 'no-store');
    return reply.status(202).send(body);
  }
  const etag = `"${pdf.sha256}"`;
  reply.header('etag', etag).header('cache-control', 'private');
  reply.header('content-disposition', `attachment; filename="${pdf.fileName}"`);
  if (matches(req.headers['if-none-match'], etag)) return reply.status(304).send();
  const bytes = await storedBytes(storage, pdf.key, pdf.sha256);
  reply.header('content-type', 'application/pdf').header('content-length', bytes.length);
  return reply.send(bytes);
}
