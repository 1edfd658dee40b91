import { useState, type ReactNode } from 'react';

/** Fetches and saves the file, telling `onPreparing` what to show while the server prepares it. */
export type DocumentDownload = (href: string, onPreparing: (message: string | null) => void) => Promise<void>;

type Props = {
  href: string;
  download: DocumentDownload;
  className?: string;
  children: ReactNode;
};

/**
 * A tax document's PDF download link. Without script it is a plain download; with it, the file is
 * fetched so that a PDF still being prepared (202) shows "Preparing your invoice…" and is asked
 * again after Retry-After, then saved.
 */
export function DocumentLink({ href, download, className, children }: Props) {
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <a
        href={href}
        download
        className={className}
        aria-busy={status !== null || undefined}
        onClick={(e) => {
          e.preventDefault();
          if (status !== null) return;
          setError(null);
          download(href, setStatus).catch((err: unknown) => {
            setError(err instanceof Error ? err.message : String(err));
          });
        }}
      >
        {children}
      </a>
      {status !== null && (
        <span role="status" className="ml-2 text-xs text-slate-600">
          {status}
        </span>
      )}
      {error !== null && (
        <span role="alert" className="ml-2 text-xs text-red-700">
          {error}
        </span>
      )}
    </>
  );
}
