import type { FastifyReply, FastifyRequest } from 'fastify';
import { taxDocumentMessages, type DocumentPreparing } from '../../../contracts/tax-documents.contract';
import { AppError } from '../../platform/app-error';
import { StorageUnavailableError, type ObjectStorage } from '../../platform/object-storage';
import type { StoredPdf } from './settlement.documents';

/** When a download of a PDF still being rendered should ask again. */
export const PREPARING_RETRY_SECONDS = 2;

const UNAVAILABLE = 'This document cannot be downloaded right now. Please try again in a few minutes.';

/** Whether an If-None-Match header names this ETag (or is '*'). */
const matches = (header: string | undefined, etag: string): boolean =>
  !!header && header.split(',').some((tag) => ['*', etag, `W/${etag}`].includes(tag.trim()));

/**
 * Answers a tax document's PDF as the file stored when it was rendered: named after its number,
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
  const object = await storage.get(pdf.key).catch((e: unknown) => {
    throw e instanceof StorageUnavailableError ? new AppError('UNAVAILABLE', UNAVAILABLE) : e;
  });
  // The document keeps the hash of a file that is gone (a restore without the documents' folder, say).
  if (!object) throw new AppError('UNAVAILABLE', UNAVAILABLE);
  reply.header('content-type', 'application/pdf');
  if (object.size !== undefined) reply.header('content-length', object.size);
  return reply.send(object.body);
}
