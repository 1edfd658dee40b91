import type { ReactNode } from 'react';
import { cn } from '../../ui/cn';
import { Money } from '../../ui/Money';

export type ReportColumn<T, S> = {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** What the totals line shows in this column (nothing when absent). */
  total?: (totals: S) => ReactNode;
  numeric?: boolean;
};

/** An amount of a report, red when below zero (a credit note, a return). */
export const money = (paise: number) => <Money paise={paise} className={paise < 0 ? 'text-red-700' : undefined} />;

/** A column of amounts in paise whose totals line shows the same field of the totals. */
export const moneyColumn = <K extends string>(key: string, header: string, field: K) => ({
  key,
  header,
  numeric: true,
  render: (row: Record<K, number>) => money(row[field]),
  total: (totals: Record<K, number>) => money(totals[field]),
});

/**
 * A short report shown whole with a totals line: one card per row on a phone (the totals card last,
 * shaded), a table with a footer from sm: up (scrolling sideways when it is wider than the screen).
 */
export function ReportTable<T, S>({
  label,
  columns,
  rows,
  rowKey,
  totals,
}: {
  label: string;
  columns: ReportColumn<T, S>[];
  rows: T[];
  rowKey: (row: T) => string;
  totals: S;
}) {
  const totalCells = columns.filter((c) => c.total);
  return (
    <div>
      <ul aria-label={label} className="space-y-3 sm:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-lg border border-slate-200 bg-white p-4">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              {columns.map((c) => (
                <div key={c.key} className="contents">
                  <dt className="text-slate-500">{c.header}</dt>
                  <dd className={cn('min-w-0 break-words text-slate-900', c.numeric && 'tabular-nums')}>
                    {c.render(row)}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
        <li className="rounded-lg border border-slate-300 bg-slate-50 p-4">
          <p className="text-sm font-semibold text-slate-900">Total</p>
          <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            {totalCells.map((c) => (
              <div key={c.key} className="contents">
                <dt className="text-slate-500">{c.header}</dt>
                <dd className="min-w-0 font-semibold tabular-nums text-slate-900">{c.total!(totals)}</dd>
              </div>
            ))}
          </dl>
        </li>
      </ul>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white sm:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              {columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className={cn('whitespace-nowrap px-3 py-2 font-medium', c.numeric && 'text-right')}
                >
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={rowKey(row)} className="align-top">
                {columns.map((c) => (
                  <td
                    key={c.key}
                    className={cn(
                      'px-3 py-2.5 text-slate-800',
                      c.numeric && 'whitespace-nowrap text-right tabular-nums',
                    )}
                  >
                    {c.render(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-slate-200 bg-slate-50 font-semibold text-slate-900">
            <tr>
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.key} scope="row" className="px-3 py-2.5 text-left">
                    Total
                  </th>
                ) : (
                  <td
                    key={c.key}
                    className={cn('px-3 py-2.5', c.numeric && 'whitespace-nowrap text-right tabular-nums')}
                  >
                    {c.total?.(totals)}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
