import { describe, expect, it, vi } from 'vitest';
import { downloadDocument, fileNameOf, retryAfterMs } from './document-download';

// A tax document's PDF is rendered once, just after it is issued: a download that comes first is
// answered 202 ("Preparing your invoice…") with Retry-After, and the page asks again.

const preparing = () =>
  new Response(JSON.stringify({ status: 'preparing', message: 'Preparing your invoice…', retryAfterSeconds: 1 }), {
    status: 202,
    headers: { 'retry-after': '1' },
  });

describe('downloadDocument', () => {
  it('shows "Preparing your invoice…" while the server prepares the PDF, asks again after Retry-After, then saves the file', async () => {
    vi.useFakeTimers();
    const saved: string[] = [];
    vi.stubGlobal('URL', { createObjectURL: () => 'blob:1', revokeObjectURL: () => undefined });
    vi.stubGlobal('document', {
      createElement: () => {
        const a = { href: '', download: '', click: () => saved.push(a.download), remove: () => undefined };
        return a;
      },
      body: { appendChild: () => undefined },
    });
    const pdf = new Response(new Blob(['%PDF-']), {
      status: 200,
      headers: { 'content-disposition': 'attachment; filename="INV-26-27-000001.pdf"' },
    });
    const fetcher = vi.fn().mockResolvedValueOnce(preparing()).mockResolvedValueOnce(pdf);
    const shown: (string | null)[] = [];
    const done = downloadDocument(
      '/api/orders/o1/documents/d1.pdf',
      (m) => shown.push(m),
      fetcher as unknown as typeof fetch,
    );
    await vi.waitFor(() => expect(shown).toEqual(['Preparing your invoice…']));
    expect(fetcher).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(saved).toEqual(['INV-26-27-000001.pdf']);
    expect(shown).toEqual(['Preparing your invoice…', null]);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("throws the server's message on an error", async () => {
    const fetcher = vi.fn().mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many downloads in a minute.' } }), {
        status: 429,
      }),
    );
    await expect(downloadDocument('/x.pdf', () => undefined, fetcher as unknown as typeof fetch)).rejects.toThrow(
      'Too many downloads in a minute.',
    );
  });

  it('reads the file name and the wait from the headers', () => {
    expect(fileNameOf('attachment; filename="CN-26-27-000003.pdf"', 'd.pdf')).toBe('CN-26-27-000003.pdf');
    expect(fileNameOf(null, 'd.pdf')).toBe('d.pdf');
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(null)).toBe(2000);
    expect(retryAfterMs('600')).toBe(30_000);
  });
});
