import type { ReactNode } from 'react';

/** A column's heading; a numeric one (an amount, points) is right-aligned. */
export type SimpleColumn = { header: string; numeric?: boolean };

/**
 * A bordered table of one page of rows that scrolls sideways on a narrow screen: a caption for screen
 * readers, a shaded heading row, and the rows (`children`, each a `<tr>`).
 */
export function SimpleTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: SimpleColumn[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.numeric ? 'px-3 py-2 text-right' : 'px-3 py-2'}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">{children}</tbody>
      </table>
    </div>
  );
}
