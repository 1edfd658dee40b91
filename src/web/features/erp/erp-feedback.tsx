import { X } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { Alert } from '../../ui/Alert';

/** SPEC.md section 9: success messages clear after 3 s; errors stay until dismissed. */
export const SUCCESS_MS = 3000;

type Feedback = {
  /** The green banner; it replaces the red one. */
  success: (message: string) => void;
  /** The red banner; it stays until dismissed or until the next success. */
  error: (message: string) => void;
};

const FeedbackContext = createContext<Feedback>({ success: () => undefined, error: () => undefined });

/** The ERP dashboard's banners, from any tab or dialog. */
export const useErpFeedback = () => useContext(FeedbackContext);

/** `{prefix}: {the server's message}` (SPEC.md section 8), or the prefix alone when there is no message. */
export function failure(prefix: string, err: unknown): string {
  const message = err instanceof ApiError ? err.message : err instanceof Error ? err.message : '';
  return message ? `${prefix}: ${message}` : prefix;
}

type Banner = { message: string; at: number } | null;

/** Holds the green and red banners above the tab content and gives `useErpFeedback` to everything inside. */
export function ErpFeedbackProvider({ children }: { children: ReactNode }) {
  const [ok, setOk] = useState<Banner>(null);
  const [bad, setBad] = useState<Banner>(null);

  const success = useCallback((message: string) => {
    setBad(null);
    setOk({ message, at: Date.now() });
  }, []);
  const error = useCallback((message: string) => {
    setOk(null);
    setBad({ message, at: Date.now() });
  }, []);
  const value = useMemo(() => ({ success, error }), [success, error]);

  // The same message again starts its 3 s over.
  useEffect(() => {
    if (!ok) return;
    const timer = setTimeout(() => setOk(null), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [ok]);

  return (
    <FeedbackContext.Provider value={value}>
      <ErpBanners success={ok?.message ?? null} error={bad?.message ?? null} onDismissError={() => setBad(null)} />
      {children}
    </FeedbackContext.Provider>
  );
}

function ErpBanners({
  success,
  error,
  onDismissError,
}: {
  success: string | null;
  error: string | null;
  onDismissError: () => void;
}) {
  if (!success && !error) return null;
  return (
    <div className="mb-4 space-y-2">
      {success && <Alert tone="success">{success}</Alert>}
      {error && (
        <div className="relative">
          <Alert tone="error">
            <span className="block pr-8">{error}</span>
          </Alert>
          <button
            type="button"
            onClick={onDismissError}
            aria-label="Dismiss error"
            className="absolute right-2 top-2 rounded-md p-1 text-red-700 hover:bg-red-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  );
}
