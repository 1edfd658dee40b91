import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './Button';

/** Previous / next through a server-paginated list; `more`: the server stopped counting at `total`, and there are further pages. */
export function Pagination({
  page,
  pageSize,
  total,
  more = false,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  more?: boolean;
  onPage: (p: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && !more) return null;
  return (
    <nav aria-label="Pagination" className="mt-6 flex items-center justify-between gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Previous
      </Button>
      <p className="text-sm text-slate-600">
        Page {page} of {pages}
        {more ? '+' : ''}
      </p>
      <Button variant="secondary" size="sm" disabled={page >= pages && !more} onClick={() => onPage(page + 1)}>
        Next <ChevronRight className="h-4 w-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}
