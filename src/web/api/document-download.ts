import { taxDocumentMessages, type DocumentPreparing } from '../../contracts/tax-documents.contract';
import type { ErrorResponse } from '../../contracts/errors.contract';
import { vendorHeaders } from './client';

/** How often a download still being prepared is asked again before giving up. */
const MAX_TRIES = 30;

/** The file name of a Content-Disposition header ('attachment; filename="INV-26-27-000001.pdf"'). */
export const fileNameOf = (header: string | null, fallback: string): string =>
  /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? fallback;

/** The wait a 202 asks for, in ms: its Retry-After seconds (1 to 30; 2 when unreadable). */
export const retryAfterMs = (header: string | null): number => {
  const seconds = Number(header);
  return (Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 30) : 2) * 1000;
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Downloads a tax document's PDF. A document's PDF is rendered once, just after it is issued: while
 * it is being prepared the server answers 202 with Retry-After, and `onPreparing` gets the message to
 * show ('Preparing your invoice…') until the file is saved (then null). Throws with the server's message on an error.
 */
export async function downloadDocument(
  href: string,
  onPreparing: (message: string | null) => void,
  fetcher: typeof fetch = fetch,
): Promise<void> {
  try {
    for (let tries = 0; tries < MAX_TRIES; tries++) {
      const res = await fetcher(href, {
        credentials: 'same-origin',
        headers: { 'x-requested-with': 'haat', ...vendorHeaders(href) },
      });
      if (res.status === 202) {
        const body = (await res.json().catch(() => null)) as DocumentPreparing | null;
        onPreparing(body?.message ?? taxDocumentMessages.preparing);
        await wait(retryAfterMs(res.headers.get('retry-after')));
        continue;
      }
      if (!res.ok) {
        const err = ((await res.json().catch(() => null)) as ErrorResponse | null)?.error;
        throw new Error(err?.message ?? 'Could not download the document. Please try again.');
      }
      const fileName = fileNameOf(res.headers.get('content-disposition'), href.split('/').pop() ?? 'document.pdf');
      saveFile(await res.blob(), fileName);
      return;
    }
    throw new Error('The document is taking long to prepare. Please try again in a few minutes.');
  } finally {
    onPreparing(null);
  }
}

/** Hands a downloaded file to the browser to save. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
