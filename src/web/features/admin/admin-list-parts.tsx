import type { ReactNode } from 'react';
import { ExportLink, ListSearch } from '../../ui/DataTable';
import { Select } from '../../ui/Field';
import type { useAdminList } from './use-admin-list';

/** What the toolbar and its filters take from a tab's list (useAdminList); a list with no CSV has no export link. */
type ListControls = Pick<ReturnType<typeof useAdminList>, 'q' | 'search' | 'filters' | 'setFilter'> & {
  exportHref?: string;
};

/** The row above an admin table: the search box, the tab's own filters (children), then the export link. */
export function AdminListToolbar({
  list,
  searchLabel,
  children,
}: {
  list: ListControls;
  searchLabel: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <ListSearch label={searchLabel} value={list.q} onSearch={list.search} />
      {children}
      {list.exportHref && <ExportLink href={list.exportHref} />}
    </div>
  );
}

type ListFilterProps<V extends string> = {
  list: Pick<ListControls, 'filters' | 'setFilter'>;
  /** The list's filter this select sets (a query parameter). */
  name: string;
  label: string;
  /** The select's width class ('w-40'). */
  width: string;
  choices: readonly V[];
  /** Each choice's text. */
  labels: Record<V, string> | ((choice: V) => string);
  /** The text of a first, empty choice ('All roles'), where the filter has one. */
  any?: string;
};

/** One select of an admin list's filters: choosing goes back to the first page. */
export function ListFilter<V extends string>({ list, name, label, width, choices, labels, any }: ListFilterProps<V>) {
  const text = typeof labels === 'function' ? labels : (choice: V) => labels[choice];
  return (
    <div className={width}>
      <Select label={label} value={list.filters[name]} onChange={(e) => list.setFilter(name, e.target.value)}>
        {any !== undefined && <option value="">{any}</option>}
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {text(choice)}
          </option>
        ))}
      </Select>
    </div>
  );
}

type ListCountProps<P extends { total: number; totalCapped?: boolean }> = {
  page: P | undefined;
  /** The noun, one and many ('request', 'requests'). */
  noun: readonly [string, string];
  /** A word before the noun ('pending'), or none. */
  qualifier?: string;
  /** Whether a capped total shows as '1,000+'. */
  capped?: boolean;
  /** What follows the noun (' (one row per shop)'). */
  more?: (page: P) => string;
};

/** The live count above an admin table ('12 pending requests'); a blank line until the first page arrives. */
export function ListCount<P extends { total: number; totalCapped?: boolean }>({
  page,
  noun,
  qualifier,
  capped = false,
  more,
}: ListCountProps<P>) {
  return (
    <p className="text-sm text-slate-600" aria-live="polite">
      {page
        ? `${page.total.toLocaleString('en-IN')}${capped && page.totalCapped ? '+' : ''} ${qualifier ? `${qualifier} ` : ''}${page.total === 1 ? noun[0] : noun[1]}${more ? more(page) : ''}`
        : '\u00a0'}
    </p>
  );
}
