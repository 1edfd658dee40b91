import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { api, toQuery } from '../../api/client';
import type { SortDir } from '../../ui/DataTable';

export const ADMIN_PAGE_SIZE = 20;

type Filters = Record<string, string>;

/**
 * The state of one admin list (search, sort, page and the tab's own filters) and its page from the
 * server; the export link carries the same filter.
 */
export function useAdminList<T extends { items: unknown[]; total: number; totalCapped?: boolean; pageSize: number }>(
  path: string,
  defaults: { sort: string; dir?: SortDir; filters?: Filters },
) {
  const [q, setQ] = useState('');
  const [sort, setSort] = useState(defaults.sort);
  const [dir, setDir] = useState<SortDir>(defaults.dir ?? 'desc');
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Filters>(defaults.filters ?? {});
  const params = { q, sort, dir, ...filters };
  const query = useQuery({
    queryKey: ['admin', path, params, page],
    queryFn: () => api.get<T>(`${path}${toQuery({ ...params, page, pageSize: ADMIN_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
  const search = useCallback((text: string) => {
    setQ(text);
    setPage(1);
  }, []);
  const changeSort = (s: string, d: SortDir) => {
    setSort(s);
    setDir(d);
    setPage(1);
  };
  return {
    query,
    q,
    search,
    sort,
    dir,
    page,
    filters,
    setFilter: (key: string, value: string) => {
      setFilters((f) => ({ ...f, [key]: value }));
      setPage(1);
    },
    exportHref: `${path}/export${toQuery(params)}`,
    /** What every admin DataTable takes from its list: rows, paging, sorting, and the loading and error states ('Failed to load {what} data'). */
    tableProps: (what: string) => ({
      rows: query.data?.items as T['items'] | undefined,
      total: query.data?.total ?? 0,
      totalCapped: query.data?.totalCapped ?? false,
      page,
      pageSize: query.data?.pageSize ?? ADMIN_PAGE_SIZE,
      onPage: setPage,
      sort,
      dir,
      onSort: changeSort,
      loading: query.isPending,
      refreshing: query.isPlaceholderData,
      error: query.isError ? `Failed to load ${what} data: ${query.error.message}` : null,
      onRetry: () => void query.refetch(),
    }),
  };
}
