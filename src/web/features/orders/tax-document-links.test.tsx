import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TaxDocumentSummary } from '../../../contracts/tax-documents.contract';
import { TaxDocumentLinks } from './tax-document-links';

// What the order pages show of a part's tax documents.

const invoice: TaxDocumentSummary = {
  partId: 'p1',
  id: 'd1',
  kind: 'invoice',
  number: 'INV/26-27/000001',
  issuedOn: '2026-11-26',
};
const credit: TaxDocumentSummary = {
  partId: 'p1',
  id: 'd2',
  kind: 'credit_note',
  number: 'CN/26-27/000001',
  issuedOn: '2026-11-28',
};
const base = {
  isPending: false,
  isError: false,
  onRetry: () => undefined,
  hrefOf: (d: TaxDocumentSummary) => `/api/orders/o1/documents/${d.id}.pdf`,
};
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

describe('TaxDocumentLinks', () => {
  it('links each document to its PDF as a download, labelled with its number', () => {
    const html = renderToStaticMarkup(<TaxDocumentLinks {...base} documents={[invoice, credit]} />);
    expect(html).toContain('href="/api/orders/o1/documents/d1.pdf" download=""');
    expect(html).toContain('href="/api/orders/o1/documents/d2.pdf" download=""');
    expect(text(html)).toBe('Tax invoice INV/26-27/000001 (PDF)Credit note CN/26-27/000001 (PDF)');
  });

  it("labels a seller's bill of supply (no GSTIN) as such", () => {
    const bill: TaxDocumentSummary = { ...invoice, kind: 'bill_of_supply', number: 'BOS/26-27/000001' };
    expect(text(renderToStaticMarkup(<TaxDocumentLinks {...base} documents={[bill]} />))).toBe(
      'Bill of supply BOS/26-27/000001 (PDF)',
    );
  });

  it('shows nothing without documents, a placeholder while loading and a retry after an error', () => {
    expect(renderToStaticMarkup(<TaxDocumentLinks {...base} documents={[]} />)).toBe('');
    expect(renderToStaticMarkup(<TaxDocumentLinks {...base} documents={undefined} isPending />)).toContain(
      'Loading the tax invoices',
    );
    expect(text(renderToStaticMarkup(<TaxDocumentLinks {...base} documents={undefined} isError />))).toBe(
      'Could not load the tax invoices. Please try again.Retry',
    );
  });
});
