import { FileText } from 'lucide-react';
import { taxDocumentLabel, taxDocumentMessages, type TaxDocumentSummary } from '../../contracts/tax-documents.contract';
import { Button } from './Button';
import { cn } from './cn';
import { DocumentLink, type DocumentDownload } from './DocumentLink';
import { LoadingRegion, Skeleton } from './States';

export type TaxDocumentLinksProps = {
  /** The documents of one part; undefined while loading or after an error. */
  documents: TaxDocumentSummary[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  /** Where a document's PDF downloads from (the session cookie goes along). */
  hrefOf: (d: TaxDocumentSummary) => string;
  /** Fetches and saves a PDF: the feature's API client (shared UI knows none). */
  download: DocumentDownload;
  className?: string;
};

/**
 * A part's tax invoice and credit note as PDF download links, with loading and error states; nothing
 * when it has none.
 */
export function TaxDocumentLinks({
  documents,
  isPending,
  isError,
  onRetry,
  hrefOf,
  download,
  className,
}: TaxDocumentLinksProps) {
  if (isPending) {
    return (
      <div className={className}>
        <LoadingRegion label="Loading the tax invoices">
          <Skeleton className="h-4 w-48" />
        </LoadingRegion>
      </div>
    );
  }
  if (isError) {
    return (
      <p role="alert" className={cn('flex flex-wrap items-center gap-2 text-xs text-red-700', className)}>
        {taxDocumentMessages.loadFailed}
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      </p>
    );
  }
  if (!documents || documents.length === 0) return null;
  return (
    <ul className={cn('flex flex-col gap-1 text-sm', className)} aria-label="Tax documents">
      {documents.map((d) => (
        <li key={d.id}>
          <DocumentLink
            download={download}
            href={hrefOf(d)}
            className="inline-flex items-center gap-1.5 rounded font-medium text-violet-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700"
          >
            <FileText className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span>
              {taxDocumentLabel(d)} <span className="text-slate-500">(PDF)</span>
            </span>
          </DocumentLink>
        </li>
      ))}
    </ul>
  );
}
