import { ArrowDown, ArrowUp, ArrowUpDown, Download, Search } from 'lucide-react';
import { useEffect, useId, type ReactNode } from 'react';
import { adminListQuerySchema } from '../../contracts/admin-lists.contract';
import { maxLengthOf } from '../../contracts/common.contract';
import { cn } from './cn';
import { Pagination } from './Pagination';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from './States';
import { useSearchText } from './use-search-text';

export type SortDir = 'asc' | 'desc';

export type Column<T> = {
  key: string;
  header: string;
  /** The server's sort key, when the column can be sorted. */
  sortKey?: string;
  render: (row: T) => ReactNode;
  /** Right-aligned figures. */
  numeric?: boolean;
};

type DataTableProps<T> = {
  /** The table's accessible name. */
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  total: number;
  /** The server counted only up to `total`: there are more rows (and pages). */
  totalCapped?: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  sort: string;
  dir: SortDir;
  onSort: (sort: string, dir: SortDir) => void;
  loading: boolean;
  /** The previous page stays on screen, dimmed, while the next loads. */
  refreshing?: boolean;
  error?: string | null;
  onRetry?: () => void;
  emptyTitle: string;
  emptyText?: ReactNode;
  /** Buttons for one row (shown last). */
  actions?: (row: T) => ReactNode;
};

/**
 * A list paged, searched and sorted by the server: a table from sm: up, one card per row on a
 * phone. Sorting a column asks the server; the caller keeps the state.
 */
export function DataTable<T>(p: DataTableProps<T>) {
  if (p.loading) {
    return (
      <LoadingRegion label={`Loading ${p.label.toLowerCase()}`}>
        <div className="space-y-2">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      </LoadingRegion>
    );
  }
  if (p.error) return <ErrorState message={p.error} onRetry={p.onRetry} />;
  if (!p.rows || p.rows.length === 0) return <EmptyState title={p.emptyTitle}>{p.emptyText}</EmptyState>;
  const rows = p.rows;

  const sortButton = (c: Column<T>) => {
    const active = p.sort === c.sortKey;
    const Icon = !active ? ArrowUpDown : p.dir === 'asc' ? ArrowUp : ArrowDown;
    return (
      <button
        type="button"
        onClick={() => p.onSort(c.sortKey!, active && p.dir === 'desc' ? 'asc' : 'desc')}
        className="inline-flex items-center gap-1 rounded font-medium uppercase hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
      >
        {c.header}
        <Icon className={cn('h-3.5 w-3.5', !active && 'opacity-40')} aria-hidden="true" />
        <span className="sr-only">
          {active ? (p.dir === 'asc' ? ', sorted ascending' : ', sorted descending') : ', sort'}
        </span>
      </button>
    );
  };

  return (
    <div aria-busy={p.refreshing} className={cn('transition-opacity', p.refreshing && 'opacity-60')}>
      {/* Phones: one card per row. */}
      <ul aria-label={p.label} className="space-y-3 sm:hidden">
        {rows.map((row) => (
          <li key={p.rowKey(row)} className="rounded-lg border border-slate-200 bg-white p-4">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              {p.columns.map((c) => (
                <div key={c.key} className="contents">
                  <dt className="text-slate-500">{c.header}</dt>
                  <dd className="min-w-0 break-words text-slate-900">{c.render(row)}</dd>
                </div>
              ))}
            </dl>
            {p.actions && <div className="mt-3 flex flex-wrap gap-2">{p.actions(row)}</div>}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white sm:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{p.label}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              {p.columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={
                    c.sortKey && p.sort === c.sortKey ? (p.dir === 'asc' ? 'ascending' : 'descending') : undefined
                  }
                  className={cn('whitespace-nowrap px-3 py-2 font-medium', c.numeric && 'text-right')}
                >
                  {c.sortKey ? sortButton(c) : c.header}
                </th>
              ))}
              {p.actions && (
                <th scope="col" className="px-3 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={p.rowKey(row)} className="align-top">
                {p.columns.map((c) => (
                  <td key={c.key} className={cn('px-3 py-2.5 text-slate-800', c.numeric && 'text-right tabular-nums')}>
                    {c.render(row)}
                  </td>
                ))}
                {p.actions && (
                  <td className="px-3 py-2">
                    <div className="flex justify-end gap-2">{p.actions(row)}</div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={p.page} pageSize={p.pageSize} total={p.total} more={p.totalCapped} onPage={p.onPage} />
    </div>
  );
}

/** The search box of a list: asks the server 300 ms after the typing stops. */
export function ListSearch({
  label,
  value,
  onSearch,
  placeholder,
}: {
  label: string;
  value: string;
  onSearch: (q: string) => void;
  placeholder?: string;
}) {
  const id = useId();
  const { text, setText } = useSearchText(300, { q: value, set: onSearch });
  // The box follows the list's query when that changes from outside.
  useEffect(() => setText(value), [value, setText]);
  return (
    <div className="relative w-full min-w-0 sm:w-auto sm:max-w-sm sm:flex-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder ?? label}
        maxLength={maxLengthOf(adminListQuerySchema.shape.q)}
        className="block w-full rounded-lg border border-slate-300 bg-white py-2 pl-9 pr-3 text-sm text-slate-900 placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-violet-600"
      />
    </div>
  );
}

/** Downloads the list's current filter as CSV. */
export function ExportLink({ href }: { href: string }) {
  return (
    <a
      href={href}
      download
      className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
    >
      <Download className="h-4 w-4" aria-hidden="true" />
      Export CSV
    </a>
  );
}
